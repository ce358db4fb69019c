"""The position: a plain value (units, round, meters) that round-trips to the position JSON
of ``pnpkit bot ask`` (docs/bot-position-format.md), plus the ``Table`` that the rules act on
(position + decks + the seeded RNG + what happened, for explanations).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from generator.errors import DataError, Problem

from bot.board import Board
from bot.decks import Decks
from bot.units import DANISH_TYPES, MOVES, SHORT, SWEDISH_TYPES, TROOPS

PHASES = ("setup", "round", "enemy", "player", "regroup", "over")


@dataclass
class Unit:
    """A piece on the board. Danish troops know their zone and road; Swedish units count the
    movement used this turn (``moved``) and whether they are finished (attacked, upgraded)."""

    id: str
    type: str
    hex: str
    side: str                      # 'swedish' | 'danish'
    zone: str | None = None
    road: int | None = None
    moved: int = 0
    done: bool = False

    def copy(self) -> "Unit":
        return replace(self)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "type": self.type, "hex": self.hex}
        if self.side == "danish" and self.zone is not None:
            data["zone"], data["road"] = self.zone, self.road
        return data


@dataclass
class Ship:
    """A ship under way (6.2): it lands after ``turns_left`` more enemy turns."""

    turns_left: int
    troop: str
    zone: str
    road: int
    card: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"turns_left": self.turns_left, "troop": self.troop, "zone": self.zone, "road": self.road}


@dataclass
class Position:
    map: str
    round: int = 0
    turn: int = 0
    phase: str = "setup"
    propaganda: int = 0
    bridge_open: bool = False
    extra_move: list[str] = field(default_factory=list)
    defected_castles: list[str] = field(default_factory=list)
    ship: Ship | None = None
    swedish: list[Unit] = field(default_factory=list)
    danish: list[Unit] = field(default_factory=list)
    result: str | None = None          # None | 'won' | 'lost'
    christian_arrived: bool = False

    def copy(self) -> "Position":
        return replace(self, extra_move=list(self.extra_move), defected_castles=list(self.defected_castles),
                       ship=replace(self.ship) if self.ship else None,
                       swedish=[u.copy() for u in self.swedish], danish=[u.copy() for u in self.danish])

    # -- lookups -----------------------------------------------------------------------
    def units(self) -> list[Unit]:
        return self.swedish + self.danish

    def unit(self, unit_id: str) -> Unit | None:
        return next((u for u in self.units() if u.id == unit_id), None)

    def at(self, hex_id: str) -> list[Unit]:
        return [u for u in self.units() if u.hex == hex_id]

    def enemies_left(self) -> bool:
        """Any Danish unit on the board, or a ship still under way (rules-notes: ship)."""
        return bool(self.danish) or self.ship is not None

    def movement(self, unit: Unit) -> int:
        """Spaces per turn (3.1, 3.2), +1 for a troop type named by this round's Additional
        movement card, on both sides, as the printed card says (6.2; rules-notes)."""
        extra = 1 if unit.type in self.extra_move else 0
        return MOVES[unit.type] + extra

    def new_id(self, base: str) -> str:
        """A fresh unit id: ``base`` or ``base`` + 'b', 'c', … when taken."""
        taken = {u.id for u in self.units()}
        if base not in taken:
            return base
        for suffix in "bcdefghijklmnopqrstuvwxyz":
            if base + suffix not in taken:
                return base + suffix
        n = 2
        while f"{base}-{n}" in taken:
            n += 1
        return f"{base}-{n}"

    def numbered_id(self, unit_type: str) -> str:
        """Swedish ids: cav1, cav2, xbow1, …, militia1 (numbers never reused in a position)."""
        prefix = SHORT[unit_type]
        taken = {u.id for u in self.units()}
        n = 1
        while f"{prefix}{n}" in taken:
            n += 1
        return f"{prefix}{n}"

    # -- JSON --------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "map": self.map, "round": self.round, "turn": self.turn, "phase": self.phase,
            "propaganda": self.propaganda, "bridge_open": self.bridge_open,
            "extra_move": sorted(self.extra_move), "defected_castles": list(self.defected_castles),
            "ship": self.ship.to_json() if self.ship else None,
            "christian_arrived": self.christian_arrived,
            "result": self.result,
            "swedish": [u.to_json() for u in self.swedish],
            "danish": [u.to_json() for u in self.danish],
        }


def position_from_json(data: Any, source: str, board_loader=None) -> tuple[Position, Board]:
    """Read a position (the ``ask`` format), checking every field; DataError lists all problems.

    ``board_loader(ref)`` loads the map the position names (``bot.board.load_board``).
    """
    from bot.board import load_board
    loader = board_loader or load_board
    problems: list[Problem] = []

    def bad(field_name: str, message: str) -> None:
        problems.append(Problem(source, message, field=field_name))

    if not isinstance(data, dict):
        raise DataError([Problem(source, "a position is a JSON object ({...})")])
    known = {"map", "round", "turn", "phase", "propaganda", "bridge_open", "extra_move", "defected_castles",
             "ship", "swedish", "danish", "result", "christian_arrived", "format"}
    for key in data:
        if key not in known:
            bad(key, f"unknown field (known: {', '.join(sorted(known))})")
    map_ref = data.get("map", "stockholm1520")
    if not isinstance(map_ref, str) or not map_ref:
        raise DataError([Problem(source, "expected a map id or path, like \"stockholm1520\"", field="map")])
    try:
        board = loader(map_ref)
    except DataError as err:
        raise DataError([Problem(source, f"cannot load map {map_ref!r}", field="map"), *err.problems]) from None

    def integer(name: str, default: int, low: int, high: int) -> int:
        value = data.get(name, default)
        if isinstance(value, bool) or not isinstance(value, int) or not (low <= value <= high):
            bad(name, f"expected a whole number {low}-{high}, got {value!r}")
            return default
        return value

    pos = Position(map=map_ref)
    pos.round = integer("round", 1, 1, 8)
    pos.turn = integer("turn", 1, 0, 999)
    pos.propaganda = integer("propaganda", 0, 0, 99)
    bridge = data.get("bridge_open", False)
    if not isinstance(bridge, bool):
        bad("bridge_open", f"expected true or false, got {bridge!r}")
    else:
        pos.bridge_open = bridge
    extra = data.get("extra_move", [])
    if not isinstance(extra, list) or any(t not in TROOPS for t in extra):
        bad("extra_move", f"expected a list of troop types ({', '.join(TROOPS)}), got {extra!r}")
    else:
        pos.extra_move = sorted(set(extra))
    defected = data.get("defected_castles", [])
    names = [c.name for c in board.castles]
    by_hex = {h: c.name for c in board.castles for h in c.hexes}
    if not isinstance(defected, list) or any(d not in names and d not in by_hex for d in defected):
        bad("defected_castles", f"expected a list of castles of the map, by name or hex "
                                f"({', '.join(f'{c.name} {c.hexes[0]}' for c in board.castles)}), got {defected!r}")
    else:  # names or hex ids (as the map painter takes them); kept as names
        pos.defected_castles = list(dict.fromkeys(by_hex.get(d, d) for d in defected))
    pos.christian_arrived = bool(data.get("christian_arrived", False))
    ship = data.get("ship")
    if ship is not None:
        if not isinstance(ship, dict):
            bad("ship", "expected null or an object with turns_left and troop")
        else:
            turns, troop = ship.get("turns_left"), ship.get("troop")
            zone, road = ship.get("zone"), ship.get("road")
            ok = True
            if isinstance(turns, bool) or not isinstance(turns, int) or not 1 <= turns <= 5:
                bad("ship.turns_left", f"expected a whole number 1-5, got {turns!r}"); ok = False
            if troop not in TROOPS:
                bad("ship.troop", f"expected one of {', '.join(TROOPS)}, got {troop!r}"); ok = False
            if zone is None and road is None:
                zone, road = sorted(board.roads)[0]     # only used to break ordering ties
            elif (zone, road) not in board.roads:
                bad("ship", f"zone {zone!r} road {road!r} is not a road of map {board.id}"); ok = False
            if ok:
                pos.ship = Ship(turns, troop, zone, road)

    seen_ids: dict[str, str] = {}
    occupied: dict[str, str] = {}
    for side, types in (("swedish", SWEDISH_TYPES), ("danish", DANISH_TYPES)):
        units = data.get(side, [])
        if not isinstance(units, list):
            bad(side, "expected a list of units")
            continue
        for i, raw in enumerate(units):
            where = f"{side}[{i}]"
            if not isinstance(raw, dict):
                bad(where, "expected an object with id, type and hex")
                continue
            uid, utype, hex_id = raw.get("id"), raw.get("type"), raw.get("hex")
            ok = True
            if not isinstance(uid, str) or not uid:
                bad(f"{where}.id", f"expected a unit id (text), got {uid!r}"); ok = False
            elif uid in seen_ids:
                bad(f"{where}.id", f"id {uid!r} is used twice"); ok = False
            if utype not in types:
                bad(f"{where}.type", f"expected one of {', '.join(types)}, got {utype!r}"); ok = False
            if isinstance(hex_id, int):
                hex_id = f"{hex_id:04d}"
            if not isinstance(hex_id, str) or hex_id not in board.nbrs:
                bad(f"{where}.hex", f"{hex_id!r} is not a hex of map {board.id} (ids are XXYY, like \"0907\")"); ok = False
            elif hex_id not in board.passable:
                bad(f"{where}.hex", f"{hex_id} is impassable ({board.map.cells[hex_id].terrain})"); ok = False
            elif hex_id == board.kristina:
                bad(f"{where}.hex", f"{hex_id} is Kristina's space"); ok = False
            elif side == "danish" and hex_id in board.bridge and not pos.bridge_open and utype != "christian":
                bad(f"{where}.hex", f"{hex_id} is the bridge, closed to the Danes (bridge_open is false)"); ok = False
            zone, road = raw.get("zone"), raw.get("road")
            if side == "danish" and utype in TROOPS:
                if (zone, road) not in board.roads:
                    bad(f"{where}.road", f"Danish troops need zone and road of the map, got zone {zone!r} road {road!r}"); ok = False
            else:
                zone, road = None, None
            extra_keys = set(raw) - {"id", "type", "hex", "zone", "road"}
            for key in sorted(extra_keys):
                bad(f"{where}.{key}", "unknown field")
            if not ok:
                continue
            seen_ids[uid] = side
            stacks = utype != "propagandist"
            if stacks and hex_id in occupied:
                bad(f"{where}.hex", f"{hex_id} is already taken by {occupied[hex_id]}")
            if stacks:
                occupied[hex_id] = uid
            unit = Unit(uid, utype, hex_id, side, zone, road)
            (pos.swedish if side == "swedish" else pos.danish).append(unit)
    if problems:
        raise DataError(problems)
    pos.phase = "enemy"
    return pos, board


class Table:
    """What the rules act on: board, position, decks, the seeded RNG, and a record of what
    happened (for explanations). ``clone`` gives an independent copy so a refused action
    leaves the original untouched."""

    def __init__(self, board: Board, pos: Position, decks: Decks, rng: random.Random) -> None:
        self.board = board
        self.pos = pos
        self.decks = decks
        self.rng = rng
        self.drawn: list[str] | None = None      # ids the player entered for this action
        self.drawn_used = 0
        self.log: list[dict[str, Any]] = []      # what the last action did

    def clone(self) -> "Table":
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return Table(self.board, self.pos.copy(), self.decks.copy(), rng)
