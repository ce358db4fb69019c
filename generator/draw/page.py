"""A printable page: a scene plus the boxes a print shop reads."""

from __future__ import annotations

from dataclasses import dataclass

from generator.draw.scene import Scene

Box = tuple[float, float, float, float]  # x, y, width, height in mm, y down from the top-left


@dataclass(frozen=True)
class BoardTile:
    """A page that is one tile of a board larger than the paper: where the board's part lies
    on it (``region``), the part of that which shows once the tiles are joined (``shows``: a
    later tile is laid over the rest), and the regions that must be seen whole (a legend, the
    title) by name. All boxes on the page."""

    region: Box
    shows: Box
    whole: tuple[tuple[str, Box], ...] = ()


@dataclass(frozen=True)
class Page:
    """One page of a document. MediaBox is the whole scene; trim and bleed boxes are optional."""

    scene: Scene
    trim: Box | None = None
    bleed: Box | None = None
    label: str = ""
    #: Where each piece's trim lies on a sheet of pieces, by its id: the cuts the preflight
    #: checks (generator.preflight.cutting); empty on other pages.
    pieces: tuple[tuple[str, Box], ...] = ()
    #: On a tile of a board: what the preflight's tiling rule reads (generator.preflight.tiles).
    tile: BoardTile | None = None
    #: On a page of text set in columns: each column the text left to go on in the next, by its
    #: number from 1, with the share of its height left blank below the text (the column the
    #: text ends in is not one): what the preflight's column rule reads (generator.preflight.columns).
    columns_left: tuple[tuple[int, float], ...] = ()
