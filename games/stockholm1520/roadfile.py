"""Stockholm 1520's keys of a map file (``roads``), read and checked: the zone file, the roads,
their lineups and the features that must serve them (rules 1.1, 2.0, 6.2); ``check`` is the
overlay's check (``games.stockholm1520.overlay``) and returns the map's ``RoadNetwork``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from generator.core.errors import DataError
from generator.core.models import Strict
from generator.hexmap.checks import MapChecker, MapGrid
from generator.hexmap.model import Feature
from generator.hexmap.schema import HexId
from generator.kit.datafiles import display_path, load_yaml, validation_problems
from generator.kit.paths import OutsideKit, inside_kit
from games.stockholm1520.roads import Road, RoadNetwork, Zone, feature_roads, feature_zone


# -- the keys of the map file ------------------------------------------------------------

class RoadIn(Strict):
    zone: str = Field(min_length=1)
    number: int = Field(ge=1)
    path: list[HexId] = Field(min_length=2)
    lineup: list[HexId] = []


class MapKeys(Strict):
    zones: str | None = Field(default=None, description="zone file, relative to the map file")
    roads: list[RoadIn] = []


class RuleKeys(Strict):
    roads_end_at: str | None = Field(default=None, description="feature kind every road must reach")
    cover_roads: list[str] = Field(default=[], description="feature kinds that must serve every road of every zone once")
    lineup: int = Field(default=0, ge=0, description="how many lineup spaces each road needs behind its entry")


class FeatureKeys(Strict):
    zone: str | None = None
    roads: list[int] = []


class ZoneIn(Strict):
    name: str = ""
    roads: int = Field(ge=1)


class ZoneFile(BaseModel):
    zones: dict[str, ZoneIn]


# -- what they mean ----------------------------------------------------------------------

def _load_zones(path: Path, check: MapChecker) -> dict[str, Zone]:
    """The zone file the map refers to (one source of truth for zones and roads)."""
    try:
        data = load_yaml(path)
    except DataError as err:
        check.problems.extend(err.problems)
        return {}
    try:
        parsed = ZoneFile.model_validate(data)
    except ValidationError as err:
        check.problems.extend(validation_problems(display_path(path), err, data))
        return {}
    return {letter: Zone(letter, z.name, z.roads) for letter, z in parsed.zones.items()}


def _zone_file(raw: Any, path: Path, check: MapChecker) -> dict[str, Zone]:
    """The zones of the file the map names, which must sit beside the map (or below it)."""
    if not raw.zones:
        return {}
    try:
        zones_path = inside_kit(path.parent, path.parent, raw.zones)
    except OutsideKit as err:
        check.add(f"{err}; the zone file must sit beside the map", ["zones"])
        return {}
    return _load_zones(zones_path, check)


def _check_feature_zones(features: list[Feature], zones: dict[str, Zone], check: MapChecker) -> None:
    for i, f in enumerate(features):
        zone = feature_zone(f)
        if zone is not None and zones and zone not in zones:
            check.add(f"unknown zone {zone!r} (zones: {', '.join(zones)})", ["features", i, "zone"])


def _goal(raw: Any, grid: MapGrid, check: MapChecker) -> str | None:
    """The one hex every road must end at (rules.roads_end_at)."""
    rules = raw.rules
    if not rules.roads_end_at:
        if raw.roads:
            check.add("a map with roads must say where they lead: rules.roads_end_at (a feature kind, e.g. goal)", ["roads"])
        return None
    goal_hexes = [h for f in grid.features if f.kind == rules.roads_end_at for h in f.hexes if h in grid.cells]
    if len(goal_hexes) == 1:
        return goal_hexes[0]
    if raw.roads:
        check.add(f"roads must end at the {rules.roads_end_at} (rules.roads_end_at) but the map has {len(goal_hexes)} such hexes",
                  ["rules", "roads_end_at"])
    return None


def _check_road_path(r: RoadIn, i: int, name: str, goal: str | None, raw: Any, grid: MapGrid,
                     check: MapChecker) -> None:
    """Adjacent, passable steps on the playfield, no hex twice, ending at the goal."""
    cells = grid.cells
    for j, h in enumerate(r.path):
        if not grid.passable(h):
            check.add(f"{name} crosses {cells[h].terrain} at {h} (impassable)", ["roads", i, "path", j])
        if not cells[h].playfield:
            check.add(f"{name} leaves the playfield at {h}", ["roads", i, "path", j])
        if j and not grid.adjacent(r.path[j - 1], h):
            check.add(f"{name} jumps from {r.path[j - 1]} to {h}, which are not adjacent", ["roads", i, "path", j])
        if h in r.path[:j]:
            check.add(f"{name} visits {h} twice", ["roads", i, "path", j])
    if goal is not None and r.path[-1] != goal:
        check.add(f"{name} does not reach the {raw.rules.roads_end_at} at {goal}: it ends at {r.path[-1]}",
                  ["roads", i, "path"])


def _check_lineup(r: RoadIn, i: int, name: str, grid: MapGrid, check: MapChecker) -> None:
    """Lineup spaces: a chain of passable spaces behind the entry, off the road."""
    previous = r.path[0]
    for j, h in enumerate(r.lineup):
        if not grid.adjacent(previous, h):
            check.add(f"{name}: lineup space {h} is not next to {previous}", ["roads", i, "lineup", j])
        if h in r.path or h in r.lineup[:j]:
            check.add(f"{name}: lineup space {h} is on the road or listed twice", ["roads", i, "lineup", j])
        if not grid.passable(h):
            check.add(f"{name}: lineup space {h} is {grid.cells[h].terrain} (impassable)", ["roads", i, "lineup", j])
        previous = h


def _roads(raw: Any, goal: str | None, zones: dict[str, Zone], grid: MapGrid, check: MapChecker) -> list[Road]:
    """Every road checked on its own, then against the others and the zone file."""
    roads: list[Road] = []
    road_seen: dict[tuple[str, int], int] = {}
    for i, r in enumerate(raw.roads):
        name = f"road {r.zone}{r.number}"
        if (r.zone, r.number) in road_seen:
            check.add(f"duplicate {name} (also at roads[{road_seen[(r.zone, r.number)]}])", ["roads", i, "number"])
        road_seen.setdefault((r.zone, r.number), i)
        if zones:
            if r.zone not in zones:
                check.add(f"{name}: unknown zone {r.zone!r} ({raw.zones} has {', '.join(zones)})", ["roads", i, "zone"])
            elif r.number > zones[r.zone].roads:
                check.add(f"{name}: zone {r.zone} has only {zones[r.zone].roads} roads in {raw.zones}", ["roads", i, "number"])
        inside = all(grid.in_grid(h, check, ["roads", i, "path", j], f"{name}: hex") for j, h in enumerate(r.path))
        lineup_inside = all(grid.in_grid(h, check, ["roads", i, "lineup", j], f"{name}: lineup hex")
                            for j, h in enumerate(r.lineup))
        if inside:
            _check_road_path(r, i, name, goal, raw, grid, check)
        if inside and lineup_inside:
            _check_lineup(r, i, name, grid, check)
        if len(r.lineup) < raw.rules.lineup:
            check.add(f"{name} needs {raw.rules.lineup} lineup spaces behind its entry (rules.lineup), has {len(r.lineup)}",
                      ["roads", i, "lineup"] if r.lineup else ["roads", i])
        roads.append(Road(r.zone, r.number, list(r.path), list(r.lineup)))
    _check_shared_lineups(roads, check)
    for letter, zone in zones.items():
        for n in range(1, zone.roads + 1):
            if (letter, n) not in road_seen:
                check.add(f"road {letter}{n} is in {raw.zones} but has no path on the map", ["roads"])
    return roads


def _check_shared_lineups(roads: list[Road], check: MapChecker) -> None:
    lineup_owner: dict[str, str] = {}
    for i, r in enumerate(roads):
        for j, h in enumerate(r.lineup):
            if h in lineup_owner:
                check.add(f"road {r.name}: lineup space {h} is also a lineup space of road {lineup_owner[h]}", ["roads", i, "lineup", j])
            lineup_owner.setdefault(h, r.name)


def _check_cover_roads(kind: str, features: list[Feature], roads: list[Road], zones: dict[str, Zone],
                       check: MapChecker) -> None:
    """rules.cover_roads: every road of every zone served by one feature of ``kind``, on it."""
    served: dict[tuple[str, int], int] = {}
    for i, f in enumerate(features):
        if f.kind != kind:
            continue
        zone = feature_zone(f)
        if zone is None:
            check.add(f"{kind} needs a zone", ["features", i])
            continue
        numbers = feature_roads(f) or list(range(1, (zones[zone].roads if zone in zones else 0) + 1))
        for n in numbers:
            if (zone, n) in served:
                check.add(f"{kind}: road {zone}{n} is served twice", ["features", i, "roads"])
            served[(zone, n)] = i
        on_road = any(f.hexes[0] in r.path for r in roads if r.zone == zone and r.number in numbers)
        if not on_road:
            check.add(f"{kind} of zone {zone} at {f.hexes[0]} is not on any of the roads it serves", ["features", i, "hexes"])
    for letter, z in zones.items():
        for n in range(1, z.roads + 1):
            if (letter, n) not in served:
                check.add(f"no {kind} serves road {letter}{n} (rules.cover_roads)", ["features"])


def check(raw: Any, grid: MapGrid, problems: MapChecker) -> RoadNetwork:
    """The overlay's check (``generator.hexmap.overlay``): zones, roads, lineups and the
    features that must serve every road, every problem reported."""
    zones = _zone_file(raw, grid.path, problems)
    _check_feature_zones(grid.features, zones, problems)
    roads = _roads(raw, _goal(raw, grid, problems), zones, grid, problems)
    for kind in raw.rules.cover_roads:
        _check_cover_roads(kind, grid.features, roads, zones, problems)
    return RoadNetwork(zones, roads)
