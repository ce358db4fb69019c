"""Rule 5 (tiled boards): no seam through a region that must be seen whole or through what
is read, no page mostly blank.

A tile page says where the board's part lies on it, what of that shows once the tiles are
joined (the tiles right of it and below it are laid over the rest) and which regions must be
seen whole (a map's legend and title). A region that reaches into the part that shows but
does not lie wholly in it is crossed by a seam: the player reads it across a cut. The same
holds for every word and symbol the page draws on the board (``generator.draw.read``), found
from the drawing itself. A page whose board covers less than half of the paper is mostly
blank: a page more than need be.
"""

from __future__ import annotations

from typing import Iterator

from generator.draw.page import Box
from generator.draw.read import readables_of
from generator.preflight.findings import Finding
from generator.preflight.page import PrintedPage

RULE = "tiling"
MOST_BLANK = 0.5        # share of the page a tile may leave without board
EPS = 0.01
READ_EPS = 0.05         # mm a word's box may reach past a seam (its box is generous: the font's ascender)


def _past(box: Box, shows: Box, eps: float) -> float:
    """How far a region (x, y, w, h) that reaches into ``shows`` lies past it (0: wholly in it, or
    not in it at all: another tile shows it)."""
    x, y, w, h = box
    sx, sy, sw, sh = shows
    if x + w <= sx + eps or x >= sx + sw - eps or y + h <= sy + eps or y >= sy + sh - eps:
        return 0.0
    into = [d for d in (sx - x, x + w - (sx + sw)) if d > eps] + [d for d in (sy - y, y + h - (sy + sh)) if d > eps]
    return max(into, default=0.0)


def _seams(shows: Box, region: Box) -> Box:
    """``shows`` with its sides that are no seam (the board's own edge, the edge of the tile's
    region) pushed out of reach: only a seam cuts."""
    sx, sy, sw, sh = shows
    rx, ry, rw, rh = region
    far = 1e6
    right = sx + sw if sx + sw < rx + rw - EPS else far
    bottom = sy + sh if sy + sh < ry + rh - EPS else far
    left = sx if sx > rx + EPS else -far
    top = sy if sy > ry + EPS else -far
    return left, top, right - left, bottom - top


def check(page: PrintedPage) -> Iterator[Finding]:
    tile = page.page.tile
    if tile is None:
        return
    for name, box in tile.whole:
        cut = _past(box, tile.shows, EPS)
        if cut:
            yield page.finding(RULE, None, f"the {name} is crossed by a seam of the joined tiles",
                               f"{cut:.1f} mm of it past the seam", "no seam across a legend or title", item=name)
    yield from _read_across(page)
    rx, ry, rw, rh = tile.region
    blank = 1.0 - (rw * rh) / (page.width * page.height)
    if blank > MOST_BLANK:
        yield page.finding(RULE, None, "tile page mostly blank", f"{blank:.0%} of the page blank",
                           f"at most {MOST_BLANK:.0%}", item=page.label)


def _read_across(page: PrintedPage) -> Iterator[Finding]:
    """A word, symbol or named space of the board that a seam of the joined tiles cuts."""
    tile = page.page.tile
    assert tile is not None
    seams = _seams(tile.shows, tile.region)
    rx, ry, rw, rh = tile.region
    whole = [box for _, box in tile.whole]
    for read in readables_of(page.items):
        x0, y0, x1, y1 = read.box
        if x1 <= rx or x0 >= rx + rw or y1 <= ry or y0 >= ry + rh:
            continue                        # the tile's own label and marks, off the board
        box = (x0, y0, x1 - x0, y1 - y0)
        if any(_inside(box, w) for w in whole):
            continue                        # part of a legend or title: found as that
        cut = _past(box, seams, READ_EPS)
        if cut:
            yield page.finding(RULE, None, read.what, f"cut by a seam of the joined tiles, {cut:.1f} mm of it past "
                               "the seam", "no seam through a word, symbol or space")


def _inside(box: Box, outer: Box) -> bool:
    return (outer[0] - EPS <= box[0] and box[0] + box[2] <= outer[0] + outer[2] + EPS
            and outer[1] - EPS <= box[1] and box[1] + box[3] <= outer[1] + outer[3] + EPS)
