"""A game's pieces packed onto shared sheets: duplex, one-sided and gutterfold pages.

The pieces with a back share long-edge duplex sheets, each fronts page followed by its
backs page, every back exactly behind its front (``back_slot``); one-sided pieces fill the
room the duplex sheets leave (nothing is printed behind them) before they get sheets of
their own. A gutterfold sheet carries the fronts on its left half and their backs on the
right half, mirrored about the fold line between them, for a printer that prints one side:
fold the sheet on the line, glue, and cut both layers at once.

Each block of pieces (a component's run of one size) keeps its own bleed and crop marks,
drawn as ``generator.printing.sheets`` draws a component's grid, with the room its side
has: to the paper's edge, or half the way to the next block, or to the fold.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from generator.core.errors import InputError
from generator.draw import fonts
from generator.draw.page import Page
from generator.draw.scene import Scene, Style
from generator.pieces.faces import Piece
from generator.printing.cuts import CutSheet
from generator.printing.shaped import CUT_LINE, shaped_piece, sheet_cuts
from generator.printing.imposition import Slot, back_slot, grid_bounds
from generator.printing.layouts import Paper
from generator.printing.packing import (BLOCK_GAP, EDGE, Block, DoesNotFit, PackedPage, Rect, Run, centred, fits, pack)
from generator.printing.sheets import (GUIDE, MARK_MARGIN_GAP, PageLabel, SheetSpec, _crop_marks, _outer_extensions,
                                       _place, bottom_label, label_size, line_clear_of, paper_spaces,
                                       side_label)
from generator.kit.language import words

FOLD = Style(stroke="#7f7f7f", stroke_width=0.2, dash=(3.0, 1.5))
FOLD_ROOM = BLOCK_GAP / 2        # mm between the fold line and the pieces on either side
FOLD_CLEAR = 0.4                 # mm kept clear of ink on each side of the fold line (marks stop short)
FOLD_INK = "#3b3b3b"
ART_CLEAR = 0.3                  # mm a page label keeps from any piece's art
LABEL_TRIM_CLEAR = 1.5           # mm a label set on the bleed keeps from a trim: a cut's error
KNOCKOUT = 0.3                   # mm of white paper round a label set on the bleed


@dataclass(frozen=True)
class Item:
    """One copy of a piece to place, with the gutter its component's layout asks for and
    the title of its component (named on the pages it is on)."""

    piece: Piece
    gap: float
    component: str
    stock: str = "card"     # what it is printed on (generator.printing.stock): one stock a sheet

    @property
    def backed(self) -> bool:
        return self.piece.has_back

    @property
    def nest(self) -> str:
        return self.piece.outline.nest if self.piece.outline is not None else ""


def runs_of(items: Sequence[Item]) -> list[Run[Item]]:
    """Consecutive copies of one size and gutter as one run each: with a gutter (each piece
    its own bleed) whatever their component, so the next deck of that size finishes a deck's
    last row in the same grid; butted, one component's only (a miscut of pieces butted to
    another deck's would show that deck's colours)."""
    runs: list[Run[Item]] = []

    def key(item: Item) -> tuple[object, ...]:
        return (item.piece.width, item.piece.height, item.gap, item.component if item.gap <= 0 else "", item.nest)
    for item in items:
        last = runs[-1] if runs else None
        if last is not None and key(last.items[-1]) == key(item):
            runs[-1] = Run([*last.items, item], last.width, last.height, last.gap, last.group, last.nest)
        else:
            runs.append(Run([item], item.piece.width, item.piece.height, item.gap, item.component, item.nest))
    return runs


def by_stock(items: Sequence[Item]) -> list[tuple[str, list[Item]]]:
    """The items of each stock, the stocks in the order their first item comes: each stock is
    packed on sheets (and duplex pairs) of its own, as it is printed on a paper of its own."""
    groups: dict[str, list[Item]] = {}
    for item in items:
        groups.setdefault(item.stock, []).append(item)
    return list(groups.items())


def components_of(blocks: Iterable[Block[Item]]) -> list[str]:
    """The titles of the components whose pieces the blocks hold, in order."""
    return list(dict.fromkeys(item.component for b in blocks for item in b.items))


def printable(paper: Paper, margin: float) -> Rect:
    """The paper inside the printer margin."""
    return Rect(margin, margin, paper.width - 2 * margin, paper.height - 2 * margin)


def region(paper: Paper, margin: float) -> Rect:
    """Where blocks may go: the printable area less ``EDGE`` (room for a bleed and a mark)."""
    area = printable(paper, margin)
    return Rect(area.x + EDGE, area.y + EDGE, area.w - 2 * EDGE, area.h - 2 * EDGE)


def _packed(runs: Sequence[Run[Item]], where: Rect, title: str,
            pages: list[PackedPage[Item]] | None = None, open_pages: bool = True
            ) -> tuple[list[PackedPage[Item]], list[Item]]:
    try:
        return pack(runs, where, pages, open_pages)
    except DoesNotFit as err:
        raise InputError(f"{title}: {err}; choose a larger --paper (or --sheets per-component)") from None


def packed_pages(items: Sequence[Item], spec: SheetSpec
                 ) -> tuple[list[PackedPage[Item]], list[PackedPage[Item]]]:
    """(duplex pages, one-sided pages): the pieces with backs packed first, then the
    one-sided ones into the room left, then onto pages of their own. Each page's blocks are
    centred on the paper."""
    where = region(spec.paper, spec.margin)
    backed = runs_of([i for i in items if i.backed])
    plain = runs_of([i for i in items if not i.backed])
    duplex, _ = _packed(backed, where, spec.game_title)
    duplex, rest = _packed(plain, where, spec.game_title, duplex, open_pages=bool(not duplex))
    one_sided: list[PackedPage[Item]] = []
    if duplex and rest:
        one_sided, _ = _packed(runs_of(rest), where, spec.game_title)
    if not backed:              # no duplex sheets: the one-sided pieces made the pages
        duplex, one_sided = [], duplex
    return [centred(p, where) for p in duplex], [centred(p, where) for p in one_sided]


def _overlap(a0: float, a1: float, b0: float, b1: float, slack: float) -> bool:
    return a0 < b1 + slack and b0 < a1 + slack


def block_spaces(rect: Rect, others: Iterable[Rect], paper: Paper, margin: float, fold: float | None = None
                 ) -> tuple[float, float, float, float]:
    """The room on each side of a block (left, top, right, bottom) as ``sheets`` measures it
    from the paper's edge: to the edge, or half the way to a block beside it (the other half
    is that block's), or to the fold line less its clearance."""
    spaces = list(paper_spaces((rect.x, rect.y, rect.right, rect.bottom), paper))

    def as_space(room: float) -> float:      # room the art and marks may take, as a distance from the edge
        return room + margin + MARK_MARGIN_GAP

    for other in others:
        if _overlap(rect.y, rect.bottom, other.y, other.bottom, BLOCK_GAP):
            if other.right <= rect.x + 1e-6:
                spaces[0] = min(spaces[0], as_space((rect.x - other.right) / 2))
            elif other.x >= rect.right - 1e-6:
                spaces[2] = min(spaces[2], as_space((other.x - rect.right) / 2))
        if _overlap(rect.x, rect.right, other.x, other.right, BLOCK_GAP):
            if other.bottom <= rect.y + 1e-6:
                spaces[1] = min(spaces[1], as_space((rect.y - other.bottom) / 2))
            elif other.y >= rect.bottom - 1e-6:
                spaces[3] = min(spaces[3], as_space((other.y - rect.bottom) / 2))
    if fold is not None:
        if rect.right <= fold:
            spaces[2] = min(spaces[2], as_space(fold - rect.right - FOLD_CLEAR))
        else:
            spaces[0] = min(spaces[0], as_space(rect.x - fold - FOLD_CLEAR))
    return spaces[0], spaces[1], spaces[2], spaces[3]


def _rect(slots: Sequence[Slot]) -> Rect:
    left, top, right, bottom = grid_bounds(slots)
    return Rect(left, top, right - left, bottom - top)


def _draw_blocks(scene: Scene, blocks: Sequence[tuple[Sequence[Item], Sequence[Slot], bool]], spec: SheetSpec,
                 fold: float | None = None, label: PageLabel | None = None) -> None:
    """Every block's pieces (front or back faces) with their bleed, then its crop marks, which
    keep clear of the page's label; then the label."""
    rects = [_rect(slots) for _, slots, _ in blocks]
    clear = [label.box] if label else []
    for index, (items, slots, backs) in enumerate(blocks):
        spaces = block_spaces(rects[index], rects[:index] + rects[index + 1:], spec.paper, spec.margin, fold)
        bounds = grid_bounds(slots)
        outer = [0.0, 0.0, 0.0, 0.0]
        gap = items[0].gap
        if items[0].piece.outline is not None:
            for item, slot in zip(items, slots):
                shaped_piece(scene, item.piece, slot, backs, GUIDE if spec.guides else CUT_LINE)
            continue
        for item, slot in zip(items, slots):
            ext = _outer_extensions(slot, bounds, item.piece.bleed, spec.paper, spec.margin, gap, slots, spaces)
            outer = [max(a, b) for a, b in zip(outer, ext)]
            _place(scene, item.piece.back() if backs else item.piece.front(), item.piece, slot, ext)
        _crop_marks(scene, slots, spec, (outer[0], outer[1], outer[2], outer[3]), spaces, clear)
    if label:
        label.draw(scene)


def cut_sheets(pages: Sequence[PackedPage[Item]], paper: Paper) -> list[Callable[[], CutSheet]]:
    """Each page's cut lines (its fronts' pieces where they are printed), one maker a page."""
    def sheet(page: PackedPage[Item]) -> CutSheet:
        return sheet_cuts(paper.width, paper.height, [(i.piece, s) for b in page.blocks for i, s in zip(b.items, b.slots)])
    return [functools.partial(sheet, page) for page in pages]


def _page_label(text: str, blocks: Sequence[tuple[Sequence[Item], Sequence[Slot], bool]],
                spec: SheetSpec) -> PageLabel | None:
    """Where the page's label goes, clear of every piece's art: along the bottom margin, else
    up the left or the right one (rotated); None where there is no such room (the file's
    name still says what the page is)."""
    paper, m = spec.paper, spec.margin
    taken = [(r.x - d, r.y - d, r.right + d, r.bottom + d)          # the art: each piece's bleed, at most
             for r, d in ((_rect(slots), max(i.piece.bleed for i in items) + 0.3) for items, slots, _ in blocks)]

    def clear(box: tuple[float, float, float, float]) -> bool:
        x0, y0, x1, y1 = box
        return all(x1 <= a or b <= x0 or y1 <= c or d <= y0 for a, c, b, d in taken)
    bottom = bottom_label(text, paper, m)
    if bottom.box[2] - bottom.box[0] <= paper.width - 2 * m and clear(bottom.box):
        return bottom
    for left in (True, False):
        side = side_label(text, paper, m, left)
        if side.box[3] - side.box[1] <= paper.height - 2 * m and clear(side.box):
            return side
    return _label_between_blocks(text, blocks, spec)


def _art_rects(blocks: Sequence[tuple[Sequence[Item], Sequence[Slot], bool]], spec: SheetSpec) -> list[Rect]:
    """Each block's art as it is drawn: its trim and the bleed its edges keep (less between two
    blocks than at the paper's edge), as ``_draw_blocks`` lays it."""
    rects = [_rect(slots) for _, slots, _ in blocks]
    out = []
    for index, (items, slots, _) in enumerate(blocks):
        rect = rects[index]
        if items[0].piece.outline is not None:
            d = max(i.piece.bleed for i in items)
            out.append(Rect(rect.x - d, rect.y - d, rect.w + 2 * d, rect.h + 2 * d))
            continue
        spaces = block_spaces(rect, rects[:index] + rects[index + 1:], spec.paper, spec.margin)
        bounds = grid_bounds(slots)
        outer = [0.0, 0.0, 0.0, 0.0]
        for item, slot in zip(items, slots):
            ext = _outer_extensions(slot, bounds, item.piece.bleed, spec.paper, spec.margin, items[0].gap, slots, spaces)
            outer = [max(a, b) for a, b in zip(outer, ext)]
        out.append(Rect(rect.x - outer[0], rect.y - outer[1], rect.w + outer[0] + outer[2], rect.h + outer[1] + outer[3]))
    return out


def _label_between_blocks(text: str, blocks: Sequence[tuple[Sequence[Item], Sequence[Slot], bool]],
                          spec: SheetSpec) -> PageLabel | None:
    """A page whose blocks fill it to its margins (three rows of card blocks on A4) still says
    what it is: the label centred in the waste strip between two blocks, clear of their art
    as drawn (the crop marks there keep clear of it)."""
    paper = spec.paper
    art = _art_rects(blocks, spec)
    size, length = label_size(), fonts.text_width(text, "serif", label_size())
    if length > paper.width - 2 * spec.margin:
        return None
    x0, x1 = (paper.width - length) / 2, (paper.width + length) / 2

    def clear(y0: float, y1: float, rects: Sequence[Rect], room: float) -> bool:
        return all(x1 + room <= r.x or r.right <= x0 - room or y1 + room <= r.y or r.bottom <= y0 - room
                   for r in rects)
    # in the blank strip between two blocks' art; else (the strip narrower than a label, each
    # block keeping all its bleed) on the bleed between their trims, on white paper, as far
    # from either trim as a cut may stray: the cut takes the bleed, and the label, away
    trimmed = [_rect(slots) for _, slots, _ in blocks]
    for rects, room, knockout in ((art, ART_CLEAR, 0.0), (trimmed, LABEL_TRIM_CLEAR, KNOCKOUT)):
        for above in sorted(rects, key=lambda r: r.bottom):
            below = [r.y for r in rects if r.y >= above.bottom - 1e-6 and r.x < x1 and x0 < r.right]
            if not below:
                continue
            middle = (above.bottom + min(below)) / 2
            y0, y1 = middle - size / 2, middle + size / 2
            if clear(y0 - knockout, y1 + knockout, rects, room):
                base = y1 - 0.25 * size
                return PageLabel(text, paper.width / 2, base, 0, (x0, y0, x1, y1), knockout=knockout)
    return None


def _names(blocks: Sequence[Block[Item]]) -> str:
    """The page's components, and the stock it is printed on: 'Zone cards, Event cards · on card stock'."""
    from generator.printing.stock import stock

    names = components_of(blocks)
    text = ", ".join(names)
    text = text if len(text) <= 70 else f"{len(names)} components"
    stocks = list(dict.fromkeys(item.stock for b in blocks for item in b.items))
    return f"{text} · {words('on {stock}', stock=words(stock(stocks[0]).label))}" if len(stocks) == 1 else text


def _trims(blocks: Iterable[tuple[Sequence[Item], Sequence[Slot], bool]]) -> tuple[tuple[str, tuple[float, float, float, float]], ...]:
    """Where each piece's trim box lies, for the preflight's cuts (a shaped piece's cut follows its
    outline, not its box: nested hexes' boxes overlap, so they are left out)."""
    return tuple((item.piece.id, (s.x, s.y, s.w, s.h)) for items, slots, _ in blocks for item, s in zip(items, slots)
                 if item.piece.outline is None)


def _fronts(page: PackedPage[Item]) -> list[tuple[Sequence[Item], Sequence[Slot], bool]]:
    return [(b.items, b.slots, False) for b in page.blocks]


def _backs(page: PackedPage[Item], paper: Paper, offset: tuple[float, float]) -> list[tuple[Sequence[Item], Sequence[Slot], bool]]:
    """The backed blocks' backs, each under its front on the other side (long-edge duplex)."""
    return [(b.items, [back_slot(s, paper, offset) for s in b.slots], True) for b in page.blocks if b.run.items[0].backed]


def duplex_pages(pages: Sequence[PackedPage[Item]], spec: SheetSpec) -> list[Page]:
    """Each fronts page followed by its backs page (the backs mirrored left-right)."""
    out: list[Page] = []
    total = len(pages)
    for number, page in enumerate(pages, start=1):
        where = words("page {page} of {pages} - {paper}, print at 100 % (actual size)", page=number, pages=total, paper=spec.paper.label)
        names = _names(page.blocks)
        front = Scene(spec.paper.width, spec.paper.height, title=f"{spec.game_title} - {names} - page {number} of {total}")
        fronts = _fronts(page)
        _draw_blocks(front, fronts, spec, label=_page_label(f"{spec.game_title} · {names} · {words('fronts')} · {where}", fronts, spec))
        out.append(Page(front, label=f"fronts {number}", pieces=_trims(fronts)))
        back = Scene(spec.paper.width, spec.paper.height, title=f"{spec.game_title} - {names} - backs of page {number}")
        backs = _backs(page, spec.paper, spec.back_offset)
        _draw_blocks(back, backs, spec,
                     label=_page_label(f"{spec.game_title} · {names} · {words('backs (long-edge duplex)')} · {where}", backs, spec))
        out.append(Page(back, label=f"backs {number}", pieces=_trims(backs)))
    return out


def one_sided_pages(pages: Sequence[PackedPage[Item]], spec: SheetSpec) -> list[Page]:
    out: list[Page] = []
    total = len(pages)
    for number, page in enumerate(pages, start=1):
        names = _names(page.blocks)
        scene = Scene(spec.paper.width, spec.paper.height, title=f"{spec.game_title} - {names} - page {number} of {total}")
        fronts = _fronts(page)
        where = words("page {page} of {pages} - {paper}, print at 100 % (actual size)", page=number, pages=total, paper=spec.paper.label)
        _draw_blocks(scene, fronts, spec, label=_page_label(f"{spec.game_title} · {names} · {words('one-sided')} · {where}", fronts, spec))
        out.append(Page(scene, label=f"page {number}", pieces=_trims(fronts)))
    return out


# gutterfold ------------------------------------------------------------------------------

def gutterfold_paper(paper: Paper, landscape: bool) -> Paper:
    if not landscape:
        return paper
    return Paper(id=paper.id, label=f"{paper.label} landscape", width=paper.height, height=paper.width)


def fold_half(paper: Paper, margin: float) -> Rect:
    """The left half, where the fronts go: inside the margin, clear of the fold."""
    area = region(paper, margin)
    return Rect(area.x, area.y, paper.width / 2 - FOLD_ROOM - area.x, area.h)


def gutterfold_packing(items: Sequence[Item], spec: SheetSpec) -> tuple[Paper, list[PackedPage[Item]], list[Item]]:
    """The pieces with backs packed on the left halves of the paper, upright or turned
    (whichever takes fewer pages; upright on a tie); the one-sided pieces fill what room is
    left, and those larger than half the paper (a long track strip) go on one-sided sheets.
    Returns the page's paper, its pages and the one-sided pieces left over."""
    backed = runs_of([i for i in items if i.backed])
    plain = runs_of([i for i in items if not i.backed])
    best: tuple[Paper, list[PackedPage[Item]], list[Item]] | None = None
    for landscape in (False, True):
        paper = gutterfold_paper(spec.paper, landscape)
        half = fold_half(paper, spec.margin)
        fitting = [run for run in plain if fits(run, half)]
        try:
            pages, _ = pack(backed, half)
            pages, rest = pack(fitting, half, pages, open_pages=False)
        except DoesNotFit:
            continue
        rest = [*rest, *(item for run in plain if not fits(run, half) for item in run.items)]
        if best is None or len(pages) < len(best[1]):
            best = (paper, pages, rest)
    if best is None:
        raise InputError(f"{spec.game_title}: a piece does not fit half of {spec.paper.label} for a gutterfold sheet; "
                         "choose a larger --paper (or --sheets packed)")
    paper, pages, rest = best
    half = fold_half(paper, spec.margin)
    return paper, [centred(p, half) for p in pages], rest


@dataclass(frozen=True)
class StockSheets:
    """One stock's shared sheets as a build lays them out: the gutterfold pages (on
    ``fold_paper``, with ``--sheets gutterfold``), the duplex pages (each a fronts and a backs
    page) and the one-sided pages."""

    fold_paper: Paper | None
    folded: list[PackedPage[Item]]
    duplex: list[PackedPage[Item]]
    one_sided: list[PackedPage[Item]]

    @property
    def page_count(self) -> int:
        """The pages printed: a duplex sheet is two (fronts, backs)."""
        return len(self.folded) + 2 * len(self.duplex) + len(self.one_sided)


def stock_sheets(items: Sequence[Item], spec: SheetSpec, gutterfold: bool) -> StockSheets:
    """The sheets of ``items`` (one stock): gutterfold sheets and one-sided sheets for the
    pieces left over, or duplex and one-sided sheets. The one place the pages are counted
    (the writer, ``generator.outputs.packed``, and the paper-use rule read it)."""
    if gutterfold:
        fold_paper, folded, left = gutterfold_packing(items, spec)
        return StockSheets(fold_paper, folded, [], packed_pages(left, spec)[1] if left else [])
    duplex, one_sided = packed_pages(items, spec)
    return StockSheets(None, [], duplex, one_sided)


def mirrored(slot: Slot, paper: Paper) -> Slot:
    """A slot reflected about the fold line in the middle of the paper."""
    return back_slot(slot, paper)


def gutterfold_pages(paper: Paper, pages: Sequence[PackedPage[Item]], spec: SheetSpec) -> list[Page]:
    """Fronts on the left half, each back on the right half exactly where folding the
    sheet on its middle line lays it behind its front."""
    out: list[Page] = []
    total = len(pages)
    fold = paper.width / 2
    folded = SheetSpec(spec.game_title, spec.component_title, paper, spec.layout, spec.margin, guides=spec.guides)
    for number, page in enumerate(pages, start=1):
        names = _names(page.blocks)
        scene = Scene(paper.width, paper.height, title=f"{spec.game_title} - {names} - gutterfold page {number} of {total}")
        fronts = _fronts(page)
        backs = [(b.items, [mirrored(s, paper) for s in b.slots], True) for b in page.blocks if b.run.items[0].backed]
        where = words("page {page} of {pages} - {paper}, one-sided at 100 %: fold on the middle line, glue, cut",
                      page=number, pages=total, paper=paper.label)
        label = _page_label(f"{spec.game_title} · {names} · {words('gutterfold')} · {where}", [*fronts, *backs], folded)
        _draw_blocks(scene, [*fronts, *backs], folded, fold, label)
        top, bottom = spec.margin + 0.5, paper.height - spec.margin - 0.5
        line_clear_of(scene, fold, top, fold, bottom, FOLD, [label.box] if label else [])
        scene.text(fold - 1.2, spec.margin + 3.0, "fold", face="serif", size_pt=6.5, fill=FOLD_INK, anchor="end")
        out.append(Page(scene, label=f"gutterfold {number}", pieces=_trims([*fronts, *backs])))
    return out
