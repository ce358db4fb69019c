"""Checks the meaning of a map file and builds the HexMap: every problem reported at once."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from pydantic import ValidationError

from generator.datafiles import display_path, line_of, load_yaml, validation_problems
from generator.errors import DataError, Problem
from generator.hexmap.geometry import Axial, HexLayout, axial_distance, hex_id, offset_to_axial, parse_hex_id
from generator.hexmap.model import Cell, Feature, HexMap, Hexside, Label, Road, Terrain, Zone
from generator.hexmap.schema import MapFile, RoadIn, RulesIn, ZoneFile
from generator.paths import OutsideKit, inside_kit


class _Checker:
    """Collects problems with the line they come from."""

    def __init__(self, shown: str, data: Any) -> None:
        self.shown = shown
        self.data = data
        self.problems: list[Problem] = []

    def add(self, message: str, loc: Sequence[Any] = (), line: int | None = None) -> None:
        field = ".".join(str(p) for p in loc) or None
        self.problems.append(Problem(self.shown, message, line=line or line_of(self.data, loc), field=field))


def load_zones(path: Path, check: _Checker, loc: Sequence[Any]) -> dict[str, Zone]:
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


def _rows(raw: MapFile, check: _Checker, terrain: dict[str, str], playfield: dict[str, bool]) -> None:
    """terrain_rows: one letter per hex, one line per row; a capital is inside the playfield."""
    assert raw.terrain_rows is not None
    cols, rows = raw.grid.cols, raw.grid.rows
    by_key = {t.key: t.name for t in raw.terrains if t.key}
    first_line = (line_of(check.data, ["terrain_rows"]) or 0) + 1
    lines = raw.terrain_rows.split("\n")
    grid_rows = [(i, ln.split()) for i, ln in enumerate(lines) if ln.strip() and not ln.strip().startswith("#")]
    if len(grid_rows) != rows:
        check.add(f"terrain_rows has {len(grid_rows)} rows, the grid has {rows}", ["terrain_rows"])
    for row, (index, tokens) in enumerate(grid_rows[:rows], start=1):
        if len(tokens) != cols:
            check.add(f"row {row} of terrain_rows has {len(tokens)} hexes, the grid has {cols} columns",
                      ["terrain_rows"], line=first_line + index)
        for col, token in enumerate(tokens[:cols], start=1):
            key = token.upper()
            if len(token) != 1 or key not in by_key:
                check.add(f"unknown terrain key {token!r} in row {row}, column {col} (known: {', '.join(sorted(by_key))})",
                          ["terrain_rows"], line=first_line + index)
                continue
            terrain[hex_id(col, row)] = by_key[key]
            playfield[hex_id(col, row)] = token.isupper()


def _overrides(raw: MapFile, check: _Checker, terrain: dict[str, str], playfield: dict[str, bool]) -> None:
    """Per-hex terrain and playfield from ``hexes:``."""
    cols, rows = raw.grid.cols, raw.grid.rows
    names = {t.name for t in raw.terrains}
    for hid, over in raw.hexes.items():
        col, row = parse_hex_id(hid)
        if not (1 <= col <= cols and 1 <= row <= rows):
            check.add(f"hex {hid} is outside the {cols}x{rows} grid", ["hexes", hid])
            continue
        if over.terrain is not None:
            if over.terrain not in names:
                check.add(f"unknown terrain {over.terrain!r} (known: {', '.join(sorted(names))})", ["hexes", hid, "terrain"])
            else:
                terrain[hid] = over.terrain
        if over.playfield is not None:
            playfield[hid] = over.playfield


def _cells(raw: MapFile, check: _Checker) -> dict[str, Cell]:
    """Every hex of the grid from terrain_rows (or default_terrain) plus per-hex overrides."""
    names = {t.name for t in raw.terrains}
    terrain: dict[str, str] = {}
    playfield: dict[str, bool] = {}
    if raw.default_terrain is not None and raw.default_terrain not in names:
        check.add(f"unknown terrain {raw.default_terrain!r} (known: {', '.join(sorted(names))})", ["default_terrain"])
    if raw.terrain_rows is not None:
        _rows(raw, check, terrain, playfield)
    elif raw.default_terrain is None:
        check.add("give terrain_rows or default_terrain, so that every hex has a terrain", [])
    _overrides(raw, check, terrain, playfield)
    default = raw.default_terrain if raw.default_terrain in names else None
    cells = {}
    for col in range(1, raw.grid.cols + 1):
        for row in range(1, raw.grid.rows + 1):
            hid = hex_id(col, row)
            # a hex without terrain is already reported; keep going to find more problems
            name = terrain.get(hid, default) or raw.terrains[0].name
            over = raw.hexes.get(hid)
            cells[hid] = Cell(hid, col, row, name, playfield.get(hid, True), over.label if over else None)
    return cells


def _in_grid(hid: str, cells: dict[str, Cell], check: _Checker, loc: Sequence[Any], what: str) -> bool:
    if hid in cells:
        return True
    check.add(f"{what} {hid} is outside the grid", loc)
    return False


def _terrains(raw: MapFile, check: _Checker) -> dict[str, Terrain]:
    """The terrain kinds, each name and key once."""
    terrains: dict[str, Terrain] = {}
    keys: dict[str, str] = {}
    for i, t in enumerate(raw.terrains):
        if t.name in terrains:
            check.add(f"duplicate terrain name {t.name!r}", ["terrains", i, "name"])
        if t.key and t.key in keys:
            check.add(f"duplicate terrain key {t.key!r} (already used by {keys[t.key]!r})", ["terrains", i, "key"])
        keys.setdefault(t.key, t.name)
        terrains.setdefault(t.name, Terrain(t.name, t.label or t.name.capitalize(), t.fill, t.passable, t.key, t.pattern))
    return terrains


@dataclass
class _Grid:
    """What the later checks look things up in: cells, terrains, zones, adjacency."""

    cells: dict[str, Cell]
    terrains: dict[str, Terrain]
    zones: dict[str, Zone]
    axial: dict[str, Axial]

    def adjacent(self, a: str, b: str) -> bool:
        return axial_distance(self.axial[a], self.axial[b]) == 1

    def passable(self, hid: str) -> bool:
        return self.terrains.get(self.cells[hid].terrain, Terrain("", "", "")).passable


def _zone_file(raw: MapFile, path: Path, check: _Checker) -> dict[str, Zone]:
    """The zones of the file the map names, which must sit beside the map (or below it)."""
    if not raw.zones:
        return {}
    try:
        zones_path = inside_kit(path.parent, path.parent, raw.zones)
    except OutsideKit as err:
        check.add(f"{err}; the zone file must sit beside the map", ["zones"])
        return {}
    return load_zones(zones_path, check, ["zones"])


def _features(raw: MapFile, grid: _Grid, check: _Checker) -> list[Feature]:
    """Features with their hexes on the grid, each hex once, known zones, names not repeated."""
    features: list[Feature] = []
    for i, f in enumerate(raw.features):
        seen: set[str] = set()
        for j, h in enumerate(f.hexes):
            _in_grid(h, grid.cells, check, ["features", i, "hexes", j], f"{f.kind} hex")
            if h in seen:
                check.add(f"hex {h} listed twice in {f.kind} {f.name!r}".replace(" ''", ""), ["features", i, "hexes", j])
            seen.add(h)
        if f.zone is not None and grid.zones and f.zone not in grid.zones:
            check.add(f"unknown zone {f.zone!r} (zones: {', '.join(grid.zones)})", ["features", i, "zone"])
        features.append(Feature(f.kind, list(f.hexes), f.name, f.zone, list(f.roads)))
    names_seen: dict[tuple[str, str], int] = {}
    for i, feature in enumerate(features):
        if feature.name and (feature.kind, feature.name) in names_seen:
            check.add(f"duplicate {feature.kind} name {feature.name!r}", ["features", i, "name"])
        names_seen.setdefault((feature.kind, feature.name), i)
    return features


def _check_counts(rules: RulesIn, features: list[Feature], check: _Checker) -> None:
    """rules.exactly_one and rules.at_least_one."""
    for kind in rules.exactly_one:
        found = [f for f in features if f.kind == kind]
        if len(found) != 1 or len(found[0].hexes) != 1:
            hexes = sum(len(f.hexes) for f in found)
            check.add(f"this map needs exactly one {kind} in one hex (rules.exactly_one), found {len(found)} feature(s) with {hexes} hex(es)",
                      ["rules", "exactly_one"])
    for kind in rules.at_least_one:
        if not any(f.kind == kind for f in features):
            check.add(f"this map needs at least one {kind} (rules.at_least_one)", ["rules", "at_least_one"])


def _goal(raw: MapFile, features: list[Feature], grid: _Grid, check: _Checker) -> str | None:
    """The one hex every road must end at (rules.roads_end_at)."""
    rules = raw.rules
    if not rules.roads_end_at:
        if raw.roads:
            check.add("a map with roads must say where they lead: rules.roads_end_at (a feature kind, e.g. goal)", ["roads"])
        return None
    goal_hexes = [h for f in features if f.kind == rules.roads_end_at for h in f.hexes if h in grid.cells]
    if len(goal_hexes) == 1:
        return goal_hexes[0]
    if raw.roads:
        check.add(f"roads must end at the {rules.roads_end_at} (rules.roads_end_at) but the map has {len(goal_hexes)} such hexes",
                  ["rules", "roads_end_at"])
    return None


def _check_road_path(r: RoadIn, i: int, name: str, goal: str | None, raw: MapFile, grid: _Grid,
                     check: _Checker) -> None:
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


def _check_lineup(r: RoadIn, i: int, name: str, grid: _Grid, check: _Checker) -> None:
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


def _roads(raw: MapFile, goal: str | None, grid: _Grid, check: _Checker) -> list[Road]:
    """Every road checked on its own, then against the others and the zone file."""
    roads: list[Road] = []
    road_seen: dict[tuple[str, int], int] = {}
    zones = grid.zones
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
        inside = all(_in_grid(h, grid.cells, check, ["roads", i, "path", j], f"{name}: hex") for j, h in enumerate(r.path))
        lineup_inside = all(_in_grid(h, grid.cells, check, ["roads", i, "lineup", j], f"{name}: lineup hex")
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


def _check_shared_lineups(roads: list[Road], check: _Checker) -> None:
    lineup_owner: dict[str, str] = {}
    for i, r in enumerate(roads):
        for j, h in enumerate(r.lineup):
            if h in lineup_owner:
                check.add(f"road {r.name}: lineup space {h} is also a lineup space of road {lineup_owner[h]}", ["roads", i, "lineup", j])
            lineup_owner.setdefault(h, r.name)


def _check_cover_roads(kind: str, features: list[Feature], roads: list[Road], zones: dict[str, Zone],
                       check: _Checker) -> None:
    """rules.cover_roads: every road of every zone served by one feature of ``kind``, on it."""
    served: dict[tuple[str, int], int] = {}
    for i, f in enumerate(features):
        if f.kind != kind:
            continue
        if f.zone is None:
            check.add(f"{kind} needs a zone", ["features", i])
            continue
        numbers = f.roads or list(range(1, (zones[f.zone].roads if f.zone in zones else 0) + 1))
        for n in numbers:
            if (f.zone, n) in served:
                check.add(f"{kind}: road {f.zone}{n} is served twice", ["features", i, "roads"])
            served[(f.zone, n)] = i
        on_road = any(f.hexes[0] in r.path for r in roads if r.zone == f.zone and r.number in numbers)
        if not on_road:
            check.add(f"{kind} of zone {f.zone} at {f.hexes[0]} is not on any of the roads it serves", ["features", i, "hexes"])
    for letter, zone in zones.items():
        for n in range(1, zone.roads + 1):
            if (letter, n) not in served:
                check.add(f"no {kind} serves road {letter}{n} (rules.cover_roads)", ["features"])


def _hexsides(raw: MapFile, grid: _Grid, check: _Checker) -> list[Hexside]:
    """Hexside lines between pairs of adjacent hexes."""
    hexsides: list[Hexside] = []
    for i, s in enumerate(raw.hexsides):
        pairs = []
        for j, (a, b) in enumerate(s.sides):
            if not (_in_grid(a, grid.cells, check, ["hexsides", i, "sides", j], f"{s.kind} side hex")
                    and _in_grid(b, grid.cells, check, ["hexsides", i, "sides", j], f"{s.kind} side hex")):
                continue
            if not grid.adjacent(a, b):
                check.add(f"{s.kind} side {a}-{b}: hexes are not adjacent, so they share no edge", ["hexsides", i, "sides", j])
                continue
            pairs.append((a, b))
        hexsides.append(Hexside(s.kind, pairs, s.name))
    return hexsides


def _labels(raw: MapFile, grid: _Grid, check: _Checker) -> list[Label]:
    return [Label(lab.text, lab.at, lab.dx_mm, lab.dy_mm, lab.size_pt, lab.rotate, lab.style)
            for i, lab in enumerate(raw.labels) if _in_grid(lab.at, grid.cells, check, ["labels", i, "at"], "label hex")]


def _decor(raw: MapFile, grid: _Grid, check: _Checker) -> dict[str, str]:
    decor: dict[str, str] = {}
    for key, value in raw.decor.model_dump().items():
        if value is None:
            continue
        if value not in ("panel", "bottom", "none"):
            _in_grid(value, grid.cells, check, ["decor", key], f"decor {key} hex")
        decor[key] = value
    return decor


def _check_legend(raw: MapFile, features: list[Feature], check: _Checker) -> None:
    kinds = {f.kind for f in features}
    for kind in raw.legend:
        if kind not in kinds:
            check.add(f"the legend names {kind!r}, but no feature of this map is of that kind "
                      f"(kinds: {', '.join(sorted(kinds)) or 'none'})", ["legend", kind])


def build_map(raw: MapFile, data: Any, path: Path) -> HexMap:
    """Check what the map file means and build the HexMap (DataError with every problem)."""
    check = _Checker(display_path(path), data)
    layout = HexLayout(flat_mm=raw.grid.flat_mm, low_columns=raw.grid.low_columns)
    cells = _cells(raw, check)
    grid = _Grid(cells, _terrains(raw, check), _zone_file(raw, Path(path), check),
                 {hid: offset_to_axial(c.col, c.row, layout.low_columns) for hid, c in cells.items()})
    features = _features(raw, grid, check)
    _check_counts(raw.rules, features, check)
    roads = _roads(raw, _goal(raw, features, grid, check), grid, check)
    for kind in raw.rules.cover_roads:
        _check_cover_roads(kind, features, roads, grid.zones, check)
    hexsides = _hexsides(raw, grid, check)
    labels = _labels(raw, grid, check)
    decor = _decor(raw, grid, check)
    _check_legend(raw, features, check)
    if check.problems:
        raise DataError(check.problems)
    return HexMap(id=raw.id, title=raw.title, subtitle=raw.subtitle, notes=raw.notes, cols=raw.grid.cols,
                  rows=raw.grid.rows, layout=layout, terrains=grid.terrains, cells=cells, roads=roads,
                  features=features, hexsides=hexsides, labels=labels, zones=grid.zones, decor=decor,
                  legend=dict(raw.legend), source=Path(path))
