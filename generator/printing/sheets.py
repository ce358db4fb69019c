"""Pieces imposed on sheets: fronts pages, each followed by its mirrored backs page.

Trim lines of neighbouring pieces meet exactly; the outer edge of the grid shows as much
bleed as the margin allows; crop marks sit outside the art (or full-length guides with
``guides``); every page carries a label with game, component, page n of m and paper.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from generator.pieces import Piece
from generator.draw.page import Page
from generator.draw.scene import Scene, Style
from generator.errors import BuildError
from generator.printing.imposition import LayoutError, Slot, back_slot, cut_lines, grid_bounds, paginate, slots_for
from generator.printing.layouts import GridLayout, Paper, TemplateLayout

MARK = Style(stroke="#000000", stroke_width=0.15)
GUIDE = Style(stroke="#7f7f7f", stroke_width=0.1, dash=(1.5, 1.0))
LABEL_INK = "#3b3b3b"
MARK_GAP = 0.75          # between the art and a crop mark
MARK_LENGTH = 5.0


@dataclass(frozen=True)
class SheetSpec:
    """Everything that decides how one component's sheets look."""

    game_title: str
    component_title: str
    paper: Paper
    layout: GridLayout | TemplateLayout
    margin: float                       # unprintable margin of home printers
    guides: bool = False
    back_offset: tuple[float, float] = (0.0, 0.0)
    backs: bool = True


def _outer_extensions(slot: Slot, bounds: tuple[float, float, float, float], bleed: float,
                      paper: Paper, margin: float, butted: bool) -> tuple[float, float, float, float]:
    """How far the art of a slot may run past its trim on each side (left, top, right, bottom)."""
    if not butted:
        return (0.0, 0.0, 0.0, 0.0)
    left, top, right, bottom = bounds

    def room(space: float) -> float:
        return max(0.0, min(bleed, space - margin - MARK_GAP - 1.0))

    return (room(left) if abs(slot.x - left) < 1e-6 else 0.0,
            room(top) if abs(slot.y - top) < 1e-6 else 0.0,
            room(paper.width - right) if abs(slot.right - right) < 1e-6 else 0.0,
            room(paper.height - bottom) if abs(slot.bottom - bottom) < 1e-6 else 0.0)


def _place(scene: Scene, art: Scene, piece: Piece, slot: Slot, ext: tuple[float, float, float, float]) -> None:
    b = piece.bleed
    clip = (b - ext[0], b - ext[1], piece.width + ext[0] + ext[2], piece.height + ext[1] + ext[3])
    scene.place(art, slot.x - b, slot.y - b, clip_to=clip)


def _crop_marks(scene: Scene, slots: Sequence[Slot], spec: SheetSpec, outer: float) -> None:
    xs, ys = cut_lines(slots)
    left, top, right, bottom = grid_bounds(slots)
    paper = spec.paper
    if spec.guides:
        for x in xs:
            scene.line(x, 0, x, paper.height, GUIDE)
        for y in ys:
            scene.line(0, y, paper.width, y, GUIDE)
        return
    start = outer + MARK_GAP

    def span(space: float) -> tuple[float, float]:
        end = min(start + MARK_LENGTH, max(space - 1.0, start + 2.0))
        return start, end

    top_a, top_b = span(top)
    bot_a, bot_b = span(paper.height - bottom)
    left_a, left_b = span(left)
    right_a, right_b = span(paper.width - right)
    for x in xs:
        scene.line(x, top - top_a, x, top - top_b, MARK)
        scene.line(x, bottom + bot_a, x, bottom + bot_b, MARK)
    for y in ys:
        scene.line(left - left_a, y, left - left_b, y, MARK)
        scene.line(right + right_a, y, right + right_b, y, MARK)


def _label(scene: Scene, text: str, slots: Sequence[Slot], spec: SheetSpec) -> None:
    """Bottom centre where there is room; otherwise up the wider side margin (rotated)."""
    left, top, right, bottom = grid_bounds(slots)
    paper = spec.paper
    below = paper.height - bottom
    size = 7.0
    if below >= spec.margin + 6.0:
        scene.text(paper.width / 2, paper.height - spec.margin - 1.0, text, face="serif", size_pt=size,
                   fill=LABEL_INK, anchor="middle")
        return
    side_left = left >= paper.width - right
    space = left if side_left else paper.width - right
    if space < spec.margin + 3.0:
        return  # no room anywhere: the file name still says it all
    x = spec.margin + 2.6 if side_left else paper.width - spec.margin - 2.6
    with scene.group(translate=(x, paper.height / 2), rotate=-90 if side_left else 90):
        scene.text(0, 0, text, face="serif", size_pt=size, fill=LABEL_INK, anchor="middle")


def sheet_pages(pieces: Sequence[Piece], spec: SheetSpec) -> list[Page]:
    """Fronts and (mirrored) backs pages for every copy of every piece, in order."""
    if not pieces:
        return []
    first = pieces[0]
    try:
        slots = slots_for(spec.paper, first.width, first.height, spec.layout, spec.margin)
    except LayoutError as err:
        raise BuildError(f"{spec.game_title}, {spec.component_title}: {err}") from None
    copies = [p for p in pieces for _ in range(p.quantity)]
    pages_of = paginate(copies, len(slots))
    butted = isinstance(spec.layout, GridLayout) and spec.layout.gap == 0
    with_backs = spec.backs and all(p.has_back for p in copies)
    pages: list[Page] = []
    total = len(pages_of)
    for number, chunk in enumerate(pages_of, start=1):
        used = slots[:len(chunk)]
        bounds = grid_bounds(used)
        front = Scene(spec.paper.width, spec.paper.height,
                      title=f"{spec.game_title} - {spec.component_title} - page {number} of {total}")
        outer = 0.0
        for piece, slot in zip(chunk, used):
            ext = _outer_extensions(slot, bounds, piece.bleed, spec.paper, spec.margin, butted)
            outer = max(outer, *ext)
            _place(front, piece.front(), piece, slot, ext)
        _crop_marks(front, used, spec, outer)
        where = f"page {number} of {total} - {spec.paper.label}, print at 100 % (actual size)"
        _label(front, f"{spec.game_title} · {spec.component_title} · fronts · {where}", used, spec)
        pages.append(Page(front, label=f"fronts {number}"))
        if with_backs:
            back = Scene(spec.paper.width, spec.paper.height,
                         title=f"{spec.game_title} - {spec.component_title} - backs of page {number}")
            mirrored = [back_slot(s, spec.paper, spec.back_offset) for s in used]
            mirrored_bounds = grid_bounds(mirrored)
            for piece, slot in zip(chunk, mirrored):
                ext = _outer_extensions(slot, mirrored_bounds, piece.bleed, spec.paper, spec.margin, butted)
                _place(back, piece.back(), piece, slot, ext)
            _label(back, f"{spec.game_title} · {spec.component_title} · backs (long-edge duplex) · {where}",
                   mirrored, spec)
            pages.append(Page(back, label=f"backs {number}"))
    return pages


def piece_pages(piece: Piece) -> list[Page]:
    """A print shop's file for one piece: front and back pages with bleed, trim and bleed boxes."""
    trim = piece.trim_box()
    full = (0.0, 0.0, piece.width + 2 * piece.bleed, piece.height + 2 * piece.bleed)
    pages = [Page(piece.front(), trim=trim, bleed=full, label="front")]
    if piece.has_back:
        pages.append(Page(piece.back(), trim=trim, bleed=full, label="back"))
    return pages
