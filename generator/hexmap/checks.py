"""Checks the meaning of a map file and builds the HexMap: every problem reported at once."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from generator.core.errors import DataError, Problem
from generator.core.words import counted
from generator.hexmap.geometry import Axial, HexLayout, axial_distance, hex_id, offset_to_axial, parse_hex_id
from generator.hexmap.model import Cell, Feature, HexMap, Hexside, Label, Terrain
from generator.hexmap.overlay import OverlayCheck, no_overlay_check
from generator.kit.designed import designed_problem
from generator.hexmap.schema import FeatureIn, MapFile, RulesIn
from generator.kit.datafiles import display_path, line_of


class MapChecker:
    """Collects problems with the line they come from: ``add(message, loc)`` with ``loc`` the
    path of keys in the map file (``["hexsides", 3, "sides", 0]``), which finds the line."""

    def __init__(self, shown: str, data: Any) -> None:
        self.shown = shown
        self.data = data
        self.problems: list[Problem] = []

    def add(self, message: str, loc: Sequence[Any] = (), line: int | None = None) -> None:
        field = ".".join(str(p) for p in loc) or None
        self.problems.append(Problem(self.shown, message, line=line or line_of(self.data, loc), field=field))


def _rows(raw: MapFile, check: MapChecker, terrain: dict[str, str], playfield: dict[str, bool]) -> None:
    """terrain_rows: one letter per hex, one line per row; a capital is inside the playfield."""
    assert raw.terrain_rows is not None
    cols, rows = raw.grid.cols, raw.grid.rows
    by_key = {t.key: t.name for t in raw.terrains if t.key}
    first_line = (line_of(check.data, ["terrain_rows"]) or 0) + 1
    lines = raw.terrain_rows.split("\n")
    grid_rows = [(i, ln.split()) for i, ln in enumerate(lines) if ln.strip() and not ln.strip().startswith("#")]
    if len(grid_rows) != rows:
        check.add(f"terrain_rows has {counted(len(grid_rows), 'rows')}, the grid has {rows}", ["terrain_rows"])
    for row, (index, tokens) in enumerate(grid_rows[:rows], start=1):
        if len(tokens) != cols:
            check.add(f"row {row} of terrain_rows has {counted(len(tokens), 'hexes')}, the grid has {counted(cols, 'columns')}",
                      ["terrain_rows"], line=first_line + index)
        for col, token in enumerate(tokens[:cols], start=1):
            key = token.upper()
            if len(token) != 1 or key not in by_key:
                check.add(f"unknown terrain key {token!r} in row {row}, column {col} (known: {', '.join(sorted(by_key))})",
                          ["terrain_rows"], line=first_line + index)
                continue
            terrain[hex_id(col, row)] = by_key[key]
            playfield[hex_id(col, row)] = token.isupper()


def _overrides(raw: MapFile, check: MapChecker, terrain: dict[str, str], playfield: dict[str, bool]) -> None:
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


def _cells(raw: MapFile, check: MapChecker) -> dict[str, Cell]:
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


def _in_grid(hid: str, cells: dict[str, Cell], check: MapChecker, loc: Sequence[Any], what: str) -> bool:
    if hid in cells:
        return True
    check.add(f"{what} {hid} is outside the grid", loc)
    return False


def _terrains(raw: MapFile, check: MapChecker) -> dict[str, Terrain]:
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
class MapGrid:
    """What the later checks (and a game's overlay) look things up in: cells, terrains,
    adjacency, the features once checked, and where the map file is."""

    cells: dict[str, Cell]
    terrains: dict[str, Terrain]
    axial: dict[str, Axial]
    path: Path
    features: list[Feature] = field(default_factory=list)

    def in_grid(self, hid: str, check: "MapChecker", loc: Sequence[Any], what: str) -> bool:
        """True when ``hid`` is a hex of the grid; else a problem ('{what} {hid} is outside the grid')."""
        return _in_grid(hid, self.cells, check, loc, what)

    def adjacent(self, a: str, b: str) -> bool:
        return axial_distance(self.axial[a], self.axial[b]) == 1

    def passable(self, hid: str) -> bool:
        return self.terrains.get(self.cells[hid].terrain, Terrain("", "", "")).passable


def _features(raw: MapFile, grid: MapGrid, check: MapChecker) -> list[Feature]:
    """Features with their hexes on the grid, each hex once, names not repeated; the keys a
    game's overlay adds kept as the feature's ``options``."""
    features: list[Feature] = []
    for i, f in enumerate(raw.features):
        seen: set[str] = set()
        for j, h in enumerate(f.hexes):
            _in_grid(h, grid.cells, check, ["features", i, "hexes", j], f"{f.kind} hex")
            if h in seen:
                check.add(f"hex {h} listed twice in {f.kind} {f.name!r}".replace(" ''", ""), ["features", i, "hexes", j])
            seen.add(h)
        options = {key: getattr(f, key) for key in type(f).model_fields if key not in FeatureIn.model_fields}
        features.append(Feature(f.kind, list(f.hexes), f.name, options))
    names_seen: dict[tuple[str, str], int] = {}
    for i, feature in enumerate(features):
        if feature.name and (feature.kind, feature.name) in names_seen:
            check.add(f"duplicate {feature.kind} name {feature.name!r}", ["features", i, "name"])
        names_seen.setdefault((feature.kind, feature.name), i)
    return features


def _check_counts(rules: RulesIn, features: list[Feature], check: MapChecker) -> None:
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


def _hexsides(raw: MapFile, grid: MapGrid, check: MapChecker) -> list[Hexside]:
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


def _labels(raw: MapFile, grid: MapGrid, check: MapChecker) -> list[Label]:
    return [Label(lab.text, lab.at, lab.dx_mm, lab.dy_mm, lab.size_pt, lab.rotate, lab.style)
            for i, lab in enumerate(raw.labels) if _in_grid(lab.at, grid.cells, check, ["labels", i, "at"], "label hex")]


def _decor(raw: MapFile, grid: MapGrid, check: MapChecker) -> dict[str, str]:
    decor: dict[str, str] = {}
    for key, value in raw.decor.model_dump().items():
        if value is None:
            continue
        if value not in ("panel", "bottom", "none"):
            _in_grid(value, grid.cells, check, ["decor", key], f"decor {key} hex")
        decor[key] = value
    return decor


def _check_legend(raw: MapFile, features: list[Feature], check: MapChecker) -> None:
    kinds = {f.kind for f in features}
    for kind in raw.legend:
        if kind not in kinds:
            check.add(f"the legend names {kind!r}, but no feature of this map is of that kind "
                      f"(kinds: {', '.join(sorted(kinds)) or 'none'})", ["legend", kind])


def build_map(raw: MapFile, data: Any, path: Path, overlay_check: OverlayCheck = no_overlay_check) -> HexMap:
    """Check what the map file means, with the checks of the game's overlay, and build the
    HexMap (DataError with every problem)."""
    check = MapChecker(display_path(path), data)
    layout = HexLayout(flat_mm=raw.grid.flat_mm, low_columns=raw.grid.low_columns)
    cells = _cells(raw, check)
    grid = MapGrid(cells, _terrains(raw, check),
                   {hid: offset_to_axial(c.col, c.row, layout.low_columns) for hid, c in cells.items()}, Path(path))
    features = grid.features = _features(raw, grid, check)
    _check_counts(raw.rules, features, check)
    extra = overlay_check(raw, grid, check)
    hexsides = _hexsides(raw, grid, check)
    labels = _labels(raw, grid, check)
    decor = _decor(raw, grid, check)
    _check_legend(raw, features, check)
    wrong = designed_problem(raw.designed, set(MapFile.model_fields))
    if wrong:
        check.add(wrong, ["designed"])
    if check.problems:
        raise DataError(check.problems)
    return HexMap(id=raw.id, title=raw.title, subtitle=raw.subtitle, notes=raw.notes, designed=raw.designed,
                  cols=raw.grid.cols,
                  rows=raw.grid.rows, layout=layout, terrains=grid.terrains, cells=cells,
                  features=features, hexsides=hexsides, labels=labels, decor=decor,
                  legend=dict(raw.legend), source=Path(path), overlay=extra)
