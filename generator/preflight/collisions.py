"""Rule 6: no word under other art. A text is covered where ink that is not its own ground
lies inside its letters' box: anything painted after it (a symbol, a road, a hex number's
tag, another text, a white plate), and another text or symbol painted before it (unless the
word lies wholly on the symbol, as a cost on a coin: its ground), and a thick line painted
before it that runs through its letters' core (a road, a river, a coast under the letters: a
thin hex edge the text is set on does not count) unless a ground is painted between the line
and the word (a knock-out plate or halo the painter sets under a label, as published maps do).
Its ground (the filled areas painted before it) and its own colour (an underline, a text drawn twice for
a halo) do not cover it; a drop shadow is not ink of its own.

The box of a text is its letters': from the cap height down to a little below the baseline
(not the font's generous ascender), so that two lines of one paragraph do not touch. What
covers it is measured by its geometry, not its bounding box: a road's path must run through
the letters' box, a filled shape must reach into it.
"""

from __future__ import annotations

import math
from typing import Iterator, Sequence

from generator.core.limits import excerpt
from generator.draw.ink import Box, Drawn
from generator.draw.read import ICON
from generator.draw.scene import CircleItem, ImageItem, PathItem, TextItem, apply
from generator.preflight.behind import _rings
from generator.preflight.findings import Finding
from generator.preflight.page import PrintedPage
from generator.preflight.wcag import TEXT, ratio

RULE = "collision"
CAP = 0.68          # the letters' top above the baseline, in font sizes (a capital's height)
FOOT = 0.12         # their foot below it (most of a descender shows above this)
INSET = 0.15        # mm the letters' box is shrunk by on each side before anything counts as inside it
CELL = 10.0
THICK = 0.5         # mm: a line painted before a word at least this wide is a road or a river, not an edge
PROBES = (12, 3)    # points across and down a word's core where its ground is looked for
MARK = 2.0          # font sizes: a thin stroke no longer than this is a mark (a ripple, a hatch), not an edge
CORE = (0.5, 0.15)  # the letters' core: from this share of the font size above the baseline down to this share


def letters_box(d: Drawn) -> Box | None:
    """The box of a text's letters on the page (None for a blank text)."""
    item = d.item
    assert isinstance(item, TextItem)
    if not item.text.strip():
        return None
    x0 = item.start_x()
    x1 = x0 + item.width()
    corners = [apply(d.matrix, p) for p in ((x0, item.y - CAP * item.size_mm), (x1, item.y - CAP * item.size_mm),
                                             (x0, item.y + FOOT * item.size_mm), (x1, item.y + FOOT * item.size_mm))]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    box = (max(min(xs) + INSET, d.box[0]), max(min(ys) + INSET, d.box[1]),      # where it shows (d.box: clipped)
           min(max(xs) - INSET, d.box[2]), min(max(ys) - INSET, d.box[3]))
    return box if box[0] < box[2] and box[1] < box[3] else None


def letters_core(d: Drawn) -> Box | None:
    """The middle of a text's letters (x-height band, inset at the ends), which a line painted
    under the word must cross to strike it, not only graze a serif or a descender."""
    item = d.item
    assert isinstance(item, TextItem)
    box = letters_box(d)
    if box is None:
        return None
    top = apply(d.matrix, (item.x, item.y - CORE[0] * item.size_mm))[1]
    foot = apply(d.matrix, (item.x, item.y - CORE[1] * item.size_mm))[1]
    inset = 0.25 * item.size_mm * d.scale
    core = (box[0] + inset, max(box[1], min(top, foot)), box[2] - inset, min(box[3], max(top, foot)))
    return core if core[0] < core[2] and core[1] < core[3] else None


def _line(d: Drawn) -> bool:
    """A stroked line (not a filled shape) that prints."""
    item = d.item
    return (isinstance(item, PathItem) and not item.style.fill and bool(item.style.stroke) and item.style.stroke_width > 0
            and item.style.opacity > 0 and d.opacity > 0 and not d.shadow)


def _reads_over(line: Drawn, text: Drawn) -> bool:
    """Whether the word reads on the line as on a ground (a pale rule under dark letters: at
    least the text contrast ``TEXT`` between them), so that the line does not strike it."""
    item, ink = text.item, line.item
    assert isinstance(item, TextItem) and isinstance(ink, PathItem)
    try:
        return ratio(item.fill, ink.style.stroke or "") >= TEXT
    except ValueError:
        return False


def _under(line: Drawn, text: Drawn) -> Box | None:
    """The part of the word a line painted before it must reach to strike it: a thick line (a
    road, a river, a coast) its letters' core; a short stroke (a ripple, a hatch, a tuft: no
    longer than ``MARK`` font sizes) its letters' box and a little above (a ripple on a capital's top); None for a long thin line (a hex edge
    the word is set on), which never strikes it."""
    item = text.item
    assert isinstance(item, TextItem) and isinstance(line.item, PathItem)
    if line.item.style.stroke_width * line.scale >= THICK:
        return letters_core(text)
    span = max(line.box[2] - line.box[0], line.box[3] - line.box[1])
    box = letters_box(text)
    if box is None or span > MARK * item.size_mm * text.scale:
        return None
    return box[0], max(text.box[1], box[1] - CAP * item.size_mm * text.scale * 0.25), box[2], box[3]   # a mark on their tops too


def _fills(d: Drawn, x: float, y: float) -> bool:
    """Whether ``d`` is a filled shape that paints the point (within its clip)."""
    item = d.item
    if not (isinstance(item, (PathItem, CircleItem)) and item.style.fill and item.style.opacity > 0 and d.opacity > 0
            and not d.shadow and d.box[0] <= x <= d.box[2] and d.box[1] <= y <= d.box[3]):
        return False
    if isinstance(item, CircleItem):
        cx, cy = apply(d.matrix, (item.cx, item.cy))
        return math.hypot(x - cx, y - cy) <= item.r * d.scale
    return _inside(_rings(item.commands, d.matrix), x, y)


def _grounded(items: Sequence[Drawn], line: int, text: int, core: Box) -> bool:
    """Whether filled shapes painted after the line and before the word lie under the whole of
    the word's core (its own ground: a plate, the terrain knocked out under it), tried at
    ``PROBES`` points across the core."""
    between = [items[i] for i in range(line + 1, text) if _meets(items[i].box, core)]
    nx, ny = PROBES
    points = [(core[0] + (core[2] - core[0]) * (i + 0.5) / nx, core[1] + (core[3] - core[1]) * (j + 0.5) / ny)
              for i in range(nx) for j in range(ny)]
    return bool(between) and all(any(_fills(d, x, y) for d in between) for x, y in points)


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _within(box: Box, outer: Box) -> bool:
    return outer[0] <= box[0] and box[2] <= outer[2] and outer[1] <= box[1] and box[3] <= outer[3]


def _segment_meets(box: Box, p: tuple[float, float], q: tuple[float, float]) -> bool:
    """Whether the segment p-q passes through the box (Liang-Barsky clipping)."""
    x0, y0, x1, y1 = box
    dx, dy = q[0] - p[0], q[1] - p[1]
    lo, hi = 0.0, 1.0
    for step, room in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if step == 0:
            if room < 0:
                return False
            continue
        t = room / step
        if step < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
        if lo > hi:
            return False
    return True


def _inside(rings: Sequence[Sequence[tuple[float, float]]], px: float, py: float) -> bool:
    crossings = 0
    for ring in rings:
        n = len(ring)
        for i in range(n):
            (x1, y1), (x2, y2) = ring[i], ring[(i + 1) % n]
            if (y1 <= py) != (y2 <= py) and x1 + (py - y1) * (x2 - x1) / (y2 - y1) > px:
                crossings += 1
    return crossings % 2 == 1


def _covers(d: Drawn, box: Box) -> bool:
    """Whether ``d``'s ink reaches into the box (its outline or stroke through it, or the box
    inside its filled area)."""
    item = d.item
    if not _meets(d.box, box):
        return False
    if isinstance(item, ImageItem):
        return True
    if isinstance(item, TextItem):
        other = letters_box(d)
        return other is not None and _meets(other, box)
    if isinstance(item, CircleItem):
        cx, cy = apply(d.matrix, (item.cx, item.cy))
        r = item.r * d.scale + (item.style.stroke_width * d.scale / 2 if item.style.stroke else 0.0)
        nx, ny = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
        if math.hypot(nx - cx, ny - cy) > r:
            return False
        if item.style.fill:
            return True
        inner = item.r * d.scale - item.style.stroke_width * d.scale / 2      # a ring: the box inside its hole is clear
        return any(math.hypot(x - cx, y - cy) >= inner for x in (box[0], box[2]) for y in (box[1], box[3]))
    if isinstance(item, PathItem):
        pad = item.style.stroke_width * d.scale / 2 if item.style.stroke else 0.0
        grown = (box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad)
        rings = _rings(item.commands, d.matrix)
        closed = bool(item.style.fill)
        for ring in rings:
            points = list(ring) + ([ring[0]] if closed else [])
            if any(_segment_meets(grown, points[i], points[i + 1]) for i in range(len(points) - 1)):
                return True
        open_lines = _open_lines(item, d)
        if any(_segment_meets(grown, a, b) for a, b in open_lines):
            return True
        return closed and _inside(rings, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    return False


def _open_lines(item: PathItem, d: Drawn) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """A stroked path's two-point pieces (a line, a road's leg), which outlines of three points
    or more leave out."""
    out = []
    current: list[tuple[float, float]] = []
    for cmd in item.commands:
        if cmd[0] == "M":
            current = [apply(d.matrix, (cmd[1], cmd[2]))]
        elif cmd[0] == "L":
            point = apply(d.matrix, (cmd[1], cmd[2]))
            if len(current) == 1:
                out.append((current[0], point))
            current.append(point)
    return out


def _paints(d: Drawn) -> bool:
    item = d.item
    if d.opacity <= 0 or d.shadow:
        return False
    if isinstance(item, (PathItem, CircleItem)):
        style = item.style
        return style.opacity > 0 and (bool(style.fill) or (bool(style.stroke) and style.stroke_width > 0))
    return isinstance(item, (TextItem, ImageItem))


def _colours(d: Drawn) -> set[str]:
    item = d.item
    if isinstance(item, TextItem):
        return {item.fill.lower()}
    if isinstance(item, (PathItem, CircleItem)):
        return {c.lower() for c in (item.style.fill, item.style.stroke) if c}
    return set()


def _icon_box(d: Drawn, icons: dict[int, list[float]]) -> Box:
    group = next(g for g in d.groups if g.name.startswith(ICON))
    x0, y0, x1, y1 = icons[id(group)]
    return x0 - 0.2, y0 - 0.2, x1 + 0.2, y1 + 0.2


def _symbol(d: Drawn) -> str:
    return next((g.name.removeprefix(ICON) for g in d.groups if g.name.startswith(ICON)), "")


def what(d: Drawn) -> str:
    """What covers a text, as a finding says it."""
    item = d.item
    symbol = _symbol(d)
    if symbol:
        return f"the symbol {symbol}"
    if isinstance(item, TextItem):
        return f"the text {excerpt(item.text.strip(), 40)}"
    if isinstance(item, ImageItem):
        return "an image"
    if isinstance(item, CircleItem):
        return "a circle" if item.style.fill else "a ring"
    if isinstance(item, PathItem):
        return "a shape" if item.style.fill else "a line"
    return "a drawing"


def _own(text: Drawn, other: Drawn) -> bool:
    """Whether ``other`` is the text's own ink: its colour, or the same words drawn again (a halo)."""
    item, ink = text.item, other.item
    assert isinstance(item, TextItem)
    if isinstance(ink, TextItem):       # another text of its colour still covers it; only its double does not
        return ink.text == item.text and abs(ink.x - item.x) < 0.01 and abs(ink.y - item.y) < 0.01
    return not isinstance(ink, ImageItem) and _colours(other) <= {item.fill.lower()}


def check(page: PrintedPage) -> Iterator[Finding]:
    items = page.items
    cells: dict[tuple[int, int], list[int]] = {}
    icons: dict[int, list[float]] = {}          # each symbol's extent: a number set on a coin has it as ground
    for d in items:
        group = next((g for g in d.groups if g.name.startswith(ICON)), None)
        if group is not None:
            extent = icons.setdefault(id(group), [*d.box])
            extent[:] = [min(extent[0], d.box[0]), min(extent[1], d.box[1]), max(extent[2], d.box[2]),
                         max(extent[3], d.box[3])]
    for order, d in enumerate(items):
        if _paints(d):
            for cx in range(int(d.box[0] // CELL), int(d.box[2] // CELL) + 1):
                for cy in range(int(d.box[1] // CELL), int(d.box[3] // CELL) + 1):
                    cells.setdefault((cx, cy), []).append(order)
    tile = page.page.tile
    shows = None if tile is None else (tile.shows[0], tile.shows[1], tile.shows[0] + tile.shows[2],
                                       tile.shows[1] + tile.shows[3])
    for order, d in enumerate(items):
        if not isinstance(d.item, TextItem) or d.shadow or (page.overview and d.scale < 0.999):
            continue
        box = letters_box(d)
        if box is None or (shows is not None and not _within(box, shows)):
            continue                        # on a tile, what the next tile covers (or a seam cuts: rule 5)
        near = sorted({i for cx in range(int(box[0] // CELL), int(box[2] // CELL) + 1)
                       for cy in range(int(box[1] // CELL), int(box[3] // CELL) + 1) for i in cells.get((cx, cy), ())})
        covering = []
        for i in near:
            other = items[i]
            if i == order or _own(d, other) or (page.overview and other.scale < 0.999):
                continue                    # an assembly page's small board lies under the tile names' plates
            before = i < order
            if before and not (isinstance(other.item, TextItem) or _symbol(other)):
                core = _under(other, d) if _line(other) and not _reads_over(other, d) else None
                if core is not None and _covers(other, core) and not _grounded(items, i, order, core):
                    covering.append(what(other) + " painted under it")
                continue                    # painted before it and no word or symbol: its ground
            if before and _symbol(other) and _within(box, _icon_box(other, icons)):
                continue                    # a word set on a symbol (a cost on a coin): its ground
            if _covers(other, box):
                covering.append(what(other))
        if covering:
            names = list(dict.fromkeys(covering))
            yield page.finding(RULE, d, f"text {excerpt(d.item.text.strip(), 60)}",
                               "covered by " + ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else ""),
                               "no other ink on a word")
