"""Columns nothing reads: a typo in a CSV header (``quantitiy``) is caught, not silently ignored.

A column is *known* when a layout of the deck names it in an expression (found in jinja2's
syntax tree: a bare name, ``item.name`` or ``item['name']``), when game.yaml's ``checks:``
name it for that file, or when pnpkit itself reads it (``id``, ``quantity``, ``title``,
``name``). Any other column is reported with the closest known name: a near miss of a
column pnpkit reads is an error (the deck would print the wrong copies or ids), any other
unread column a warning. A YAML list often carries more than the deck prints (a scenario's
facts from the rulebook, read as a table too), so there only a near miss is warned of.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping, Sequence

from jinja2 import TemplateSyntaxError, nodes
from jinja2.meta import find_undeclared_variables

from generator.core.errors import Problem
from generator.core.near_miss import closest
from generator.kit.datafiles import load_yaml
from generator.layout.expressions import ENV
from generator.layout.schema import is_expression

PNPKIT_COLUMNS = ("id", "quantity", "title", "name")
"""The columns pnpkit reads of every item, whatever its layouts say."""

NOTE_COLUMNS = frozenset({"rule", "rules", "note", "notes", "comment", "comments", "designed", "designer_note"})
"""Columns a designer keeps for people, not layouts (a rule section, a note): never reported."""



@lru_cache(maxsize=4096)
def names_in(source: str) -> frozenset[str]:
    """The names an expression reads: its free names, and the columns it takes through ``item``.
    Kept per expression: a deck's layouts repeat theirs, and ``watch`` loads them at every save."""
    if not is_expression(source):
        source = "{{ " + source + " }}"
    try:
        tree = ENV.parse(source)
    except TemplateSyntaxError:
        return frozenset()   # the layout's own check reports it
    found = set(find_undeclared_variables(tree))
    for node in tree.find_all(nodes.Getattr):
        if isinstance(node, nodes.Getattr) and isinstance(node.node, nodes.Name) and node.node.name == "item":
            found.add(node.attr)
    for looked_up in tree.find_all(nodes.Getitem):
        if isinstance(looked_up, nodes.Getitem) and isinstance(looked_up.node, nodes.Name) \
                and looked_up.node.name == "item" and isinstance(looked_up.arg, nodes.Const) \
                and isinstance(looked_up.arg.value, str):
            found.add(looked_up.arg.value)
    return frozenset(found)


def _strings(value: Any) -> Iterator[tuple[str | None, str]]:
    """(key, text) of every string in a YAML value, its mapping key with it."""
    if isinstance(value, str):
        yield None, value
    elif isinstance(value, Mapping):
        for key, inner in value.items():
            for _, text in _strings(inner):
                yield str(key), text
    elif isinstance(value, (list, tuple)):
        for inner in value:
            yield from _strings(inner)


def names_read(layout_files: Iterable[Path], entry: Mapping[str, Any]) -> set[str]:
    """Every name the deck's layout files and its game.yaml entry read (labels' ``group`` may be a bare column name)."""
    found: set[str] = set()
    for path in layout_files:
        for key, text in _strings(load_yaml(path)):
            if is_expression(text) or key == "when":
                found |= names_in(text)
    for key, text in _strings(entry):
        found |= names_in(text) if is_expression(text) else {text.strip().lower()}
    return found


def unread_columns(shown: str, columns: Sequence[str], places: Mapping[str, dict[str, Any]],
                   read: set[str], near_misses_only: bool = False) -> tuple[list[Problem], list[str]]:
    """(errors, warnings) for the columns of one data file that nothing reads.

    ``places`` gives the ``line`` where a YAML list's key is first seen, or a sheet column's
    letter (``column``); a CSV column is in its header."""
    known = read | set(PNPKIT_COLUMNS)
    errors: list[Problem] = []
    warnings: list[str] = []
    for column in columns:
        if column in known or column in NOTE_COLUMNS or column.startswith(("_", "#")):
            continue
        ours = closest(column, PNPKIT_COLUMNS)
        if ours:
            errors.append(Problem(shown, f"unknown column {column!r}: did you mean {ours}? (pnpkit reads "
                                         f"{', '.join(PNPKIT_COLUMNS)} of every item)", field=column,
                                  line=places.get(column, {}).get("line"), column=places.get(column, {}).get("column")))
            continue
        close = closest(column, known)
        if near_misses_only and not close:
            continue
        hint = f": did you mean {close}?" if close else ""
        line, letter = places.get(column, {}).get("line"), places.get(column, {}).get("column")
        at = f":{line}" if line else f", column {letter}" if letter else ""
        warnings.append(f"{shown}{at}: column {column!r} is read by no layout, check or pnpkit{hint}")
    return errors, warnings
