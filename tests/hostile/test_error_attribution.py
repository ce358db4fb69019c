"""Errors on data that reaches a layout through game code name the CSV file, the row and the
column, like any CSV error; a value too long for any layout is refused at its cell."""

from __future__ import annotations

import re

from tests.hostile.conftest import GAME, STOCKHOLM, Kit

EVENTS = f"{STOCKHOLM}/cards/event_cards.csv"


def test_a_quantity_of_a_billion_through_game_code(stockholm: Kit) -> None:
    stockholm.replace(EVENTS, "both,1,troop", "both,1000000000,troop")
    for output in stockholm.check_and_build_refuse("stockholm1520"):
        assert re.search(r"data/stockholm1520/cards/event_cards\.csv, row \d+: field 'quantity': expected a whole "
                         r"number of copies from 0 to 1000, got 1000000000", output), output
        assert "rows stockholm1520" not in output


def test_a_title_of_21000_characters_through_game_code(stockholm: Kit) -> None:
    stockholm.replace(EVENTS, "E-MOVE-R,Additional movement,", "E-MOVE-R," + "A" * 21000 + ",")
    for output in stockholm.check_and_build_refuse("stockholm1520"):
        first = output.splitlines()[1]
        assert re.search(r"data/stockholm1520/cards/event_cards\.csv, row \d+: field 'title': 21,000 characters; "
                         r"a value of an item holds at most 10,000", first), output
        assert "A" * 100 not in output


def test_a_layout_error_on_a_game_code_row_names_its_csv_row(stockholm: Kit) -> None:
    stockholm.replace(EVENTS, "E-MOVE-R,Additional movement,", "E-MOVE-R,Additional \U0001F600 movement,")
    for output in stockholm.check_and_build_refuse("stockholm1520"):
        assert re.search(r"item E-MOVE-R \(data/stockholm1520/cards/event_cards\.csv row \d+, column title\)", output), output


def test_a_long_cell_of_a_plain_csv(kit: Kit) -> None:
    kit.replace(f"{GAME}/cards/cards.csv", "guard,Guard,2", "guard," + "G" * 21000 + ",2")
    for output in kit.check_and_build_refuse("mygame"):
        assert "data/mygame/cards/cards.csv, row 7: field 'name': 21,000 characters" in output, output
        assert "card-front.yaml" not in output
