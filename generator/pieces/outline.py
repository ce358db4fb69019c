"""A piece's outline: the line it is cut along, when it is not its trim box's rectangle.

An outline is named (``hex-flat``, ``hex-pointy``, ``round``) or given as SVG path data in
mm of the trim box (0,0 its top-left). Everything that follows the outline reads it from
here, as a closed polygon in trim-box mm: the bleed (the outline grown by the bleed), the
sheets (pieces clipped to it, hexes nested), the cut guides and cut files, the table
exports. Pure geometry: curves and circles are flattened finely enough (``FLAT_MM``) that
the polygon keeps within a hundredth of a millimetre of the true line.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Sequence

from generator.core.limits import excerpt
from generator.core.words import counted

Point = tuple[float, float]

#: The outlines named in game.yaml (``outline:``); a path is written ``{path: "M ... Z"}``.
NAMED = ("rect", "hex-flat", "hex-pointy", "round")
#: The longest straight piece a flattened curve is made of, in mm.
FLAT_MM = 0.25
#: A path's point may lie this far (mm) outside the trim box (a designer's rounding).
BOX_SLACK = 0.05
#: A corner grown by the bleed is mitred up to this many bleeds from the outline, then bevelled.
MITER_LIMIT = 3.0


@dataclass(frozen=True)
class Outline:
    """A cut line: ``kind`` one of ``NAMED`` or ``path`` (with ``path`` its SVG path data)."""

    kind: str
    path: str = ""

    @property
    def hexagon(self) -> bool:
        return self.kind in ("hex-flat", "hex-pointy")

    @property
    def nest(self) -> str:
        """How copies nest on a sheet: ``cols`` (flat hexes: every other column half a piece
        lower), ``rows`` (pointy hexes: every other row half a piece to the right), or ``""``."""
        return {"hex-flat": "cols", "hex-pointy": "rows"}.get(self.kind, "")

    def ring(self, width: float, height: float, grow: float = 0.0) -> list[Point]:
        """The outline as a closed polygon (first point not repeated) in trim-box mm, grown
        outward by ``grow`` mm (the bleed)."""
        if self.kind == "round":
            return _ellipse(width / 2, height / 2, width / 2 + grow, height / 2 + grow)
        if self.kind == "path":
            base = path_ring(self.path)
        elif self.kind == "hex-flat":
            base = [(width / 4, 0.0), (3 * width / 4, 0.0), (width, height / 2), (3 * width / 4, height),
                    (width / 4, height), (0.0, height / 2)]
        elif self.kind == "hex-pointy":
            base = [(width / 2, 0.0), (width, height / 4), (width, 3 * height / 4), (width / 2, height),
                    (0.0, 3 * height / 4), (0.0, height / 4)]
        else:
            base = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]
        return grown(base, grow) if grow > 0 else base

    def commands(self, width: float, height: float, grow: float = 0.0, at: Point = (0.0, 0.0)) -> tuple[tuple, ...]:
        """The outline as a scene's path commands, its trim box's top-left at ``at``."""
        ring = self.ring(width, height, grow)
        return (("M", ring[0][0] + at[0], ring[0][1] + at[1]),
                *(("L", x + at[0], y + at[1]) for x, y in ring[1:]), ("Z",))


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> list[Point]:
    around = math.pi * (rx + ry)
    n = max(24, math.ceil(around / FLAT_MM))
    return [(cx + rx * math.cos(2 * math.pi * i / n), cy + ry * math.sin(2 * math.pi * i / n)) for i in range(n)]


def area(ring: Sequence[Point]) -> float:
    """Signed area (positive when the points run clockwise on a page with y down)."""
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ring, [*ring[1:], ring[0]])) / 2


def _clean(ring: Sequence[Point]) -> list[Point]:
    """The ring less repeated points and points on a straight line between their neighbours."""
    out: list[Point] = []
    for p in ring:
        if not out or math.dist(out[-1], p) > 1e-9:
            out.append(p)
    if len(out) > 1 and math.dist(out[0], out[-1]) <= 1e-9:
        out.pop()
    return out


def grown(ring: Sequence[Point], d: float) -> list[Point]:
    """The polygon grown outward by ``d`` mm: each edge moved out along its normal, corners
    where the moved edges meet (mitred; bevelled past ``MITER_LIMIT``). Exact for convex
    outlines and for hollows wider than twice ``d``."""
    pts = _clean(ring)
    sign = 1.0 if area(pts) > 0 else -1.0      # outward is left of the direction for a clockwise ring (y down)
    n = len(pts)
    normals = []
    for i in range(n):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % n]
        length = math.hypot(x1 - x0, y1 - y0)
        normals.append((sign * (y1 - y0) / length, -sign * (x1 - x0) / length))
    out: list[Point] = []
    for i in range(n):
        a, b = normals[i - 1], normals[i]
        p = pts[i]
        dot = max(-1.0, min(1.0, a[0] * b[0] + a[1] * b[1]))
        miter = (a[0] + b[0], a[1] + b[1])
        scale = 1 + dot
        if scale > 1e-9 and math.sqrt(2 / scale) <= MITER_LIMIT:
            out.append((p[0] + d * miter[0] / scale, p[1] + d * miter[1] / scale))
        else:       # a sharp corner: bevel it (both moved edges' ends)
            out.append((p[0] + d * a[0], p[1] + d * a[1]))
            out.append((p[0] + d * b[0], p[1] + d * b[1]))
    return out


# SVG path data ----------------------------------------------------------------------------

_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_SEPARATORS = " ,\t\r\n"
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}


class PathError(ValueError):
    """SVG path data that is not one closed outline (the message says what and where)."""


def _tokens(data: str) -> list[str]:
    tokens: list[str] = []
    pos = 0
    for match in [*_TOKEN.finditer(data), None]:
        end = match.start() if match is not None else len(data)
        between = data[pos:end]
        if between.strip(_SEPARATORS):
            at = pos + len(between) - len(between.lstrip(_SEPARATORS))
            raise PathError(f"unexpected {excerpt(data[at:], 12)} at character {at + 1} of the path")
        if match is not None:
            tokens.append(match.group())
            pos = match.end()
    return tokens


def _steps(a: Point, b: Point, *more: Point) -> int:
    length = sum(math.dist(p, q) for p, q in zip((a, b, *more), (b, *more)))
    return max(2, math.ceil(length / FLAT_MM))


def _cubic(p0: Point, p1: Point, p2: Point, p3: Point) -> list[Point]:
    n = _steps(p0, p1, p2, p3)
    out = []
    for i in range(1, n + 1):
        t = i / n
        u = 1 - t
        out.append((u ** 3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t ** 3 * p3[0],
                    u ** 3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t ** 3 * p3[1]))
    return out


def _arc(p0: Point, rx: float, ry: float, phi_deg: float, large: bool, sweep: bool, p1: Point) -> list[Point]:
    """An SVG elliptical arc as points (the endpoint-to-centre conversion of SVG 1.1, F.6.5)."""
    if math.dist(p0, p1) < 1e-12:
        return []
    rx, ry = abs(rx), abs(ry)
    if rx < 1e-12 or ry < 1e-12:
        return [p1]
    phi = math.radians(phi_deg)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (p0[0] - p1[0]) / 2, (p0[1] - p1[1]) / 2
    x1, y1 = cos * dx + sin * dy, -sin * dx + cos * dy
    scale = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    den = rx * rx * y1 * y1 + ry * ry * x1 * x1
    k = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cx1, cy1 = k * rx * y1 / ry, -k * ry * x1 / rx
    cx = cos * cx1 - sin * cy1 + (p0[0] + p1[0]) / 2
    cy = sin * cx1 + cos * cy1 + (p0[1] + p1[1]) / 2
    start = math.atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
    end = math.atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx)
    delta = end - start
    if sweep and delta < 0:
        delta += 2 * math.pi
    elif not sweep and delta > 0:
        delta -= 2 * math.pi
    n = max(2, math.ceil(abs(delta) * max(rx, ry) / FLAT_MM))
    out = []
    for i in range(1, n + 1):
        t = start + delta * i / n
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        out.append((cos * ex - sin * ey + cx, sin * ex + cos * ey + cy))
    out[-1] = p1
    return out


def path_ring(data: str) -> list[Point]:
    """The one closed outline ``data`` draws (SVG path data: M L H V C S Q T A Z, absolute or
    relative), flattened to a polygon. PathError when it is not one closed outline."""
    tokens = _tokens(data)
    if not tokens or tokens[0] not in "Mm":
        raise PathError("a path starts with M (a move to its first point)")
    ring: list[Point] = []
    pos: Point = (0.0, 0.0)
    control: Point | None = None
    command = ""
    closed = False
    i = 0
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if closed and command not in "Zz":
                raise PathError("the path goes on after Z: an outline is one closed shape (one M ... Z)")
        upper = command.upper()
        rel = command.islower()
        count = _ARGS[upper]
        args = tokens[i:i + count]
        if len(args) < count or any(a.isalpha() for a in args):
            raise PathError(f"{command} takes {counted(count, 'numbers')}; got {excerpt(' '.join(args)) if args else 'none'}")
        nums = [float(a) for a in args]
        i += count
        ox, oy = pos if rel else (0.0, 0.0)
        if upper == "Z":
            closed = True
            control = None
            continue
        if upper == "M":
            if ring:
                raise PathError("a second M: an outline is one closed shape (one M ... Z)")
            pos = (nums[0] + ox, nums[1] + oy)
            ring.append(pos)
            command = "l" if rel else "L"       # numbers after M's pair are line-tos
            control = None
            continue
        if upper == "L":
            new = [(nums[0] + ox, nums[1] + oy)]
        elif upper == "H":
            new = [(nums[0] + ox, pos[1])]
        elif upper == "V":
            new = [(pos[0], nums[0] + oy)]
        elif upper in "CS":
            if upper == "C":
                c1 = (nums[0] + ox, nums[1] + oy)
                rest = nums[2:]
            else:
                c1 = (2 * pos[0] - control[0], 2 * pos[1] - control[1]) if control else pos
                rest = nums
            c2, end = (rest[0] + ox, rest[1] + oy), (rest[2] + ox, rest[3] + oy)
            new = _cubic(pos, c1, c2, end)
            ring.extend(new)
            pos, control = end, c2
            continue
        elif upper in "QT":
            if upper == "Q":
                q = (nums[0] + ox, nums[1] + oy)
                end = (nums[2] + ox, nums[3] + oy)
            else:
                q = (2 * pos[0] - control[0], 2 * pos[1] - control[1]) if control else pos
                end = (nums[0] + ox, nums[1] + oy)
            c1 = (pos[0] + 2 / 3 * (q[0] - pos[0]), pos[1] + 2 / 3 * (q[1] - pos[1]))
            c2 = (end[0] + 2 / 3 * (q[0] - end[0]), end[1] + 2 / 3 * (q[1] - end[1]))
            ring.extend(_cubic(pos, c1, c2, end))
            pos, control = end, q
            continue
        else:   # A
            end = (nums[5] + ox, nums[6] + oy)
            new = _arc(pos, nums[0], nums[1], nums[2], nums[3] != 0, nums[4] != 0, end)
            new = new or [end]
        ring.extend(new)
        pos = new[-1]
        control = None
    if not closed:
        raise PathError("the path is not closed: end it with Z")
    ring = _clean(ring)
    if len(ring) < 3 or abs(area(ring)) < 1e-6:
        raise PathError("the path encloses no area")
    return ring


def check_in_box(ring: Sequence[Point], width: float, height: float) -> str:
    """Why ``ring`` does not fit a trim box of ``width`` x ``height`` mm ("" when it does)."""
    xs, ys = [p[0] for p in ring], [p[1] for p in ring]
    if min(xs) < -BOX_SLACK or min(ys) < -BOX_SLACK or max(xs) > width + BOX_SLACK or max(ys) > height + BOX_SLACK:
        return (f"the path reaches from ({min(xs):.2f}, {min(ys):.2f}) to ({max(xs):.2f}, {max(ys):.2f}) mm, outside the "
                f"{width:g} x {height:g} mm trim box (its coordinates are mm from the trim's top-left)")
    return ""


def parse(value: object) -> Outline | None:
    """game.yaml's ``outline:`` as an Outline (None for ``rect``, the trim box itself);
    ValueError saying what is expected."""
    if value is None or value == "rect":
        return None
    if isinstance(value, str):
        if value not in NAMED:
            raise ValueError(f"outline is one of {', '.join(NAMED)} or {{path: \"M ... Z\"}}; got {excerpt(value)}")
        return Outline(value)
    if isinstance(value, dict) and set(value) == {"path"} and isinstance(value["path"], str):
        path_ring(value["path"])
        return Outline("path", value["path"])
    raise ValueError("outline is one of " + ", ".join(NAMED) + " or {path: \"M ... Z\"} (SVG path data in mm of the trim box)")
