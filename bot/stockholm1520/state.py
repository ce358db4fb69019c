"""The position: a plain value (units, round, meters) that round-trips to the position JSON
of ``pnpkit bot ask`` (docs/bot-position-format.md, read by ``bot.stockholm1520.positions``), plus the
``Table`` that the rules act on: the position, the decks and the seeded RNG, on the game's data.
What an action did (its records) is the action's result (``rules.perform``), not the table's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from bot.stockholm1520.board import Board
from bot.stockholm1520.decks import Decks
from bot.stockholm1520.data import GameData
from bot.stockholm1520.units import SHORT, Units


#: Where a game of Stockholm 1520 stands (the rules' phases, docs/bot.md), and how it ended.
Phase = Literal["setup", "round", "enemy", "player", "regroup", "over"]
Result = Literal["won", "lost"]

@dataclass(slots=True)
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
        # Every field (faster than dataclasses.replace): a new field belongs here too.
        return Unit(self.id, self.type, self.hex, self.side, self.zone, self.road, self.moved, self.done)

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
    phase: Phase = "setup"
    propaganda: int = 0
    bridge_open: bool = False
    extra_move: list[str] = field(default_factory=list)
    defected_castles: list[str] = field(default_factory=list)
    ship: Ship | None = None
    swedish: list[Unit] = field(default_factory=list)
    danish: list[Unit] = field(default_factory=list)
    result: Result | None = None
    christian_arrived: bool = False
    #: Every unit id given out this game, so that a new unit never takes an id used before (an
    #: upgraded militia does not become a dead unit's ``cav1``; issue 23). None: the ids of a game
    #: saved before this rule (save version 2), where only the ids on the board are avoided, so
    #: that its log replays as it was played. A frozenset, shared by copies until one gives an id.
    ids_given: frozenset[str] | None = frozenset()

    def copy(self) -> "Position":
        # Every field by name (faster than dataclasses.replace): a new field belongs here too.
        return Position(map=self.map, round=self.round, turn=self.turn, phase=self.phase, propaganda=self.propaganda,
                        bridge_open=self.bridge_open, extra_move=list(self.extra_move),
                        defected_castles=list(self.defected_castles), ship=replace(self.ship) if self.ship else None,
                        swedish=[u.copy() for u in self.swedish], danish=[u.copy() for u in self.danish],
                        result=self.result, christian_arrived=self.christian_arrived, ids_given=self.ids_given)

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

    def _taken(self) -> set[str]:
        """The ids a new unit may not take: those on the board, and every id given this game."""
        taken = {u.id for u in self.units()}
        return taken | self.ids_given if self.ids_given is not None else taken

    def _give(self, unit_id: str) -> str:
        if self.ids_given is not None:
            self.ids_given = self.ids_given | {unit_id}
        return unit_id

    def new_id(self, base: str) -> str:
        """A fresh unit id: ``base`` or ``base`` + 'b', 'c', … when taken (Danish troops: the
        second cavalry of road A1 this game is ``A1-cavb``)."""
        taken = self._taken()
        if base not in taken:
            return self._give(base)
        for suffix in "bcdefghijklmnopqrstuvwxyz":
            if base + suffix not in taken:
                return self._give(base + suffix)
        n = 2
        while f"{base}-{n}" in taken:
            n += 1
        return self._give(f"{base}-{n}")

    def numbered_id(self, prefix: str) -> str:
        """Numbered ids: cav1, cav2, xbow1, …, militia1, prop1: the lowest number not taken."""
        taken = self._taken()
        n = 1
        while f"{prefix}{n}" in taken:
            n += 1
        return self._give(f"{prefix}{n}")

    def swedish_id(self, unit_type: str) -> str:
        """Swedish ids: cav1, cav2, xbow1, …, militia1."""
        return self.numbered_id(SHORT[unit_type])

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


class Table:
    """What the rules act on: the position, the decks (and where their cards come from) and the
    seeded RNG, on the game's data (board, units). ``clone`` gives an independent copy so a
    refused action leaves the original untouched."""

    def __init__(self, data: GameData, pos: Position, decks: Decks, rng: random.Random | tuple[Any, ...]) -> None:
        self.data = data
        self.board: Board = data.board
        self.units: Units = data.units
        self.pos = pos
        self.decks = decks
        #: The RNG, or (``_rng_state``) only its state until the table draws: a trial copy
        #: that never draws (most of them) never builds one (``clone``, ``rng``).
        #: ``rng`` may be given as such a state.
        self._rng: random.Random | None = rng if isinstance(rng, random.Random) else None
        self._rng_state: tuple[Any, ...] | None = None if isinstance(rng, random.Random) else rng

    def movement(self, unit: Unit) -> int:
        """Spaces per turn (3.1, 3.2), +1 for a troop type named by this round's Additional
        movement card, on both sides, as the printed card says (6.2; rules-notes)."""
        extra = 1 if unit.type in self.pos.extra_move else 0
        return self.units.moves[unit.type] + extra

    @property
    def rng(self) -> random.Random:
        """The seeded RNG (chance: card draws, shuffles), built from the kept state on first use."""
        if self._rng is None:
            assert self._rng_state is not None
            rng = self._rng = random.Random.__new__(random.Random)   # not seeded from the OS: its state is set next
            rng.setstate(self._rng_state)
            self._rng_state = None
        return self._rng

    def rng_state(self) -> tuple[Any, ...]:
        """The RNG's state (``random.Random.getstate``), without building the RNG."""
        if self._rng is None:
            assert self._rng_state is not None
            return self._rng_state
        return self._rng.getstate()

    def clone(self) -> "Table":
        # Both keep the RNG's state, a value: each builds its own RNG from it when it draws
        # (the policy clones one position for many trials, and most never draw).
        state = self.rng_state()
        self._rng, self._rng_state = None, state
        return Table(self.data, self.pos.copy(), self.decks.copy(), state)
