"""The decks' contents, read from the kit's card data so the printed cards and the bot agree.

The zone deck has one card per troop colour x zone x road (1.2.1); the event deck is the
event cards with their quantities (1.2.2, 6.2). For a map other than the real board (``--map``)
the zone deck is made from that map's roads, with the same printed-id scheme ``Z-A2-R``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.errors import DataError, Problem
from games.stockholm1520 import cards as kit

from bot.board import Board
from bot.paths import GAME, game_dir
from bot.units import LETTER_TO_TROOP, TROOP_TO_LETTER, TROOPS

EVENT_KINDS = ("additional_movement", "bridge", "christian", "propaganda", "ship")
_ZONE_ID = re.compile(r"^Z-([A-Z])(\d+)-([RGB])$")


@dataclass(frozen=True)
class ZoneCard:
    id: str
    zone: str
    road: int
    troop: str


@dataclass(frozen=True)
class EventCard:
    id: str
    kind: str
    troop: str | None = None
    quantity: int = 1
    title: str = ""


def zone_card_id(zone: str, road: int, troop: str) -> str:
    return f"Z-{zone}{road}-{TROOP_TO_LETTER[troop]}"


def parse_zone_card_id(card_id: str) -> ZoneCard | None:
    """'Z-A2-R' -> ZoneCard; None when the text is not a zone card id."""
    m = _ZONE_ID.match(card_id.strip().upper())
    if not m:
        return None
    return ZoneCard(m.group(0), m.group(1), int(m.group(2)), LETTER_TO_TROOP[m.group(3)])


def zone_cards(board: Board) -> list[ZoneCard]:
    """The zone deck for this board; the kit's cards for the real board (checked against it)."""
    if board.id != GAME:
        return [ZoneCard(zone_card_id(z, n, t), z, n, t) for (z, n) in sorted(board.roads) for t in TROOPS]
    cards = [ZoneCard(c.id, c.zone, int(c.road), c.troop) for c in kit.load_zone_cards(game_dir())]
    problems = []
    for c in cards:
        if (c.zone, c.road) not in board.roads:
            problems.append(Problem(str(game_dir()), f"zone card {c.id} names road {c.zone}{c.road}, which the map does not have"))
        if c.troop not in TROOPS:
            problems.append(Problem(str(game_dir()), f"zone card {c.id}: unknown troop {c.troop!r}"))
    have = {(c.zone, c.road) for c in cards}
    for key in board.roads:
        if key not in have:
            problems.append(Problem(str(game_dir()), f"road {key[0]}{key[1]} is on the map but no zone card names it"))
    if problems:
        raise DataError(problems)
    return cards


def event_cards() -> list[EventCard]:
    """The event card types with their quantities, from the kit's card data."""
    result = []
    for c in kit.load_event_cards(game_dir()):
        if c.kind not in EVENT_KINDS:
            raise DataError([Problem(str(game_dir()), f"event card {c.id}: unknown kind {c.kind!r}")])
        result.append(EventCard(c.id, c.kind, c.troop, int(c.quantity), getattr(c, "title", "")))
    return result
