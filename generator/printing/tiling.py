"""Tiling a board larger than the paper onto home-printer pages: any board, map or sheet.

Each page shows a rectangle of the board (its *region*). Neighbouring regions overlap by
more than the unprintable margin; a caller may name where regions may start (a hex map its
hex boundaries, a grid its cell edges) so that nothing important is cut on every page, and
the regions that must be read whole (a legend, a title) that no seam of the joined tiles may
cross. The pages are spread so that the last is as full as the others: no tile holds a
lone strip of the board. Alignment marks sit in the overlaps (the same board point on both tiles), every tile is
labelled "B2, row 2 of 3", and an assembly page shows how the tiles go together.
"""

from __future__ import annotations

import itertools
import math
from array import array
from dataclasses import dataclass
from bisect import bisect_left
from typing import Callable, Iterator, Sequence

from generator.core.units import MM_PER_PT
from generator.draw import fonts
from generator.draw.extent import leaf_box
from generator.draw.page import BoardTile
from generator.draw.scene import GroupItem, Item, Scene, Style
from generator.kit.language import words

MARGIN = 8.0          # page edge to region: clear of the 3-5 mm a home printer cannot print
LABEL_STRIP = 7.0     # below the region: the tile label
MIN_OVERLAP = 12.0    # more than the unprintable margin, so a trimmed tile still overlaps
INK = "#4a3422"       # marks and labels
FACE_TITLE, FACE_TEXT, FACE_ITALIC, FACE_BOLD = "title-bold", "serif", "serif-italic", "serif-bold"


def paper_size(paper: str) -> tuple[float, float]:
    """Width and height in mm of a paper of data/sheets/papers.yaml (ValueError if unknown)."""
    from generator.printing.layouts import paper as paper_by_id        # the papers' models: only for tiles

    try:
        sheet = paper_by_id(paper)
    except KeyError as err:
        raise ValueError(err.args[0]) from None
    return sheet.width, sheet.height


@dataclass(frozen=True)
class Tile:
    """One page: the board rectangle (x, y, w, h) it shows, and its place in the grid of tiles."""

    col: int           # 0-based
    row: int
    x: float
    y: float
    w: float
    h: float

    @property
    def name(self) -> str:
        """Column letter and row number: 'B2'."""
        return f"{_letters(self.col)}{self.row + 1}"

    def contains(self, x0: float, y0: float, x1: float, y1: float, eps: float = 1e-6) -> bool:
        return self.x - eps <= x0 and x1 <= self.x + self.w + eps and self.y - eps <= y0 and y1 <= self.y + self.h + eps


@dataclass(frozen=True)
class TilePlan:
    """How a board of ``board`` size goes onto ``paper`` pages."""

    paper: str
    page: tuple[float, float]          # page width, height as printed (orientation applied)
    board: tuple[float, float]
    tiles: tuple[Tile, ...]
    cols: int
    rows: int
    keep: tuple["Region", ...] = ()     # regions no seam crosses: a legend, a title (board mm)

    @property
    def landscape(self) -> bool:
        return self.page[0] > self.page[1]

    def crossed(self) -> list[str]:
        """The regions kept whole that a seam crosses all the same (too large for a page)."""
        xs = {t.x for t in self.tiles if t.col > 0}
        ys = {t.y for t in self.tiles if t.row > 0}
        return [name for name, (x0, y0, x1, y1) in self.keep
                if any(x0 < x < x1 for x in xs) or any(y0 < y < y1 for y in ys)]

    def fullest_least(self) -> float:
        """The share of its page the emptiest tile fills with board."""
        return min(t.w * t.h for t in self.tiles) / (self.page[0] * self.page[1])

    def shows(self, tile: Tile) -> tuple[float, float, float, float]:
        """The part (x, y, w, h on the board) of ``tile`` that shows once the tiles are joined:
        the tiles right of it and below it are laid over the rest."""
        right = min((t.x for t in self.tiles if t.row == tile.row and t.col == tile.col + 1), default=tile.x + tile.w)
        below = min((t.y for t in self.tiles if t.col == tile.col and t.row == tile.row + 1), default=tile.y + tile.h)
        return tile.x, tile.y, right - tile.x, below - tile.y

    def label(self, tile: Tile) -> str:
        return words("{tile}, row {row} of {rows}, column {col} of {cols}", tile=tile.name, row=tile.row + 1,
                     rows=self.rows, col=tile.col + 1, cols=self.cols)


def _letters(index: int) -> str:
    text = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        text = chr(65 + rem) + text
    return text


Box = tuple[float, float, float, float]
#: A part of a board that must be seen whole, by name ("legend"): x0, y0, x1, y1 in mm.
Region = tuple[str, Box]
#: What a board whose ornaments may move offers the planner: given the seams across the board
#: (x positions, left to right), where its movable regions go so that no seam crosses one,
#: or None when they cannot all fit between those seams.
Arrange = Callable[[Sequence[float]], "tuple[Region, ...] | None"]

SEAM_CLEAR = 3.0      # mm between a seam and a region kept whole: a cut 1.5 mm off still misses it
READ_CLEAR = 0.0      # mm between a seam and a word or symbol (a hex's id may touch its edge, a seam on it)
SHORT = 0.6           # a last page shorter than this share of the others is mostly blank (with the margins)
STEP = 1.0            # mm: where no line is named, a region may start on any whole millimetre
MAX_TRIES = 400       # sequences of starts tried against ``accept`` before giving up on a count
MAX_EXTRA = 2         # tiles more than the fewest along one axis, to keep regions whole


@dataclass(frozen=True)
class Axis:
    """One axis of a board to split: its length, the region a page shows of it, the overlap
    neighbouring pages share, where pages may start (None: anywhere; else those lines, and
    anywhere past the last), and the spans no seam may cross."""

    length: float
    region: float
    overlap: float
    candidates: Sequence[float] | None = None
    blocked: Sequence[tuple[float, float]] = ()
    read: Sequence[tuple[float, float]] = ()      # words and symbols: no seam through them (READ_CLEAR)

    def positions(self) -> list[float]:
        """Every place a page may start, but the first (0)."""
        last = max(self.candidates) if self.candidates else 0.0
        fine = [k * STEP for k in range(1, int(self.length / STEP) + 1)] + [self.length - self.region]
        found = {c for c in self.candidates or () if 0.0 < c < self.length} | {f for f in fine if f > last}
        return sorted(p for p in found if 0.0 < p < self.length and not self.crosses(p))

    def crosses(self, seam: float) -> bool:
        return (any(a - SEAM_CLEAR < seam < b + SEAM_CLEAR for a, b in self.blocked)
                or any(a - READ_CLEAR < seam < b + READ_CLEAR for a, b in self.read))


def _reachable(axis: Axis, positions: list[float], most: int) -> list[list[float]]:
    """Layer k: the positions page k (from 0) may start at, for k up to ``most``, or up to
    MAX_EXTRA + 1 past the first layer whose page reaches the end when that is later (the
    fewest pages the lines allow: pages advance less than a region where the lines are far
    apart, as the columns of 100 mm hexes are). Each layer starts over a millimetre past the
    one before, so there are at most the axis's length in millimetres of them."""
    layers = [[0.0]]
    ending: int | None = None
    while ending is None or len(layers) <= most:
        if ending is None and any(s + axis.region >= axis.length - 1e-6 for s in layers[-1]):
            ending = len(layers) - 1
            most = max(most, ending + 1 + MAX_EXTRA)
            continue
        before = layers[-1]
        layer = [s for s in positions if _predecessors(before, s, axis)]
        if not layer:
            break
        layers.append(layer)
    return layers


def _predecessors(layer: list[float], s: float, axis: Axis) -> list[float]:
    """The starts in ``layer`` a page starting at ``s`` may follow: it overlaps them by at
    least the overlap and starts more than a millimetre after them."""
    lo = bisect_left(layer, s - axis.region + axis.overlap - 1e-9)
    hi = bisect_left(layer, s - 1.0)
    return layer[lo:hi]


def _sequences(axis: Axis, layers: list[list[float]], count: int) -> Iterator[list[float]]:
    """Every way of ``count`` pages covering the axis, the fullest last page first, the pages
    before it as evenly spread as their lines allow."""
    if count == 1:
        if axis.region >= axis.length - 1e-6:
            yield [0.0]
        return
    if len(layers) < count:
        return
    lasts = [s for s in layers[count - 1] if s + axis.region >= axis.length - 1e-6]

    def back(seq: list[float], k: int) -> Iterator[list[float]]:
        """``seq`` starts pages k+1 onwards: the ways page k may start before them."""
        if k == 0:
            yield [0.0, *seq]
            return
        ideal = seq[-1] * k / (count - 1)
        for p in sorted(_predecessors(layers[k], seq[0], axis), key=lambda p: abs(p - ideal)):
            yield from back([p, *seq], k - 1)

    for last in lasts:          # ascending: the last page as full as it can be
        yield from back([last], count - 2)


def _starts(axis: Axis, accept: Callable[[list[float]], bool] | None = None) -> list[float] | None:
    """Where pages start along the axis: the fewest pages (up to MAX_EXTRA more where
    ``accept`` or the blocked spans need them), the last one as full as it can be; None when
    no way is found."""
    if axis.region <= axis.overlap:
        raise ValueError("the printable region is smaller than the overlap")
    positions = axis.positions()
    fewest = max(1, math.ceil((axis.length - axis.overlap) / (axis.region - axis.overlap) - 1e-9))
    layers = _reachable(axis, positions, fewest + MAX_EXTRA)
    for count in range(1, len(layers) + 1):
        tries = 0
        for seq in _sequences(axis, layers, count):
            if accept is None or accept(seq):
                return seq
            tries += 1
            if tries >= MAX_TRIES:
                break
    return None


def _axis_starts(axis: Axis, accept: Callable[[list[float]], bool] | None, spare: int = 1) -> list[float]:
    """The starts along an axis, keeping its blocked spans whole where any way does; a span
    longer than a page can hold is let go (the preflight reports it), and if no way keeps
    the others whole, they are let go too. Among the ways, the one whose seams cross the
    fewest words and symbols (``read``) wins, with at most ``spare`` pages more than need be."""
    room = axis.region - 2 * SEAM_CLEAR
    fitting = Axis(axis.length, axis.region, axis.overlap, axis.candidates,
                   [(a, b) for a, b in axis.blocked if b - a <= room])
    read = [(a, b) for a, b in axis.read if b - a <= axis.region - 2 * READ_CLEAR]
    found = _least_crossing(fitting, read, accept, spare) or \
        (_least_crossing(fitting, read, None, spare) if accept else None)
    if found is None:
        found = _least_crossing(Axis(axis.length, axis.region, axis.overlap, axis.candidates), read, None, spare)
    if found is None:       # the lines a page may start on are further apart than a page reaches
        raise ValueError(f"no page of {axis.region:.0f} mm can start on the lines it must start on and overlap "
                         f"the one before by {axis.overlap:.0f} mm")
    return found


def _least_crossing(axis: Axis, read: Sequence[tuple[float, float]],
                    accept: Callable[[list[float]], bool] | None, spare: int = 1) -> list[float] | None:
    """As ``_starts``, choosing among the ways of the fewest pages and of up to ``spare``
    pages more the one whose seams cross the fewest ``read`` spans, a last page shorter than
    ``SHORT`` of the others counted as one more (a page mostly blank); fewer pages on a tie."""
    if not read:
        return _starts(axis, accept)
    if axis.region <= axis.overlap:
        raise ValueError("the printable region is smaller than the overlap")
    positions = axis.positions()
    cost = {p: sum(1 for a, b in read if a - READ_CLEAR < p < b + READ_CLEAR) for p in positions}

    def score(seq: list[float]) -> int:
        return sum(cost[p] for p in seq[1:]) + (axis.length - seq[-1] < SHORT * axis.region)
    fewest = max(1, math.ceil((axis.length - axis.overlap) / (axis.region - axis.overlap) - 1e-9))
    layers = _reachable(axis, positions, fewest + MAX_EXTRA)
    best: tuple[int, list[float]] | None = None
    first: int | None = None
    for count in range(1, len(layers) + 1):
        if first is not None and count > first + spare:
            break
        seq = _cheapest(axis, layers, count, cost)
        if seq is not None and accept is not None and not accept(seq):
            tried = [q for q in itertools.islice(_sequences(axis, layers, count), MAX_TRIES) if accept(q)]
            seq = min(tried, key=score) if tried else None
        if seq is None:
            continue
        first = count if first is None else first
        if best is None or score(seq) < best[0]:
            best = (score(seq), seq)
    return best[1] if best else None


def _cheapest(axis: Axis, layers: list[list[float]], count: int, cost: dict[float, int]) -> list[float] | None:
    """The ``count`` page starts whose seams cross the fewest spans (``cost`` of each start),
    a short last page counting one more; the fullest last page on a tie."""
    if count == 1:
        return [0.0] if axis.region >= axis.length - 1e-6 else None
    if len(layers) < count:
        return None
    table: list[dict[float, tuple[int, float]]] = [{0.0: (0, 0.0)}]
    for k in range(1, count):
        before = table[-1]
        starts = sorted(before)
        here: dict[float, tuple[int, float]] = {}
        for s in layers[k]:
            options = [p for p in _predecessors(starts, s, axis)]
            if options:
                p = min(options, key=lambda p: (before[p][0], -p))
                here[s] = (before[p][0] + cost[s], p)
        table.append(here)
    lasts = [s for s in table[-1] if s + axis.region >= axis.length - 1e-6]
    if not lasts:
        return None
    last = min(lasts, key=lambda s: (table[-1][s][0] + (axis.length - s < SHORT * axis.region), s))
    seq = [last]
    for k in range(count - 1, 0, -1):
        seq.append(table[k][seq[-1]][1])
    return seq[::-1]


MOST_BLANK = 0.5      # share of its page a tile may leave without board (the preflight's limit)


def _rank(plan: TilePlan, read: Sequence[Region] = ()) -> tuple[int, int, int, float]:
    """Which plan is better: fewer regions crossed by a seam, then fewer faults a reader
    sees (words and symbols crossed, pages mostly blank), then fewer pages, then fuller ones."""
    area = plan.page[0] * plan.page[1]
    blank = sum(1 for t in plan.tiles if t.w * t.h < (1 - MOST_BLANK) * area)
    return len(plan.crossed()), len(_crossed(plan, read)) + blank, len(plan.tiles), -plan.fullest_least()


def _crossed(plan: TilePlan, regions: Sequence[Region]) -> list[str]:
    """The regions (words, symbols) a seam of the plan crosses."""
    xs = {t.x for t in plan.tiles if t.col > 0}
    ys = {t.y for t in plan.tiles if t.row > 0}
    return [name for name, (x0, y0, x1, y1) in regions
            if any(x0 < x < x1 for x in xs) or any(y0 < y < y1 for y in ys)]


def plan_tiles(board_w: float, board_h: float, paper: str = "a4", x_cuts: Sequence[float] | None = None,
               y_cuts: Sequence[float] | None = None, overlap: float = MIN_OVERLAP,
               orientation: str = "auto", y_overlap: float | None = None, keep: Sequence[Region] = (),
               arrange: Arrange | None = None, read: Sequence[Region] = ()) -> TilePlan:
    """Regions for a board of board_w x board_h mm. ``x_cuts``/``y_cuts`` are the board
    positions where a region may start (hex boundaries); no seam crosses a ``keep`` region
    (a legend, a title), and ``arrange`` places the board's movable regions between the
    seams; where it can, no seam crosses a ``read`` region either (each word and symbol of
    the board: ``generator.draw.read``; those inside the keep and movable regions go with
    them). The plan with the fewest regions a seam crosses all the same wins, then the one
    crossing fewer words, then the one with fewer pages, then the fuller (no page mostly
    blank), portrait on a tie."""
    pw, ph = paper_size(paper)
    choices = {"portrait": [(pw, ph)], "landscape": [(ph, pw)], "auto": [(pw, ph), (ph, pw)]}[orientation]
    movable = arrange(()) if arrange else ()
    blocked_x = [(b[0], b[2]) for _, b in keep]
    blocked_y = [(b[1], b[3]) for _, b in (*keep, *(movable or ()))]
    owned = [b for _, b in (*keep, *(movable or ()))]
    read = [r for r in read if not any(_within(r[1], b) for b in owned)]
    read_x = [(b[0], b[2]) for _, b in read]
    read_y = [(b[1], b[3]) for _, b in read]
    accept = (lambda xs: arrange(xs[1:]) is not None) if arrange else None
    best: TilePlan | None = None
    spares = (0, 1) if read else (0,)      # a page more along an axis, to keep words whole
    for page_w, page_h in choices:
        rw, rh = page_w - 2 * MARGIN, page_h - 2 * MARGIN - LABEL_STRIP
        x_ways = {tuple(_axis_starts(Axis(board_w, rw, overlap, x_cuts, blocked_x, read_x), accept, n)) for n in spares}
        y_ways = {tuple(_axis_starts(Axis(board_h, rh, max(overlap, y_overlap or 0.0), y_cuts, blocked_y, read_y),
                                     None, n)) for n in spares}
        for xs, ys in sorted((x, y) for x in x_ways for y in y_ways):
            tiles = tuple(Tile(c, r, x, y, min(rw, board_w - x), min(rh, board_h - y))
                          for r, y in enumerate(ys) for c, x in enumerate(xs))
            placed = arrange(list(xs[1:])) if arrange else ()
            plan = TilePlan(paper, (page_w, page_h), (board_w, board_h), tiles, len(xs), len(ys),
                            tuple(keep) + tuple(placed or movable or ()))
            if best is None or _rank(plan, read) < _rank(best, read):
                best = plan
    assert best is not None
    return best


def _within(box: Box, outer: Box) -> bool:
    return outer[0] <= box[0] and box[2] <= outer[2] and outer[1] <= box[1] and box[3] <= outer[3]


def read_regions(board: Scene) -> tuple[Region, ...]:
    """Every word, symbol and named space the board draws, as regions no seam should cross."""
    from generator.draw.read import readables

    return tuple((r.what, r.box) for r in readables(board.items))


def tile_page(board: Scene, plan: TilePlan, tile: Tile, title: str, index: "Culler | None" = None) -> Scene:
    """One printable page: the tile's region of the board, marks in the overlaps, label below.
    ``index``: the board's items indexed once for all its tiles (``Culler(board.items)``)."""
    page_w, page_h = plan.page
    s = Scene(page_w, page_h, title=f"{title} - tile {tile.name}")
    ox, oy = MARGIN - tile.x, MARGIN - tile.y           # board -> page
    region = (tile.x, tile.y, tile.x + tile.w, tile.y + tile.h)
    visible = Scene(board.width, board.height, items=(index or Culler(board.items)).cull(region))
    s.place(visible, ox, oy, clip_to=(tile.x, tile.y, tile.w, tile.h))
    s.rect(MARGIN, MARGIN, tile.w, tile.h, Style(stroke=INK, stroke_width=0.15, opacity=0.6))
    for other in plan.tiles:
        # marks only in the bands a later tile (right, below) is laid over: the assembled
        # board shows none; the later tile's own edge of the band is trimmed away
        later = (other.row == tile.row and other.col == tile.col + 1) or (other.col == tile.col and other.row == tile.row + 1)
        if not later:
            continue
        x0, x1 = max(tile.x, other.x), min(tile.x + tile.w, other.x + other.w)
        y0, y1 = max(tile.y, other.y), min(tile.y + tile.h, other.y + other.h)
        if x1 - x0 <= 0 or y1 - y0 <= 0:
            continue
        for bx, by in _mark_points(x0, y0, x1, y1):
            _alignment_mark(s, bx + ox, by + oy)
        _edge_line(s, x0 + ox, y0 + oy, x1 + ox, y1 + oy, vertical=other.row == tile.row)
    _crop_ticks(s, MARGIN, MARGIN, tile.w, tile.h)
    label = words("{tile}  ·  {title}  ·  {paper} {orientation}, print at 100 %", tile=plan.label(tile), title=title,
                  paper=plan.paper.upper(), orientation=words("landscape" if plan.landscape else "portrait"))
    name_x = max(MARGIN + tile.w, page_w - MARGIN - 30.0)          # a narrow last tile: its name still clear of the label
    s.text(MARGIN, MARGIN + tile.h + 5.0, label, face=FACE_TEXT, fill=INK,
           size_pt=fitted_size(label, FACE_TEXT, 8.0, name_x - 12.0 - MARGIN))
    s.text(name_x, MARGIN + tile.h + 5.0, tile.name, face=FACE_TITLE, size_pt=12, fill=INK, anchor="end")
    return s


def tile_facts(plan: TilePlan, tile: Tile) -> BoardTile:
    """Where ``tile_page`` puts the tile's part of the board, what of it shows once joined,
    and the plan's regions kept whole that reach the tile, all on the page."""
    ox, oy = MARGIN - tile.x, MARGIN - tile.y
    sx, sy, sw, sh = plan.shows(tile)
    whole = tuple((name, (x0 + ox, y0 + oy, x1 - x0, y1 - y0)) for name, (x0, y0, x1, y1) in plan.keep
                  if x0 < tile.x + tile.w and x1 > tile.x and y0 < tile.y + tile.h and y1 > tile.y)
    return BoardTile((MARGIN, MARGIN, tile.w, tile.h), (sx + ox, sy + oy, sw, sh), whole)


JOINING = (
    "Trim each tile along its thin frame line on the left and top sides (not on the tiles of column A or row 1).",
    "Lay each trimmed tile over its neighbour to the left and above, its cut edge on the dashed line printed "
    "there; it covers that neighbour's circle-and-cross marks, so the assembled board shows none.",
    "Tape or glue from the back.",
)
#: The one way to join the tiles, as PRINTING.md tells it (the assembly page gives JOINING).
JOINING_SUMMARY = ("Trim the left and top frame line of each tile (not column A or row 1) and lay it over its "
                   "neighbours, its cut edge on the dashed line printed there, as the assembly page shows.")
EDGE = Style(stroke=INK, stroke_width=0.2, dash=(1.2, 0.8))


def _edge_line(s: Scene, x0: float, y0: float, x1: float, y1: float, vertical: bool) -> None:
    """Where the later tile's cut edge goes: the near side of the band it covers."""
    if vertical:
        s.line(x0, y0, x0, y1, EDGE)
    else:
        s.line(x0, y0, x1, y0, EDGE)


def fitted_size(text: str, face: str, size_pt: float, width: float) -> float:
    """``size_pt``, or less so that one line of ``text`` is at most ``width`` mm wide."""
    wide = fonts.text_width(text, face, size_pt * MM_PER_PT)
    return size_pt if wide <= width else size_pt * width / wide


def _mark_points(x0: float, y0: float, x1: float, y1: float) -> list[tuple[float, float]]:
    """Two points along the middle of an overlap band."""
    if (x1 - x0) < (y1 - y0):                           # vertical band
        xm = (x0 + x1) / 2
        return [(xm, y0 + (y1 - y0) * f) for f in (0.25, 0.75)]
    ym = (y0 + y1) / 2
    return [(x0 + (x1 - x0) * f, ym) for f in (0.25, 0.75)]


def _alignment_mark(s: Scene, x: float, y: float, r: float = 3.0) -> None:
    """A register mark: circle and cross, white under black so it reads on any terrain."""
    for colour, width in (("#ffffff", 0.7), ("#000000", 0.25)):
        st = Style(stroke=colour, stroke_width=width)
        s.circle(x, y, r, st)
        s.line(x - r * 1.5, y, x + r * 1.5, y, st)
        s.line(x, y - r * 1.5, x, y + r * 1.5, st)


def _crop_ticks(s: Scene, x: float, y: float, w: float, h: float, gap: float = 1.0, length: float = 2.3) -> None:
    """Corner ticks on the region's frame lines, ending short of the 4.5 mm home printers
    leave unprinted (the region starts MARGIN from the page's edge)."""
    st = Style(stroke="#000000", stroke_width=0.2)
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            s.line(cx + sx * gap, cy, cx + sx * (gap + length), cy, st)
            s.line(cx, cy + sy * gap, cx, cy + sy * (gap + length), st)


def assembly_page(board: Scene, plan: TilePlan, title: str, steps: Sequence[str] = (), what: str = "the board",
                  check: str = "") -> Scene:
    """A page showing the whole board small, the tiles drawn over it, and how to join them:
    a first step that counts the pages and says to print at 100 % (``check`` adds how to check
    the size), then ``steps`` (by default: trim, match the marks, tape). ``what`` names the
    board in the heading ("the map")."""
    from generator.draw.typeset import draw_textbox          # text boxes: only on this page

    page_w, page_h = paper_size(plan.paper)
    s = Scene(page_w, page_h, title=f"{title} - assembly")
    heading = words("{title}: assembling {what}", title=title, what=words(what))
    s.text(page_w / 2, MARGIN + 12, heading, face=FACE_TITLE, size_pt=fitted_size(heading, FACE_TITLE, 18.0, page_w - 2 * MARGIN),
           fill=INK, anchor="middle")
    box_w, box_h = page_w - 2 * MARGIN - 10, page_h * 0.55
    scale = min(box_w / plan.board[0], box_h / plan.board[1])
    bx = (page_w - plan.board[0] * scale) / 2
    by = MARGIN + 22
    s.place(board, bx, by, scale=scale)
    for tile in plan.tiles:         # every tile's frame first: no later tile's veil over a name
        x, y = bx + tile.x * scale, by + tile.y * scale
        s.rect(x, y, tile.w * scale, tile.h * scale, Style(stroke="#9c2b23", stroke_width=0.5, fill="#ffffff", opacity=0.25))
        s.rect(x, y, tile.w * scale, tile.h * scale, Style(stroke="#9c2b23", stroke_width=0.5))
    for tile in plan.tiles:         # each name amid the part of its tile that shows: clear of its neighbours'
        sx, sy, sw, sh = plan.shows(tile)
        cx, cy = bx + (sx + sw / 2) * scale, by + (sy + sh / 2) * scale
        name_w = fonts.text_width(tile.name, FACE_TITLE, 16 * MM_PER_PT) + 3.0
        s.rect(cx - name_w / 2, cy - 3.4, name_w, 8.0,
               Style(fill="#ffffff", opacity=0.85), radius=1.0)       # readable on any art (preflight)
        s.text(cx, cy + 3, tile.name, face=FACE_TITLE, size_pt=16, fill="#9c2b23", anchor="middle")
    text_y = by + plan.board[1] * scale + 12
    steps = [words("{pages} pages, {cols} across and {rows} down, {paper} {orientation}. Print at 100 % "
                   "(no 'fit to page'){check}.", pages=len(plan.tiles), cols=plan.cols, rows=plan.rows,
                   paper=plan.paper.upper(), orientation=words("landscape" if plan.landscape else "portrait"),
                   check=words(check) if check else ""),
             *(words(step) for step in (steps or JOINING))]
    for i, step in enumerate(steps, start=1):
        fitted = draw_textbox(s, MARGIN + 14, text_y, page_w - 2 * MARGIN - 20, 16, step, face=FACE_TEXT, size_pt=10)
        s.text(MARGIN + 6, text_y + 3.6, f"{i}.", face=FACE_BOLD, size_pt=10, fill=INK)
        text_y += max(len(fitted.lines), 1) * fitted.line_height + 3.0
    s.text(page_w / 2, page_h - MARGIN - 2, words("pnpkit · assembly diagram"), face=FACE_ITALIC, size_pt=8, fill=INK,
           anchor="middle")
    return s


CELL_MM = 40.0      # the side of a cell of the culling index


def _translated(item: Item) -> bool:
    """A group that only moves its items (no scale, no clip): culled item by item."""
    return isinstance(item, GroupItem) and item.matrix[:4] == (1.0, 0.0, 0.0, 1.0) and item.clip is None


class Culler:
    """The items of a board indexed by the cells of a grid they touch, so that culling it for
    each of many tiles costs what the tile shows, not the whole board once per tile (which
    grew with the square of a map's size). Bounding boxes are computed once and kept in flat
    arrays: the index of a map of 200,000 items costs a few MB."""

    def __init__(self, items: Sequence[Item]) -> None:
        self.items = items
        self.inner: dict[int, Culler] = {}
        self.boxes = array("d")              # x0, y0, x1, y1 of each item; NaN: not bounded (always kept)
        self.always = array("l")
        self.cells: dict[tuple[int, int], array] = {}
        for i, item in enumerate(items):
            box: Box | None
            if _translated(item):
                assert isinstance(item, GroupItem)
                child = self.inner[i] = Culler(item.items)
                extent = child.extent()
                e, f = item.matrix[4], item.matrix[5]
                box = None if extent is None else (extent[0] + e, extent[1] + f, extent[2] + e, extent[3] + f)
            else:
                box = None if isinstance(item, GroupItem) else leaf_box(item)
            if box is None or not _few_cells(box):
                self.boxes.extend((math.nan, math.nan, math.nan, math.nan))
                self.always.append(i)
                continue
            self.boxes.extend(box)
            for cell in _cells(box):
                found = self.cells.get(cell)
                if found is None:
                    found = self.cells[cell] = array("l")
                found.append(i)

    def extent(self) -> Box | None:
        """Where all the items lie; None when one of them cannot be bounded (always kept)."""
        if self.always:
            return None
        if not self.boxes:
            return (0.0, 0.0, 0.0, 0.0)
        b = self.boxes
        return (min(b[0::4]), min(b[1::4]), max(b[2::4]), max(b[3::4]))

    def cull(self, rect: Box) -> list[Item]:
        x0, y0, x1, y1 = rect
        candidates = set(self.always)
        for cell in _cells(rect):
            candidates.update(self.cells.get(cell, ()))
        kept: list[Item] = []
        b = self.boxes
        for i in sorted(candidates):          # in drawing order
            item = self.items[i]
            if not math.isnan(b[4 * i]) and not (b[4 * i] <= x1 and b[4 * i + 2] >= x0
                                                  and b[4 * i + 1] <= y1 and b[4 * i + 3] >= y0):
                continue
            if i in self.inner:
                assert isinstance(item, GroupItem)
                e, f = item.matrix[4], item.matrix[5]
                inside = self.inner[i].cull((x0 - e, y0 - f, x1 - e, y1 - f))
                if inside:
                    kept.append(GroupItem(tuple(inside), item.matrix, None, item.opacity, item.name))
                continue
            kept.append(item)
        return kept


def _few_cells(box: Box) -> bool:
    """A box the index can hold (finite, a few thousand cells at most); others are always kept."""
    return all(math.isfinite(v) for v in box) and (box[2] - box[0]) * (box[3] - box[1]) <= 4000 * CELL_MM ** 2


def _cells(box: Box) -> list[tuple[int, int]]:
    c0, c1 = math.floor(box[0] / CELL_MM), math.floor(box[2] / CELL_MM)
    r0, r1 = math.floor(box[1] / CELL_MM), math.floor(box[3] / CELL_MM)
    return [(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]


def cull(items: Sequence[Item], rect: Box) -> list[Item]:
    """The items that may show inside ``rect`` (x0, y0, x1, y1): a tile's PDF page then
    carries its own part of the board instead of the whole board clipped. (Many tiles of
    one board share a ``Culler`` instead.)"""
    return Culler(items).cull(rect)
