"""Packing pieces of different sizes onto shared sheets: where each block of pieces goes.

Pure geometry in millimetres, y down from the sheet's top-left, so it can be tested
without drawing anything. A *run* is a component's copies of one size, in order; the
packer lays each run as grid *blocks* (rows of pieces, butted or set apart by the run's
gutter) into the free room of the pages already open, first fit, and opens a page only
when no room is left: a deck's last page is filled by the next deck, small pieces fill
the strips beside and below big ones. Blocks keep ``BLOCK_GAP`` apart, room for each
block's own bleed and crop marks; the free room is cut guillotine-wise (the strip right
of a block, then the strip below it), so a cut through the gap between two blocks never
crosses a piece.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Generic, Sequence, TypeVar

from generator.printing.imposition import Rect, Slot

T = TypeVar("T")

#: mm of bleed a block shows towards the next: the trade's 3 mm (1/8 in), all of it, so that a
#: backs page shifted by the printer (a millimetre or two) shows no white at a block's edge.
BLOCK_BLEED = 3.0
#: mm between a block's bleed and the middle of the strip between two blocks: a crop mark at
#: least 0.8 mm long, 0.3 mm clear of the art (``generator.printing.sheets``: TIGHT_MARK_GAP,
#: MARK_SHORTEST), where the cut that parts the blocks runs.
MARK_ROOM = 1.1
#: mm between two blocks of pieces on a page: each side's full bleed and its crop marks, so
#: that the cut through the middle of the blank strip between them parts two blocks each with
#: all its bleed and its marks. The 7 mm this was left 1.75 mm of bleed a side (issue 38); a
#: published sheet either butts its blocks on one shared cut line (pieces whose edges match:
#: one deck's run, laid as one grid) or keeps a gap of at least the bleed a side.
BLOCK_GAP = 2 * (BLOCK_BLEED + MARK_ROOM)
#: mm a block keeps inside the printable area at the paper's edge (a miscut's bleed and a
#: short mark, as ``generator.printing.sheets`` draws them at a tight edge).
EDGE = 1.8
EPS = 1e-6


@dataclass(frozen=True)
class Run(Generic[T]):
    """Copies of one size to place in order: ``gap`` between neighbours (0: butted)."""

    items: Sequence[T]
    width: float
    height: float
    gap: float = 0.0
    group: str = ""              # the component (or label group) of its first piece
    #: How copies nest (generator.pieces.outline.Outline.nest): ``cols`` (flat hexes, every
    #: other column half a piece lower), ``rows`` (pointy hexes, every other row half a piece
    #: to the right), ``""`` a plain grid.
    nest: str = ""

    def pitch(self) -> tuple[float, float, float, float]:
        """(column pitch, row pitch, odd rows' shift right, odd columns' shift down): nested
        hexes keep ``gap`` between their facing edges."""
        w, h, g = self.width, self.height, self.gap
        if self.nest == "cols":     # the slanted edges' gap is g too, a stretched hex's as well
            slant = math.hypot(h / 2, w / 4)
            return 0.75 * w + g * (2 * slant / h - w / (4 * h)), h + g, 0.0, (h + g) / 2
        if self.nest == "rows":
            slant = math.hypot(w / 2, h / 4)
            return w + g, 0.75 * h + g * (2 * slant / w - h / (4 * w)), (w + g) / 2, 0.0
        return self.width + self.gap, self.height + self.gap, 0.0, 0.0

    def size(self, cols: int, rows: int) -> tuple[float, float]:
        """The width and height a block of ``cols`` x ``rows`` copies takes."""
        px, py, dx, dy = self.pitch()
        return ((cols - 1) * px + self.width + (dx if rows > 1 else 0.0),
                (rows - 1) * py + self.height + (dy if cols > 1 else 0.0))


@dataclass
class Block(Generic[T]):
    """Pieces of one run laid as a grid: ``items`` in ``slots`` (row by row)."""

    run: Run[T]
    items: list[T]
    slots: list[Slot]

    @property
    def bounds(self) -> Rect:
        left = min(s.x for s in self.slots)
        top = min(s.y for s in self.slots)
        return Rect(left, top, max(s.right for s in self.slots) - left, max(s.bottom for s in self.slots) - top)


@dataclass
class PackedPage(Generic[T]):
    blocks: list[Block[T]] = field(default_factory=list)
    free: list[Rect] = field(default_factory=list)

    def slots(self) -> list[Slot]:
        return [s for b in self.blocks for s in b.slots]


class DoesNotFit(ValueError):
    """A piece larger than the printable region."""


def _grid(rect: Rect, run: Run[T]) -> tuple[int, int]:
    """Columns and rows of the run that fit ``rect`` (a nested run's shifted rows and
    columns counted in)."""
    px, py, dx, dy = run.pitch()
    if rect.w < run.width - EPS or rect.h < run.height - EPS:
        return 0, 0
    cols = math.floor((rect.w - run.width - dx) / px + EPS) + 1 if rect.w >= run.width + dx - EPS else 1
    rows = math.floor((rect.h - run.height - dy) / py + EPS) + 1 if rect.h >= run.height + dy - EPS else 1
    if cols > 1 and rect.h < run.height + dy - EPS:     # no room for a lowered column: one column
        cols = 1
    if rows > 1 and rect.w < run.width + dx - EPS:
        rows = 1
    return max(cols, 0), max(rows, 0)


def fits(run: Run[T], region: Rect) -> bool:
    """Whether one piece of the run fits ``region``."""
    return all(_grid(region, run))


def _place(page: PackedPage[T], rect: Rect, run: Run[T], items: Sequence[T]) -> int:
    """Lay as many of ``items`` as fit ``rect`` as one block at its top-left; the room left
    becomes the strip right of the block and the strip below it. How many were placed."""
    cols, rows = _grid(rect, run)
    n = min(len(items), cols * rows)
    used_cols = min(cols, n)
    used_rows = math.ceil(n / used_cols)
    px, py, dx, dy = run.pitch()
    slots = [Slot(rect.x + c * px + (r % 2) * dx, rect.y + r * py + (c % 2) * dy, run.width, run.height, c, r)
             for i in range(n) for r, c in [divmod(i, used_cols)]]
    page.blocks.append(Block(run, list(items[:n]), slots))
    block_w, block_h = run.size(used_cols, used_rows)
    page.free.remove(rect)
    right = Rect(rect.x + block_w + BLOCK_GAP, rect.y, rect.w - block_w - BLOCK_GAP, block_h)
    below = Rect(rect.x, rect.y + block_h + BLOCK_GAP, rect.w, rect.h - block_h - BLOCK_GAP)
    page.free.extend(r for r in (right, below) if r.w > EPS and r.h > EPS)
    page.free.sort(key=lambda r: (r.y, r.x))
    return n


def pack(runs: Sequence[Run[T]], region: Rect, pages: list[PackedPage[T]] | None = None,
         open_pages: bool = True) -> tuple[list[PackedPage[T]], list[T]]:
    """Place every run, in order, into ``region`` of as many pages as it takes (added to
    ``pages`` when given). With ``open_pages`` False no page is added: what does not fit the
    room left is returned instead. Returns the pages and the items left over."""
    placed: list[PackedPage[T]] = list(pages) if pages is not None else []
    left_over: list[T] = []
    for run in runs:
        first = _grid(region, run)
        if first[0] < 1 or first[1] < 1:
            raise DoesNotFit(f"a {run.width:g} x {run.height:g} mm piece does not fit the "
                             f"{region.w:g} x {region.h:g} mm printable area")
        todo = list(run.items)
        while todo:
            spot = next(((page, rect) for page in placed for rect in page.free if all(_grid(rect, run))), None)
            if spot is None:
                if not open_pages:
                    left_over.extend(todo)
                    break
                page: PackedPage[T] = PackedPage(free=[region])
                placed.append(page)
                spot = (page, region)
            n = _place(spot[0], spot[1], run, todo)
            todo = todo[n:]
    return placed, left_over


def content_bounds(page: PackedPage[T]) -> Rect:
    slots = page.slots()
    left, top = min(s.x for s in slots), min(s.y for s in slots)
    return Rect(left, top, max(s.right for s in slots) - left, max(s.bottom for s in slots) - top)


def shifted(page: PackedPage[T], dx: float, dy: float) -> PackedPage[T]:
    """The page with every block moved by (dx, dy)."""
    return PackedPage([Block(b.run, b.items, [Slot(s.x + dx, s.y + dy, s.w, s.h, s.col, s.row) for s in b.slots])
                       for b in page.blocks])


def centred(page: PackedPage[T], region: Rect) -> PackedPage[T]:
    """The page's blocks moved together to the middle of ``region`` (even room all round)."""
    bounds = content_bounds(page)
    return shifted(page, region.x + (region.w - bounds.w) / 2 - bounds.x, region.y + (region.h - bounds.h) / 2 - bounds.y)


def fewest_sheets(runs: Sequence[Run[T]], region: Rect) -> float:
    """The sheets the runs could fill at best, unrounded: each piece takes at least its area
    with its gutter, and at least the share of a sheet it takes when a sheet holds as many of
    it as fit (a 180 x 250 mm card takes a whole A4 sheet, however much paper is left). A
    butted run's last row counts whole: no other run may butt against its pieces (a miscut
    would show the neighbour), so the packer never fills it with another deck."""
    total = 0.0
    for run in runs:
        cols, rows = _grid(region, run)
        n = len(run.items)
        area = (run.width + run.gap) * (run.height + run.gap) / (region.w * region.h)
        share = math.ceil(n / max(cols, 1)) / max(rows, 1) if run.gap <= 0 else n / max(cols * rows, 1)
        total += max(n * area, share)
    return total
