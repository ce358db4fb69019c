"""Pieces imposed on sheets: fronts pages, each followed by its mirrored backs page.

Trim lines of neighbouring pieces meet exactly; the outer edge of the grid shows as much
bleed as the margin allows; crop marks sit outside the art (or full-length guides with
``guides``); every page carries a label with game, component, page n of m and paper.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Callable, Sequence

from generator.core.errors import InputError
from generator.core.units import MM_PER_PT
from generator.draw import fonts
from generator.draw.page import Page
from generator.draw.scene import Scene, Style
from generator.pieces.faces import Piece
from generator.printing.imposition import LayoutError, trims, Slot, back_slot, cut_lines, grid_bounds, paginate, slots_for
from generator.printing.cuts import CutSheet
from generator.printing.layouts import GridLayout, Paper, TemplateLayout
from generator.printing.shaped import CUT_LINE, shaped_piece, sheet_cuts
from generator.kit.language import words

MARK = Style(stroke="#000000", stroke_width=0.15)
GUIDE = Style(stroke="#7f7f7f", stroke_width=0.1, dash=(1.5, 1.0))
LABEL_INK = "#3b3b3b"
PAPER_WHITE = "#ffffff"
MARK_GAP = 0.75          # between the art and a crop mark
MARK_LENGTH = 5.0
MARK_SHORTEST = 0.8      # a mark shorter than this is not drawn (no room between art and margin)
MARK_MARGIN_GAP = 0.1    # between a mark's end and the printer margin (a mark's line has width)
TIGHT_MARK_GAP = 0.3     # between the art and a mark where there is little room
MISCUT_BLEED = 0.6       # the least bleed shown past an outer trim: more than a 0.5 mm miscut
LABEL_PT = 7.0           # the page label's size
LABEL_CLEAR = 0.8        # mm kept between the page label and any crop mark or line

Box = tuple[float, float, float, float]     # x0, y0, x1, y1 in mm


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
                      used: Sequence[Slot] = (), spaces: tuple[float, float, float, float] | None = None
                      ) -> tuple[float, float, float, float]:
    """How far the art of a slot may run past its trim on each side (left, top, right, bottom):
    on the grid's outer edges as far as the room before the marks allows; between pieces set
    ``gap`` apart, half the gap (each piece its own bleed, so a miscut shows no neighbour);
    ``gap`` None (a sticker template) none. Inside the grid, a side with no piece beside it
    (the row above a short last row) shows all its bleed: the place beside it is empty.
    ``spaces``: the room from the grid's left, top, right and bottom edges to the paper's
    edge, as the marks and bleed may use it (a packed sheet's block has less: half the way
    to the next block)."""
    if gap is None:
        return (0.0, 0.0, 0.0, 0.0)
    left, top, right, bottom = bounds
    space = spaces or paper_spaces(bounds, paper)
    inner = min(bleed, gap / 2)
    alone = _alone(slot, used, gap) if used else (False, False, False, False)
    sides = [bleed if empty else inner for empty in alone]

    def room(space: float) -> float:
        printable = space - margin - MARK_MARGIN_GAP
        roomy = printable - MARK_GAP - 1.0
        if printable - TIGHT_MARK_GAP - MARK_SHORTEST >= bleed - 1e-9:    # all the bleed, a short mark close to it
            return bleed
        if roomy >= MISCUT_BLEED:
            return max(0.0, min(bleed, roomy))
        # a tight side (Letter's 6.35 mm above and below a 3 x 3 grid of cards): bleed enough
        # for a miscut, then a short mark close to it
        return max(0.0, min(bleed, MISCUT_BLEED, printable - TIGHT_MARK_GAP - MARK_SHORTEST))

    return (room(space[0]) if abs(slot.x - left) < 1e-6 else sides[0],
            room(space[1]) if abs(slot.y - top) < 1e-6 else sides[1],
            room(space[2]) if abs(slot.right - right) < 1e-6 else sides[2],
            room(space[3]) if abs(slot.bottom - bottom) < 1e-6 else sides[3])


def paper_spaces(bounds: tuple[float, float, float, float], paper: Paper) -> tuple[float, float, float, float]:
    """The room from a grid's edges (left, top, right, bottom) to the paper's edges."""
    left, top, right, bottom = bounds
    return (left, top, paper.width - right, paper.height - bottom)


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


def line_clear_of(scene: Scene, x0: float, y0: float, x1: float, y1: float, style: Style,
                  clear: Sequence[Box] = (), shortest: float = MARK_SHORTEST) -> None:
    """An upright or level line, less where it would cross a box of ``clear`` (the page
    label) by ``LABEL_CLEAR``; a piece left shorter than ``shortest`` is not drawn."""
    level = abs(y1 - y0) < 1e-9
    at, a, b = (y0, min(x0, x1), max(x0, x1)) if level else (x0, min(y0, y1), max(y0, y1))
    parts = [(a, b)]
    for box in clear:
        bx0, by0, bx1, by1 = box
        across = (by0, by1) if level else (bx0, bx1)
        along = (bx0, bx1) if level else (by0, by1)
        if not across[0] - LABEL_CLEAR < at < across[1] + LABEL_CLEAR:
            continue
        cut0, cut1 = along[0] - LABEL_CLEAR, along[1] + LABEL_CLEAR
        parts = [piece for p0, p1 in parts for piece in ((p0, min(p1, cut0)), (max(p0, cut1), p1))]
    for p0, p1 in parts:
        if p1 - p0 < shortest - 1e-9:
            continue
        if level:
            scene.line(p0, at, p1, at, style)
        else:
            scene.line(at, p0, at, p1, style)


def _crop_marks(scene: Scene, slots: Sequence[Slot], spec: SheetSpec, outer: tuple[float, float, float, float],
                spaces: tuple[float, float, float, float] | None = None, clear: Sequence[Box] = ()) -> None:
    """Short marks on the cut lines, beyond the art (``outer``: how far it shows past the grid
    on each side) and inside the printable area; with ``guides``, full-length cut lines from
    margin to margin. A side with no room for a mark between the art and the margin has none.
    ``spaces`` as ``_outer_extensions`` takes them (a packed sheet's guides are drawn by it).
    Neither marks nor guides cross the boxes of ``clear`` (the page label)."""
    xs, ys = cut_lines(slots)
    left, top, right, bottom = grid_bounds(slots)
    paper = spec.paper
    m = spec.margin
    inside = m + MARK.stroke_width          # a cut line in the margin (or on it) cannot be marked on it
    xs = [x for x in xs if inside <= x <= paper.width - inside]
    ys = [y for y in ys if inside <= y <= paper.height - inside]
    if spec.guides and spaces is not None:     # a block of a packed sheet: guides stop where its room does
        reach = [max(0.0, s - m - MARK_MARGIN_GAP) for s in spaces]
        for x in xs:
            line_clear_of(scene, x, top - reach[1], x, bottom + reach[3], GUIDE, clear)
        for y in ys:
            line_clear_of(scene, left - reach[0], y, right + reach[2], y, GUIDE, clear)
        return
    if spec.guides:
        end = m + GUIDE.stroke_width / 2        # the line's ink, not only its centre, stops at the margin
        for x in xs:
            line_clear_of(scene, x, end, x, paper.height - end, GUIDE, clear)
        for y in ys:
            line_clear_of(scene, end, y, paper.width - end, y, GUIDE, clear)
        return

    def span(space: float, art: float) -> tuple[float, float] | None:
        limit = space - m - MARK_MARGIN_GAP
        for gap in (MARK_GAP, TIGHT_MARK_GAP):
            start = art + gap
            end = min(start + MARK_LENGTH, limit)
            if end - start >= MARK_SHORTEST:
                return start, end
        return None

    room = spaces or paper_spaces((left, top, right, bottom), paper)
    sides = (span(room[1], outer[1]), span(room[3], outer[3]), span(room[0], outer[0]), span(room[2], outer[2]))
    top_span, bottom_span, left_span, right_span = sides
    for x in xs:
        if top_span:
            line_clear_of(scene, x, top - top_span[0], x, top - top_span[1], MARK, clear)
        if bottom_span:
            line_clear_of(scene, x, bottom + bottom_span[0], x, bottom + bottom_span[1], MARK, clear)
    for y in ys:
        if left_span:
            line_clear_of(scene, left - left_span[0], y, left - left_span[1], y, MARK, clear)
        if right_span:
            line_clear_of(scene, right + right_span[0], y, right + right_span[1], y, MARK, clear)


@dataclass(frozen=True)
class PageLabel:
    """Where a page's label goes: its anchor, its turn (0 along the bottom, -90 or 90 up the
    left or right margin) and the box its text takes, which crop marks keep clear of."""

    text: str
    x: float
    y: float
    turn: int
    box: Box
    #: set on the bleed of a block (which the cut takes away): white paper under it, ``box``
    #: grown by this much, so the label reads on any ground
    knockout: float = 0.0

    def draw(self, scene: Scene) -> None:
        if self.knockout:
            x0, y0, x1, y1 = self.box
            k = self.knockout
            scene.rect(x0 - k, y0 - k, x1 - x0 + 2 * k, y1 - y0 + 2 * k, Style(fill=PAPER_WHITE))
        if self.turn == 0:
            scene.text(self.x, self.y, self.text, face="serif", size_pt=LABEL_PT, fill=LABEL_INK, anchor="middle")
            return
        with scene.group(translate=(self.x, self.y), rotate=self.turn):
            scene.text(0, 0, self.text, face="serif", size_pt=LABEL_PT, fill=LABEL_INK, anchor="middle")


def label_size() -> float:
    """The label's size in mm."""
    return LABEL_PT * MM_PER_PT


def bottom_label(text: str, paper: Paper, margin: float) -> PageLabel:
    """The label centred along the bottom margin."""
    size, length = label_size(), fonts.text_width(text, "serif", label_size())
    base = paper.height - margin - 1.0
    return PageLabel(text, paper.width / 2, base, 0,
                     ((paper.width - length) / 2, base - 0.75 * size, (paper.width + length) / 2, base + 0.25 * size))


def side_label(text: str, paper: Paper, margin: float, left: bool) -> PageLabel:
    """The label up the left margin (read from the bottom) or down the right one."""
    size, length = label_size(), fonts.text_width(text, "serif", label_size())
    x = margin + 2.6 if left else paper.width - margin - 2.6
    # the letters' tops face the paper's edge: 3/4 of the size that way, 1/4 the other
    before, after = (0.75 * size, 0.25 * size) if left else (0.25 * size, 0.75 * size)
    return PageLabel(text, x, paper.height / 2, -90 if left else 90,
                     (x - before, (paper.height - length) / 2, x + after, (paper.height + length) / 2))


def _label(text: str, slots: Sequence[Slot], spec: SheetSpec) -> PageLabel | None:
    """Bottom centre where there is room; otherwise up the wider side margin (rotated); None
    where there is no room anywhere (the file name still says it all)."""
    left, top, right, bottom = grid_bounds(slots)
    paper = spec.paper
    if paper.height - bottom >= spec.margin + 6.0:
        return bottom_label(text, paper, spec.margin)
    side_left = left >= paper.width - right
    space = left if side_left else paper.width - right
    if space < spec.margin + 3.0:
        return None
    return side_label(text, paper, spec.margin, side_left)


def sheet_pages(pieces: Sequence[Piece], spec: SheetSpec) -> list[Page]:
    """Fronts and (mirrored) backs pages for every copy of every piece, in order."""
    if not pieces:
        return []
    first = pieces[0]
    try:
        slots = slots_for(spec.paper, first.width, first.height, spec.layout, spec.margin)
    except LayoutError as err:
        raise InputError(f"{spec.game_title}, {spec.component_title}: {err}") from None
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
            if piece.outline is not None:   # its bleed as far as its neighbours leave room
                shaped_piece(front, piece, slot, False, GUIDE if spec.guides else CUT_LINE, _shaped_bleed(gap, piece))
                continue
            ext = _outer_extensions(slot, bounds, piece.bleed, spec.paper, spec.margin, gap, used)
            outer = [max(a, b) for a, b in zip(outer, ext)]
            _place(front, piece.front(), piece, slot, ext)
        where = words("page {page} of {pages} - {paper}, print at 100 % (actual size)", page=number, pages=total, paper=spec.paper.label)
        label = _label(f"{spec.game_title} · {spec.component_title} · {words('fronts')} · {where}", used, spec)
        if first.outline is None:       # a shaped piece's cut line is drawn along its outline
            _crop_marks(front, used, spec, (outer[0], outer[1], outer[2], outer[3]), clear=[label.box] if label else [])
        if label:
            label.draw(front)
        pages.append(Page(front, label=f"fronts {number}", pieces=trims(chunk, used)))
        if with_backs:
            back = Scene(spec.paper.width, spec.paper.height,
                         title=f"{spec.game_title} - {spec.component_title} - backs of page {number}")
            mirrored = [back_slot(s, spec.paper, spec.back_offset) for s in used]
            mirrored_bounds = grid_bounds(mirrored)
            for piece, slot in zip(chunk, mirrored):
                if piece.outline is not None:
                    shaped_piece(back, piece, slot, True, CUT_LINE, _shaped_bleed(gap, piece))
                    continue
                ext = _outer_extensions(slot, mirrored_bounds, piece.bleed, spec.paper, spec.margin, gap, mirrored)
                _place(back, piece.back(), piece, slot, ext)
            back_label = _label(f"{spec.game_title} · {spec.component_title} · {words('backs (long-edge duplex)')} · {where}",
                                mirrored, spec)
            if back_label:
                back_label.draw(back)
            pages.append(Page(back, label=f"backs {number}", pieces=trims(chunk, mirrored)))
    return pages


def _shaped_bleed(gap: float | None, piece: Piece) -> float:
    """How far a shaped piece's bleed reaches on a component's own grid: half the gutter, so
    that it never runs onto a neighbour (butted hexes print to their outline)."""
    return piece.bleed if gap is None else min(piece.bleed, gap / 2)


def sheet_cuts_of(pieces: Sequence[Piece], spec: SheetSpec) -> list[Callable[[], CutSheet]]:
    """The cut lines of each fronts page ``sheet_pages`` draws, one maker a page (known without
    drawing); none when the layout does not fit the paper (the sheets say why)."""
    try:
        slots = slots_for(spec.paper, pieces[0].width, pieces[0].height, spec.layout, spec.margin) if pieces else []
    except LayoutError:
        return []
    copies = [p for p in pieces for _ in range(p.quantity)]
    return [functools.partial(sheet_cuts, spec.paper.width, spec.paper.height, list(zip(chunk, slots)))
            for chunk in paginate(copies, len(slots))] if slots else []


def piece_pages(piece: Piece) -> list[Page]:
    """A print shop's file for one piece: front and back pages with bleed, trim and bleed boxes."""
    trim = piece.trim_box()
    full = (0.0, 0.0, piece.width + 2 * piece.bleed, piece.height + 2 * piece.bleed)
    pages = [Page(piece.front(), trim=trim, bleed=full, label="front")]
    if piece.has_back:
        pages.append(Page(piece.back(), trim=trim, bleed=full, label="back"))
    return pages
