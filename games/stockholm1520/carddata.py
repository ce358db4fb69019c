"""Stockholm 1520's cards as plain data (rules 1.2, 6.2): what the bot plays with, in the
terminal and in the offline app alike. ``games.stockholm1520.cards`` reads and checks the
kit's files (pydantic) and hands the bot these; the app reads them back from its baked data.
Standard library only."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal, get_args

TroopName = Literal["cavalry", "crossbowmen", "pikemen"]
#: What an event card does, as the bot plays it: one of rule 6.2's events, or ``none`` (a card of
#: the kit's own whose text the player follows; the bot plays no effect for it).
EventKind = Literal["additional_movement", "bridge", "christian", "propaganda", "ship", "none"]
#: The three troops, red, green and blue (3.1, 3.2): the order spawns line up in (2.0 step 1).
TROOPS: tuple[str, ...] = get_args(TroopName)
EVENT_KINDS: tuple[str, ...] = get_args(EventKind)
#: The events of rule 6.2: an event deck has a card of each.
RULE_EVENTS: tuple[str, ...] = tuple(k for k in EVENT_KINDS if k != "none")


@dataclass(frozen=True)
class ZoneCard:
    """One zone card: which troop spawns on which zone's road (1.2.1)."""

    id: str
    zone: str
    road: int
    troop: str
    title: str
    quantity: int = 1


@dataclass(frozen=True)
class EventCard:
    """One event card design; ``quantity`` copies are in the deck (6.2)."""

    id: str
    title: str
    kind: str
    flag: str
    quantity: int
    text: str
    troop: str | None = None
    picture: str = ""
    rule: str = ""
    designed: str = ""


def card_json(card: ZoneCard | EventCard) -> dict[str, Any]:
    """A card's fields as JSON (baked for the offline app)."""
    return asdict(card)


def zone_card(data: dict[str, Any]) -> ZoneCard:
    return ZoneCard(str(data["id"]), str(data["zone"]), int(data["road"]), str(data["troop"]), str(data["title"]),
                    int(data.get("quantity", 1)))


def event_card(data: dict[str, Any]) -> EventCard:
    troop = data.get("troop")
    return EventCard(str(data["id"]), str(data["title"]), str(data["kind"]), str(data["flag"]), int(data["quantity"]),
                     str(data["text"]), None if troop is None else str(troop), str(data.get("picture", "")),
                     str(data.get("rule", "")), str(data.get("designed", "")))
