"""Rule 4: a miscut of MISCUT mm shows no other piece and no white where colour was meant.

On a sheet of pieces (a page that says where each piece's trim lies), each edge is sampled
just inside and just outside the trim. Where two pieces butt, one cut separates them: a cut
MISCUT off shows a strip of the neighbour, so their colours at the edge must be the same (or
the pieces need a gutter, each with its own bleed). Where a piece's colour runs to an edge
that is not butted, the colour must run on past it (bleed), or a miscut shows white."""

from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from generator.preflight.findings import Finding
from generator.preflight.page import PrintedPage

RULE = "cutting"
MISCUT = 0.5            # mm: a careful cut with a ruler and knife
INSIDE = 0.3            # mm inside the trim: the piece's own colour at its edge
ALONG = (0.1, 0.3, 0.5, 0.7, 0.9)
PAPER = "#ffffff"
SAME = 24               # largest difference of a channel (0-255) still read as the same colour

Box = tuple[float, float, float, float]


def _differ(a: str, b: str) -> bool:
    return a != b and any(abs(x - y) > SAME for x, y in zip(_channels(a), _channels(b)))


@lru_cache(maxsize=4096)
def _channels(colour: str) -> tuple[int, int, int]:
    """'#rrggbb' as its three channels (0-255), read once per colour."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _edges(box: Box) -> dict[str, tuple[tuple[float, float], tuple[float, float], tuple[float, float]]]:
    """Each edge: its start, its end, and the outward unit direction."""
    x, y, w, h = box
    return {"left": ((x, y), (x, y + h), (-1.0, 0.0)), "right": ((x + w, y), (x + w, y + h), (1.0, 0.0)),
            "top": ((x, y), (x + w, y), (0.0, -1.0)), "bottom": ((x, y + h), (x + w, y + h), (0.0, 1.0))}


def _butted(box: Box, other: Box, edge: str) -> tuple[float, float] | None:
    """The stretch (along the edge) that ``other`` butts ``box`` on ``edge``, if it does."""
    x, y, w, h = box
    ox, oy, ow, oh = other
    eps = 0.01
    if edge == "right" and abs(ox - (x + w)) < eps or edge == "left" and abs(ox + ow - x) < eps:
        lo, hi = max(y, oy), min(y + h, oy + oh)
    elif edge == "bottom" and abs(oy - (y + h)) < eps or edge == "top" and abs(oy + oh - y) < eps:
        lo, hi = max(x, ox), min(x + w, ox + ow)
    else:
        return None
    return (lo, hi) if hi - lo > 1.0 else None


def check(page: PrintedPage) -> Iterator[Finding]:
    pieces = page.page.pieces
    if not pieces:
        return
    ground = page.ground
    below = len(page.items)
    reported: set[tuple[str, str]] = set()
    for name, box in pieces:
        for edge, (start, end, (dx, dy)) in _edges(box).items():
            horizontal = dy != 0
            neighbours: list[tuple[str, tuple[float, float]]] | None = None     # found at the first difference
            for t in ALONG:
                px, py = start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t
                own = ground.colour_at(px - dx * INSIDE, py - dy * INSIDE, below)
                past = ground.colour_at(px + dx * MISCUT, py + dy * MISCUT, below)
                if own is None or past is None or not _differ(own, past):
                    continue
                if neighbours is None:
                    neighbours = [(other_name, stretch) for other_name, other in pieces if other is not box
                                  for stretch in [_butted(box, other, edge)] if stretch]
                along = px if horizontal else py
                other = next((n for n, (lo, hi) in neighbours if lo <= along <= hi), None)
                if other is not None:
                    key = tuple(sorted((name, other)))
                    if (key[0], key[1]) in reported:
                        break
                    reported.add((key[0], key[1]))
                    yield page.finding(RULE, None, f"butted pieces differ at their shared edge: a {MISCUT:g} mm "
                                       "miscut shows the other piece", f"{own} | {past}",
                                       "the same colour, or a gutter", item=f"{name} | {other}")
                    break
                if past == PAPER and own != PAPER:
                    if (name, edge) in reported:
                        break
                    reported.add((name, edge))
                    yield page.finding(RULE, None, f"colour runs to the trim with no bleed: a {MISCUT:g} mm "
                                       "miscut shows white", f"{own} at the {edge} trim, white past it",
                                       "bleed past the trim", item=name)
                    break
