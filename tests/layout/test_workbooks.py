"""A deck from a sheet of a workbook (.xlsx, .ods): the faces show the cells, errors name the
sheet, row and column letter, and a workbook from a stranger cannot exhaust memory or time."""

from __future__ import annotations

import csv
import datetime
import io
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pymupdf
import pytest
from click.testing import CliRunner
from odf.opendocument import OpenDocumentSpreadsheet
from odf.table import Table, TableCell, TableRow
from odf.text import P

from generator.cli.app import main
from generator.core.errors import DataError
from generator.core.notices import collecting
from generator.kit.workbooks import cell_text, split_sheet
from generator.loading.games import load_game

from tests.layout.conftest import replace_in

SOURCE = "source: heroes.csv"


def heroes_rows(kit: Path) -> list[list[Any]]:
    """The example's rows, numbers as numbers (strength 3.0: a spreadsheet keeps every number as a float)."""
    rows: list[list[Any]] = list(csv.reader(io.StringIO((kit / "heroes.csv").read_text(encoding="utf-8"))))
    return [rows[0]] + [[float(c) if c.isdigit() else c for c in row] for row in rows[1:]]


def write_xlsx(path: Path, rows: list[list[Any]], sheet: str = "Heroes") -> openpyxl.Workbook:
    book = openpyxl.Workbook()
    book.active.title = "Notes"
    book["Notes"].append(["Designer's notes: nothing pnpkit reads"])
    heroes = book.create_sheet(sheet)
    for row in rows:
        heroes.append(row)
    book.save(path)
    return book


def write_ods(path: Path, rows: list[list[Any]], sheet: str = "Heroes") -> None:
    document = OpenDocumentSpreadsheet()
    table = Table(name=sheet)
    for row in rows:
        element = TableRow()
        for value in row:
            if isinstance(value, float):
                cell = TableCell(valuetype="float", value=value)
            else:
                cell = TableCell(valuetype="string")
            cell.addElement(P(text=cell_text(value)))
            element.addElement(cell)
        table.addElement(element)
    # the empty rest of a sheet as LibreOffice saves it: a row of 1,024 cells, a million times
    rest = TableRow(numberrowsrepeated=1_048_000)
    rest.addElement(TableCell(numbercolumnsrepeated=1_024))
    table.addElement(rest)
    document.spreadsheet.addElement(table)
    document.save(str(path))


def build(tmp_path: Path) -> Any:
    result = CliRunner().invoke(main, ["build", "heroes", "--format", "pdf", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    return result


def card_text(tmp_path: Path, card: str) -> str:
    """The words of a card's face, lines joined."""
    text = pymupdf.open(tmp_path / "out" / "heroes" / "cards" / "heroes" / f"{card}.pdf")[0].get_text()
    return " ".join(text.split())


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_a_deck_from_a_sheet_shows_its_cells_on_the_faces(kit: Path, tmp_path: Path, suffix: str) -> None:
    rows = heroes_rows(kit)
    (write_xlsx if suffix == ".xlsx" else write_ods)(kit / f"heroes{suffix}", rows)
    (kit / "heroes.csv").unlink()
    replace_in(kit / "game.yaml", SOURCE, f"source: heroes{suffix}#Heroes")
    build(tmp_path)
    bjorn = card_text(tmp_path, "H-BJORN")
    assert "BJÖRN" in bjorn and "Björn cannot move in the round he attacks." in bjorn
    assert "5" in bjorn.split() and "5.0" not in bjorn          # the float 5.0 of the sheet is the number 5
    sheets = pymupdf.open(tmp_path / "out" / "heroes" / "heroes-sheets-a4.pdf")
    assert sheets[0].get_text().count("H-EIR") == 3              # quantity 3.0 is three copies


def test_an_edited_sheet_is_drawn_again(kit: Path, tmp_path: Path) -> None:
    book = write_xlsx(kit / "heroes.xlsx", heroes_rows(kit))
    replace_in(kit / "game.yaml", SOURCE, "source: heroes.xlsx#Heroes")
    build(tmp_path)
    book["Heroes"]["B3"] = "Björn the Tall"
    book.save(kit / "heroes.xlsx")
    build(tmp_path)
    assert "BJÖRN THE TALL" in card_text(tmp_path, "H-BJORN")


def test_a_missing_sheet_lists_the_sheets_there_are(kit: Path) -> None:
    write_xlsx(kit / "heroes.xlsx", heroes_rows(kit))
    replace_in(kit / "game.yaml", SOURCE, "source: heroes.xlsx#Heros")
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    assert "heroes/heroes.xlsx: no sheet 'Heros'; its sheets are Notes, Heroes" in str(caught.value)


def test_a_workbook_of_several_sheets_needs_the_sheet_named(kit: Path) -> None:
    write_xlsx(kit / "heroes.xlsx", heroes_rows(kit))
    replace_in(kit / "game.yaml", SOURCE, "source: heroes.xlsx")
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    assert "a workbook of 2 sheets (Notes, Heroes): name one after '#', as heroes.xlsx#Notes" in str(caught.value)


def test_a_checked_cell_names_the_sheet_row_and_column_letter(kit: Path) -> None:
    rows = heroes_rows(kit)
    rows[2][3] = "x"                                             # row 3 of the sheet, column D: strength
    write_xlsx(kit / "heroes.xlsx", rows, sheet="Units")
    replace_in(kit / "game.yaml", SOURCE, "source: heroes.xlsx#Units")
    replace_in(kit / "game.yaml", "components:", "checks:\n  heroes.xlsx#Units:\n    columns:\n"
                                                 "      strength: {integer: true, expected: a whole number}\ncomponents:")
    result = CliRunner().invoke(main, ["check", "heroes"])
    assert result.exit_code == 2, result.output
    assert "heroes/heroes.xlsx, sheet Units, row 3, column D (strength): expected a whole number, got 'x'" \
        in result.output


def test_a_typo_in_a_sheets_header_is_caught_with_its_column_letter(kit: Path) -> None:
    rows = heroes_rows(kit)
    rows[0][4] = "quantitiy"
    rows[0].append("strenth")
    write_xlsx(kit / "heroes.xlsx", rows)
    replace_in(kit / "game.yaml", SOURCE, "source: heroes.xlsx#Heroes")
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    assert "heroes.xlsx, sheet Heroes, column E (quantitiy): unknown column 'quantitiy': did you mean quantity?" \
        in str(caught.value)
    rows[0][4] = "quantity"
    write_xlsx(kit / "heroes.xlsx", rows)
    with collecting() as warnings:
        load_game("heroes")
    assert any("heroes.xlsx, sheet Heroes, column G: column 'strenth' is read by no layout, check or pnpkit: "
               "did you mean strength?" in w for w in warnings), warnings


def test_a_bad_quantity_names_its_cell(kit: Path) -> None:
    rows = heroes_rows(kit)
    rows[3][4] = "many"
    write_xlsx(kit / "heroes.xlsx", rows)
    replace_in(kit / "game.yaml", SOURCE, "source: heroes.xlsx#Heroes")
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    assert "heroes.xlsx, sheet Heroes, row 4, column E (quantity): expected a whole number of copies" \
        in str(caught.value)


def with_cached_value(path: Path, cell: str, value: str) -> None:
    """Store ``value`` as what the formula of ``cell`` came to, as Excel does on saving (openpyxl writes none)."""
    parts = {}
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            parts[name] = archive.read(name)
    sheet = next(name for name in parts if name.startswith("xl/worksheets/sheet2"))
    text = parts[sheet].decode()
    start = text.index(f'<c r="{cell}"')
    end = text.index("</f>", start) + len("</f>")
    parts[sheet] = (text[:end] + f"<v>{value}</v>" + text[end:]).encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def test_formulas_give_their_saved_values_and_one_without_is_named(kit: Path, tmp_path: Path) -> None:
    rows = heroes_rows(kit)
    rows[1][3] = "=1+2"                       # Åsa's strength, row 2, column D
    rows[2][3] = "=2+3"                       # Björn's
    write_xlsx(kit / "heroes.xlsx", rows)
    replace_in(kit / "game.yaml", SOURCE, "source: heroes.xlsx#Heroes")
    with_cached_value(kit / "heroes.xlsx", "D2", "3")
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    [problem] = caught.value.problems
    assert "heroes/heroes.xlsx, sheet Heroes, row 3, column D (strength): a formula with no value saved with it" \
        in str(problem)
    with_cached_value(kit / "heroes.xlsx", "D3", "5")
    build(tmp_path)
    assert "3" in card_text(tmp_path, "H-ASA").split()


def test_a_zip_bomb_is_refused_before_it_is_unpacked(kit: Path) -> None:
    with zipfile.ZipFile(kit / "heroes.xlsx", "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b" " * (17 * 1024 * 1024))     # 17 MB of XML, 17 KB packed
    assert (kit / "heroes.xlsx").stat().st_size < 100_000
    replace_in(kit / "game.yaml", SOURCE, "source: heroes.xlsx#Heroes")
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    assert "heroes.xlsx: refused: unpacked, the workbook's sheets hold 17 MB of XML; at most 16 MB are read" \
        in str(caught.value)


def test_a_workbook_of_thousands_of_parts_is_refused(kit: Path) -> None:
    with zipfile.ZipFile(kit / "heroes.xlsx", "w") as archive:
        for n in range(1_001):
            archive.writestr(f"x/{n}", b"")
    replace_in(kit / "game.yaml", SOURCE, "source: heroes.xlsx")
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    assert "refused: a workbook of 1,001 parts; at most 1,000 are read" in str(caught.value)


def test_a_value_a_million_rows_down_is_refused_without_reading_every_row(kit: Path) -> None:
    book = write_xlsx(kit / "heroes.xlsx", heroes_rows(kit))
    book["Heroes"]["A1048576"] = "far"
    book["Heroes"]["XFD2"] = None
    book.save(kit / "heroes.xlsx")
    replace_in(kit / "game.yaml", SOURCE, "source: heroes.xlsx#Heroes")
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    assert "sheet Heroes, row 1048576: a value past row 10,000: a sheet is read up to 10,000 rows" in str(caught.value)


def test_a_file_that_is_no_workbook_says_so(kit: Path) -> None:
    (kit / "heroes.xlsx").write_text("id,name\n", encoding="utf-8")
    replace_in(kit / "game.yaml", SOURCE, "source: heroes.xlsx#Heroes")
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    assert "heroes.xlsx: not a workbook (a .xlsx or .ods file is a zip archive" in str(caught.value)


def test_a_workbook_linked_from_outside_the_kit_is_not_read(kit: Path, tmp_path: Path) -> None:
    outside = tmp_path / "secret.xlsx"
    write_xlsx(outside, heroes_rows(kit))
    (kit / "heroes.xlsx").symlink_to(outside)
    replace_in(kit / "game.yaml", SOURCE, "source: heroes.xlsx#Heroes")
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    assert "leads outside the kit folder" in str(caught.value)


def test_a_table_may_be_a_sheet(kit: Path, tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    book.active.title = "Houses"
    for row in (["id", "name"], ["wolf", "House of the Wolf"], ["bear", "House of the Bear"],
                ["raven", "House of the Raven"]):
        book.active.append(row)
    book.save(kit / "houses.xlsx")
    replace_in(kit / "game.yaml", "houses: houses.yaml", "houses: houses.xlsx#Houses")
    replace_in(kit / "layouts" / "hero-front.yaml", "tables.houses[house].name",
               "(tables.houses | selectattr('id', 'equalto', house) | first).name")
    build(tmp_path)
    assert "House of the Bear" in card_text(tmp_path, "H-BJORN")


@pytest.mark.parametrize(("value", "shown"), [
    (3.0, "3"), (0.1 + 0.2, "0.3"), (2.5, "2.5"), (-4, "-4"), (True, "TRUE"),
    (datetime.datetime(2026, 5, 1), "2026-05-01"), (datetime.datetime(2026, 5, 1, 14, 30), "2026-05-01 14:30"),
    (datetime.time(9, 5), "09:05"), ("text", "text"),
])
def test_a_cell_reads_as_a_csv_export_holds_it(value: Any, shown: str) -> None:
    assert cell_text(value) == shown


def test_the_sheet_follows_the_hash_of_a_workbook_only() -> None:
    assert split_sheet("cards/heroes.xlsx#Heroes") == ("cards/heroes.xlsx", "Heroes")
    assert split_sheet("cards.ods#Sheet 1") == ("cards.ods", "Sheet 1")
    assert split_sheet("cards.xlsx") == ("cards.xlsx", None)
    assert split_sheet("odd#name.csv") == ("odd#name.csv", None)


def test_an_ods_formula_with_no_saved_value_is_named(kit: Path) -> None:
    rows = heroes_rows(kit)
    write_ods(kit / "heroes.ods", rows)
    document = __import__("odf.opendocument", fromlist=["load"]).load(str(kit / "heroes.ods"))
    table = document.spreadsheet.getElementsByType(Table)[0]
    björn = table.getElementsByType(TableRow)[2]
    strength = björn.getElementsByType(TableCell)[3]
    strength.removeAttribute("valuetype")
    strength.removeAttribute("value")
    strength.setAttribute("formula", "of:=[.D2]+2")
    document.save(str(kit / "heroes.ods"))
    replace_in(kit / "game.yaml", SOURCE, "source: heroes.ods")
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    assert "heroes.ods, sheet Heroes, row 3, column D (strength): a formula with no value saved with it" \
        in str(caught.value)


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_a_value_far_to_the_right_is_refused_naming_its_column(kit: Path, suffix: str) -> None:
    rows = heroes_rows(kit)
    rows[2] += [""] * 995 + ["stray"]                 # row 3, the 1,002nd column: ALN
    (write_xlsx if suffix == ".xlsx" else write_ods)(kit / f"heroes{suffix}", rows)
    replace_in(kit / "game.yaml", SOURCE, f"source: heroes{suffix}#Heroes")
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    assert "sheet Heroes, row 3, column ALN: a value past column GR: a sheet is read up to 200 columns" \
        in str(caught.value)


def _rows_reaching(kit: Path, rows: int, column: str = "XFD") -> Path:
    """The example's workbook with ``rows`` more rows, each only an empty cell at ``column``
    (what a format applied to whole rows may leave): a small file, each of whose rows
    openpyxl gives as every cell up to ``column``."""
    path = kit / "heroes.xlsx"
    book = openpyxl.Workbook()
    book.active.title = "Heroes"
    for row in heroes_rows(kit):
        book["Heroes"].append(row)
    first = book["Heroes"].max_row + 1
    packed = io.BytesIO()
    book.save(packed)
    with zipfile.ZipFile(packed) as source, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename == "xl/worksheets/sheet1.xml":
                empty = "".join(f'<row r="{n}"><c r="{column}{n}"/></row>' for n in range(first, first + rows))
                data = data.replace(b"</sheetData>", empty.encode() + b"</sheetData>")
            archive.writestr(info, data)
    return path


def test_a_sheet_of_rows_reaching_the_last_column_is_refused_after_a_bounded_number_of_cells(
        kit: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.core.limits import MAX_SHEET_CELLS
    from generator.kit import workbooks

    path = _rows_reaching(kit, 20_000)
    assert path.stat().st_size < 120_000
    first = len(heroes_rows(kit)) + 1
    replace_in(kit / "game.yaml", SOURCE, "source: heroes.xlsx#Heroes")
    read: list[int] = []
    real = workbooks._xlsx_rows

    def counted(valued: Any, written: Any) -> Any:
        for number, cells in real(valued, written):
            read.append(number)
            yield number, cells

    monkeypatch.setattr(workbooks, "_xlsx_rows", counted)
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    stopped = first + MAX_SHEET_CELLS // (2 * 16_384)                 # each row given twice: values, formulas
    assert (f"heroes.xlsx, sheet Heroes, row {stopped}: this row reaches column XFD, past the 2,000,000 cells a "
            "sheet is read up to") in str(caught.value)
    assert read[-1] == stopped and len(read) <= stopped               # stopped at once, not 20,000 rows later


def test_rows_reaching_a_little_past_the_columns_read_are_still_read(kit: Path) -> None:
    _rows_reaching(kit, 300, "HZ")       # 234 columns each: 140,000 cells
    replace_in(kit / "game.yaml", SOURCE, "source: heroes.xlsx#Heroes")
    game = load_game("heroes")
    assert game is not None
