"""Which fields of an item are our design rather than the rulebook's: its ``designed`` value.

The value names fields, so that a face can set the designed mark beside each of them and
nowhere else (``mark('rating')`` in a layout). It is written as clauses separated by ``;``,
each beginning with the names of the fields it qualifies and, after ``:`` or ``(``, why::

    designed: "rating move: 6.5 gives no rating for it; name (the rules give no heading)"
    designed: [quantity, "text: our reading of 6.2"]        # a YAML list: one clause each

Empty, ``false`` or missing: nothing of the item is ours. A clause whose head is not a list of
field names (``quantity 1``, ``the same table``) is refused: a mark could not know where it goes.
"""

from __future__ import annotations

import re
from typing import Any, Collection

from generator.core.limits import excerpt

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_@-]*")
_HEAD_END = re.compile(r"[:(]")
_SEPARATORS = re.compile(r"[\s,]+")
EXAMPLE = "'rating move: why' (the fields it qualifies, then ':' or '(' and why)"


class DesignedError(ValueError):
    """A ``designed`` value that does not say which fields it qualifies."""


def _clauses(value: Any) -> list[str]:
    if value is None or value is False or value == "":
        return []
    if value is True:
        raise DesignedError(f"'true' does not say which fields are ours: name them, e.g. {EXAMPLE}")
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    clauses, depth, start = [], 0, 0
    text = str(value)
    for at, ch in enumerate(text):          # a ';' inside a bracketed "why" does not end a clause
        depth += 1 if ch == "(" else -1 if ch == ")" and depth else 0
        if ch == ";" and not depth:
            clauses.append(text[start:at])
            start = at + 1
    return [*clauses, text[start:]]


def designed_fields(value: Any) -> tuple[str, ...]:
    """The field names a ``designed`` value qualifies, in order, each once.
    Raises DesignedError for a clause that names no fields or words that are not names."""
    names: list[str] = []
    for clause in _clauses(value):
        head = _HEAD_END.split(clause, maxsplit=1)[0].strip()
        words = [w for w in _SEPARATORS.split(head) if w and w != "and"]
        bad = [w for w in words if not _NAME.fullmatch(w)]
        if not words or bad:
            raise DesignedError(f"the clause {excerpt(' '.join(clause.split()), 60)} does not begin with the fields it qualifies: write {EXAMPLE}")
        names.extend(w for w in words if w not in names)
    return tuple(names)


def unknown_fields(value: Any, fields: Collection[str]) -> list[str]:
    """The names ``value`` qualifies that are not among ``fields`` (the item's own)."""
    return [name for name in designed_fields(value) if name not in fields]


def designed_problem(value: Any, fields: Collection[str]) -> str | None:
    """What is wrong with an item's ``designed`` value given its fields, or None."""
    try:
        unknown = unknown_fields(value, fields)
    except DesignedError as err:
        return str(err)
    if unknown:
        known = ", ".join(sorted(f for f in fields if f != "designed"))
        return (f"names {', '.join(repr(u) for u in unknown)}, not a field of the item: each clause begins with "
                f"the fields it qualifies (the item has {known})")
    return None
