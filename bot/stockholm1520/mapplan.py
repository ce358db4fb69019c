"""The rules' plan of a map (``bot.stockholm1520.boardplan``) made from the kit's map file as
``generator.hexmap`` reads it, with the game's roads (``games.stockholm1520.roads``): the
terminal's side of the board; the offline app has the plan baked."""

from __future__ import annotations

from generator.hexmap.model import HexMap
from games.stockholm1520.roads import feature_roads, feature_zone, road_network

from bot.stockholm1520.boardplan import BoardPlan, RoadPlan

#: The feature kinds the rules name.
KINDS = ("kristina", "militia", "port", "bridge", "training", "stockholm")


def plan_of(hexmap: HexMap) -> BoardPlan:
    """What the rules read of ``hexmap``."""
    lanes = hexmap.features_of("ship_lane")      # optional: where the ship is drawn on its way
    return BoardPlan(
        id=hexmap.id, source=str(hexmap.source or hexmap.id), hexes=tuple(hexmap.cells),
        neighbours={h: tuple(hexmap.neighbours(h)) for h in hexmap.cells},
        passable=frozenset(h for h in hexmap.cells if hexmap.passable(h)),
        playfield=frozenset(h for h, c in hexmap.cells.items() if c.playfield),
        terrain={h: c.terrain for h, c in hexmap.cells.items()},
        axial={h: hexmap.axial(h) for h in hexmap.cells},
        features={kind: tuple(hexmap.hexes_of(kind)) for kind in KINDS},
        castles=tuple((f.name or f"castle {i + 1}", tuple(f.hexes)) for i, f in enumerate(hexmap.features_of("castle"))),
        ship_lane=tuple(lanes[0].hexes) if lanes else (),
        roads=tuple(RoadPlan(r.zone, r.number, tuple(r.path), tuple(r.lineup)) for r in road_network(hexmap).roads),
        spawns=tuple((feature_zone(f) or "", tuple(feature_roads(f)), f.hexes[0])
                     for f in hexmap.features_of("propagandist_spawn")))
