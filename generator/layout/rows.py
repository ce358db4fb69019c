"""Where a layout deck's items come from: a CSV file, a sheet of a workbook, a YAML list, or
rows game code makes.

```yaml
source: cards/events.csv        # one row per item design; a header row names the columns
source: cards/cards.xlsx#Events  # or a sheet of a workbook (.xlsx, .ods), by name
rows: mygame.zone-cards          # or: rows made by the game's code (register_rows)
```
A ``quantity`` column gives the copies (default 1); an ``id`` column the item's id (else
``<deck>-1``, ``<deck>-2``... in row order); ``title`` (or ``name``) its title.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Mapping, Sequence

from pydantic import BaseModel

from generator.core.errors import DataError, Problem
from generator.core.limits import file_name_key, reserved_name
from generator.kit.designed import designed_problem
from generator.kit.datafiles import LineDict, LineList, SheetRecord, column_letter, display_path, load_yaml, read_csv
from generator.kit.workbooks import is_table, read_table
from generator.layout.expressions import MAX_OUTPUT
from generator.layout.row_makers import ROWS, register_rows  # noqa: F401 (game code and tests register here too)
from generator.layout.values import coerce_cell

MAX_ITEMS = 5_000
MAX_QUANTITY = 1_000
MAX_CELL = MAX_OUTPUT       # characters of one value of an item: no layout value can show more
ITEM_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


@dataclass(frozen=True)
class Origin:
    """Where an item's values were written: its data file (a workbook's sheet), its row or
    line, and each column's letter (a sheet) or line (a YAML list), so that a problem one
    value makes names the cell the designer must change."""

    file: str
    row: int | None = None
    line: int | None = None
    letters: Mapping[str, str] = field(default_factory=dict)
    lines: Mapping[str, int] = field(default_factory=dict)

    def cell(self, column: str) -> str:
        """The cell of ``column`` as messages name it: "cards.xlsx, sheet Units, row 7, column C
        (cost)", "cards.csv, row 7, column cost", "units.yaml:12"."""
        line = self.lines.get(column, self.line)
        if self.row is None:
            return f"{self.file}:{line}" if line else self.file
        letter = self.letters.get(column)
        if letter is None:          # a CSV file, whose rows are named as in an item's place
            return f"{self.file} row {self.row}, column {column}"
        return f"{self.file}, row {self.row}, column {letter} ({column})"


@dataclass
class Row:
    """One item design: its id, title, copies, and every column expressions may name."""

    id: str
    title: str
    quantity: int
    columns: dict[str, Any] = field(compare=False)
    where: str = ""      # "cards/events.csv row 4": shown when an item has a problem
    place: dict[str, int] = field(default_factory=dict, compare=False)   # index, copy (``placed``)
    origin: Origin | None = field(default=None, compare=False)   # its data file's cell of each column


def rows_from_file(path: Path, sheet: str | None = None) -> list[tuple[str, int | None, Mapping[str, Any]]]:
    """(file shown, row or line, record) of a CSV file, a workbook's ``sheet`` or a YAML list of mappings."""
    if is_table(path):
        try:
            shown, records = read_table(path, sheet)
        except DataError as err:        # cells with no value: the rows still read, for one pass
            if err.loaded is not None:
                shown, records = err.loaded
                err.loaded = [(shown, row, record) for row, record in records]
            raise
        return [(shown, row, record) for row, record in records]
    shown = display_path(path)
    data = load_yaml(path)
    if not isinstance(data, LineList) or not all(isinstance(item, dict) for item in data):
        raise DataError([Problem(shown, "expected a list of mappings (one '- name: value' block per item), "
                                        "a CSV file or a workbook's sheet", line=getattr(data, "line", None) or None)])
    return [(shown, data.lines[i], record) for i, record in enumerate(data)]


def rows_from_code(name: str, game: Any, spec: Any, source: Path | None) -> list[tuple[str, int | None, Mapping[str, Any]]]:
    """The rows game code makes (pydantic models and objects become mappings of their fields).
    A row made from a row of the deck's ``source`` CSV (the same id) is placed there: an error
    on its values names the CSV file, row and column, like any CSV error."""
    made = [_mapping(item) for item in ROWS[name](game, spec, source)]
    at = _csv_rows_by_id(source) if source is not None and source.suffix.lower() == ".csv" else {}
    shown = display_path(source) if at and source is not None else ""
    placed: list[tuple[str, int | None, Mapping[str, Any]]] = []
    for record in made:
        row = at.get(str(record.get("id", "")).strip())
        placed.append((shown, row, record) if row is not None else (f"rows {name}", None, record))
    return placed


def _csv_rows_by_id(path: Path) -> dict[str, int]:
    """The row of each id of a CSV file (the first, where one is written twice)."""
    rows: dict[str, int] = {}
    for row, record in read_csv(path):
        rows.setdefault(record.get("id", ""), row)
    return rows


def _mapping(item: Any) -> Mapping[str, Any]:
    if isinstance(item, BaseModel):
        return item.model_dump(mode="json")
    if isinstance(item, Mapping):
        return item
    return dict(vars(item))


def to_rows(deck_id: str, records: Sequence[tuple[str, int | None, Mapping[str, Any]]]) -> list[Row]:
    """Items with ids, titles and quantities checked; every bad record is reported at once."""
    if len(records) > MAX_ITEMS:
        raise DataError([Problem(records[0][0], f"{len(records)} items: a deck holds at most {MAX_ITEMS}")])
    problems: list[Problem] = []
    rows: list[Row] = []
    first: dict[str, tuple[str, str]] = {}      # by file_name_key: where, and the id as written
    for number, (shown, place, record) in enumerate(records, start=1):
        yaml_lines = isinstance(record, LineDict)
        at: dict[str, Any] = {"line": place} if yaml_lines else {"row": place}

        def problem(message: str, column: str, record: Mapping[str, Any] = record, at: dict[str, Any] = at) -> None:
            line = record.lines.get(column, at.get("line")) if isinstance(record, LineDict) else at.get("line")
            problems.append(Problem(shown, message, field=column, line=line, row=at.get("row"),
                                    column=column_letter(record, column)))

        raw_id = record.get("id")
        item_id = str(raw_id).strip() if raw_id not in (None, "") else f"{deck_id}-{number}"
        if not ITEM_ID.fullmatch(item_id):
            problem(f"an id is letters, digits, '-', '_' and '.' (at most 64, it names files), got {item_id!r}", "id")
            continue
        reserved = reserved_name(item_id)
        if reserved:
            problem(reserved, "id")
            continue
        key = file_name_key(item_id)
        if key in first:
            earlier, earlier_id = first[key]
            same = "" if earlier_id == item_id else (f" as {earlier_id!r}: ids that differ only in case name one "
                                                      "file on the disks of macOS and Windows")
            problem(f"duplicate id {item_id!r} (first at {earlier}{same})", "id")
            continue
        where = f"{shown}{', ' if isinstance(record, SheetRecord) else ' '}{'line' if yaml_lines else 'row'} {place}" \
            if place is not None else shown
        first[key] = (where, item_id)
        quantity = _quantity(record.get("quantity"))
        if quantity is None:
            problem(f"expected a whole number of copies from 0 to {MAX_QUANTITY}, got {record.get('quantity')!r}",
                    "quantity")
            continue
        long = [name for name, value in record.items() if isinstance(value, str) and len(value) > MAX_CELL]
        for name in long:
            problem(f"{len(record[name]):,} characters; a value of an item holds at most {MAX_CELL:,} (what one "
                    "value of a layout may show)", str(name))
        if long:
            continue
        title = str(record.get("title") or record.get("name") or item_id)
        columns = {str(name): coerce_cell(value) for name, value in record.items()}
        columns.update(id=item_id, title=title, quantity=quantity)
        wrong = designed_problem(record.get("designed"), columns)
        if wrong:
            problem(wrong, "designed")
            continue
        origin = Origin(shown, at.get("row"), at.get("line"), getattr(record, "letters", {}),
                        getattr(record, "lines", {}) if yaml_lines else {})
        rows.append(Row(item_id, title, quantity, columns, where, origin=origin))
    if problems:
        failed = DataError(problems)
        failed.loaded = rows        # the good items: one run checks their faces too
        raise failed
    return rows


def placed(rows: Sequence[Row], per_copy: bool) -> list[Row]:
    """The rows with their place: ``index`` (the row's place in the deck, from 1) and, when a
    layout names ``copy``, one item per copy (``<id>.<copy>``, ``copy`` from 1): faces that
    differ by copy are drawn each. A column of the same name wins (``item`` holds columns only)."""
    found: list[Row] = []
    for index, row in enumerate(rows, start=1):
        if not per_copy:
            found.append(replace(row, place={"index": index, "copy": 1}))
            continue
        for copy in range(1, row.quantity + 1):
            item_id = f"{row.id}.{copy}" if row.quantity > 1 else row.id
            columns = {**row.columns, "quantity": 1}
            found.append(Row(item_id, row.title, 1, columns, row.where, {"index": index, "copy": copy},
                             row.origin))
    return found


def _quantity(value: Any) -> int | None:
    if value in (None, ""):
        return 1
    try:
        number = int(str(value).strip()) if not isinstance(value, bool) else None
    except ValueError:
        return None
    return number if number is not None and 0 <= number <= MAX_QUANTITY else None
