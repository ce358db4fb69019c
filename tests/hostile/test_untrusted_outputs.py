"""Outputs that can be trusted: a CSV pnpkit writes is safe in a spreadsheet, and no two
output files are one file on a case-insensitive disk or a name Windows reserves."""

from __future__ import annotations

import csv
import io

import pytest

from generator.core.spreadsheet import csv_bytes, safe_cell
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


@pytest.mark.parametrize(("row", "said"), [
    ("Scout,Guard,2", "duplicate id 'Scout' (first at data/mygame/cards/cards.csv row 6 as 'scout': ids that "
                      "differ only in case"),
    ("SCOUT,Guard,2", "duplicate id 'SCOUT' (first at data/mygame/cards/cards.csv row 6 as 'scout'"),
    ("aux,Guard,2", "'aux' is a name Windows keeps for a device"),
    ("CON,Guard,2", "'CON' is a name Windows keeps for a device"),
    ("nul.txt,Guard,2", "'nul.txt' is a name Windows keeps for a device"),
    ("com7,Guard,2", "'com7' is a name Windows keeps for a device"),
    ("Lpt1.card,Guard,2", "'Lpt1.card' is a name Windows keeps for a device"),
])
def test_card_ids_that_are_one_file_on_another_disk(kit: Kit, row: str, said: str) -> None:
    kit.replace(f"{GAME}/cards/cards.csv", "guard,Guard,2", row)
    for output in kit.check_and_build_refuse("mygame"):
        assert f"data/mygame/cards/cards.csv, row 7: field 'id': {said}" in output, output


def test_names_equal_once_case_folded_and_unicode_normalised_share_a_key() -> None:
    from generator.core.limits import file_name_key, reserved_name

    assert file_name_key("caf\u00e9") == file_name_key("CAFE\u0301") == file_name_key("Caf\u00c9")
    assert file_name_key("Stra\u00dfe") == file_name_key("STRASSE")
    assert file_name_key("scout") != file_name_key("scouts")
    assert reserved_name("aux ") and reserved_name("COM\u00b9.png") and reserved_name("nul.tar.gz")
    assert reserved_name("auxiliary") is None and reserved_name("com0") is None and reserved_name("console") is None


@pytest.mark.parametrize("name", ["aux", "con", "nul", "com1", "lpt9"])
def test_component_ids_windows_reserves(kit: Kit, name: str) -> None:
    kit.replace(f"{GAME}/game.yaml", "id: cards ", f"id: {name} ")
    for output in kit.check_and_build_refuse("mygame"):
        assert f"data/mygame/game.yaml:9: field 'components.0.id': '{name}' is a name Windows keeps" in output


def test_games_whose_ids_differ_only_in_case(kit: Kit) -> None:
    import shutil

    shutil.copytree(kit.path(GAME), kit.path("data/MyGame"))
    kit.replace("data/MyGame/game.yaml", "id: mygame ", "id: MyGame ")
    for output in kit.check_and_build_refuse("mygame"):
        assert "data/mygame/game.yaml:3: field 'id': the kit has games 'mygame' and 'MyGame', which differ only " \
               "in case" in output, output


def test_a_game_folder_windows_reserves(kit: Kit) -> None:
    kit.path(GAME).rename(kit.path("data/aux"))
    kit.replace("data/aux/game.yaml", "id: mygame ", "id: aux ")
    for output in kit.check_and_build_refuse("aux"):
        assert "data/aux/game.yaml:3: field 'id': 'aux' is a name Windows keeps for a device" in output, output
