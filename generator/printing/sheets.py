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
from generator.printing.imposition import LayoutError, trims, Slot, back_slot, cut_lines, grid_bounds, paginate, slots_for
from generator.printing.layouts import GridLayout, Paper, TemplateLayout

MARK = Style(stroke="#000000", stroke_width=0.15)
GUIDE = Style(stroke="#7f7f7f", stroke_width=0.1, dash=(1.5, 1.0))
LABEL_INK = "#3b3b3b"
MARK_GAP = 0.75          # between the art and a crop mark
MARK_LENGTH = 5.0
MARK_SHORTEST = 0.8      # a mark shorter than this is not drawn (no room between art and margin)
MARK_MARGIN_GAP = 0.1    # between a mark's end and the printer margin (a mark's line has width)
TIGHT_MARK_GAP = 0.3     # between the art and a mark where there is little room
MISCUT_BLEED = 0.6       # the least bleed shown past an outer trim: more than a 0.5 mm miscut


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
                      paper: Paper, margin: float, gap: float | None,
                      used: Sequence[Slot] = ()) -> tuple[float, float, float, float]:
    """How far the art of a slot may run past its trim on each side (left, top, right, bottom):
    on the grid's outer edges as far as the room before the marks allows; between pieces set
    ``gap`` apart, half the gap (each piece its own bleed, so a miscut shows no neighbour);
    ``gap`` None (a sticker template) none. Inside the grid, a side with no piece beside it
    (the row above a short last row) shows all its bleed: the place beside it is empty."""
    if gap is None:
        return (0.0, 0.0, 0.0, 0.0)
    left, top, right, bottom = bounds
    inner = min(bleed, gap / 2)
    alone = _alone(slot, used, gap) if used else (False, False, False, False)
    sides = [bleed if empty else inner for empty in alone]

    def room(space: float) -> float:
        printable = space - margin - MARK_MARGIN_GAP
        roomy = printable - MARK_GAP - 1.0
        if roomy >= MISCUT_BLEED:
            return max(0.0, min(bleed, roomy))
        # a tight side (Letter's 6.35 mm above and below a 3 x 3 grid of cards): bleed enough
        # for a miscut, then a short mark close to it
        return max(0.0, min(bleed, MISCUT_BLEED, printable - TIGHT_MARK_GAP - MARK_SHORTEST))

    return (room(left) if abs(slot.x - left) < 1e-6 else sides[0],
            room(top) if abs(slot.y - top) < 1e-6 else sides[1],
            room(paper.width - right) if abs(slot.right - right) < 1e-6 else sides[2],
            room(paper.height - bottom) if abs(slot.bottom - bottom) < 1e-6 else sides[3])


def _alone(slot: Slot, used: Sequence[Slot], gap: float) -> tuple[bool, bool, bool, bool]:
    """Whether no used slot is beside ``slot`` (``gap`` away) on its left, top, right and
    bottom, as placed on the page (a backs page's columns are mirrored)."""
    eps = 1e-6

    def rows_meet(s: Slot) -> bool:
        return s.y < slot.bottom - eps and slot.y < s.bottom - eps

    def cols_meet(s: Slot) -> bool:
        return s.x < slot.right - eps and slot.x < s.right - eps
    return (not any(abs(s.right + gap - slot.x) < 1e-3 and rows_meet(s) for s in used),
            not any(abs(s.bottom + gap - slot.y) < 1e-3 and cols_meet(s) for s in used),
            not any(abs(slot.right + gap - s.x) < 1e-3 and rows_meet(s) for s in used),
            not any(abs(slot.bottom + gap - s.y) < 1e-3 and cols_meet(s) for s in used))


def _place(scene: Scene, art: Scene, piece: Piece, slot: Slot, ext: tuple[float, float, float, float]) -> None:
    b = piece.bleed
    clip = (b - ext[0], b - ext[1], piece.width + ext[0] + ext[2], piece.height + ext[1] + ext[3])
    scene.place(art, slot.x - b, slot.y - b, clip_to=clip, name=piece.id)


def _crop_marks(scene: Scene, slots: Sequence[Slot], spec: SheetSpec, outer: tuple[float, float, float, float]) -> None:
    """Short marks on the cut lines, beyond the art (``outer``: how far it shows past the grid
    on each side) and inside the printable area; with ``guides``, full-length cut lines from
    margin to margin. A side with no room for a mark between the art and the margin has none."""
    xs, ys = cut_lines(slots)
    left, top, right, bottom = grid_bounds(slots)
    paper = spec.paper
    m = spec.margin
    inside = m + MARK.stroke_width          # a cut line in the margin (or on it) cannot be marked on it
    xs = [x for x in xs if inside <= x <= paper.width - inside]
    ys = [y for y in ys if inside <= y <= paper.height - inside]
    if spec.guides:
        end = m + GUIDE.stroke_width / 2        # the line's ink, not only its centre, stops at the margin
        for x in xs:
            scene.line(x, end, x, paper.height - end, GUIDE)
        for y in ys:
            scene.line(end, y, paper.width - end, y, GUIDE)
        return

    def span(space: float, art: float) -> tuple[float, float] | None:
        limit = space - m - MARK_MARGIN_GAP
        for gap in (MARK_GAP, TIGHT_MARK_GAP):
            start = art + gap
            end = min(start + MARK_LENGTH, limit)
            if end - start >= MARK_SHORTEST:
                return start, end
        return None

    sides = (span(top, outer[1]), span(paper.height - bottom, outer[3]), span(left, outer[0]),
             span(paper.width - right, outer[2]))
    top_span, bottom_span, left_span, right_span = sides
    for x in xs:
        if top_span:
            scene.line(x, top - top_span[0], x, top - top_span[1], MARK)
        if bottom_span:
            scene.line(x, bottom + bottom_span[0], x, bottom + bottom_span[1], MARK)
    for y in ys:
        if left_span:
            scene.line(left - left_span[0], y, left - left_span[1], y, MARK)
        if right_span:
            scene.line(right + right_span[0], y, right + right_span[1], y, MARK)


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
    gap = spec.layout.gap if isinstance(spec.layout, GridLayout) else None
    with_backs = spec.backs and all(p.has_back for p in copies)
    pages: list[Page] = []
    total = len(pages_of)
    for number, chunk in enumerate(pages_of, start=1):
        used = slots[:len(chunk)]
        bounds = grid_bounds(used)
        front = Scene(spec.paper.width, spec.paper.height,
                      title=f"{spec.game_title} - {spec.component_title} - page {number} of {total}")
        outer = [0.0, 0.0, 0.0, 0.0]
        for piece, slot in zip(chunk, used):
            ext = _outer_extensions(slot, bounds, piece.bleed, spec.paper, spec.margin, gap, used)
            outer = [max(a, b) for a, b in zip(outer, ext)]
            _place(front, piece.front(), piece, slot, ext)
        _crop_marks(front, used, spec, (outer[0], outer[1], outer[2], outer[3]))
        where = f"page {number} of {total} - {spec.paper.label}, print at 100 % (actual size)"
        _label(front, f"{spec.game_title} · {spec.component_title} · fronts · {where}", used, spec)
        pages.append(Page(front, label=f"fronts {number}", pieces=trims(chunk, used)))
        if with_backs:
            back = Scene(spec.paper.width, spec.paper.height,
                         title=f"{spec.game_title} - {spec.component_title} - backs of page {number}")
            mirrored = [back_slot(s, spec.paper, spec.back_offset) for s in used]
            mirrored_bounds = grid_bounds(mirrored)
            for piece, slot in zip(chunk, mirrored):
                ext = _outer_extensions(slot, mirrored_bounds, piece.bleed, spec.paper, spec.margin, gap, mirrored)
                _place(back, piece.back(), piece, slot, ext)
            _label(back, f"{spec.game_title} · {spec.component_title} · backs (long-edge duplex) · {where}",
                   mirrored, spec)
            pages.append(Page(back, label=f"backs {number}", pieces=trims(chunk, mirrored)))
    return pages


def piece_pages(piece: Piece) -> list[Page]:
    """A print shop's file for one piece: front and back pages with bleed, trim and bleed boxes."""
    trim = piece.trim_box()
    full = (0.0, 0.0, piece.width + 2 * piece.bleed, piece.height + 2 * piece.bleed)
    pages = [Page(piece.front(), trim=trim, bleed=full, label="front")]
    if piece.has_back:
        pages.append(Page(piece.back(), trim=trim, bleed=full, label="back"))
    return pages
