"""The cards of Stockholm 1520 as data: zone cards and event cards (rules 1.2, 6.2).

The zone cards are made from ``zones.yaml`` x ``troops.yaml`` (one per troop colour x zone
x road, 1.2.1); the event cards come from the CSV file the event deck's ``source:`` names.
The bot reads the same functions and models, so the printed cards and the bot's decks cannot
disagree; it plays with them as plain data (``plain_zone_card``, ``plain_event_card``:
``games.stockholm1520.carddata``, which the offline app reads back from its baked files).
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PositiveInt, model_validator

from generator.core.errors import DataError, Problem
from generator.kit.datafiles import display_path, validate_csv, validate_yaml_cached

from games.stockholm1520 import carddata
from games.stockholm1520.carddata import EVENT_KINDS, RULE_EVENTS, TROOPS, EventKind, TroopName

__all__ = ["EVENT_KINDS", "RULE_EVENTS", "TROOPS", "EventCard", "EventKind", "Troop", "TroopName", "ZoneCard",
           "plain_event_card", "plain_zone_card"]


class Troop(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    colour_name: str
    letter: str = Field(pattern=r"^[A-Z]$")
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    movement: PositiveInt
    beats: TroopName


class TroopsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    troops: dict[TroopName, Troop]

    @model_validator(mode="after")
    def _all_three(self) -> "TroopsFile":
        missing = [t for t in TROOPS if t not in self.troops]
        if missing:
            raise ValueError(f"troops needs cavalry, crossbowmen and pikemen (3.1, 3.2); missing: {', '.join(missing)}")
        return self


class Zone(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    roads: PositiveInt


class ZonesFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    zones: dict[str, Zone]

    @model_validator(mode="after")
    def _rulebook_needs(self) -> "ZonesFile":
        if sorted(self.zones) != ["A", "B", "C", "D"]:
            raise ValueError("the rulebook has zones A, B, C and D (6.1 Zones)")
        if self.zones["C"].roads < 4:
            raise ValueError("zone C needs at least 4 roads: Christian II arrives on zone C road 4 (3.2)")
        if self.zones["D"].roads < 3:
            raise ValueError("zone D needs at least 3 roads: the propaganda rule names zone D road 3 (6.2)")
        return self


class ZoneCard(BaseModel):
    """One zone card: which troop spawns on which zone's road (1.2.1)."""

    model_config = ConfigDict(frozen=True)
    id: str
    zone: str
    road: int
    troop: TroopName
    title: str
    quantity: int = 1


class EventCard(BaseModel):
    """One event card design; ``quantity`` copies are in the deck (6.2). What it does
    (``kind``, which the bot plays), what it shows (``picture``) and whom it helps (``flag``)
    are separate: a new card of the kit's own (kind ``none``) prints its own picture and flag
    and makes the bot do nothing."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=r"^E-[A-Z0-9-]+$")
    title: str = Field(min_length=1)
    kind: EventKind
    troop: TroopName | None = None
    flag: Literal["danish", "swedish", "both"]
    quantity: int = Field(ge=0)
    #: The emblem printed on the card: an icon of the game's icons folder by name, ``troop``
    #: (the named troop's emblem with a boot), or empty for none.
    picture: str = Field(default="", pattern=r"^[a-z0-9_-]*$")
    rule: str = ""
    designed: str = ""
    text: str = Field(min_length=1)

    @model_validator(mode="after")
    def _troop_when_needed(self) -> "EventCard":
        if self.kind == "additional_movement" and self.troop is None:
            raise ValueError("an additional_movement card must name its troop (cavalry, crossbowmen or pikemen)")
        if self.kind != "additional_movement" and self.troop is not None:
            raise ValueError(f"a {self.kind} card names no troop")
        if self.picture == "troop" and self.troop is None:
            raise ValueError("picture 'troop' shows the troop the card names: give its troop")
        return self


def _troops_file(game_dir: Path) -> TroopsFile:
    return validate_yaml_cached(Path(game_dir) / "troops.yaml", TroopsFile)


def load_troops(game_dir: Path) -> dict[str, Troop]:
    return {str(name): troop for name, troop in _troops_file(game_dir).troops.items()}


def load_zones(game_dir: Path) -> dict[str, Zone]:
    return dict(validate_yaml_cached(Path(game_dir) / "zones.yaml", ZonesFile).zones)


def zone_card_id(zone: str, road: int, troop: Troop) -> str:
    """The printed id a player types to the bot: ``Z-A2-R``."""
    return f"Z-{zone}{road}-{troop.letter}"


def load_zone_cards(game_dir: Path) -> list[ZoneCard]:
    """One card per troop colour x zone x road, in zone, road, colour order."""
    game_dir = Path(game_dir)
    troops = _troops_file(game_dir).troops
    zones = load_zones(game_dir)
    return [ZoneCard(id=zone_card_id(letter, road, troop), zone=letter, road=road, troop=name,
                     title=f"{troop.name}, zone {letter} road {road}")
            for letter, zone in sorted(zones.items())
            for road in range(1, zone.roads + 1)
            for name, troop in troops.items()]


def load_event_cards(game_dir: Path, csv_path: Path | None = None) -> list[EventCard]:
    """The event cards of ``cards/event_cards.csv``, validated row by row."""
    path = csv_path or Path(game_dir) / "cards" / "event_cards.csv"
    rows = validate_csv(path, EventCard, required=("id", "title", "kind", "flag", "quantity", "text"))
    problems = []
    seen: dict[str, int] = {}
    for row, card in rows:
        if card.id in seen:
            problems.append(Problem(display_path(path), f"duplicate id {card.id!r} (first on row {seen[card.id]})",
                                    row=row, field="id"))
        seen.setdefault(card.id, row)
    kinds = {card.kind for _, card in rows}
    missing = [k for k in RULE_EVENTS if k not in kinds]
    if missing:
        problems.append(Problem(display_path(path), f"the event deck lacks the kind(s) of rule 6.2: {', '.join(missing)}"))
    if problems:
        raise DataError(problems)
    return [card for _, card in rows]


def plain_zone_card(card: ZoneCard) -> carddata.ZoneCard:
    """A checked zone card as the bot plays it."""
    return carddata.zone_card(card.model_dump())


def plain_event_card(card: EventCard) -> carddata.EventCard:
    """A checked event card as the bot plays it."""
    return carddata.event_card(card.model_dump())
