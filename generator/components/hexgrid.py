"""A designer's numbered hex grid (``pnpkit hexgrid``): blank, or with terrain from a file.

The grid is made as an ordinary map (so it shares the loader's checks and the painter);
the terrain file uses the map format's ``terrains``, ``terrain_rows``/``default_terrain``,
``hexes`` and ``hexsides`` keys, and the command line sets the grid's shape.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from generator.core.errors import DataError, Problem
from generator.draw.scene import Scene
from generator.hexmap.checks import build_map
from generator.hexmap.model import HexMap
from generator.hexmap.options import MapOptions
from generator.hexmap.schema import read_map_file
from generator.kit.datafiles import LineDict, display_path, load_yaml
from generator.pieces.offers import Board, Facts, JobMaker, Offer, Pages, Picture

TERRAIN_KEYS = ("terrains", "default_terrain", "terrain_rows", "hexes", "hexsides", "labels")
BLANK_TERRAIN = [{"name": "clear", "key": "C", "label": "Clear", "fill": "#ffffff"}]
GRID_OPTIONS = MapOptions(plain=True, margin_mm=10.0)     # how a designer's grid is drawn and tiled


def make_grid(cols: int, rows: int, flat_mm: float, low_columns: str = "even",
              terrain_file: Path | None = None, title: str | None = None) -> HexMap:
    """A HexMap of cols x rows hexes, blank or with the terrain of ``terrain_file``."""
    data = LineDict()
    source = Path(terrain_file) if terrain_file else Path("hexgrid.yaml")
    if terrain_file:
        loaded = load_yaml(source)
        if not isinstance(loaded, LineDict):
            raise DataError([Problem(display_path(source), "expected a mapping with terrains and terrain_rows")])
        unknown = [k for k in loaded if k not in TERRAIN_KEYS + ("id", "title", "grid")]
        if unknown:
            raise DataError([Problem(display_path(source), f"a terrain file has only {', '.join(TERRAIN_KEYS)}; "
                                     f"unknown: {', '.join(map(str, unknown))}", line=loaded.lines.get(unknown[0]))])
        for key in TERRAIN_KEYS:
            if key in loaded:
                data[key] = loaded[key]
                data.lines[key] = loaded.lines.get(key, 0)
        title = title or loaded.get("title")
    data.setdefault("terrains", BLANK_TERRAIN)
    if "terrain_rows" not in data:
        data.setdefault("default_terrain", data["terrains"][0]["name"])
    data["id"] = "hexgrid"
    data["title"] = title or f"Hex grid {cols} x {rows}"
    data["grid"] = {"cols": cols, "rows": rows, "flat_mm": flat_mm, "low_columns": low_columns}
    raw = read_map_file(display_path(source), data)
    return build_map(raw, data, source)


def on_paper(scene: Scene, paper_w: float, paper_h: float) -> Scene:
    """A grid that fits one sheet, centred on it (landscape when the grid is wider than tall)."""
    if scene.width > scene.height:
        paper_w, paper_h = max(paper_w, paper_h), min(paper_w, paper_h)
    page = Scene(paper_w, paper_h, title=scene.title)
    page.place(scene, (paper_w - scene.width) / 2, (paper_h - scene.height) / 2)
    return page


def grid_offers(grid: HexMap, make: JobMaker, paper: str, scene: Scene) -> list[Offer]:
    """Full size on one page, on ``paper`` (one sheet when the grid fits it with 8 mm to
    spare, else tiled like a map), and as a picture at 150 dpi."""
    from generator.components.map_offers import map_tile_plan
    from generator.draw.page import Page
    from generator.hexart.tiling import assembly_page, paper_size

    options = GRID_OPTIONS
    stem = PurePosixPath(f"hexgrid-{grid.cols}x{grid.rows}-{grid.layout.flat_mm:g}mm")
    size = (scene.width, scene.height)
    full = Pages(make=make, stem=stem.with_name(f"{stem.name}-fullsize"), item=f"{stem.name} (full size)", key="",
                 facts=Facts(trim_mm=size), pages=lambda: [Page(scene, trim=(0, 0, scene.width, scene.height))],
                 title=grid.title)
    pw, ph = paper_size(paper)
    if min(size) > min(pw, ph) - 16 or max(size) > max(pw, ph) - 16:
        sheet: Offer = Board(make=make, stem=stem, item=stem.name, key="", facts=Facts(trim_mm=size), draw=lambda: scene,
                              plan=lambda chosen: map_tile_plan(grid, chosen, options),
                              assembly=lambda board, plan: assembly_page(board, plan, grid.title),
                              title=grid.title, document=grid.title, subject="hex grid")
    else:
        sheet = Pages(make=make, stem=stem.with_name(f"{stem.name}-{paper}"), item=f"{stem.name} ({paper})", key="",
                      pages=lambda: [Page(on_paper(scene, pw, ph))], title=grid.title)
    return [full, sheet, Picture(make=make, stem=stem, item=stem.name, key="", draw=lambda: scene, dpi=150)]
