"""Files of a map: tiled PDF for home printers, one full-size PDF page for a print shop, SVG, PNG.

Used by ``pnpkit map build`` for any map file and by the ``map`` component of a game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

from generator.atomic import FileSet
from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.png import pixel_size, render_png, require_pixels
from generator.draw.scene import Scene
from generator.draw.svg import render_svg
from generator.hexmap.draw import MapOptions, board_size, draw_map, grid_origin
from generator.hexmap.model import HexMap
from generator.hexmap.tiling import TilePlan, assembly_page, plan_map_tiles, tile_page
from generator.printing.tiling import Culler

FORMATS = ("pdf", "svg", "png")


def map_tile_plan(hexmap: HexMap, paper: str = "a4", options: MapOptions = MapOptions()) -> TilePlan:
    """How this map's board splits into pages of ``paper``."""
    w, h = board_size(hexmap, options)
    return plan_map_tiles(w, h, grid_origin(options), hexmap.layout.flat_mm, hexmap.cols, hexmap.rows, paper)


def tiled_pdf(hexmap: HexMap, board: Scene, paper: str = "a4") -> bytes:
    """Assembly page first, then one page per tile, each tile cut from the board as it is
    drawn and let go after it: memory holds the board and one tile, whatever the tiles."""
    plan = map_tile_plan(hexmap, paper)

    def pages() -> Iterator[Page]:
        yield Page(assembly_page(board, plan, hexmap.title), label="assembly")
        index = Culler(board.items)
        for tile in plan.tiles:
            yield Page(tile_page(board, plan, tile, hexmap.title, index), label=tile.name)
    return render_pdf(pages(), title=f"{hexmap.title} - map, tiled on {paper.upper()}", subject="hex map")


def full_size_pdf(hexmap: HexMap, board: Scene) -> bytes:
    """The whole board on one page at 100 %, trim box = the board (for a print shop)."""
    return render_pdf([Page(board, trim=(0.0, 0.0, board.width, board.height), label="board")],
                      title=f"{hexmap.title} - map, full size", subject="hex map")


def build_map_files(hexmap: HexMap, out_dir: Path, paper: str = "a4", formats: tuple[str, ...] = FORMATS,
                    dpi: float = 100.0) -> list[Path]:
    """Write the map's files into ``out_dir``; returns their paths."""
    out_dir = Path(out_dir)
    if "png" in formats:                 # refused before anything is drawn
        require_pixels(pixel_size(Scene(*board_size(hexmap, MapOptions())), dpi), dpi, f"{hexmap.id}-map.png")
    board = draw_map(hexmap)
    files = FileSet()                    # each file staged as it is made, renamed when all are
    try:
        if "pdf" in formats:
            files.add(out_dir / f"{hexmap.id}-map-{paper}.pdf", tiled_pdf(hexmap, board, paper))
            files.add(out_dir / f"{hexmap.id}-map-fullsize.pdf", full_size_pdf(hexmap, board))
        if "svg" in formats:
            files.add(out_dir / f"{hexmap.id}-map.svg", render_svg(board))
        if "png" in formats:
            files.add(out_dir / f"{hexmap.id}-map.png", render_png(board, dpi=dpi))
    except BaseException:
        files.discard()
        raise
    return files.commit()
