"""A designer's numbered hex grid (``pnpkit hexgrid``): blank, or with terrain from a file.

The grid is made as an ordinary map (so it shares the loader's checks and the painter);
the terrain file uses the map format's ``terrains``, ``terrain_rows``/``default_terrain``,
``hexes`` and ``hexsides`` keys, and the command line sets the grid's shape.
"""

from __future__ import annotations

from pathlib import Path

from generator.datafiles import LineDict, display_path, load_yaml
from generator.draw.scene import Scene
from generator.errors import DataError, Problem
from generator.hexmap.checks import build_map
from generator.hexmap.model import HexMap
from generator.hexmap.schema import read_map_file

TERRAIN_KEYS = ("terrains", "default_terrain", "terrain_rows", "hexes", "hexsides", "labels")
BLANK_TERRAIN = [{"name": "clear", "key": "C", "label": "Clear", "fill": "#ffffff"}]


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


def build_grid_files(grid: HexMap, out_dir: Path, paper: str = "a4", formats: tuple[str, ...] = ("pdf", "svg")) -> list[Path]:
    """Full-size PDF, the same tiled on ``paper`` when larger, SVG and PNG of a plain grid."""
    from generator.atomic import write_all
    from generator.draw.page import Page
    from generator.draw.pdf import render_pdf
    from generator.draw.png import render_png
    from generator.draw.svg import render_svg
    from generator.hexmap.draw import MapOptions, board_size, draw_map, grid_origin
    from generator.hexmap.tiling import assembly_page, paper_size, plan_map_tiles, tile_page
    from generator.printing.tiling import Culler

    options = MapOptions(plain=True, margin_mm=10.0)
    scene = draw_map(grid, options)
    out_dir = Path(out_dir)
    stem = f"hexgrid-{grid.cols}x{grid.rows}-{grid.layout.flat_mm:g}mm"
    files: dict[Path, bytes | str] = {}
    if "pdf" in formats:
        files[out_dir / f"{stem}-fullsize.pdf"] = render_pdf([Page(scene, trim=(0, 0, scene.width, scene.height))],
                                                            title=grid.title)
        pw, ph = paper_size(paper)
        if min(scene.width, scene.height) > min(pw, ph) - 16 or max(scene.width, scene.height) > max(pw, ph) - 16:
            w, h = board_size(grid, options)
            plan = plan_map_tiles(w, h, grid_origin(options), grid.layout.flat_mm, grid.cols, grid.rows, paper)
            index = Culler(scene.items)     # the grid indexed once for all its tiles
            pages = [Page(assembly_page(scene, plan, grid.title))] + [Page(tile_page(scene, plan, t, grid.title, index))
                                                                        for t in plan.tiles]
            files[out_dir / f"{stem}-{paper}.pdf"] = render_pdf(pages, title=grid.title)
        else:
            files[out_dir / f"{stem}-{paper}.pdf"] = render_pdf([Page(on_paper(scene, pw, ph))], title=grid.title)
    if "svg" in formats:
        files[out_dir / f"{stem}.svg"] = render_svg(scene)
    if "png" in formats:
        files[out_dir / f"{stem}.png"] = render_png(scene, dpi=150)
    return write_all(files)
