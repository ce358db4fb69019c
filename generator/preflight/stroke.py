"""Where a stroke paints, as PDF paints it: within half its width of the path, its ends cut
as its cap says, its corners mitred as its join says, broken by its dashes. Built once per
stroked shape the preflight is asked about (its segments and corners measured then), so that
a point is answered with a few comparisons (``generator.preflight.behind``)."""

from __future__ import annotations

import math
from typing import Sequence

Point = tuple[float, float]
MITER_LIMIT = 10.0      # PDF's default (the writer sets none): a sharper corner is bevelled
_REACH = 1.5            # a segment's box grows by this many half widths (a square cap's corner)
_STRAIGHT = math.cos(math.radians(20))   # a gentler turn (a flattened curve's) mitres within 2 % of half
                                         # the width past the round join: taken round


class Stroke:
    """A stroke ``2 * half`` mm wide along subpaths on the page (each flattened, with whether
    it is closed). A bevelled or round join is taken round: the difference lies within an
    edge's width of anti-aliasing, where no reading is trusted."""

    def __init__(self, subpaths: Sequence[tuple[list[Point], bool]], half: float, cap: str = "butt",
                 join: str = "miter", dash: tuple[float, ...] | None = None) -> None:
        self.half = half
        self.dash = (dash if len(dash) % 2 == 0 else dash * 2) if dash and sum(dash) > 0 else None
        # x1, y1, unit x, unit y, length, clamp and cut-off from, to (mm along), mm walked before it, box
        self.segments: list[tuple[float, ...]] = []
        self.corners: list[tuple[float, float, float, float, list[Point]]] = []   # a miter's box and outline
        pad = half * _REACH
        mitred = join == "miter" and self.dash is None
        for points, closed in subpaths:
            n = len(points)
            count = n if closed else n - 1
            walked = 0.0
            first = before = None
            for i in range(count):
                (x1, y1), (x2, y2) = points[i], points[(i + 1) % n]
                length = math.hypot(x2 - x1, y2 - y1)
                if length == 0.0:
                    continue
                ux, uy = (x2 - x1) / length, (y2 - y1) / length
                lo, hi, cut_lo, cut_hi = 0.0, length, -math.inf, math.inf     # a join: the distance rounds it
                if not closed and cap != "round":
                    if i == 0:
                        lo = cut_lo = -half if cap == "square" else 0.0
                    if i == count - 1:
                        hi = cut_hi = length + half if cap == "square" else length
                self.segments.append((x1, y1, ux, uy, length, lo, hi, cut_lo, cut_hi, walked, min(x1, x2) - pad,
                                      min(y1, y2) - pad, max(x1, x2) + pad, max(y1, y2) + pad))
                walked += length
                if mitred and before is not None:
                    self._corner(before, (x1, y1), (ux, uy))
                before = (ux, uy)
                first = first or (ux, uy)
            if mitred and closed and before is not None and first is not None:
                self._corner(before, points[0], first)

    def _corner(self, before: Point, at: Point, after: Point) -> None:
        """The miter join at ``at`` between segments running ``before`` and ``after`` (unit
        vectors), where it reaches past the round join the segments paint."""
        if before[0] * after[0] + before[1] * after[1] > _STRAIGHT:
            return
        corner = _miter(before, at, after, self.half)
        if corner:
            xs, ys = [p[0] for p in corner], [p[1] for p in corner]
            self.corners.append((min(xs), min(ys), max(xs), max(ys), corner))

    def paints(self, px: float, py: float) -> bool:
        """Whether the stroke paints the point."""
        limit = self.half * self.half
        for x1, y1, ux, uy, length, lo, hi, cut_lo, cut_hi, walked, bx0, by0, bx1, by1 in self.segments:
            if px < bx0 or px > bx1 or py < by0 or py > by1:
                continue
            along = (px - x1) * ux + (py - y1) * uy
            if along < cut_lo or along > cut_hi:
                continue
            nearest = lo if along < lo else hi if along > hi else along
            cx, cy = x1 + ux * nearest, y1 + uy * nearest
            if (px - cx) ** 2 + (py - cy) ** 2 <= limit and (self.dash is None or _in_dash(self.dash, walked + nearest)):
                return True
        for bx0, by0, bx1, by1, corner in self.corners:
            if bx0 <= px <= bx1 and by0 <= py <= by1 and _in_convex(corner, px, py):
                return True
        return False


def _miter(d1: Point, at: Point, d2: Point, half: float) -> list[Point] | None:
    """The part of a miter join at ``at`` (the path running ``d1`` into it and ``d2`` out of
    it, unit vectors) the two segments do not paint: the corner out to the miter's tip (None
    where the miter limit bevels it)."""
    x1, y1 = at
    cos = max(-1.0, min(1.0, d1[0] * d2[0] + d1[1] * d2[1]))
    turn = math.acos(cos)                   # the miter is 1 / cos(turn / 2) widths long
    if 1 / max(math.cos(turn / 2), 1e-9) > MITER_LIMIT:
        return None
    normal = (-d1[1], d1[0])
    side = -1.0 if normal[0] * d2[0] + normal[1] * d2[1] > 0 else 1.0     # away from the turn
    a = (x1 + side * half * normal[0], y1 + side * half * normal[1])
    b = (x1 - side * half * d2[1], y1 + side * half * d2[0])
    reach = half * math.tan(turn / 2)
    return [(x1, y1), a, (a[0] + d1[0] * reach, a[1] + d1[1] * reach), b]


def _in_convex(outline: list[Point], px: float, py: float) -> bool:
    """Whether the point lies in the convex outline (either way round)."""
    sign = 0.0
    n = len(outline)
    for i in range(n):
        (x1, y1), (x2, y2) = outline[i], outline[(i + 1) % n]
        cross = (x2 - x1) * (py - y1) - (y2 - y1) * (px - x1)
        if cross * sign < 0:
            return False
        if cross != 0:
            sign = cross
    return True


def _in_dash(pattern: tuple[float, ...], at: float) -> bool:
    """Whether the point ``at`` mm along a subpath falls in a dash (an on length) of the
    pattern (of even length; each subpath starts it afresh, as PDF does)."""
    phase = at % sum(pattern)
    for index, length in enumerate(pattern):
        if phase < length:
            return index % 2 == 0
        phase -= length
    return True
