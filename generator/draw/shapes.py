"""The outlines of the shape library as path commands (mm, y down): regular polygons, stars,
arcs and pie slices, arrows, rounded corners and shapes repeated in a grid.

Angles are in degrees, clockwise on paper from pointing right (as a gradient's angle and a
group's ``rotate``): 90 points down. Every function returns a Scene's path commands, so the
PDF, SVG and PNG writers draw them alike; a layout layer (``generator.layout.resolve``) makes
them, its style (fill, stroke, dash, gradient, shadow) is painted over them as for any shape.
"""

from __future__ import annotations

import math
from typing import Sequence

from generator.draw.scene import Command, Point

KAPPA = 0.5523      # a cubic Bézier's handle for a quarter circle, as a fraction of the radius
MAX_ARC_STEP = 90.0  # degrees one Bézier of an arc spans at most


def _at(cx: float, cy: float, radius: float, degrees: float) -> Point:
    rad = math.radians(degrees)
    return cx + radius * math.cos(rad), cy + radius * math.sin(rad)


def regular_points(cx: float, cy: float, radius: float, sides: int, rotate: float = 0.0) -> list[Point]:
    """The corners of a regular polygon inscribed in the circle of ``radius``. Unturned, its
    first corner points up (a pointy-top hexagon; rotate 30 for a flat top)."""
    return [_at(cx, cy, radius, -90.0 + rotate + 360.0 * k / sides) for k in range(sides)]


def star_points(cx: float, cy: float, radius: float, points: int, inner: float,
                rotate: float = 0.0) -> list[Point]:
    """A star's corners: ``points`` tips on the circle of ``radius``, the notches between them
    on the circle of ``inner`` times it. Unturned, a tip points up."""
    corners = []
    for k in range(2 * points):
        reach = radius if k % 2 == 0 else radius * inner
        corners.append(_at(cx, cy, reach, -90.0 + rotate + 180.0 * k / points))
    return corners


def rounded(points: Sequence[Point], corner: float) -> tuple[Command, ...]:
    """A closed polygon with every corner rounded by an arc of ``corner`` mm (at most what the
    two sides beside it allow: half of the shorter one); 0 gives the sharp polygon."""
    count = len(points)
    if corner <= 0 or count < 3:
        return _closed(points)
    commands: list[Command] = []
    for index in range(count):
        before, here, after = points[index - 1], points[index], points[(index + 1) % count]
        v1 = (before[0] - here[0], before[1] - here[1])
        v2 = (after[0] - here[0], after[1] - here[1])
        l1, l2 = math.hypot(*v1), math.hypot(*v2)
        if l1 == 0 or l2 == 0:
            continue
        cos_turn = max(-1.0, min(1.0, (v1[0] * v2[0] + v1[1] * v2[1]) / (l1 * l2)))
        half = math.acos(cos_turn) / 2         # half the inner angle at the corner
        if half <= 1e-6 or math.pi / 2 - half <= 1e-6:
            commands.append(("M" if not commands else "L", *here))
            continue
        cut = min(corner / math.tan(half), l1 / 2, l2 / 2)   # how far along each side the arc begins
        radius = cut * math.tan(half)
        start = (here[0] + v1[0] / l1 * cut, here[1] + v1[1] / l1 * cut)
        end = (here[0] + v2[0] / l2 * cut, here[1] + v2[1] / l2 * cut)
        commands.append(("M" if not commands else "L", *start))
        # one cubic for the arc: its handle for a sweep of (pi - 2 half)
        sweep = math.pi - 2 * half
        handle = 4 / 3 * math.tan(sweep / 4) * radius
        c1 = (start[0] - v1[0] / l1 * handle, start[1] - v1[1] / l1 * handle)
        c2 = (end[0] - v2[0] / l2 * handle, end[1] - v2[1] / l2 * handle)
        commands.append(("C", *c1, *c2, *end))
    commands.append(("Z",))
    return tuple(commands)


def _closed(points: Sequence[Point]) -> tuple[Command, ...]:
    if not points:
        return ()
    return (("M", *points[0]), *(("L", *p) for p in points[1:]), ("Z",))


def arc(cx: float, cy: float, radius: float, start: float, end: float, pie: bool = False,
        inner: float = 0.0) -> tuple[Command, ...]:
    """The arc of the circle of ``radius`` from angle ``start`` to ``end`` (clockwise when end
    is more). ``pie``: a slice closed through the centre; with ``inner`` (a fraction of the
    radius, more than 0) a slice of a ring instead. A sweep of 360 or more is a whole circle."""
    sweep = max(-360.0, min(360.0, end - start))
    commands: list[Command] = [("M", *_at(cx, cy, radius, start))]
    commands.extend(_arc_curves(cx, cy, radius, start, sweep))
    if not pie:
        return tuple(commands)
    if inner > 0:
        commands.append(("L", *_at(cx, cy, radius * inner, start + sweep)))
        commands.extend(_arc_curves(cx, cy, radius * inner, start + sweep, -sweep))
    elif abs(sweep) < 360.0:
        commands.append(("L", cx, cy))
    commands.append(("Z",))
    return tuple(commands)


def _arc_curves(cx: float, cy: float, radius: float, start: float, sweep: float) -> list[Command]:
    """Cubic Béziers along the circle from ``start`` through ``sweep`` degrees (each at most 90)."""
    steps = max(1, math.ceil(abs(sweep) / MAX_ARC_STEP - 1e-9))
    step = sweep / steps
    handle = 4 / 3 * math.tan(math.radians(step) / 4) * radius
    out: list[Command] = []
    for k in range(steps):
        a0, a1 = math.radians(start + k * step), math.radians(start + (k + 1) * step)
        p0 = (cx + radius * math.cos(a0), cy + radius * math.sin(a0))
        p1 = (cx + radius * math.cos(a1), cy + radius * math.sin(a1))
        c1 = (p0[0] - handle * math.sin(a0), p0[1] + handle * math.cos(a0))
        c2 = (p1[0] + handle * math.sin(a1), p1[1] - handle * math.cos(a1))
        out.append(("C", *c1, *c2, *p1))
    return out


def arrow_points(x1: float, y1: float, x2: float, y2: float, width: float, head_width: float,
                 head_length: float, double: bool = False) -> list[Point]:
    """An arrow's outline from (x1, y1) to its tip at (x2, y2): a shaft ``width`` wide, a head
    ``head_width`` wide and ``head_length`` long (shortened to half the arrow when longer);
    ``double`` heads it at both ends."""
    length = math.hypot(x2 - x1, y2 - y1)
    if length == 0:
        return []
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    nx, ny = -uy, ux                      # the normal, to the arrow's left
    head = min(head_length, length / (2 if double else 1))
    shaft, wing = width / 2, max(head_width, width) / 2

    def p(along: float, side: float) -> Point:
        return x1 + ux * along + nx * side, y1 + uy * along + ny * side

    tail = [p(head, shaft)] if double else [p(0, shaft)]
    head_side = [p(length - head, shaft), p(length - head, wing), p(length, 0),
                 p(length - head, -wing), p(length - head, -shaft)]
    back = [p(head, -shaft), p(head, -wing), p(0, 0), p(head, wing)] if double else [p(0, -shaft)]
    return tail + head_side + back


def grid_centres(x: float, y: float, count: int, columns: int, step_x: float, step_y: float) -> list[Point]:
    """The centres of ``count`` shapes in rows of ``columns``, the first at (x, y), each next
    ``step_x`` to the right and each row ``step_y`` down (negative steps go the other way)."""
    columns = max(1, columns)
    return [(x + (k % columns) * step_x, y + (k // columns) * step_y) for k in range(count)]
