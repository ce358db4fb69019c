"""Stockholm 1520's cards drawn from its layout files show what its data says."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.draw.scene import GroupItem, PathItem, Scene
from generator.loading.games import load_game

GAME = Path(__file__).resolve().parents[2] / "data" / "stockholm1520"


@pytest.fixture(scope="module")
def decks() -> dict:
    return {deck.id: deck for deck in load_game("stockholm1520").components if deck.kind == "cards"}


def _piece(decks: dict, deck: str, card: str):
    return next(p for p in decks[deck].pieces if p.id == card)


def _texts(scene: Scene) -> list[str]:
    return [t.text for t in scene.walk_text()]


def _fills(item) -> set[str]:
    if isinstance(item, GroupItem):
        return set().union(*(_fills(child) for child in item.items)) if item.items else set()
    return {c for c in (getattr(item.style, "fill", None), getattr(item.style, "stroke", None)) if c} \
        if isinstance(item, PathItem) else set()


def test_zone_cards_name_troop_zone_road_and_show_the_troop_colour(decks: dict) -> None:
    front = _piece(decks, "zone-cards", "Z-C4-B").front()
    assert _texts(front)[:4] == ["Z-C4-B", "§ 1.2.1", "PIKEMEN", "Blue · moves 2"]   # the frame's plate first
    assert _texts(front)[4:] == ["ZONE C", "Road 4", "Södermalm"]
    emblems = [item for item in front.items if isinstance(item, GroupItem) and "#2b4a7a" in _fills(item)]
    assert len(emblems) == 1                                     # the pikemen's shield, tinted blue
    band = front.items[7]
    assert isinstance(band, PathItem) and band.style.fill == "#2b4a7a"


@pytest.mark.parametrize("card, subtitle, colour", [
    ("E-MOVE-R", "Cavalry · both sides", "#9c2a22"),
    ("E-SHIP", "Benefits the Danes", None),
])
def test_event_cards_show_who_they_benefit(decks: dict, card: str, subtitle: str, colour: str | None) -> None:
    front = _piece(decks, "event-cards", card).front()
    assert subtitle in _texts(front)
    tinted = [item for item in front.items if isinstance(item, GroupItem) and colour in _fills(item)]
    assert len(tinted) == (2 if colour else 0)                   # the troop's shield and its chevrons


def test_each_event_kind_draws_one_emblem(decks: dict) -> None:
    sizes = set()
    for piece in decks["event-cards"].pieces:
        icons = [item for item in piece.front().items if isinstance(item, GroupItem)]
        sizes.add((piece.id, len(icons)))
    # 4 corner lozenges, 1 or 2 flags, then the emblem (two icons for additional movement); an
    # Additional Movement card marks its designed reading twice: "both sides" and its text (issue 38)
    assert sizes == {("E-MOVE-R", 10), ("E-MOVE-G", 10), ("E-MOVE-B", 10), ("E-BRIDGE", 6), ("E-CHRISTIAN", 6),
                     ("E-PROPAGANDA", 6), ("E-SHIP", 6)}


def test_backs_name_their_deck(decks: dict) -> None:
    assert _texts(decks["zone-cards"].back_scene())[-1] == "ZONE"
    assert _texts(decks["event-cards"].back_scene())[-1] == "EVENT"


def test_a_troop_colour_change_reaches_the_zone_cards(project_copy: Path) -> None:
    troops = project_copy / "data" / "stockholm1520" / "troops.yaml"
    troops.write_text(troops.read_text().replace('colour: "#9c2a22"', 'colour: "#aa0000"'))
    zone = next(p for p in load_game("stockholm1520").components[0].pieces if p.id == "Z-A2-R")
    assert zone.front().items[7].style.fill == "#aa0000"


def test_each_face_records_the_icons_it_draws_even_when_another_face_read_them_first(decks: dict) -> None:
    zone = decks["zone-cards"]
    front = {p.relative_to(GAME.resolve()).as_posix() for p in zone.front_inputs if p.is_relative_to(GAME.resolve())}
    back = {p.relative_to(GAME.resolve()).as_posix() for p in zone.back_inputs if p.is_relative_to(GAME.resolve())}
    assert {"layouts/zone-front.yaml", "layouts/frame.yaml", "icons/corner.svg", "icons/cavalry.svg",
            "icons/crossbowmen.svg", "icons/pikemen.svg", "palette.yaml", "troops.yaml"} <= front
    assert "layouts/back.yaml" not in front and "icons/crown.svg" not in front
    assert {"layouts/zone-back.yaml", "layouts/back.yaml", "icons/corner.svg", "icons/crown.svg"} <= back
    assert "icons/cavalry.svg" not in back
    assert {p.name for p in zone.rows_inputs} >= {"zones.yaml", "troops.yaml"}


def test_a_cards_picture_is_its_own_field_not_its_kind(project_copy: Path) -> None:
    # Issue 14: a new Swedish event card must not print as Danish propaganda. Its picture and
    # flag are its own; its kind (none) is what the bot plays.
    csv = project_copy / "data" / "stockholm1520" / "cards" / "event_cards.csv"
    csv.write_text(csv.read_text() + 'E-RALLY,Rally,none,,swedish,1,flag-swedish,,quantity: new,"The burghers rally."\n'
                   'E-SCROLL,Odd,ship,,danish,1,scroll,,quantity: new,"A ship that shows a scroll."\n')
    decks = {deck.id: deck for deck in load_game("stockholm1520").components if deck.kind == "cards"}
    rally = _piece(decks, "event-cards", "E-RALLY").front()
    propaganda = _piece(decks, "event-cards", "E-PROPAGANDA").front()
    assert "Benefits the Swedes" in _texts(rally) and "Benefits the Danes" not in _texts(rally)
    icons = [item for item in rally.items if isinstance(item, GroupItem)]
    assert len(icons) == 6                      # 4 corners, the Swedish flag, its own picture (a second flag)
    scroll = [i for i in propaganda.items if isinstance(i, GroupItem)][-1]
    assert all(i != scroll for i in icons)      # not the propaganda scroll
    odd = [i for i in _piece(decks, "event-cards", "E-SCROLL").front().items if isinstance(i, GroupItem)]
    assert odd[-1] == scroll                    # the picture follows the field, whatever the kind
