"""What a game's data files must hold, declared in game.yaml rather than in code.

A designer states the rules a CSV file, a workbook's sheet (``cards.xlsx#Units``) or a YAML
list of mappings must follow, and every row that breaks one is reported with its file, row
and column:

```yaml
# game.yaml
tables: {nations: nations.yaml}
checks:
  blocks.csv:
    unique: [[nation, name, reform]]          # no two rows share these values
    columns:
      nation: {required: true, table: nations} # a key of the table 'nations'
      strength: {integer: true, min: 1, max: 4}
      rating: {one_of: [A1, A2, B1, B2], expected: "a combat rating A1 to D6"}
```
``pnpkit check`` and ``pnpkit build`` run them when they load the game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Sequence

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

from generator.core.errors import DataError, Problem
from generator.kit.datafiles import LineDict, LineList, column_letter, display_path, load_yaml, validation_problems
from generator.kit.paths import OutsideKit, inside_kit
from generator.kit.workbooks import is_table, read_table, split_sheet

SHOWN_VALUES = 12


class ColumnRule(BaseModel):
    """What one column's cells must be. A blank cell passes unless ``required``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    required: bool = False
    one_of: list[str | int | float] | None = None
    table: str | None = None        # the cell names a key of this table (game.yaml ``tables:``)
    integer: bool = False
    min: float | None = None
    max: float | None = None
    expected: str | None = None     # what the message says is expected ("a combat rating A1 to D6")

    @model_validator(mode="after")
    def _bounds(self) -> "ColumnRule":
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"min {self.min:g} is above max {self.max:g}")
        return self


class FileChecks(BaseModel):
    """The rules of one data file."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    columns: dict[str, ColumnRule] = {}
    unique: list[list[str]] = []


def run_checks(folder: Path, kit: Path, game_file: str, raw_checks: Any, raw_tables: Mapping[str, Any]) -> None:
    """Check every file game.yaml's ``checks:`` names; DataError with every broken cell."""
    problems: list[Problem] = []
    if not isinstance(raw_checks, Mapping):
        raise DataError([Problem(game_file, "expected a mapping of data files to their checks",
                                 line=getattr(raw_checks, "line", None) or None, field="checks")])
    lines = getattr(raw_checks, "lines", {})
    for relative, raw in raw_checks.items():
        field = f"checks.{relative}"
        try:
            checks = FileChecks.model_validate(raw)
        except ValidationError as err:
            problems.extend(validation_problems(game_file, err, raw, loc_prefix=("checks", relative)))
            continue
        file, sheet = split_sheet(str(relative))
        try:
            path = inside_kit(kit, folder, file)
        except OutsideKit as err:
            problems.append(Problem(game_file, str(err), line=lines.get(relative), field=field))
            continue
        if not path.is_file():
            problems.append(Problem(game_file, f"no file {file!r} in {folder.name}/ (the path is relative to "
                                               "game.yaml)", line=lines.get(relative), field=field))
            continue
        tables = _tables(checks, folder, kit, game_file, raw_tables, raw, problems)
        if tables is None:
            continue
        try:
            problems.extend(check_file(path, checks, tables, sheet))
        except DataError as err:
            problems.extend(err.problems)
    if problems:
        raise DataError(problems)


def _tables(checks: FileChecks, folder: Path, kit: Path, game_file: str, raw_tables: Mapping[str, Any],
            raw: Any, problems: list[Problem]) -> dict[str, tuple[str, list[str]]] | None:
    """The tables the rules name: name -> (file shown, its keys)."""
    found: dict[str, tuple[str, list[str]]] = {}
    ok = True
    for column, rule in checks.columns.items():
        if rule.table is None or rule.table in found:
            continue
        relative = raw_tables.get(rule.table)
        columns_raw = raw.get("columns") if isinstance(raw, Mapping) else None
        line = getattr(columns_raw, "lines", {}).get(column)
        if not isinstance(relative, str):
            known = ", ".join(sorted(raw_tables)) or "none"
            problems.append(Problem(game_file, f"no table {rule.table!r} under tables: (known: {known})",
                                    line=line, field=f"columns.{column}.table"))
            ok = False
            continue
        file, sheet = split_sheet(relative)
        try:
            path = inside_kit(kit, folder, file)
        except OutsideKit as err:
            problems.append(Problem(game_file, str(err), line=line, field=f"columns.{column}.table"))
            ok = False
            continue
        try:
            found[rule.table] = _keys(path, sheet)
        except DataError as err:
            problems.extend(err.problems)
            ok = False
    return found if ok else None


def _keys(path: Path, sheet: str | None = None) -> tuple[str, list[str]]:
    """(the file shown, the names a table gives: a mapping's keys, or the ``id`` column of a list of rows)."""
    if is_table(path):
        shown, rows = read_table(path, sheet)
        return shown, [record.get("id", "") for _, record in rows]
    data = load_yaml(path)
    if isinstance(data, Mapping):
        return display_path(path), [str(key) for key in data]
    if isinstance(data, list):
        return display_path(path), [str(item.get("id")) for item in data if isinstance(item, Mapping) and "id" in item]
    return display_path(path), []


def _records(path: Path, sheet: str | None) -> tuple[str, list[tuple[dict[str, Any], Mapping[str, Any]]]]:
    """(the file shown, (where, record) of a CSV file, a workbook's sheet or a YAML list): where
    is {'row': n} or {'line': n}."""
    if is_table(path):
        shown, rows = read_table(path, sheet)
        return shown, [({"row": row}, record) for row, record in rows]
    data = load_yaml(path)
    if not isinstance(data, LineList):
        raise DataError([Problem(display_path(path), "checks need a CSV file, a workbook's sheet or a YAML list of mappings")])
    return display_path(path), [({"line": data.lines[i]}, item) for i, item in enumerate(data) if isinstance(item, Mapping)]


def check_file(path: Path, checks: FileChecks, tables: Mapping[str, tuple[str, list[str]]],
               sheet: str | None = None) -> list[Problem]:
    """Every broken rule of one file (of its ``sheet``, for a workbook), each naming its row (or line) and column."""
    shown, records = _records(path, sheet)
    problems: list[Problem] = []
    header = set(records[0][1]) if records else set()
    for column in checks.columns:
        if records and column not in header:
            problems.append(Problem(shown, f"no column {column!r}, which game.yaml's checks name", row=1,
                                    field=column))
    for where, record in records:
        for column, rule in checks.columns.items():
            if column not in record:
                continue
            message = cell_problem(record.get(column), rule, tables)
            if message:
                line = record.lines.get(column, where.get("line")) if isinstance(record, LineDict) else where.get("line")
                problems.append(Problem(shown, message, row=where.get("row"), line=line, field=column,
                                        column=column_letter(record, column)))
    problems.extend(_duplicates(shown, records, checks.unique))
    return problems


def cell_problem(value: Any, rule: ColumnRule, tables: Mapping[str, tuple[str, list[str]]]) -> str | None:
    """What is wrong with one cell under its rule, in plain words, or None."""
    text = "" if value is None else str(value).strip()
    if text == "":
        return "required but empty" if rule.required else None
    if rule.integer or rule.min is not None or rule.max is not None:
        wanted = rule.expected or _range_words(rule)
        try:
            number = int(text) if rule.integer else float(text)
        except ValueError:
            return f"expected {wanted}, got {text!r}"
        if (rule.min is not None and number < rule.min) or (rule.max is not None and number > rule.max):
            return f"expected {wanted}, got {text!r}"
    if rule.one_of is not None and text not in {str(option) for option in rule.one_of}:
        wanted = rule.expected or "one of " + _listed([str(option) for option in rule.one_of])
        return f"expected {wanted}, got {text!r}"
    if rule.table is not None:
        shown, keys = tables[rule.table]
        if text not in keys:
            wanted = f"{rule.expected} " if rule.expected else ""
            return f"unknown {wanted}{text!r}: expected one of {shown}'s {_listed(keys)}"
    return None


def _range_words(rule: ColumnRule) -> str:
    noun = "a whole number" if rule.integer else "a number"
    if rule.min is not None and rule.max is not None:
        return f"{noun} from {rule.min:g} to {rule.max:g}"
    if rule.min is not None:
        return f"{noun} of at least {rule.min:g}"
    if rule.max is not None:
        return f"{noun} of at most {rule.max:g}"
    return noun


def _listed(values: Sequence[str]) -> str:
    shown = ", ".join(values[:SHOWN_VALUES])
    return shown + (f" and {len(values) - SHOWN_VALUES} more" if len(values) > SHOWN_VALUES else "")


def _duplicates(shown: str, records: list[tuple[dict[str, Any], Mapping[str, Any]]],
                unique: list[list[str]]) -> list[Problem]:
    problems = []
    for columns in unique:
        first: dict[tuple[str, ...], dict[str, Any]] = {}
        for where, record in records:
            key = tuple(str(record.get(column, "") or "").strip() for column in columns)
            if key in first:
                values = ", ".join(f"{c} {v!r}" for c, v in zip(columns, key))
                at = first[key]
                place = f"row {at['row']}" if "row" in at else f"line {at['line']}"
                problems.append(Problem(shown, f"duplicate: {place} has the same {values}",
                                        row=where.get("row"), line=where.get("line"), field=", ".join(columns)))
            else:
                first[key] = where
    return problems
