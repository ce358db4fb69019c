"""Stockholm 1520's cards as data (rules 1.2, 6.2): counts, ids, and validation errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.errors import DataError
from generator.loading.games import load_game
from games.stockholm1520.cards import load_event_cards, load_zone_cards, load_zones

GAME = Path(__file__).resolve().parents[2] / "data" / "stockholm1520"


def test_one_zone_card_per_troop_zone_and_road() -> None:
    cards = load_zone_cards(GAME)
    zones = load_zones(GAME)
    assert len(cards) == 3 * sum(z.roads for z in zones.values())
    assert len({c.id for c in cards}) == len(cards)
    assert {(c.zone, c.road, c.troop) for c in cards if c.zone == "C" and c.road == 4} == {
        ("C", 4, "cavalry"), ("C", 4, "crossbowmen"), ("C", 4, "pikemen")}


def test_zone_card_ids_are_short_and_printed() -> None:
    ids = {c.id for c in load_zone_cards(GAME)}
    assert {"Z-A2-R", "Z-C4-B", "Z-D3-G"} <= ids


def test_event_deck_has_every_kind_of_rule_6_2() -> None:
    cards = load_event_cards(GAME)
    assert {c.kind for c in cards} == {"additional_movement", "bridge", "christian", "propaganda", "ship"}
    assert {c.troop for c in cards if c.kind == "additional_movement"} == {"cavalry", "crossbowmen", "pikemen"}
    assert {c.id for c in cards} >= {"E-SHIP", "E-BRIDGE", "E-PROPAGANDA", "E-CHRISTIAN"}
    assert all(c.flag in ("danish", "swedish", "both") for c in cards)


def _write_events(root: Path, rows: str) -> Path:
    path = root / "data" / "stockholm1520" / "cards" / "event_cards.csv"
    header = "id,title,kind,troop,flag,quantity,rule,designed,text\n"
    path.write_text(header + rows, encoding="utf-8")
    return path


VALID = ("E-MOVE-R,Move,additional_movement,cavalry,both,1,6.2,,x\n"
         "E-BRIDGE,Bridge,bridge,,danish,1,6.2,,x\n"
         "E-CHRISTIAN,Christian II,christian,,danish,1,6.2,,x\n"
         "E-PROPAGANDA,Propaganda,propaganda,,danish,1,6.2,,x\n"
         "E-SHIP,Ship,ship,,danish,1,6.2,,x\n")


def test_bad_event_rows_are_all_reported_with_row_and_field(project_copy: Path) -> None:
    path = _write_events(project_copy, VALID + "E-X,Odd,bridge,,norwegian,1,,,x\n"
                                              "E-Y,Odd,ship,,danish,many,,,x\n"
                                              "E-Z,Odd,additional_movement,,both,1,,,x\n")
    with pytest.raises(DataError) as caught:
        load_event_cards(path.parents[1], path)
    found = {(p.row, p.field) for p in caught.value.problems}
    assert (7, "flag") in found
    assert (8, "quantity") in found
    assert any(p.row == 9 and "must name its troop" in p.message for p in caught.value.problems)
    flag_problem = next(p for p in caught.value.problems if p.field == "flag")
    assert "'danish', 'swedish' or 'both'" in flag_problem.message and "norwegian" in flag_problem.message


def test_duplicate_event_id_is_reported(project_copy: Path) -> None:
    path = _write_events(project_copy, VALID + "E-SHIP,Ship again,ship,,danish,1,6.2,,x\n")
    with pytest.raises(DataError, match="duplicate id 'E-SHIP' \\(first on row 6\\)"):
        load_event_cards(path.parents[1], path)


def test_zone_c_needs_road_4(project_copy: Path) -> None:
    zones = project_copy / "data" / "stockholm1520" / "zones.yaml"
    zones.write_text(zones.read_text().replace("roads: 5          # designed; must be >= 4", "roads: 3  #"))
    with pytest.raises(DataError, match="zone C needs at least 4 roads"):
        load_game("stockholm1520")


def test_unknown_rows_in_game_yaml_names_line_and_field(project_copy: Path) -> None:
    game = project_copy / "data" / "stockholm1520" / "game.yaml"
    text = game.read_text().replace("rows: stockholm1520.event-cards", "rows: stockholm1520.evnt-cards")
    game.write_text(text)
    with pytest.raises(DataError) as caught:
        load_game("stockholm1520")
    (problem,) = caught.value.problems
    assert problem.field == "components.1.rows"
    assert "unknown rows 'stockholm1520.evnt-cards'; known: " in problem.message
    assert "stockholm1520.event-cards" in problem.message
    assert problem.line == next(i for i, line in enumerate(text.splitlines(), 1) if "stockholm1520.evnt-cards" in line)


def test_missing_source_file_is_reported_at_its_line_in_game_yaml(project_copy: Path) -> None:
    game = project_copy / "data" / "stockholm1520" / "game.yaml"
    text = game.read_text().replace("source: cards/event_cards.csv", "source: cards/events.csv")
    game.write_text(text)
    with pytest.raises(DataError) as caught:
        load_game("stockholm1520")
    (problem,) = caught.value.problems
    assert problem.field == "components.1.source"
    assert problem.line == text.splitlines().index("    source: cards/events.csv") + 1
    assert "no file 'cards/events.csv'" in problem.message


def test_the_bots_plain_cards_hold_every_field_the_kits_cards_have() -> None:
    """The bot plays with plain copies of the cards (games.stockholm1520.carddata, the offline
    app's too): a field the kit's card models gain must reach them, not be dropped on the way."""
    from dataclasses import fields

    from games.stockholm1520 import cards, carddata
    assert {f.name for f in fields(carddata.ZoneCard)} == set(cards.ZoneCard.model_fields)
    assert {f.name for f in fields(carddata.EventCard)} == set(cards.EventCard.model_fields)
