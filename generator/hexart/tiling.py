"""Tiling a hex map onto home-printer pages: regions start on hex boundaries, so that every
hex is whole on at least one tile and a player never has to read a hex id across a seam.
The tiling itself (regions, pages, marks, the assembly page) is ``generator.printing.tiling``.
"""

from __future__ import annotations

import math
from typing import Sequence

from generator.draw.scene import Scene
from generator.printing.tiling import (JOINING, MIN_OVERLAP, Arrange, Region, Tile, TilePlan, cull, paper_size,
                                       plan_tiles, tile_page)
from generator.printing.tiling import assembly_page as _assembly_page

HEXES_WHOLE = " Every hex is whole on at least one tile, so hex ids can always be read."

__all__ = ["Tile", "TilePlan", "assembly_page", "cull", "paper_size", "plan_map_tiles", "plan_tiles", "tile_page"]


def assembly_page(board: Scene, plan: TilePlan, title: str, steps: Sequence[str] | None = None) -> Scene:
    """The assembly page of a map (``steps``: other joining steps than a hex map's)."""
    if steps is not None:
        return _assembly_page(board, plan, title, steps, "the map")
    return _assembly_page(board, plan, title, (*JOINING[:-1], JOINING[-1] + HEXES_WHOLE), "the map",
                          ": the 100 mm ruler on the map must measure 100 mm")


def plan_map_tiles(board_w: float, board_h: float, origin: tuple[float, float], flat_mm: float, cols: int,
                   rows: int, paper: str = "a4", orientation: str = "auto", keep: Sequence[Region] = (),
                   arrange: Arrange | None = None, read: Sequence[Region] = ()) -> TilePlan:
    """Tiles for a hex board whose grid starts at ``origin``: regions start at the left edge
    of a hex column (overlap >= the half column two columns share) or on a half-hex line
    (overlap >= half a hex), so no hex is cut on every tile; no seam crosses the ``keep``
    regions or those ``arrange`` sets (the map's legend and title: ``generator.hexart.places``),
    and where it can none crosses a ``read`` region (a word or symbol of the board)."""
    radius = flat_mm / math.sqrt(3.0)
    ox, oy = origin
    xs = [ox + k * 1.5 * radius for k in range(cols + 1)]
    ys = [oy + k * flat_mm / 2 for k in range(2 * rows + 2)]
    return plan_tiles(board_w, board_h, paper, xs, ys, overlap=max(MIN_OVERLAP, 0.5 * radius + 0.5),
                      y_overlap=flat_mm / 2 + 0.5, orientation=orientation, keep=keep, arrange=arrange,
                      read=read)
