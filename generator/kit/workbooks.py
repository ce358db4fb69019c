"""Rows of one sheet of a workbook (.xlsx, .ods): a sheet reads as it would saved as CSV.

A deck, a table or a file of checks may name a sheet of a workbook: ``source: cards.xlsx#Units``
(``#`` and the sheet's name; a workbook of one sheet needs no name). Its rows then go through
everything a CSV's rows go through (generator.kit.datafiles.table_records: the header row, '#'
notes, the column checks), and a message names the sheet, the row and the column letter:
"cards.xlsx, sheet Units, row 7, column C (cost): ...".

A cell is the text a CSV export would hold: a number as its value (3.0 is 3, 0.1 is 0.1), a
date as 2026-05-01, TRUE/FALSE, a formula as the value the spreadsheet saved with it (a
formula with no saved value, or one that fails, is an error naming the cell).

A workbook is a zip of XML parts, and it may come from a stranger: it is read from bytes
within the size limit of a data file, its parts' unpacked sizes are checked before any is
opened, no link to another workbook is followed, and only so many rows and columns are read
(generator.core.limits). openpyxl reads .xlsx (read-only, streaming the sheet); odfpy reads .ods.
"""

from __future__ import annotations

import datetime
import io
import re
import struct
import warnings
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Sequence

from generator.core.errors import DataError, Problem
from generator.core.limits import (MAX_SHEET_CELLS, MAX_SHEET_COLUMNS, MAX_SHEET_ROWS, MAX_WORKBOOK_PARTS,
                                   MAX_WORKBOOK_UNPACKED_BYTES, MAX_WORKBOOK_XML_BYTES, excerpt)
from generator.kit.datafiles import READER, display_path, read_csv, read_kit_bytes, table_records
from generator.kit.language import translate_records

WORKBOOK_SUFFIXES = (".xlsx", ".ods")
MAX_CELL_TEXT = 20_000      # characters of one cell's text built from ODF spacing (``<text:s c="..."/>``)
EXCEL_LAST_ROW = 1_048_576  # the last row a sheet can have: rows past it are never waited for
NO_VALUE = ("a formula with no value saved with it: open the workbook in Excel or LibreOffice and save it "
            "(a workbook written by a program may not store what its formulas come to)")


def is_workbook(path: Path | str) -> bool:
    """Whether ``path`` names a workbook pnpkit reads (by its suffix)."""
    return Path(path).suffix.lower() in WORKBOOK_SUFFIXES


def split_sheet(source: str) -> tuple[str, str | None]:
    """A source as the file and the sheet it names: ``cards.xlsx#Units`` -> (``cards.xlsx``,
    ``Units``); a name that is not a workbook's, or names no sheet, -> (source, None)."""
    file, mark, sheet = source.rpartition("#")
    if mark and is_workbook(file):
        return file, sheet.strip()
    return source, None


@dataclass(frozen=True)
class _Fault:
    """A cell that holds no value to use: what it shows (a formula, ``#DIV/0!``) and why."""

    shown: str
    message: str


@dataclass(frozen=True)
class _Beyond:
    """The first column past the columns read that holds a value (counted from 0): the row's last cell."""

    column: int


Cells = Sequence["str | _Fault | _Beyond"]


def read_sheet(path: Path, sheet: str | None) -> tuple[str, list[tuple[int, dict[str, str]]]]:
    """(the sheet as messages name it, its rows as (row, record)) of a workbook of the kit.

    ``sheet`` None takes the only sheet; a missing sheet, a workbook too large unpacked, a
    cell that holds no value, or a file that is no workbook is a DataError naming it."""
    shown = display_path(path)
    data = read_kit_bytes(path)
    _check_archive(data, shown)
    reader = _read_ods if path.suffix.lower() == ".ods" else _read_xlsx
    try:
        name, rows = reader(data, sheet, shown)
        where = f"{shown}, sheet {name}"
        faults: dict[tuple[int, int], str] = {}
        records = table_records(where, _text_rows(rows, faults, where), _letter)
    except DataError:
        raise
    except Exception as err:     # noqa: BLE001 - whatever a stranger's file makes the library raise
        raise DataError([Problem(shown, f"cannot be read as a {path.suffix.lower()} workbook "
                                        f"({excerpt(str(err) or type(err).__name__, 120)})", unreadable=True)]) from None
    used = {number for number, _ in records}
    problems = [Problem(where, message, row=row, column=_letter(column), field=_name_of(records, column))
                for (row, column), message in faults.items() if row in used]
    if problems:
        failed = DataError(problems)
        # the other rows, for one run to find their problems too (a row with a faulty cell
        # would only add problems that follow from it)
        faulty = {row for row, _ in faults}
        failed.loaded = (where, translate_records([(number, record) for number, record in records
                                                   if number not in faulty], path, READER))
        raise failed
    return where, translate_records(records, path, READER)       # in the build's language (generator.kit.language)


def _name_of(records: list[tuple[int, dict[str, str]]], column: int) -> str | None:
    letters = getattr(records[0][1], "letters", {}) if records else {}
    return next((name for name, letter in letters.items() if letter == _letter(column)), None)


def _text_rows(rows: Iterator[tuple[int, "Cells | _TooManyCells"]], faults: dict[tuple[int, int], str],
               where: str) -> Iterator[tuple[int, list[str]]]:
    """The rows as text for table_records; a cell without a value shows what it holds (so its
    row is not blank) and its fault is kept, reported if the row is one of the records."""
    for number, cells in rows:
        if isinstance(cells, _TooManyCells):
            raise DataError([Problem(where, f"this row reaches column {_letter(cells.column)}, past the "
                                            f"{MAX_SHEET_CELLS:,} cells a sheet is read up to (each row up to its "
                                            "last cell, empty ones too): clear the cells far to the right",
                                     row=number)])
        text = []
        for column, cell in enumerate(cells):
            if isinstance(cell, _Beyond):
                raise DataError([Problem(where, f"a value past column {_letter(MAX_SHEET_COLUMNS - 1)}: a sheet is "
                                                f"read up to {MAX_SHEET_COLUMNS} columns", row=number,
                                         column=_letter(cell.column))])
            if isinstance(cell, _Fault):
                faults[(number, column)] = cell.message
                text.append(cell.shown or "?")
            else:
                text.append(cell)
        if number > MAX_SHEET_ROWS and any(t.strip() for t in text):
            raise DataError([Problem(where, f"a value past row {MAX_SHEET_ROWS:,}: a sheet is read up to "
                                            f"{MAX_SHEET_ROWS:,} rows", row=number)])
        yield number, text


def _letter(column: int) -> str:
    """The letter of a column counted from 0: 0 -> A, 25 -> Z, 26 -> AA."""
    letters = ""
    column += 1
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


# -- the zip ------------------------------------------------------------------------------------
_END_OF_DIRECTORY = struct.Struct("<4s4H2LH")


def _check_archive(data: bytes, shown: str) -> None:
    """Refuse a workbook of too many parts, or too large unpacked (a zip bomb), before a part
    is opened: zipfile never unpacks more of a part than it declares."""
    def refused(message: str) -> DataError:
        return DataError([Problem(shown, message, unreadable=True)])

    # the count of parts, from the end of the zip, before zipfile reads an entry for each
    end = data.rfind(b"PK\x05\x06", max(0, len(data) - 65_557))
    if end >= 0 and len(data) - end >= _END_OF_DIRECTORY.size:
        parts = _END_OF_DIRECTORY.unpack_from(data, end)[4]
        if parts > MAX_WORKBOOK_PARTS:
            raise refused(f"refused: a workbook of {parts:,} parts; at most {MAX_WORKBOOK_PARTS:,} are read")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError, EOFError):
        raise refused("not a workbook (a .xlsx or .ods file is a zip archive; was it saved in another format "
                      "and renamed?)") from None
    if len(infos) > MAX_WORKBOOK_PARTS:
        raise refused(f"refused: a workbook of {len(infos):,} parts; at most {MAX_WORKBOOK_PARTS:,} are read")
    unpacked = sum(info.file_size for info in infos)
    xml = sum(info.file_size for info in infos if info.filename.lower().endswith((".xml", ".rels")))
    mb = 1024 * 1024
    if unpacked > MAX_WORKBOOK_UNPACKED_BYTES:
        raise refused(f"refused: unpacked, the workbook holds {unpacked / mb:,.0f} MB; at most "
                      f"{MAX_WORKBOOK_UNPACKED_BYTES // mb} MB are read (pictures pasted in it? keep them out of "
                      "the data)")
    if xml > MAX_WORKBOOK_XML_BYTES:
        raise refused(f"refused: unpacked, the workbook's sheets hold {xml / mb:,.0f} MB of XML; at most "
                      f"{MAX_WORKBOOK_XML_BYTES // mb} MB are read")


def _chosen(names: Sequence[str], sheet: str | None, shown: str) -> str:
    """The sheet ``sheet`` names (its exact name, else the only one whose name differs in case
    alone), or the only sheet; else a DataError listing the sheets there are."""
    listed = ", ".join(names) or "none"
    if sheet is None:
        if len(names) == 1:
            return names[0]
        raise DataError([Problem(shown, f"a workbook of {len(names)} sheets ({listed}): name one after '#', "
                                        f"as {Path(shown).name}#{names[0] if names else 'Sheet1'}")])
    if sheet in names:
        return sheet
    folded = [name for name in names if name.casefold() == sheet.casefold()]
    if len(folded) == 1:
        return folded[0]
    raise DataError([Problem(shown, f"no sheet {excerpt(sheet)}; its sheets are {listed}")])


# -- .xlsx ------------------------------------------------------------------------------------------
def _read_xlsx(data: bytes, sheet: str | None,
               shown: str) -> tuple[str, Iterator[tuple[int, "Cells | _TooManyCells"]]]:
    import openpyxl

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")     # "no default style", unsupported extensions: nothing to act on
        values = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True, keep_links=False)
        formulas = openpyxl.load_workbook(io.BytesIO(data), read_only=True, keep_links=False)
    name = _chosen(values.sheetnames, sheet, shown)
    valued, written = values[name], formulas[name]
    if not hasattr(valued, "iter_rows"):
        raise DataError([Problem(shown, f"sheet {name!r} is a chart, not a sheet of cells")])
    return name, _xlsx_rows(valued, written)


@dataclass(frozen=True)
class _TooManyCells:
    """The row at which a sheet's cells read passed MAX_SHEET_CELLS, and the column it reaches."""

    column: int


def _xlsx_rows(valued: Any, written: Any) -> Iterator[tuple[int, "Cells | _TooManyCells"]]:
    """Rows as cells; a blank cell whose formula has no saved value is a fault. The sizes a
    sheet declares are ignored (a row is as long as its last cell), and rows are read up to
    the last a sheet can have. openpyxl gives each row every cell up to its last, so the
    cells read are counted, and past MAX_SHEET_CELLS the sheet is refused at that row."""
    for sheet in (valued, written):
        sheet.reset_dimensions()
    pairs = zip(valued.iter_rows(max_row=EXCEL_LAST_ROW), written.iter_rows(max_row=EXCEL_LAST_ROW))
    read = 0
    for number, (cells, as_written) in enumerate(pairs, start=1):
        if not cells:
            continue
        read += len(cells) + len(as_written)
        if read > MAX_SHEET_CELLS:
            yield number, _TooManyCells(max(len(cells), len(as_written)) - 1)
            return
        row: list[str | _Fault | _Beyond] = [_xlsx_cell(cell, as_written[i] if i < len(as_written) else None)
                                             for i, cell in enumerate(cells[:MAX_SHEET_COLUMNS])]
        far = next((i for i in range(MAX_SHEET_COLUMNS, len(cells)) if getattr(cells[i], "value", None) is not None), None)
        if far is not None:
            row.append(_Beyond(far))
        yield number, row


def _xlsx_cell(cell: Any, written: Any) -> "str | _Fault":
    value = getattr(cell, "value", None)
    if value is None:
        formula = getattr(written, "value", None)
        if formula is not None and (not isinstance(formula, str) or formula.startswith("=")):
            return _Fault(str(getattr(formula, "text", formula)), NO_VALUE)
        return ""
    if getattr(cell, "data_type", None) == "e":
        return _Fault(str(value), f"the error {value} (a formula that fails): correct it, or clear the cell")
    return cell_text(value)


def cell_text(value: Any) -> str:
    """A cell's value as a CSV export holds it: 3.0 is '3', 0.1 is '0.1' (15 digits, as a
    spreadsheet shows), dates ISO (2026-05-01, 2026-05-01 14:30), times 14:30, TRUE/FALSE."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return format(value, ".15g")
    if isinstance(value, datetime.datetime):
        if value.time() == datetime.time(0):
            return value.date().isoformat()
        return value.isoformat(sep=" ", timespec="minutes" if value.second == 0 else "seconds")
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, datetime.time):
        return value.isoformat(timespec="minutes" if value.second == 0 else "seconds")
    if isinstance(value, datetime.timedelta):
        minutes, seconds = divmod(int(value.total_seconds()), 60)
        return f"{minutes // 60}:{minutes % 60:02d}" + (f":{seconds:02d}" if seconds else "")
    return str(value)


# -- .ods -------------------------------------------------------------------------------------------
TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
CALC_EXT = "urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"
_ROW_HOLDERS = {"table-header-rows", "table-rows", "table-row-group"}
_CELLS = {"table-cell", "covered-table-cell"}
_DURATION = re.compile(r"^-?P(?:\d+D)?T(\d+)H(\d+)M(\d+(?:\.\d+)?)S$")


def _read_ods(data: bytes, sheet: str | None,
              shown: str) -> tuple[str, Iterator[tuple[int, Cells]]]:
    from odf.opendocument import load

    document = load(io.BytesIO(data))
    tables = [node for node in document.spreadsheet.childNodes if _tag(node) == (TABLE, "table")]
    names = [str(table.attributes.get((TABLE, "name"), "")) for table in tables]
    name = _chosen(names, sheet, shown)
    return name, _ods_rows(tables[names.index(name)])


def _tag(node: Any) -> tuple[str, str] | None:
    return getattr(node, "qname", None)


def _repeated(node: Any, attribute: str) -> int:
    try:
        return max(1, int(node.attributes.get((TABLE, attribute), 1)))
    except ValueError:
        return 1


def _ods_rows(table: Any) -> Iterator[tuple[int, Cells]]:
    """The table's rows as cells, repeats counted without being written out: LibreOffice
    saves the empty rest of a sheet as one row repeated a million times."""
    number = 0
    stack = [iter(table.childNodes)]
    while stack:
        node = next(stack[-1], None)
        if node is None:
            stack.pop()
            continue
        tag = _tag(node) or ("", "")
        if tag[0] == TABLE and tag[1] in _ROW_HOLDERS:
            stack.append(iter(node.childNodes))
            continue
        if tag != (TABLE, "table-row"):
            continue
        repeats = _repeated(node, "number-rows-repeated")
        cells = _ods_cells(node)
        if not any(not isinstance(cell, str) or cell.strip() for cell in cells):
            number += repeats
            continue
        for _ in range(min(repeats, MAX_SHEET_ROWS + 1)):
            number += 1
            yield number, cells
        number += max(0, repeats - MAX_SHEET_ROWS - 1)


def _ods_cells(row: Any) -> list["str | _Fault | _Beyond"]:
    """A row's cells of the columns read (a repeated cell counted, not copied past them); a
    value past them ends the row as its column (``_Beyond``), for _text_rows to refuse."""
    cells: list[str | _Fault | _Beyond] = []
    column = 0
    for node in row.childNodes:
        tag = _tag(node) or ("", "")
        if tag[0] != TABLE or tag[1] not in _CELLS:
            continue
        value = _ods_cell(node)
        repeats = _repeated(node, "number-columns-repeated")
        cells.extend([value] * min(repeats, max(0, MAX_SHEET_COLUMNS - column)))
        if value != "" and column + repeats > MAX_SHEET_COLUMNS:
            return [*cells, _Beyond(max(column, MAX_SHEET_COLUMNS))]
        column += repeats
    while cells and cells[-1] == "":
        cells.pop()
    return cells


def _ods_cell(cell: Any) -> "str | _Fault":
    attributes = cell.attributes
    kind = attributes.get((OFFICE, "value-type"))
    text = _ods_text(cell)
    if attributes.get((CALC_EXT, "value-type")) == "error":
        return _Fault(text, f"the error {excerpt(text)} (a formula that fails): correct it, or clear the cell")
    if kind is None:
        formula = attributes.get((TABLE, "formula"))
        return _Fault(str(formula), NO_VALUE) if formula else text
    if kind in ("float", "percentage", "currency") and (OFFICE, "value") in attributes:
        return cell_text(float(attributes[(OFFICE, "value")]))
    if kind == "boolean":
        return "TRUE" if attributes.get((OFFICE, "boolean-value")) == "true" else "FALSE"
    if kind == "date":
        written = str(attributes.get((OFFICE, "date-value"), ""))
        try:
            return cell_text(datetime.datetime.fromisoformat(written))
        except ValueError:
            return written
    if kind == "time":
        written = str(attributes.get((OFFICE, "time-value"), ""))
        match = _DURATION.fullmatch(written)
        return cell_text(datetime.timedelta(hours=int(match[1]), minutes=int(match[2]),
                                            seconds=float(match[3]))) if match else written
    return str(attributes.get((OFFICE, "string-value"), text))


def _ods_text(cell: Any) -> str:
    """A cell's text: its paragraphs on lines of their own, ``<text:s c="n"/>`` as n spaces (at
    most MAX_CELL_TEXT characters in all), tabs and line breaks as written. Without recursion."""
    out: list[str] = []
    size = 0
    paragraphs = [node for node in cell.childNodes if _tag(node) == (TEXT, "p")]
    for index, paragraph in enumerate(paragraphs):
        if index:
            out.append("\n")
        stack = [iter(paragraph.childNodes)]
        while stack and size <= MAX_CELL_TEXT:
            node = next(stack[-1], None)
            if node is None:
                stack.pop()
                continue
            tag = _tag(node)
            if tag is None:
                piece = str(getattr(node, "data", ""))
            elif tag == (TEXT, "s"):
                try:
                    piece = " " * min(int(node.attributes.get((TEXT, "c"), 1)), MAX_CELL_TEXT)
                except ValueError:
                    piece = " "
            elif tag == (TEXT, "tab"):
                piece = "\t"
            elif tag == (TEXT, "line-break"):
                piece = "\n"
            else:
                stack.append(iter(node.childNodes))
                continue
            out.append(piece)
            size += len(piece)
    return "".join(out)[:MAX_CELL_TEXT]


# -- a table of rows: a CSV file or a sheet ---------------------------------------------------------
def is_table(path: Path) -> bool:
    """Whether ``path`` holds rows under a header: a CSV file or a workbook."""
    return Path(path).suffix.lower() == ".csv" or is_workbook(path)


def read_table(path: Path, sheet: str | None = None) -> tuple[str, list[tuple[int, dict[str, str]]]]:
    """(the file as messages name it, its rows as (row, record)) of a CSV file or a workbook's sheet."""
    if is_workbook(path):
        return read_sheet(path, sheet)
    return display_path(path), read_csv(path)
