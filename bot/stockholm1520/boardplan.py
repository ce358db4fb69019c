"""The map as the bot's rules need it, as plain data: the hexes and their neighbours, which are
passable and in the playfield, each hex's terrain and axial place, the features the rules name
(Kristina, the militia space, the port, the bridge, the ship's lane, the training zone, the
Stockholm area, the castles), the roads and the propagandists' spawns.

Made from the kit's map file in the terminal (``bot.stockholm1520.mapplan``, through
``generator.hexmap``) and read back from the offline app's baked JSON (``from_json``): the rules
(``bot.stockholm1520.board``) see only this. Standard library only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.hexmap.geometry import Axial, axial_distance


@dataclass(frozen=True)
class RoadPlan:
    """A road: its zone and number, its hexes (entry first, Kristina last), its lineup."""

    zone: str
    number: int
    path: tuple[str, ...]
    lineup: tuple[str, ...]


@dataclass(frozen=True)
class BoardPlan:
    """Everything static about a map that the rules read (see the module's words)."""

    id: str
    source: str                                     # the map file, as messages name it
    hexes: tuple[str, ...]
    neighbours: dict[str, tuple[str, ...]]
    passable: frozenset[str]
    playfield: frozenset[str]
    terrain: dict[str, str]
    axial: dict[str, Axial]
    features: dict[str, tuple[str, ...]]            # kind -> hexes of its features, in map order
    castles: tuple[tuple[str, tuple[str, ...]], ...]
    ship_lane: tuple[str, ...]
    roads: tuple[RoadPlan, ...]
    spawns: tuple[tuple[str, tuple[int, ...], str], ...]      # zone, roads served, hex

    def hexes_of(self, kind: str) -> tuple[str, ...]:
        return self.features.get(kind, ())

    def distance(self, a: str, b: str) -> int:
        """Hexes between a and b, whatever the ground (axial distance)."""
        return axial_distance(self.axial[a], self.axial[b])

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "source": self.source, "hexes": list(self.hexes),
                "neighbours": {h: list(n) for h, n in self.neighbours.items()},
                "passable": sorted(self.passable), "playfield": sorted(self.playfield), "terrain": self.terrain,
                "axial": {h: [a.q, a.r] for h, a in self.axial.items()},
                "features": {k: list(v) for k, v in sorted(self.features.items())},
                "castles": [[name, list(hexes)] for name, hexes in self.castles], "ship_lane": list(self.ship_lane),
                "roads": [[r.zone, r.number, list(r.path), list(r.lineup)] for r in self.roads],
                "spawns": [[zone, list(roads), hex_id] for zone, roads, hex_id in self.spawns]}


def from_json(data: dict[str, Any]) -> BoardPlan:
    """A plan as ``BoardPlan.to_json`` wrote it (baked at export time)."""
    return BoardPlan(str(data["id"]), str(data["source"]), tuple(data["hexes"]),
                     {h: tuple(n) for h, n in data["neighbours"].items()}, frozenset(data["passable"]),
                     frozenset(data["playfield"]), dict(data["terrain"]),
                     {h: Axial(int(a[0]), int(a[1])) for h, a in data["axial"].items()},
                     {k: tuple(v) for k, v in data["features"].items()},
                     tuple((str(name), tuple(hexes)) for name, hexes in data["castles"]), tuple(data["ship_lane"]),
                     tuple(RoadPlan(str(z), int(n), tuple(p), tuple(lu)) for z, n, p, lu in data["roads"]),
                     tuple((str(z), tuple(int(r) for r in roads), str(h)) for z, roads, h in data["spawns"]))
