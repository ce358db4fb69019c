"""The rows Stockholm 1520's layout decks are drawn from (``rows:`` in game.yaml).

Zone cards are not a list a designer edits: one is made per troop colour x zone x road
(1.2.1) from zones.yaml and troops.yaml, each row carrying the troop's and zone's facts its
layout prints. Event cards are the rows of their CSV, checked against the rules (6.2).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.layout.row_makers import register_rows
from games.stockholm1520.cards import load_event_cards, load_troops, load_zone_cards, load_zones


def zone_card_rows(game: Any, spec: Any, source: Path | None) -> list[dict[str, Any]]:
    """One row per zone card: id, zone, road, troop, title and what the card shows of them."""
    folder = Path(game.folder)
    troops = load_troops(folder)
    zones = load_zones(folder)
    rows = []
    for card in load_zone_cards(folder):
        troop = troops[card.troop]
        rows.append({**card.model_dump(mode="json"), "troop_name": troop.name, "colour": troop.colour,
                     "colour_name": troop.colour_name, "movement": troop.movement,
                     "zone_name": zones[card.zone].name})
    return rows


def event_card_rows(game: Any, spec: Any, source: Path | None) -> list[dict[str, Any]]:
    """The event cards of the deck's ``source`` CSV, validated row by row (6.2)."""
    folder = Path(game.folder)
    return [card.model_dump(mode="json") for card in load_event_cards(folder, source)]


def register() -> None:
    register_rows("stockholm1520.zone-cards", zone_card_rows)
    register_rows("stockholm1520.event-cards", event_card_rows)
