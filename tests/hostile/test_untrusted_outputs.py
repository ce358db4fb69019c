"""Outputs that can be trusted: a CSV pnpkit writes is safe in a spreadsheet, and no two
output files are one file on a case-insensitive disk or a name Windows reserves."""

from __future__ import annotations

import csv
import io

import pytest

from generator.spreadsheet import csv_bytes, safe_cell
from tests.hostile.conftest import GAME, Kit


@pytest.mark.parametrize("text", ["=HYPERLINK(\"http://x\",\"y\")", "+1 Attack", "-2 Morale", "@SUM(A1)",
                                  "\t=1+1", "\r=1+1"])
def test_a_cell_a_spreadsheet_would_take_for_a_formula_is_text(text: str) -> None:
    assert safe_cell(text) == "'" + text
    rows = list(csv.reader(io.StringIO(csv_bytes(["title"], [{"title": text}]).decode("utf-8"), newline="")))
    assert rows == [["title"], ["'" + text]]


@pytest.mark.parametrize("value", ["Scout", "1 + 1", "", 3, -1, "'quoted"])
def test_other_cells_are_written_as_they_are(value: object) -> None:
    assert safe_cell(value) == value


def test_the_game_crafters_upload_list_holds_no_formula(kit: Kit) -> None:
    kit.replace(f"{GAME}/cards/cards.csv", "scout,Scout,3", 'scout,"=HYPERLINK(""http://evil"",""x"")",3')
    kit.replace(f"{GAME}/cards/cards.csv", "guard,Guard,2", "guard,+1 Attack,2")
    kit.replace(f"{GAME}/cards/cards.csv", "captain,Captain,1", "captain,@SUM(1),1")
    run = kit.run("build", "mygame", "--format", "tgc", "--out", str(kit.out))
    assert run.code == 0 and not run.crashed, run.output
    [upload] = kit.out.rglob("cards.csv")
    titles = {row["id"]: row["title"] for row in csv.DictReader(io.StringIO(upload.read_text(encoding="utf-8")))}
    assert titles == {"scout": "'=HYPERLINK(\"http://evil\",\"x\")", "guard": "'+1 Attack", "captain": "'@SUM(1)"}
