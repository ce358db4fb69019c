"""Hex edges on paper: which two corners two adjacent hexes share, and outlines of hex sets.

Coastlines, rivers, the playfield outline and area borders are all drawn along hex edges,
so they are computed here once.
"""

from __future__ import annotations

import math

from generator.hexmap.model import HexMap

Point = tuple[float, float]
Segment = tuple[Point, Point]


def edge_index(hexmap: HexMap, a: str, b: str) -> int:
    """Which edge of ``a`` faces neighbour ``b`` (0 = lower right, clockwise on paper)."""
    (ax, ay), (bx, by) = hexmap.centre(a), hexmap.centre(b)
    angle = math.degrees(math.atan2(by - ay, bx - ax)) % 360
    return round((angle - 30) / 60) % 6


def shared_edge(hexmap: HexMap, a: str, b: str) -> Segment:
    """The two corners common to adjacent hexes a and b."""
    cell = hexmap.cells[a]
    corners = hexmap.layout.corners(cell.col, cell.row)
    k = edge_index(hexmap, a, b)
    return corners[k], corners[(k + 1) % 6]


def boundary(hexmap: HexMap, hexes: set[str], grid_edge: bool = True) -> list[Segment]:
    """Edges between hexes in the set and hexes not in it (and the grid's rim if asked)."""
    segments: list[Segment] = []
    for h in sorted(hexes):
        cell = hexmap.cells[h]
        corners = hexmap.layout.corners(cell.col, cell.row)
        faced = {edge_index(hexmap, h, n): n for n in hexmap.neighbours(h)}
        for k in range(6):
            n = faced.get(k)
            if (n is None and grid_edge) or (n is not None and n not in hexes):
                segments.append((corners[k], corners[(k + 1) % 6]))
    return segments


def chain(segments: list[Segment], tol: float = 1e-6) -> list[list[Point]]:
    """Join segments that share end points into polylines (closed loops repeat their start)."""
    def key(p: Point) -> tuple[int, int]:
        return (round(p[0] / tol / 1000), round(p[1] / tol / 1000))

    remaining = list(segments)
    ends: dict[tuple[int, int], list[int]] = {}
    for i, (p, q) in enumerate(remaining):
        ends.setdefault(key(p), []).append(i)
        ends.setdefault(key(q), []).append(i)
    used = [False] * len(remaining)
    lines: list[list[Point]] = []
    for start in range(len(remaining)):
        if used[start]:
            continue
        used[start] = True
        p, q = remaining[start]
        line = [p, q]
        for forward in (True, False):
            while True:
                tip = line[-1] if forward else line[0]
                nxt = next((i for i in ends.get(key(tip), []) if not used[i]), None)
                if nxt is None:
                    break
                used[nxt] = True
                a, b = remaining[nxt]
                other = b if key(a) == key(tip) else a
                if forward:
                    line.append(other)
                else:
                    line.insert(0, other)
        lines.append(line)
    return lines


def shrink(points: list[Point], centre: Point, by: float, inradius: float) -> list[Point]:
    """Points moved toward ``centre`` as if the hex shrank by ``by`` mm across each flat."""
    t = max(0.0, 1.0 - by / inradius)
    cx, cy = centre
    return [(cx + (x - cx) * t, cy + (y - cy) * t) for x, y in points]
