"""Reading a position file for a bot's ``ask`` (``pnpkit bot ask``, ``pnpkit batalj ask``): JSON
read within the project's limits, its shape checked with pydantic models, and every problem
reported at once with the file, the line and the field (``swedish[1].hex``, ``enemy.e2.soldiers``)
and what was expected, in JSON's words ("an object {...}", "true or false"). Each game's
``positions`` module says what its fields mean (what is required, the game's own checks)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

import yaml
from pydantic import BaseModel, ValidationError

from generator.core.errors import DataError, Problem
from generator.core.limits import (MAX_EXCERPT, MAX_NESTING, MAX_POSITION_BYTES, MAX_POSITION_VALUES,
                                   MAX_PROBLEMS_SHOWN, TooLarge, excerpt, nesting_depth, read_bounded)

#: What a JSON value of the wrong kind should have been, by pydantic's error type.
EXPECTED = {"string_type": "a text in quotes", "int_type": "a whole number", "bool_type": "true or false",
            "list_type": "a list [...]", "dict_type": "an object {...}", "model_type": "an object {...}",
            "model_attributes_type": "an object {...}", "string_too_short": "a text that is not empty"}

Lines = dict[tuple[Any, ...], int]


def read_position_file(path: Path) -> tuple[Any, Lines]:
    """The position's JSON and the line of each value in it (by its path of keys and indexes);
    DataError naming the file (and the line of a syntax error)."""
    shown = str(path)
    try:
        text = read_bounded(Path(path), MAX_POSITION_BYTES).decode("utf-8")
    except FileNotFoundError:
        raise DataError([Problem(shown, "position file not found")]) from None
    except TooLarge:
        raise DataError([Problem(shown, f"a position file is at most {MAX_POSITION_BYTES // 1024} kB (a real one is a "
                                        "few kB); refused unread (docs/limits.md)")]) from None
    except (OSError, UnicodeDecodeError) as err:
        raise DataError([Problem(shown, f"cannot read the position file: {err}")]) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise DataError([Problem(shown, f"not valid JSON: {err.msg} (column {err.colno})", line=err.lineno)]) from None
    except (ValueError, RecursionError):
        raise DataError([Problem(shown, "not valid JSON: a number too long or nested too deep")]) from None
    if nesting_depth(data) > MAX_NESTING:
        raise DataError([Problem(shown, f"nested more than {MAX_NESTING} levels deep")])
    if count_values(data) > MAX_POSITION_VALUES:
        raise DataError([Problem(shown, f"more than {MAX_POSITION_VALUES:,} values (objects, lists, texts, numbers): a "
                                        "position holds a few hundred; refused before any is checked (docs/limits.md)")])
    return data, value_lines(text)


def count_values(data: Any, limit: int = MAX_POSITION_VALUES) -> int:
    """How many JSON values ``data`` holds (itself, every key and item), counted without
    recursion and given up past ``limit`` (then ``limit + 1``): what checking it will cost."""
    count, stack = 0, [data]
    while stack:
        node = stack.pop()
        count += 1
        if count > limit:
            return limit + 1
        if isinstance(node, dict):
            count += len(node)                  # the keys
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return count


def value_lines(text: str) -> Lines:
    """The 1-based line of each value of a JSON text, by its path (JSON is YAML: its node tree
    knows where each value starts); empty when the text is not read so (then no line is said)."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except (yaml.YAMLError, RecursionError):
        return {}
    lines: Lines = {}

    def walk(node: Any, path: tuple[Any, ...], line: int) -> None:
        lines[path] = line
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                walk(value, (*path, key.value), key.start_mark.line + 1)
        elif isinstance(node, yaml.SequenceNode):
            for i, value in enumerate(node.value):
                walk(value, (*path, i), value.start_mark.line + 1)

    if root is not None:
        walk(root, (), root.start_mark.line + 1)
    return lines


def shown(value: Any) -> str:
    """A value as it was written in the JSON file, cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def describe(item: dict[str, Any], required: dict[str, str], expected: dict[str, str] | None = None) -> str:
    """A pydantic error on a position as 'expected ..., got <the JSON value>'; ``required``
    says what a missing field holds, ``expected`` what a field of the wrong kind should be
    (by the field's name, where the JSON kind alone says too little)."""
    kind, loc = item["type"], item.get("loc", ())
    name = str(loc[-1]) if loc else ""
    if kind == "missing":
        return f"required but missing: {required.get(name, 'a value')}"
    if kind == "extra_forbidden":
        return "unknown field (check the spelling)"
    given = shown(item.get("input"))
    if expected and name in expected and kind in EXPECTED:
        return f"expected {expected[name]}, got {given}"
    if kind in EXPECTED:
        return f"expected {EXPECTED[kind]}, got {given}"
    message = str(item["msg"])
    if message.startswith("Input should be "):
        message = "expected " + message[len("Input should be "):]
    return f"{message[0].lower()}{message[1:]}, got {given}"


def field_name(prefix: str, loc: Sequence[Any]) -> str:
    """``swedish[1].hex`` from a prefix and a pydantic location."""
    text = prefix
    for part in loc:
        if not isinstance(part, int) and len(str(part)) > MAX_EXCERPT:
            part = excerpt(part)                # a key of the file: quoted short, never whole
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


class PositionReader:
    """Collects the problems of one position, each with its field and (when known) line; the
    first ``MAX_PROBLEMS_SHOWN`` are kept, the rest only counted (the message says how many)."""

    def __init__(self, source: str, required: dict[str, str], expected: dict[str, str] | None = None,
                 lines: Lines | None = None) -> None:
        self.source = source
        self.required, self.expected, self.lines = required, expected or {}, lines or {}
        self.problems: list[Problem] = []
        self.more = 0                   # problems found past MAX_PROBLEMS_SHOWN

    def line(self, path: Sequence[Any]) -> int | None:
        """The line of the deepest value along ``path`` whose line is known."""
        for n in range(len(path), -1, -1):
            found = self.lines.get(tuple(path[:n]))
            if found is not None and n:
                return found
        return None

    def bad(self, field: str, message: str, path: Sequence[Any] = (), missing: bool = False) -> None:
        """A problem of ``field``; ``path`` (keys and indexes) finds its line. A ``missing``
        field has no line of its own: it is named at the line where its object starts (line 1
        for a field of the position itself)."""
        if len(self.problems) >= MAX_PROBLEMS_SHOWN:
            self.more += 1
            return
        line = self.lines.get(tuple(path[:-1])) if missing and path else None
        self.problems.append(Problem(self.source, message, line=line or self.line(path), field=field))

    def shape(self, model: type[BaseModel], data: Any, prefix: str = "", who: str = "",
              path: Sequence[Any] = ()) -> tuple[BaseModel | None, set[Any]]:
        """``data`` as ``model``, or None; and the top-level keys that failed. ``who`` names
        the piece in each message, ``path`` is where ``data`` is in the file."""
        try:
            return model.model_validate(data), set()
        except ValidationError as err:
            for item in err.errors():
                loc = tuple(item["loc"])
                self.bad(field_name(prefix, loc), who + describe(dict(item), self.required, self.expected),
                         (*path, *loc), missing=item["type"] == "missing")
            return None, {item["loc"][0] for item in err.errors() if item["loc"]}

    def check(self) -> None:
        """DataError with every problem found (the first MAX_PROBLEMS_SHOWN, and how many
        more), if any."""
        if self.more:
            more = Problem(self.source, f"and {self.more:,} more problems (only the first {MAX_PROBLEMS_SHOWN} are "
                                        "listed: fix these and ask again)")
            raise DataError([*self.problems, more])
        if self.problems:
            raise DataError(self.problems)


__all__ = ["EXPECTED", "PositionReader", "count_values", "describe", "field_name", "read_position_file", "shown", "value_lines"]
