"""Reading YAML and CSV data files with positions kept, and validating them with pydantic.

Every value read from YAML remembers its line, every CSV record its row, so that a
validation error can say exactly where the problem is.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any, Mapping, Sequence, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from generator.errors import DataError, Problem
from generator.inputs import note_read
from generator.kit_location import display_path as kit_display_path

M = TypeVar("M", bound=BaseModel)


class LineDict(dict):
    """A mapping read from YAML; ``lines[key]`` is the 1-based line of each key."""

    line: int = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lines: dict[Any, int] = {}


class LineList(list):
    """A sequence read from YAML; ``lines[i]`` is the 1-based line of item i."""

    line: int = 0

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.lines: list[int] = []


class _LineLoader(yaml.SafeLoader):
    """SafeLoader that builds LineDict/LineList so positions survive parsing."""


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    result = LineDict()
    result.line = node.start_mark.line + 1
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in result:
            raise yaml.MarkedYAMLError(
                "while reading a mapping", node.start_mark,
                f"duplicate key {key!r}", key_node.start_mark)
        result[key] = loader.construct_object(value_node, deep=True)
        result.lines[key] = key_node.start_mark.line + 1
    return result


def _construct_sequence(loader: _LineLoader, node: yaml.SequenceNode) -> LineList:
    result = LineList()
    result.line = node.start_mark.line + 1
    for child in node.value:
        result.append(loader.construct_object(child, deep=True))
        result.lines.append(child.start_mark.line + 1)
    return result


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def display_path(path: Path) -> str:
    """A file as messages name it: relative to the kit in use (``data/mygame/cards.csv``)."""
    return kit_display_path(path)


def load_yaml(path: Path) -> Any:
    """Parse a YAML file, keeping line numbers; syntax errors become a DataError."""
    note_read(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError([Problem(display_path(path), "file not found")]) from None
    except UnicodeDecodeError as err:
        raise DataError([Problem(display_path(path), f"not UTF-8 text ({err.reason})")]) from None
    try:
        return yaml.load(text, Loader=_LineLoader)  # noqa: S506 - SafeLoader subclass
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line = mark.line + 1 if mark else None
        raise DataError([Problem(display_path(path), f"YAML syntax: {err.problem}", line=line)]) from None
    except yaml.YAMLError as err:
        raise DataError([Problem(display_path(path), f"YAML syntax: {err}")]) from None


def line_of(data: Any, loc: Sequence[Any]) -> int | None:
    """The deepest known line along a pydantic error location in YAML data."""
    line = getattr(data, "line", None) or None
    node = data
    for key in loc:
        if isinstance(node, LineDict) and key in node:
            line = node.lines.get(key, line)
            node = node[key]
        elif isinstance(node, LineList) and isinstance(key, int) and 0 <= key < len(node):
            line = node.lines[key]
            node = node[key]
        else:
            break
    return line


def _field_name(loc: Sequence[Any]) -> str:
    return ".".join(str(part) for part in loc) if loc else ""


def describe_error(err: Mapping[str, Any]) -> str:
    """A pydantic error as 'expected …, got …' in plain words."""
    message = err["msg"]
    if message.startswith("Value error, "):
        message = message[len("Value error, "):]
    if err["type"] == "missing":
        return "required but missing"
    if err["type"] == "extra_forbidden":
        return "unknown field (check the spelling)"
    if err["type"] == "union_tag_invalid":
        ctx = err.get("ctx", {})
        return f"{ctx.get('discriminator', 'type')} must be one of {ctx.get('expected_tags')}, got {ctx.get('tag')!r}"
    if err["type"] == "dict_type":
        return f"expected a mapping (name: value lines), got {type(err.get('input')).__name__}"
    if err["type"] == "list_type":
        return f"expected a list (lines starting with '- '), got {type(err.get('input')).__name__}"
    given = err.get("input")
    if isinstance(given, (str, int, float, bool)) and err["type"] not in ("value_error", "assertion_error"):
        shown = repr(given) if len(repr(given)) <= 60 else repr(given)[:57] + "..."
        return f"{message[0].lower()}{message[1:]}, got {shown}"
    return message


def validation_problems(file: str, err: ValidationError, data: Any = None,
                        row: int | None = None, loc_prefix: Sequence[Any] = ()) -> list[Problem]:
    """Turn a pydantic ValidationError into Problems that point at lines or rows."""
    problems = []
    for item in err.errors():
        loc = tuple(loc_prefix) + tuple(item["loc"])
        line = line_of(data, item["loc"]) if data is not None else None
        problems.append(Problem(file, describe_error(item), line=line, field=_field_name(loc) or None, row=row))
    return problems


_cache: dict[tuple[str, str], tuple[tuple[int, int], Any]] = {}


def validate_yaml_cached(path: Path, model: type[M]) -> M:
    """validate_yaml, kept while the file is unchanged (same size and mtime): cheap to call often."""
    path = Path(path)
    note_read(path)
    try:
        stat = path.stat()
        stamp = (stat.st_mtime_ns, stat.st_size)
    except OSError:
        return validate_yaml(path, model)
    key = (str(path.resolve()), model.__qualname__)
    hit = _cache.get(key)
    if hit and hit[0] == stamp:
        return hit[1]
    value = validate_yaml(path, model)
    _cache[key] = (stamp, value)
    return value


def validate_yaml(path: Path, model: type[M]) -> M:
    """Load a YAML file and validate it into ``model``; every error at once."""
    data = load_yaml(path)
    if data is None:
        raise DataError([Problem(display_path(path), "file is empty")])
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise DataError(validation_problems(display_path(path), err, data)) from None


def read_csv(path: Path) -> list[tuple[int, dict[str, str]]]:
    """Rows of a CSV file as (row number as a spreadsheet shows it, record).

    Blank lines and lines whose first cell starts with '#' are skipped, so designers can
    keep notes in the sheet. Header names are stripped and lower-cased.
    """
    note_read(path)
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise DataError([Problem(display_path(path), "file not found")]) from None
    except UnicodeDecodeError as err:
        raise DataError([Problem(display_path(path), f"not UTF-8 text ({err.reason}); save the sheet as CSV UTF-8")]) from None
    reader = csv.reader(io.StringIO(text), strict=True)
    try:
        rows = list(reader)
    except csv.Error as err:
        raise DataError([Problem(display_path(path), f"CSV syntax: {err} (a quote that is never closed?)",
                                 row=reader.line_num)]) from None
    header_index = next((i for i, r in enumerate(rows) if r and any(c.strip() for c in r) and not r[0].startswith("#")), None)
    if header_index is None:
        raise DataError([Problem(display_path(path), "no header row")])
    header = [h.strip().lower() for h in rows[header_index]]
    if len(header) == 1 and ";" in header[0]:
        raise DataError([Problem(display_path(path), "the header is one column holding ';': save the sheet as "
                                 "CSV separated by commas", row=header_index + 1)])
    records = []
    for index in range(header_index + 1, len(rows)):
        cells = rows[index]
        if not cells or not any(c.strip() for c in cells) or cells[0].lstrip().startswith("#"):
            continue
        if len(cells) > len(header):
            extra = [c for c in cells[len(header):] if c.strip()]
            if extra:
                raise DataError([Problem(display_path(path), f"{len(cells)} cells but the header has {len(header)} columns", row=index + 1)])
        record = {name: (cells[i].strip() if i < len(cells) else "") for i, name in enumerate(header)}
        records.append((index + 1, record))
    return records


def validate_csv(path: Path, model: type[M], required: Sequence[str] = ()) -> list[tuple[int, M]]:
    """Validate each CSV row into ``model``; every bad row is reported."""
    shown = display_path(path)
    rows = read_csv(path)
    problems: list[Problem] = []
    header = set(rows[0][1]) if rows else set()
    missing = [c for c in required if c not in header] if rows else []
    if missing:
        raise DataError([Problem(shown, f"missing column(s): {', '.join(missing)}", row=1)])
    result = []
    for row, record in rows:
        cleaned = {k: v for k, v in record.items() if v != ""}
        try:
            result.append((row, model.model_validate(cleaned)))
        except ValidationError as err:
            problems.extend(validation_problems(shown, err, row=row))
    if problems:
        raise DataError(problems)
    return result
