"""What is painted at a point of a page, below a given item: the ground text and symbols are
read against. It must agree with the page as printed (tests/preflight/test_ground_agrees.py
rasterises pages and compares): filled shapes count by their fill rule, strokes (but hairlines)
by their width, caps, joins and dashes, each only inside every clip it is drawn in (a rounded card, a hex, a rotated
group: ``Drawn.clips``); an image makes the ground unknown. Shapes are indexed by 10 mm cells,
so a page of thousands of shapes answers each point quickly."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from generator.draw.colour import concrete
from generator.draw.ink import Box, Clip, Drawn, upright_rect
from generator.draw.scene import CircleItem, Command, Gradient, ImageItem, Matrix, PathItem, apply
from generator.preflight.stroke import Stroke
from generator.preflight.wcag import over

CELL = 10.0
PAPER = "#ffffff"
CURVE_STEPS = 6
HAIRLINE = 0.2          # mm: a stroke thinner on the page is a line, not ground: all it paints lies
                        # within 0.1 mm of its sides, nearer than a pixel at 150 dpi (and most
                        # strokes on a map's page are such lines: skipping them keeps the reader fast)


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
    twin: "_Area | None" = None  # a stroke's fill: the path is flattened once for both
    _stroke: Stroke | None = None
    _subpaths: list[tuple[list[tuple[float, float]], bool]] | None = None

    def colour(self, px: float, py: float) -> str | None:
        """The colour it paints at the page's point (a gradient's colour there)."""
        if self.gradient is None:
            return self.fill
        return self.gradient.at(apply(invert(self.drawn.matrix), (px, py)))

    @property
    def rings(self) -> list[list[tuple[float, float]]]:
        """A path's outlines on the page, flattened when first asked (most areas never are)."""
        if self._rings is None:
            self._rings = [points for points, _ in self.subpaths if len(points) > 2]
            self.rect = upright_rect(self._rings[0]) if len(self._rings) == 1 else None   # one upright rectangle
        return self._rings

    @property
    def subpaths(self) -> list[tuple[list[tuple[float, float]], bool]]:
        """A path's subpaths on the page (``_subpaths``), flattened when first asked."""
        if self.twin is not None:
            return self.twin.subpaths
        if self._subpaths is None:
            item = self.drawn.item
            self._subpaths = _subpaths(item.commands, self.drawn.matrix) if isinstance(item, PathItem) else []
        return self._subpaths

    @property
    def stroke(self) -> Stroke:
        """A stroked shape's geometry on the page, measured when first asked."""
        if self._stroke is None:
            d = self.drawn
            item = d.item
            assert isinstance(item, PathItem)
            style = item.style
            dash = tuple(length * d.scale for length in style.dash) if style.dash else None
            self._stroke = Stroke(self.subpaths, self.half, style.cap, style.join, dash)
        return self._stroke


def _rings(commands: Sequence[Command], matrix: Matrix) -> list[list[tuple[float, float]]]:
    """A path's outlines on the page, each closed (as a fill closes them)."""
    return [points for points, _ in _subpaths(commands, matrix) if len(points) > 2]


_STEPS = [i / CURVE_STEPS for i in range(1, CURVE_STEPS + 1)]
_QUADRATIC = [((1 - t) ** 2, 2 * (1 - t) * t, t * t) for t in _STEPS]             # each step's weights
_CUBIC = [((1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3) for t in _STEPS]


def _subpaths(commands: Sequence[Command], matrix: Matrix) -> list[tuple[list[tuple[float, float]], bool]]:
    """A path's subpaths on the page, curves flattened, each with whether ``Z`` closed it.
    (Run for every shape a point is asked about: the matrix is applied inline.)"""
    a, b, c, d, e, f = matrix
    found: list[tuple[list[tuple[float, float]], bool]] = []
    current: list[tuple[float, float]] = []
    x = y = sx = sy = 0.0
    for cmd in commands:
        op = cmd[0]
        if op == "L":
            x, y = cmd[1], cmd[2]
            current.append((a * x + c * y + e, b * x + d * y + f))
        elif op == "M":
            if len(current) > 1:
                found.append((current, False))
            x, y = sx, sy = cmd[1], cmd[2]
            current = [(a * x + c * y + e, b * x + d * y + f)]
        elif op == "C":
            _, x1, y1, x2, y2, ex, ey = cmd
            for w0, w1, w2, w3 in _CUBIC:
                px, py = w0 * x + w1 * x1 + w2 * x2 + w3 * ex, w0 * y + w1 * y1 + w2 * y2 + w3 * ey
                current.append((a * px + c * py + e, b * px + d * py + f))
            x, y = ex, ey
        elif op == "Q":
            _, x1, y1, ex, ey = cmd
            for w0, w1, w2 in _QUADRATIC:
                px, py = w0 * x + w1 * x1 + w2 * ex, w0 * y + w1 * y1 + w2 * ey
                current.append((a * px + c * py + e, b * px + d * py + f))
            x, y = ex, ey
        elif op == "Z":
            if len(current) > 2 and current[-1] == current[0]:
                current.pop()      # closed by a line back to its start: the same corner, once
            if len(current) > 1:
                found.append((current, True))
            x, y = sx, sy          # the next subpath starts where this one did
            current = [current[0]] if current else []
    if len(current) > 1:
        found.append((current, False))
    return found


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

    def __init__(self, items: Sequence[Drawn], hairline: float = HAIRLINE) -> None:
        """``hairline``: the width (mm on the page) from which a stroke is ground (0: every stroke)."""
        self._areas: list[_Area] = []
        self._boxes: list[Box] = []             # each area's box, read first (most points lie outside it)
        self._cells: dict[tuple[int, int], list[int]] = {}
        self._clips: dict[tuple[int, Matrix], list[list[tuple[float, float]]]] = {}
        self.gradients: list[Box] = []          # where gradients are painted
        for order, d in enumerate(items):
            if d.shadow:
                continue
            for area in self._areas_of(order, d, hairline):
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
    def _areas_of(order: int, d: Drawn, hairline: float) -> list[_Area]:
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
        if style.stroke and style.stroke_width > 0 and style.stroke_width * d.scale >= hairline:
            found.append(_Area(order, d, concrete(style.stroke), opacity, half=style.stroke_width * d.scale / 2,
                               twin=found[0] if found else None))
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
            return area.stroke.paints(px, py)
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
