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

#: mm between two blocks of pieces on a page: each side's bleed and a short crop mark.
BLOCK_GAP = 7.0
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
    """Columns and rows of the run that fit ``rect``."""
    pitch_w, pitch_h = run.width + run.gap, run.height + run.gap
    cols = math.floor((rect.w + run.gap) / pitch_w + EPS) if rect.w > 0 else 0
    rows = math.floor((rect.h + run.gap) / pitch_h + EPS) if rect.h > 0 else 0
    return max(cols, 0), max(rows, 0)


def _place(page: PackedPage[T], rect: Rect, run: Run[T], items: Sequence[T]) -> int:
    """Lay as many of ``items`` as fit ``rect`` as one block at its top-left; the room left
    becomes the strip right of the block and the strip below it. How many were placed."""
    cols, rows = _grid(rect, run)
    n = min(len(items), cols * rows)
    used_cols = min(cols, n)
    used_rows = math.ceil(n / used_cols)
    slots = [Slot(rect.x + c * (run.width + run.gap), rect.y + r * (run.height + run.gap), run.width, run.height, c, r)
             for i in range(n) for r, c in [divmod(i, used_cols)]]
    page.blocks.append(Block(run, list(items[:n]), slots))
    block_w = used_cols * run.width + (used_cols - 1) * run.gap
    block_h = used_rows * run.height + (used_rows - 1) * run.gap
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
