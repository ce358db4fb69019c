"""What is painted at a point of a page, below a given item: the ground text and symbols are
read against. It must agree with the page as printed (tests/preflight/test_ground_agrees.py
rasterises pages and compares): filled shapes count by their fill rule, strokes by their width,
caps and dashes, each only inside every clip it is drawn in (a rounded card, a hex, a rotated
group: ``Drawn.clips``); an image makes the ground unknown. Shapes are indexed by 10 mm cells,
so a page of thousands of shapes answers each point quickly."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from generator.draw.colour import concrete
from generator.draw.ink import Box, Clip, Drawn
from generator.draw.scene import CircleItem, Command, Gradient, ImageItem, Matrix, PathItem, apply
from generator.preflight.wcag import over

CELL = 10.0
PAPER = "#ffffff"
CURVE_STEPS = 6
MITER_LIMIT = 10.0      # PDF's default (the writer sets none): a sharper corner is bevelled


@dataclass
class _Area:
    order: int                  # its place in painting order
    drawn: Drawn
    fill: str | None            # None: an image (the ground is not known)
    opacity: float
    evenodd: bool = False
    gradient: Gradient | None = None
    _rings: list[list[tuple[float, float]]] | None = None
    rect: Box | None = None     # the outline when it is one upright rectangle (left, top, right, bottom)
    half: float = 0.0           # a stroke: half its width on the page (0: the area is the fill)
    _lines: list[tuple[list[tuple[float, float]], bool]] | None = None

    def colour(self, px: float, py: float) -> str | None:
        """The colour it paints at the page's point (a gradient's colour there)."""
        if self.gradient is None:
            return self.fill
        return self.gradient.at(apply(invert(self.drawn.matrix), (px, py)))

    @property
    def rings(self) -> list[list[tuple[float, float]]]:
        """A path's outlines on the page, flattened when first asked (most areas never are)."""
        if self._rings is None:
            item = self.drawn.item
            self._rings = _rings(item.commands, self.drawn.matrix) if isinstance(item, PathItem) else []
            self.rect = _upright(self._rings)
        return self._rings

    @property
    def lines(self) -> list[tuple[list[tuple[float, float]], bool]]:
        """A stroked path's subpaths on the page, each flattened, with whether it is closed."""
        if self._lines is None:
            item = self.drawn.item
            self._lines = _subpaths(item.commands, self.drawn.matrix) if isinstance(item, PathItem) else []
        return self._lines


def _upright(rings: list[list[tuple[float, float]]]) -> Box | None:
    """The rectangle a single outline of upright sides is; None for any other outline."""
    if len(rings) != 1:
        return None
    ring = rings[0]
    if len(ring) == 5 and ring[4] == ring[0]:
        ring = ring[:4]
    if len(ring) != 4:
        return None
    for i in range(4):
        (x1, y1), (x2, y2) = ring[i], ring[(i + 1) % 4]
        if (x1 == x2) == (y1 == y2):
            return None
    xs, ys = {x for x, _ in ring}, {y for _, y in ring}
    if len(xs) != 2 or len(ys) != 2:
        return None
    return min(xs), min(ys), max(xs), max(ys)


def _rings(commands: Sequence[Command], matrix: Matrix) -> list[list[tuple[float, float]]]:
    """A path's outlines on the page, each closed (as a fill closes them)."""
    return [points for points, _ in _subpaths(commands, matrix) if len(points) > 2]


def _subpaths(commands: Sequence[Command], matrix: Matrix) -> list[tuple[list[tuple[float, float]], bool]]:
    """A path's subpaths on the page, curves flattened, each with whether ``Z`` closed it."""
    found: list[tuple[list[tuple[float, float]], bool]] = []
    current: list[tuple[float, float]] = []
    x = y = 0.0
    start = (0.0, 0.0)
    for cmd in commands:
        op = cmd[0]
        if op == "M":
            if len(current) > 1:
                found.append((current, False))
            x, y = start = cmd[1], cmd[2]
            current = [apply(matrix, (x, y))]
        elif op == "L":
            x, y = cmd[1], cmd[2]
            current.append(apply(matrix, (x, y)))
        elif op in ("C", "Q"):
            ctrl = cmd[1:-2]
            ex, ey = cmd[-2], cmd[-1]
            for step in range(1, CURVE_STEPS + 1):
                t = step / CURVE_STEPS
                if op == "Q":
                    px = (1 - t) ** 2 * x + 2 * (1 - t) * t * ctrl[0] + t * t * ex
                    py = (1 - t) ** 2 * y + 2 * (1 - t) * t * ctrl[1] + t * t * ey
                else:
                    px = ((1 - t) ** 3 * x + 3 * (1 - t) ** 2 * t * ctrl[0] + 3 * (1 - t) * t * t * ctrl[2]
                          + t ** 3 * ex)
                    py = ((1 - t) ** 3 * y + 3 * (1 - t) ** 2 * t * ctrl[1] + 3 * (1 - t) * t * t * ctrl[3]
                          + t ** 3 * ey)
                current.append(apply(matrix, (px, py)))
            x, y = ex, ey
        elif op == "Z":
            if len(current) > 2 and current[-1] == current[0]:
                current.pop()      # closed by a line back to its start: the same corner, once
            if len(current) > 1:
                found.append((current, True))
            x, y = start           # the next subpath starts where this one did
            current = [current[0]] if current else []
    if len(current) > 1:
        found.append((current, False))
    return found


def _on_stroke(lines: Sequence[tuple[list[tuple[float, float]], bool]], px: float, py: float, half: float,
               cap: str, dash: tuple[float, ...] | None, join: str = "round") -> bool:
    """Whether a stroke ``2 * half`` wide along ``lines`` paints the point: within ``half`` of
    a segment, past an open end only with a round or square cap, in a dash where it has dashes
    (each subpath starts the pattern afresh, as PDF does). Joins are round, or mitred where the
    style says so (``_in_miter``); a bevel is taken round (the difference is within an edge)."""
    limit = half * half
    for points, closed in lines:
        n = len(points)
        segments = n if closed else n - 1
        walked = 0.0
        for i in range(segments):
            (x1, y1), (x2, y2) = points[i], points[(i + 1) % n]
            dx, dy = x2 - x1, y2 - y1
            length2 = dx * dx + dy * dy
            length = math.sqrt(length2)
            if length2 == 0.0:
                continue
            if join == "miter" and (closed or i > 0) and dash is None and _in_miter(points[i - 1], (x1, y1), (x2, y2),
                                                                                  px, py, half):
                return True
            along = ((px - x1) * dx + (py - y1) * dy) / length     # mm from (x1, y1) along the segment
            lo, hi = 0.0, length            # past them: a join (taken round) or a round cap
            if not closed and cap != "round":
                if i == 0:
                    lo = -half if cap == "square" else 0.0
                if i == segments - 1:
                    hi = length + half if cap == "square" else length
                if i == 0 and along < lo or i == segments - 1 and along > hi:
                    walked += length
                    continue
            nearest = min(max(along, lo), hi)
            cx, cy = x1 + dx * nearest / length, y1 + dy * nearest / length
            if (px - cx) ** 2 + (py - cy) ** 2 <= limit and (dash is None or _in_dash(dash, walked + nearest)):
                return True
            walked += length
    return False


def _in_miter(before: tuple[float, float], at: tuple[float, float], after: tuple[float, float],
              px: float, py: float, half: float) -> bool:
    """Whether a miter join at ``at`` (between the segments from ``before`` and to ``after``)
    paints the point beyond what the two segments do: the corner out to the miter's tip."""
    (x0, y0), (x1, y1), (x2, y2) = before, at, after
    if (px - x1) ** 2 + (py - y1) ** 2 > (half * MITER_LIMIT) ** 2:
        return False
    l1, l2 = math.hypot(x1 - x0, y1 - y0), math.hypot(x2 - x1, y2 - y1)
    if l1 == 0 or l2 == 0:
        return False
    d1, d2 = ((x1 - x0) / l1, (y1 - y0) / l1), ((x2 - x1) / l2, (y2 - y1) / l2)
    cos = max(-1.0, min(1.0, d1[0] * d2[0] + d1[1] * d2[1]))
    if cos > 1 - 1e-9:
        return False                # straight on: no corner
    turn = math.acos(cos)           # the miter is 1 / sin((pi - turn) / 2) widths long
    if 1 / max(math.cos(turn / 2), 1e-9) > MITER_LIMIT:
        return False                # bevelled: within what the segments paint, near enough
    normal = (-d1[1], d1[0])
    side = -1.0 if normal[0] * d2[0] + normal[1] * d2[1] > 0 else 1.0     # away from the turn
    a = (x1 + side * half * normal[0], y1 + side * half * normal[1])
    b = (x1 + side * half * -d2[1], y1 + side * half * d2[0])
    reach = half * math.tan(turn / 2)
    tip = (a[0] + d1[0] * reach, a[1] + d1[1] * reach)
    return _winding([[(x1, y1), a, tip, b]], px, py)[0] != 0


def _in_dash(dash: tuple[float, ...], at: float) -> bool:
    """Whether the point ``at`` mm along a subpath falls in a dash (an on length) of the pattern."""
    pattern = dash if len(dash) % 2 == 0 else dash * 2
    period = sum(pattern)
    if period <= 0:
        return True
    phase = at % period
    for index, length in enumerate(pattern):
        if phase < length:
            return index % 2 == 0
        phase -= length
    return True


def _winding(rings: Sequence[Sequence[tuple[float, float]]], px: float, py: float) -> tuple[int, int]:
    """The winding number and the crossing count of the point against the outlines."""
    winding = crossings = 0
    for ring in rings:
        n = len(ring)
        for i in range(n):
            (x1, y1), (x2, y2) = ring[i], ring[(i + 1) % n]
            if (y1 <= py) != (y2 <= py):
                at = x1 + (py - y1) * (x2 - x1) / (y2 - y1)
                if at > px:
                    crossings += 1
                    winding += 1 if y2 > y1 else -1
    return winding, crossings


def invert(m: Matrix) -> Matrix:
    """The matrix that undoes ``m`` (a flat matrix, which draws nothing, maps to the origin)."""
    a, b, c, d, e, f = m
    det = a * d - b * c
    if det == 0:
        return (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


class Ground:
    """The filled areas of a page in painting order, to ask what lies under a point. A
    drop shadow (a group named ``shadow``) is not ground: text must stand out without it."""

    def __init__(self, items: Sequence[Drawn]) -> None:
        self._areas: list[_Area] = []
        self._boxes: list[Box] = []             # each area's box, read first (most points lie outside it)
        self._cells: dict[tuple[int, int], list[int]] = {}
        self._clips: dict[tuple[int, Matrix], list[list[tuple[float, float]]]] = {}
        self.gradients: list[Box] = []          # where gradients are painted
        for order, d in enumerate(items):
            if d.shadow:
                continue
            for area in self._areas_of(order, d):
                index = len(self._areas)
                self._areas.append(area)
                self._boxes.append(d.box)
                if area.gradient is not None:
                    self.gradients.append(d.box)
                left, top, right, bottom = d.box
                for cx in range(int(left // CELL), int(right // CELL) + 1):
                    for cy in range(int(top // CELL), int(bottom // CELL) + 1):
                        self._cells.setdefault((cx, cy), []).append(index)

    @staticmethod
    def _areas_of(order: int, d: Drawn) -> list[_Area]:
        """What the item paints: an image; a shape's fill, then its stroke (the order PDF paints them)."""
        item = d.item
        if isinstance(item, ImageItem):
            return [_Area(order, d, None, d.opacity)]
        if not isinstance(item, (PathItem, CircleItem)) or item.style.opacity <= 0 or d.opacity <= 0:
            return []
        style, opacity = item.style, d.opacity * item.style.opacity
        found = []
        if style.fill:
            found.append(_Area(order, d, concrete(style.fill), opacity,
                               isinstance(item, PathItem) and style.fill_rule == "evenodd", style.gradient))
        if style.stroke and style.stroke_width > 0:
            found.append(_Area(order, d, concrete(style.stroke), opacity, half=style.stroke_width * d.scale / 2))
        return found

    def _covers(self, area: _Area, px: float, py: float) -> bool:
        """Whether the area paints the point, which lies in its box: inside its shape (or on
        its stroke) and inside every clip it is drawn in."""
        return self._in_shape(area, px, py) and all(self._in_clip(clip, px, py) for clip in area.drawn.clips)

    def _in_clip(self, clip: Clip, px: float, py: float) -> bool:
        matrix, commands = clip
        key = (id(commands), matrix)
        rings = self._clips.get(key)
        if rings is None:
            rings = self._clips[key] = _rings(commands, matrix)
        return _winding(rings, px, py)[0] != 0          # the PDF writer clips by the nonzero rule

    @staticmethod
    def _in_shape(area: _Area, px: float, py: float) -> bool:
        d = area.drawn
        item = d.item
        if isinstance(item, ImageItem):     # where it lands (a turned image is not its box), cut to its box if it covers
            lx, ly = apply(invert(d.matrix), (px, py))
            x, y, w, h = item.placement()
            inside = x <= lx <= x + w and y <= ly <= y + h
            return inside and (not item.clipped or (item.x <= lx <= item.x + item.w and item.y <= ly <= item.y + item.h))
        if isinstance(item, CircleItem):    # in its own space: a circle scaled unevenly is an ellipse
            lx, ly = apply(invert(d.matrix), (px, py))
            distance = math.hypot(lx - item.cx, ly - item.cy)
            if area.half:
                return abs(distance - item.r) * d.scale <= area.half
            return distance <= item.r
        assert isinstance(item, PathItem)
        if area.half:
            return _on_stroke(area.lines, px, py, area.half, item.style.cap,
                              tuple(length * d.scale for length in item.style.dash) if item.style.dash else None,
                              item.style.join)
        rings = area.rings
        if area.rect is not None:       # what _winding finds for it: a left and top edge count, a right and bottom not
            x0, y0, x1, y1 = area.rect
            return x0 <= px < x1 and y0 <= py < y1
        winding, crossings = _winding(rings, px, py)
        return crossings % 2 == 1 if area.evenodd else winding != 0

    def colour_at(self, px: float, py: float, below: int) -> str | None:
        """The colour painted at the point by the items before ``below`` (paper where none);
        None where an image shows there (its colours are not known here)."""
        cell = self._cells.get((int(px // CELL), int(py // CELL)), [])
        areas, boxes = self._areas, self._boxes
        layers: list[_Area] = []
        for index in reversed(cell):
            left, top, right, bottom = boxes[index]
            if not (left <= px <= right and top <= py <= bottom):
                continue
            area = areas[index]
            if area.order >= below or not self._covers(area, px, py):
                continue
            if area.fill is None:
                return None
            layers.append(area)
            if area.opacity >= 1.0:
                break
        colour = PAPER
        for area in reversed(layers):
            colour = over(area.colour(px, py) or PAPER, colour, area.opacity)
        return colour

    def varies_under(self, box: Box) -> bool:
        """Whether a gradient is painted anywhere in ``box`` (left, top, right, bottom on the page)."""
        return any(g[0] < box[2] and box[0] < g[2] and g[1] < box[3] and box[1] < g[3] for g in self.gradients)
