"""Reading a position (the ``pnpkit bot ask`` format, docs/bot-position-format.md).

The shape is checked with pydantic models, like the data files; then what it means on the
game's board (hexes on the map, passable, not Kristina's, roads of the map, no two units on
a space). Every problem of both kinds is reported at once, each with its field
(``swedish[1].hex``), so a position is fixed in one pass.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator, Field, StrictBool, StrictInt, StrictStr

from generator.core.errors import DataError, Problem
from generator.core.limits import excerpt
from generator.core.models import Strict

from bot.positionfile import Lines, PositionReader, shown
from games.stockholm1520.cards import TroopName

from bot.stockholm1520.data import GameData
from bot.stockholm1520.state import Position, Ship, Unit
from bot.stockholm1520.units import DANISH_TYPES, SWEDISH_TYPES, TROOPS


def _hex_text(value: Any) -> Any:
    """A hex id written as a number (JSON 907) is the id '0907'."""
    return f"{value:04d}" if isinstance(value, int) and not isinstance(value, bool) else value


def _q(value: Any) -> str:
    """A value of the file quoted in a message: a text as a short escaped excerpt."""
    return excerpt(value) if isinstance(value, str) else repr(value)


#: A unit id is a short name ("cav1", "B1-xbow"); a longer one is refused, quoted short.
MAX_UNIT_ID = 40


class ShipIn(Strict):
    turns_left: StrictInt = Field(ge=1, le=5)
    troop: TroopName
    zone: StrictStr | None = None
    road: StrictInt | None = None


class UnitIn(Strict):
    id: StrictStr = Field(min_length=1, max_length=MAX_UNIT_ID)
    type: StrictStr
    hex: Annotated[StrictStr, BeforeValidator(_hex_text)]
    zone: StrictStr | None = None
    road: StrictInt | None = None


class PositionIn(Strict):
    """The fields of a position; the units of each side are read one by one (``UnitIn``).
    ``round`` and both sides are required: a position without them is not a turn to answer."""

    format: StrictStr | None = None
    map: StrictStr | None = None
    round: StrictInt = Field(ge=1, le=8)
    turn: StrictInt = Field(default=1, ge=0, le=999)
    phase: StrictStr | None = None
    propaganda: StrictInt = Field(default=0, ge=0, le=99)
    bridge_open: StrictBool = False
    extra_move: list[TroopName] = []
    defected_castles: list[Any] = []
    christian_arrived: StrictBool = False
    result: StrictStr | None = None
    ship: ShipIn | None = None
    swedish: list[Any]
    danish: list[Any]


#: What a required field holds, for the message when it is missing.
REQUIRED = {"round": "the round, 1-8", "swedish": "the Swedish units, a list (may be empty: [])",
            "danish": "the Danish units, a list (may be empty: [])", "id": "the unit's id, like \"cav1\"",
            "type": "the unit's type", "hex": "the unit's space, a hex id like \"0907\"",
            "turns_left": "the enemy turns until the ship lands, 1-5", "troop": "the ship's troop type"}
#: What a field of the wrong kind should have been, where the JSON kind alone says too little.
EXPECTED_FIELDS = {"ship": "null or an object {\"turns_left\": 1-5, \"troop\": ...}",
                   "hex": "a hex id like \"0907\""}


#: Stand-ins for required fields that are missing or wrong (already reported), so the rest of
#: the position can still be checked in the same pass.
_STAND_INS: dict[str, Any] = {"round": 1, "swedish": [], "danish": []}


def _fields(reader: PositionReader, data: dict[str, Any]) -> PositionIn:
    """The position's fields; those of the wrong shape (reported) are left at their defaults."""
    shaped, failed = reader.shape(PositionIn, data)
    if isinstance(shaped, PositionIn):
        return shaped
    kept = {k: v for k, v in data.items() if k not in failed and k in PositionIn.model_fields}
    return PositionIn.model_validate({**_STAND_INS, **kept})


def _ship(reader: PositionReader, raw: ShipIn, game: GameData) -> Ship | None:
    roads = game.board.roads
    if raw.zone is None and raw.road is None:
        zone, road = sorted(roads)[0]            # only used to break ordering ties
    elif raw.zone is not None and raw.road is not None and (raw.zone, raw.road) in roads:
        zone, road = raw.zone, raw.road
    else:
        reader.bad("ship", f"zone {_q(raw.zone)} road {raw.road!r} is not a road of map {game.board.id}")
        return None
    return Ship(raw.turns_left, raw.troop, zone, road)


def _defected(reader: PositionReader, refs: list[Any], game: GameData) -> list[str]:
    """Castles by name or hex id (as the map painter takes them), kept as names."""
    castles = game.board.castles
    by_hex = {h: c.name for c in castles for h in c.hexes}
    names = {c.name for c in castles}
    known = ", ".join(f"{c.name} {c.hexes[0]}" for c in castles)
    found = []
    for i, ref in enumerate(refs):
        text = _hex_text(ref)
        if not isinstance(text, str) or (text not in names and text not in by_hex):
            reader.bad(f"defected_castles[{i}]", f"expected a castle of map {game.board.id}, by name or hex "
                                                 f"({known}), got {shown(ref)}")
            continue
        found.append(by_hex.get(text, text))
    return list(dict.fromkeys(found))


def _unit(reader: PositionReader, where: str, side: str, raw: UnitIn, bridge_open: bool, game: GameData) -> Unit | None:
    """One unit on the board: its type for its side, a hex it may stand on, its road."""
    board = game.board
    who = f"unit {excerpt(raw.id)}: "
    types = SWEDISH_TYPES if side == "swedish" else DANISH_TYPES
    ok = True
    if raw.type not in types:
        reader.bad(f"{where}.type", f"{who}expected one of {', '.join(types)}, got {excerpt(raw.type)}")
        ok = False
    h = raw.hex
    if h not in board.nbrs:
        reader.bad(f"{where}.hex", f"{who}{shown(h)} is not a hex of map {board.id} (ids are XXYY, like \"0907\")")
        ok = False
    elif h not in board.passable:
        reader.bad(f"{where}.hex", f"{who}{h} is impassable ({board.terrain[h]})")
        ok = False
    elif h == board.kristina:
        reader.bad(f"{where}.hex", f"{who}{h} is Kristina's space")
        ok = False
    elif side == "danish" and h in board.bridge and not bridge_open and raw.type != "christian":
        reader.bad(f"{where}.hex", f"{who}{h} is the bridge, closed to the Danes (bridge_open is false)")
        ok = False
    zone, road = raw.zone, raw.road
    if side == "danish" and raw.type in TROOPS:
        if (zone, road) not in board.roads:
            reader.bad(f"{where}.road", f"{who}Danish troops need zone and road of the map, got zone {_q(zone)} road {road!r}")
            ok = False
    else:
        zone, road = None, None
    return Unit(raw.id, raw.type, h, side, zone, road) if ok else None


def _units(reader: PositionReader, fields: PositionIn, pos: Position, game: GameData) -> None:
    """Both sides' units, ids used once, no two units on a space (propagandists may share)."""
    seen_ids: set[str] = set()
    occupied: dict[str, str] = {}
    for side in ("swedish", "danish"):
        for i, data in enumerate(getattr(fields, side)):
            where = f"{side}[{i}]"
            if not isinstance(data, dict):
                reader.bad(where, f"expected an object {{\"id\", \"type\", \"hex\"}}, got {shown(data)}")
                continue
            named = data.get("id")
            raw, _ = reader.shape(UnitIn, data, where, f"unit {excerpt(named)}: " if isinstance(named, str) and named else "",
                                  (side, i))
            if not isinstance(raw, UnitIn):
                continue
            if raw.id in seen_ids:
                reader.bad(f"{where}.id", f"id {excerpt(raw.id)} is used by two units")
                continue
            unit = _unit(reader, where, side, raw, pos.bridge_open, game)
            if unit is None:
                continue
            seen_ids.add(unit.id)
            if unit.type != "propagandist":
                if unit.hex in occupied:
                    reader.bad(f"{where}.hex", f"{unit.hex} is already taken by {occupied[unit.hex]}")
                occupied[unit.hex] = unit.id
            (pos.swedish if side == "swedish" else pos.danish).append(unit)


def position_from_json(data: Any, source: str, game: GameData, lines: Lines | None = None) -> Position:
    """Read a position for ``game`` (the ``ask`` format); DataError lists every problem (with
    its line, given the file's ``lines``: ``bot.positionfile.read_position_file``).
    A ``map`` field, if given, must name the game's board."""
    if not isinstance(data, dict):
        raise DataError([Problem(source, "a position is a JSON object ({...})")])
    reader = PositionReader(source, REQUIRED, EXPECTED_FIELDS, lines)
    fields = _fields(reader, data)
    board = game.board
    if fields.map is not None and fields.map != board.id:
        reader.bad("map", f"this position is for map {_q(fields.map)}, but the game in {game.folder.name}/ plays on "
                          f"map {board.id!r} (give the game's folder with --game DIR)")
    pos = Position(map=board.id, round=fields.round, turn=fields.turn, propaganda=fields.propaganda,
                   bridge_open=fields.bridge_open, extra_move=sorted(set(fields.extra_move)),
                   defected_castles=_defected(reader, fields.defected_castles, game),
                   christian_arrived=fields.christian_arrived)
    if fields.ship is not None:
        pos.ship = _ship(reader, fields.ship, game)
    _units(reader, fields, pos, game)
    reader.check()
    pos.phase = "enemy"
    pos.ids_given = frozenset(u.id for u in pos.units())     # a unit appearing takes none of them
    return pos
