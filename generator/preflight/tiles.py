"""Rule 5 (tiled boards): no seam through a region that must be seen whole, no page mostly blank.

A tile page says where the board's part lies on it, what of that shows once the tiles are
joined (the tiles right of it and below it are laid over the rest) and which regions must be
seen whole (a map's legend and title). A region that reaches into the part that shows but
does not lie wholly in it is crossed by a seam: the player reads it across a cut. A page
whose board covers less than half of the paper is mostly blank: a page more than need be.
"""

from __future__ import annotations

from typing import Iterator

from generator.preflight.findings import Finding
from generator.preflight.page import PrintedPage

RULE = "tiling"
MOST_BLANK = 0.5        # share of the page a tile may leave without board
EPS = 0.01


def check(page: PrintedPage) -> Iterator[Finding]:
    tile = page.page.tile
    if tile is None:
        return
    sx, sy, sw, sh = tile.shows
    for name, (x, y, w, h) in tile.whole:
        if x + w <= sx + EPS or x >= sx + sw - EPS or y + h <= sy + EPS or y >= sy + sh - EPS:
            continue                        # shown whole by another tile
        into = [d for d in (sx - x, x + w - (sx + sw)) if d > EPS] + [d for d in (sy - y, y + h - (sy + sh)) if d > EPS]
        if into:
            cut = max(into)
            yield page.finding(RULE, None, f"the {name} is crossed by a seam of the joined tiles",
                               f"{cut:.1f} mm of it past the seam", "no seam across a legend or title", item=name)
    rx, ry, rw, rh = tile.region
    blank = 1.0 - (rw * rh) / (page.width * page.height)
    if blank > MOST_BLANK:
        yield page.finding(RULE, None, "tile page mostly blank", f"{blank:.0%} of the page blank",
                           f"at most {MOST_BLANK:.0%}", item=page.label)
