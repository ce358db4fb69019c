"""The board as the bot needs it: the map's plan (``bot.stockholm1520.boardplan``) precomputed
for fast, deterministic searches. The bot never hard-codes a hex: everything comes from the map
file the game's game.yaml names (``bot.stockholm1520.gamedata``; baked for the offline app), so
the printed board and the bot cannot disagree. Standard library only.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from generator.core.errors import DataError, Problem

from bot.stockholm1520.boardplan import BoardPlan, RoadPlan
from bot.stockholm1520.pathing import bfs


@dataclass(frozen=True)
class RoadInfo(RoadPlan):
    """A road of the map's plan with an index of its hexes, for lookups."""

    index: dict[str, int]

    @property
    def name(self) -> str:
        return f"{self.zone}{self.number}"


@dataclass(frozen=True)
class Castle:
    name: str
    hexes: tuple[str, ...]


def _first(plan: BoardPlan, kind: str) -> str:
    """The first hex of a feature kind ('' when the map has none)."""
    hexes = plan.hexes_of(kind)
    return hexes[0] if hexes else ""


class Board:
    """Everything static about the playing area; built once per map file."""

    def __init__(self, plan: BoardPlan, hexmap: Any = None) -> None:
        #: The map as ``generator.hexmap`` reads it, for pictures (the terminal's; None in the
        #: offline app, which draws from baked art).
        self.map = hexmap
        self.plan = plan
        self.id: str = plan.id
        self.hexes: list[str] = list(plan.hexes)
        self.nbrs: dict[str, tuple[str, ...]] = dict(plan.neighbours)
        self.passable: frozenset[str] = plan.passable
        self.playfield: frozenset[str] = plan.playfield
        self.terrain: dict[str, str] = plan.terrain
        #: Where Swedish units may stand and walk: passable, inside the playfield (1.1).
        self.land: frozenset[str] = self.passable & self.playfield
        self.kristina = _first(plan, "kristina")
        self.militia_space = _first(plan, "militia")
        self.port = _first(plan, "port")
        self.bridge: frozenset[str] = frozenset(plan.hexes_of("bridge"))
        self.ship_lane: tuple[str, ...] = plan.ship_lane
        self.training: frozenset[str] = frozenset(plan.hexes_of("training"))
        self.stockholm: tuple[str, ...] = tuple(plan.hexes_of("stockholm"))
        self.castles: tuple[Castle, ...] = tuple(Castle(name, hexes) for name, hexes in plan.castles)
        self.roads: dict[tuple[str, int], RoadInfo] = {
            (r.zone, r.number): RoadInfo(r.zone, r.number, r.path, r.lineup, {h: i for i, h in enumerate(r.path)})
            for r in plan.roads}
        self.spawns: list[tuple[str, tuple[int, ...], str]] = list(plan.spawns)
        problems = self._problems(plan)
        if problems:
            raise DataError(problems)
        self._corridors: dict[tuple[str, int, int], frozenset[str]] = {}
        self._land: dict[str, dict[str, int]] = {}
        self._near_entries: dict[tuple[bool, int], frozenset[str]] = {}
        self._around: dict[tuple[str, int], frozenset[str]] = {}
        # Distance to Kristina over the ground, ignoring units: "as close as possible" (2.0).
        self._ground = {False: self._distances_to(self.kristina, closed=self.bridge),
                        True: self._distances_to(self.kristina, closed=frozenset())}
        self._danish_ground = {False: self.passable - self.bridge, True: self.passable}

    def _problems(self, plan: BoardPlan) -> list[Problem]:
        """What the rules need of a map and this one lacks."""
        source = plan.source
        problems = [Problem(source, f"the bot needs exactly one '{kind}' hex, the map has {len(plan.hexes_of(kind))}")
                    for kind in ("kristina", "militia") if len(plan.hexes_of(kind)) != 1]
        if not self.port:
            problems.append(Problem(source, "the bot needs a 'port' feature (where the ship lands, 6.2)"))
        if not self.stockholm:
            problems.append(Problem(source, "the bot needs a 'stockholm' feature (the setup area, 2.0)"))
        if not self.castles:
            problems.append(Problem(source, "the bot needs at least one 'castle' feature (6.2 Propaganda)"))
        if ("C", 4) not in self.roads:
            problems.append(Problem(source, "the bot needs road C4: Christian II spawns on zone C road 4 (3.2)"))
        problems += [Problem(source, f"no propagandist_spawn serves road {zone}{number} (6.2)")
                     for zone, number in self.roads if self.propagandist_spawn(zone, number) is None]
        return problems

    # -- queries ---------------------------------------------------------------------
    def road(self, zone: str, number: int) -> RoadInfo:
        return self.roads[(zone, number)]

    def distance(self, a: str, b: str) -> int:
        return self.plan.distance(a, b)

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.nbrs.get(a, ())

    def ground_distance(self, hex_id: str, bridge_open: bool) -> float:
        """Steps to Kristina over passable ground for the Danes, units ignored (inf if none)."""
        return self._ground[bridge_open].get(hex_id, float("inf"))

    def ground_distances(self, bridge_open: bool) -> dict[str, int]:
        """``ground_distance`` of every hex from which Kristina can be reached."""
        return self._ground[bridge_open]

    def land_distances(self, goal: str) -> dict[str, int]:
        """Steps from every playfield space to ``goal`` over land, units ignored: walking by hex
        distance alone gets stuck on a shore."""
        if goal not in self._land:
            self._land[goal], _ = bfs(goal, self.nbrs, self.land)
        return self._land[goal]

    def around(self, hex_id: str, steps: int) -> frozenset[str]:
        """Every hex at most ``steps`` neighbour steps from ``hex_id``, whatever the ground: the
        most a walk of ``steps`` spaces can touch, so units further off cannot change it."""
        key = (hex_id, steps)
        found = self._around.get(key)
        if found is None:
            found = self._around[key] = frozenset(bfs(hex_id, self.nbrs, self.nbrs.keys(), limit=steps)[0])
        return found

    def near_entries(self, bridge_open: bool, moves: int) -> frozenset[str]:
        """Spaces a fresh Dane (on an entry or lineup space) could stand next to after a move
        of ``moves`` spaces over the ground it may use."""
        key = (bridge_open, moves)
        if key not in self._near_entries:
            ground = self.danish_ground(bridge_open)
            hexes: set[str] = set()
            for start in (h for r in self.roads.values() for h in (r.path[0], *r.lineup)):
                dist, _ = bfs(start, self.nbrs, ground, {self.kristina}, limit=moves)
                for h in dist:
                    hexes.add(h)
                    hexes.update(self.nbrs[h])
            self._near_entries[key] = frozenset(hexes)
        return self._near_entries[key]

    def propagandist_spawn(self, zone: str, road: int) -> str | None:
        """The yellow-bordered space for a zone card (6.2; zone D roads 1-2 share one)."""
        for z, roads, hex_id in self.spawns:
            if z == zone and (not roads or road in roads):
                return hex_id
        return None

    def corridor(self, zone: str, number: int, width: int) -> frozenset[str]:
        """Hexes within ``width`` spaces of a road: where its troops may go round a block."""
        key = (zone, number, width)
        if key not in self._corridors:
            road = self.roads[(zone, number)]
            near = set(road.path)
            frontier = set(road.path)
            for _ in range(width):
                frontier = {n for h in frontier for n in self.nbrs[h]} - near
                near |= frontier
            self._corridors[key] = frozenset(near)
        return self._corridors[key]

    def ship_at(self, turns_left: int) -> str | None:
        """Where a ship with ``turns_left`` enemy turns to go is on its lane (the port at 0)."""
        if not self.ship_lane:
            return None
        return self.ship_lane[max(0, len(self.ship_lane) - 1 - turns_left)]

    def castle(self, name: str) -> Castle | None:
        return next((c for c in self.castles if c.name == name), None)

    def danish_ground(self, bridge_open: bool) -> frozenset[str]:
        """Hexes a Dane may ever stand on: passable, and not the bridge while it is closed (6.2)."""
        return self._danish_ground[bridge_open]

    def _distances_to(self, goal: str, closed: frozenset[str]) -> dict[str, int]:
        dist = {goal: 0}
        queue = deque([goal])
        while queue:
            here = queue.popleft()
            for n in self.nbrs[here]:
                if n in dist or n not in self.passable or n in closed:
                    continue
                dist[n] = dist[here] + 1
                queue.append(n)
        return dist
