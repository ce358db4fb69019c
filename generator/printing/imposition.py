"""Where each piece sits on a sheet, and where its back sits on the backs page.

Pure geometry in millimetres, y down from the sheet's top-left, so it can be tested
without drawing anything.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence, TypeVar

from generator.printing.layouts import GridLayout, Paper, TemplateLayout

T = TypeVar("T")


@dataclass(frozen=True)
class Rect:
    """A rectangle on a sheet, in mm from its top-left."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class Slot(Rect):
    """The trim rectangle of one piece on a sheet, at a column and row of its grid."""

    col: int
    row: int


GUTTER_EDGE = 2.0       # mm beyond the printer margin around a gutter grid: bleed past a miscut, then marks


class LayoutError(ValueError):
    """The piece does not fit the paper or the layout."""


def grid_slots(paper: Paper, piece_w: float, piece_h: float, layout: GridLayout, margin: float) -> list[Slot]:
    """As many slots as fit inside the printable area, centred; butted when gap is 0. Pieces
    set apart by a gutter keep GUTTER_EDGE more on each side: their outer bleed and crop marks."""
    gap = layout.gap
    edge = margin + (GUTTER_EDGE if gap > 0 else 0.0)
    cols = math.floor((paper.width - 2 * edge + gap) / (piece_w + gap) + 1e-9)
    rows = math.floor((paper.height - 2 * edge + gap) / (piece_h + gap) + 1e-9)
    if layout.cols:
        cols = min(cols, layout.cols)
    if layout.rows:
        rows = min(rows, layout.rows)
    if cols < 1 or rows < 1:
        raise LayoutError(f"a {piece_w:g} x {piece_h:g} mm piece does not fit on {paper.label} "
                          f"inside the {margin:g} mm unprintable margin")
    grid_w = cols * piece_w + (cols - 1) * gap
    grid_h = rows * piece_h + (rows - 1) * gap
    left = (paper.width - grid_w) / 2
    top = (paper.height - grid_h) / 2
    return [Slot(left + c * (piece_w + gap), top + r * (piece_h + gap), piece_w, piece_h, c, r)
            for r in range(rows) for c in range(cols)]


def template_slots(paper: Paper, piece_w: float, piece_h: float, layout: TemplateLayout) -> list[Slot]:
    """The label positions of a sticker sheet; the piece must fit a label."""
    if paper.id and layout.paper != paper.id:
        raise LayoutError(f"this sticker sheet is made for {layout.paper}, not {paper.label}")
    if piece_w > layout.width + 1e-6 or piece_h > layout.height + 1e-6:
        raise LayoutError(f"a {piece_w:g} x {piece_h:g} mm piece does not fit a "
                          f"{layout.width:g} x {layout.height:g} mm label")
    dx = (layout.width - piece_w) / 2
    dy = (layout.height - piece_h) / 2
    return [Slot(layout.left + c * layout.col_pitch + dx, layout.top + r * layout.row_pitch + dy,
                 piece_w, piece_h, c, r)
            for r in range(layout.rows) for c in range(layout.cols)]


def slots_for(paper: Paper, piece_w: float, piece_h: float, layout: GridLayout | TemplateLayout,
              margin: float) -> list[Slot]:
    if isinstance(layout, TemplateLayout):
        return template_slots(paper, piece_w, piece_h, layout)
    return grid_slots(paper, piece_w, piece_h, layout, margin)


def back_slot(front: Slot, paper: Paper, offset: tuple[float, float] = (0.0, 0.0)) -> Slot:
    """Where the back of ``front`` goes for long-edge duplex: mirrored left-right.

    ``offset`` (mm, right and down as the backs page is seen) corrects a printer that
    shifts its second side; measure it with the duplex test page.
    """
    return Slot(paper.width - front.x - front.w + offset[0], front.y + offset[1], front.w, front.h,
                front.col, front.row)


def paginate(items: Sequence[T], per_page: int) -> list[list[T]]:
    """Split items into pages of ``per_page``."""
    if per_page < 1:
        raise ValueError("a page holds at least one piece")
    return [list(items[i:i + per_page]) for i in range(0, len(items), per_page)]


def trims(pieces: Sequence[Any], slots: Sequence[Slot]) -> tuple[tuple[str, tuple[float, float, float, float]], ...]:
    """Each piece's id and trim (x, y, w, h) as placed in ``slots``: a page's ``pieces`` (a shaped
    piece's cut follows its outline, not its box: left out)."""
    return tuple((piece.id, (slot.x, slot.y, slot.w, slot.h)) for piece, slot in zip(pieces, slots)
                 if getattr(piece, "outline", None) is None)


def grid_bounds(slots: Sequence[Slot]) -> tuple[float, float, float, float]:
    """Left, top, right, bottom of all slots."""
    return (min(s.x for s in slots), min(s.y for s in slots),
            max(s.right for s in slots), max(s.bottom for s in slots))


def cut_lines(slots: Sequence[Slot]) -> tuple[list[float], list[float]]:
    """The distinct x and y positions of trim edges: where the knife goes."""
    xs = sorted({round(v, 4) for s in slots for v in (s.x, s.right)})
    ys = sorted({round(v, 4) for s in slots for v in (s.y, s.bottom)})
    return xs, ys
