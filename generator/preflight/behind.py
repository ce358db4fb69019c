"""What is painted at a point of a page, below a given item: the ground text and symbols are
read against. Filled shapes count (paths by their fill rule, circles); thin strokes do not;
an image makes the ground unknown. Shapes are indexed by 10 mm cells, so a page of thousands
of shapes answers each point quickly."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from generator.draw.ink import Box, Drawn
from generator.draw.scene import CircleItem, Command, Gradient, ImageItem, Matrix, PathItem, apply
from generator.preflight.wcag import over

CELL = 10.0
PAPER = "#ffffff"
CURVE_STEPS = 6


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
    rings: list[list[tuple[float, float]]] = []
    current: list[tuple[float, float]] = []
    x = y = 0.0
    for cmd in commands:
        op = cmd[0]
        if op == "M":
            if len(current) > 2:
                rings.append(current)
            x, y = cmd[1], cmd[2]
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
            if len(current) > 2:
                rings.append(current)
            current = [current[0]] if current else []
    if len(current) > 2:
        rings.append(current)
    return rings


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
        self.gradients: list[Box] = []          # where gradients are painted
        for order, d in enumerate(items):
            if d.shadow:
                continue
            area = self._area(order, d)
            if area is None:
                continue
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
    def _area(order: int, d: Drawn) -> _Area | None:
        item = d.item
        if isinstance(item, ImageItem):
            return _Area(order, d, None, d.opacity)
        if isinstance(item, (PathItem, CircleItem)) and item.style.fill and item.style.opacity > 0 and d.opacity > 0:
            opacity = d.opacity * item.style.opacity
            return _Area(order, d, item.style.fill, opacity, isinstance(item, PathItem) and item.style.fill_rule == "evenodd",
                         item.style.gradient)
        return None

    @staticmethod
    def _covers(area: _Area, px: float, py: float) -> bool:
        """Whether the area paints the point, which lies in its box."""
        item = area.drawn.item
        if isinstance(item, CircleItem):
            cx, cy = apply(area.drawn.matrix, (item.cx, item.cy))
            return math.hypot(px - cx, py - cy) <= item.r * area.drawn.scale
        if isinstance(item, ImageItem):
            return True
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
