"""What a map offers the writers (``generator.outputs``): the board tiled on the paper, one
full-size page for a print shop, and the board as a picture (SVG, PNG).

A game's ``map`` component and ``pnpkit map build`` make the same offers, so a map's files
have the same names however it is built: ``STEM-PAPER-tiled.pdf``, ``STEM-fullsize.pdf``,
``STEM.svg``, ``STEM.png`` (the stem is the component's id in a build, the map's id in
``map build``).
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Callable, Sequence

from generator.draw.page import Page
from generator.draw.scene import Scene
from generator.hexart.board import board_size, draw_map, grid_origin
from generator.hexart.places import hex_places, panel_places, places
from generator.hexart.tiling import TilePlan, assembly_page, plan_map_tiles
from generator.printing.tiling import read_regions
from generator.hexmap.model import HexMap
from generator.hexmap.options import MapOptions
from generator.pieces.faces import Face
from generator.pieces.offers import Board, Facts, JobMaker, Offer, Pages, Picture


def map_tile_plan(hexmap: HexMap, paper: str = "a4", options: MapOptions = MapOptions(),
                  board: Scene | None = None) -> TilePlan:
    """How this map's board splits into pages of ``paper``: no seam through its legend or
    title, the panel's ornaments set between the seams where they must move, and where it
    can, none through a word or symbol of the ``board`` as drawn."""
    w, h = board_size(hexmap, options)
    return plan_map_tiles(w, h, grid_origin(options), hexmap.layout.flat_mm, hexmap.cols, hexmap.rows, paper,
                          keep=hex_places(hexmap, options), arrange=lambda seams: panel_places(hexmap, seams, options),
                          read=read_regions(board) if board is not None else ())


def tiled_board(hexmap: HexMap, draw: Callable[[], Scene]) -> Callable[[TilePlan], Scene]:
    """The board as a tiling draws it: ``draw()``'s, unless the plan moved the panel's ornaments."""
    usual = places(hexmap)

    def board(plan: TilePlan) -> Scene:
        if set(plan.keep) == set(usual):
            return draw()
        moved = [region for region in plan.keep if region[0] in {name for name, _ in panel_places(hexmap) or ()}]
        return draw_map(hexmap, panel=moved)
    return board


def map_offers(hexmap: HexMap, make: JobMaker, stem: PurePosixPath, key: str, draw: Callable[[], Scene],
               faces: Sequence[Face] = (), dpi: int | float | None = None, png_from_pdf: bool = True) -> list[Offer]:
    """The board tiled, full size and as a picture (PNG at ``dpi``; rasterised from the
    full-size PDF when one is made and ``png_from_pdf``)."""
    size = board_size(hexmap)

    def full_page() -> list[Page]:
        board = draw()
        return [Page(board, trim=(0.0, 0.0, board.width, board.height), label="board")]

    full_size = Pages(make=make, stem=stem.with_name(f"{stem.name}-fullsize"), item=f"{stem.name} (full size)",
                      key=key, faces=faces, facts=Facts(trim_mm=size, items=0, role="fullsize"),
                      pages=full_page, title=f"{hexmap.title} - map, full size", subject="hex map")
    return [Board(make=make, stem=stem, item=stem.name, key=key, faces=faces, facts=Facts(trim_mm=size), draw=draw,
                  plan=lambda paper: map_tile_plan(hexmap, paper, board=draw()), draw_tiled=tiled_board(hexmap, draw),
                  assembly=lambda board, plan: assembly_page(board, plan, hexmap.title),
                  title=hexmap.title, document=f"{hexmap.title} - map", subject="hex map"),
            full_size,
            Picture(make=make, stem=stem, item=stem.name, key=key, faces=faces,
                    facts=Facts(trim_mm=size, items=0, role="picture"), draw=draw, dpi=dpi,
                    pdf=full_size.pdf if png_from_pdf else None)]
