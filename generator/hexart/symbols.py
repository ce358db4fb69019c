"""Vector symbols of an engraved period map, drawn from scene primitives.

Every symbol is drawn centred on (x, y) and scaled by ``size`` (mm, roughly its height),
so the map, its legend, the counters and the position view share one drawing of each.
Fonts lack ornaments (no ★, ⚔), so everything here is shapes.
"""

from __future__ import annotations

import math
import random
from typing import Any

from generator.draw.scene import Scene, Style
from generator.hexart.style import INK, PALETTE

Point = tuple[float, float]


def ink(width: float = 0.3, colour: str = INK, **kw: Any) -> Style:
    """A pen stroke in the map's sepia ink."""
    return Style(stroke=colour, stroke_width=width, cap="round", join="round", **kw)


def castle(s: Scene, x: float, y: float, size: float = 10.0, fill: str = PALETTE["stone"],
           flag: str | None = PALETTE["pennant"]) -> None:
    """A keep between two crenellated towers, as engravers drew fortified places."""
    u = size / 10.0
    pen = Style(fill=fill, stroke=INK, stroke_width=0.3 * u + 0.05, join="round")

    def tower(cx: float, w: float, h: float, base: float) -> None:
        top = base - h
        pts = [(cx - w / 2, base), (cx - w / 2, top)]
        merlons = 3
        step = w / (2 * merlons - 1)
        for i in range(2 * merlons - 1):
            xl = cx - w / 2 + i * step
            if i % 2 == 0:
                pts += [(xl, top - 1.0 * u), (xl + step, top - 1.0 * u)]
            else:
                pts += [(xl, top), (xl + step, top)]
        pts += [(cx + w / 2, top), (cx + w / 2, base)]
        s.polygon(pts, pen)

    base = y + 4.2 * u
    tower(x - 3.2 * u, 2.6 * u, 6.0 * u, base)
    tower(x + 3.2 * u, 2.6 * u, 6.0 * u, base)
    tower(x, 4.0 * u, 8.0 * u, base)
    # gate and windows
    s.path([("M", x - 0.9 * u, base), ("L", x - 0.9 * u, base - 1.8 * u),
            ("Q", x, base - 3.0 * u, x + 0.9 * u, base - 1.8 * u), ("L", x + 0.9 * u, base), ("Z",)],
           Style(fill=INK))
    for wx in (x - 3.2 * u, x + 3.2 * u, x):
        s.rect(wx - 0.25 * u, base - (5.5 if wx == x else 4.0) * u, 0.5 * u, 1.0 * u, Style(fill=INK))
    if flag:
        top = base - 9.0 * u
        s.line(x, top, x, top - 2.6 * u, ink(0.25 * u + 0.05))
        s.polygon([(x, top - 2.6 * u), (x + 2.2 * u, top - 2.1 * u), (x, top - 1.5 * u)],
                  Style(fill=flag, stroke=INK, stroke_width=0.12 * u))


def crown(s: Scene, x: float, y: float, size: float = 5.0, fill: str = PALETTE["gold"]) -> None:
    """An open crown with three points (Tre Kronor)."""
    u = size / 5.0
    w = 2.6 * u
    base = y + 1.6 * u
    pts = [(x - w, base), (x - w - 0.3 * u, y - 1.2 * u), (x - w / 2, y + 0.1 * u), (x, y - 2.0 * u),
           (x + w / 2, y + 0.1 * u), (x + w + 0.3 * u, y - 1.2 * u), (x + w, base)]
    s.polygon(pts, Style(fill=fill, stroke=INK, stroke_width=0.18 * u, join="round"))
    s.rect(x - w, base - 0.2 * u, 2 * w, 0.8 * u, Style(fill=fill, stroke=INK, stroke_width=0.18 * u))
    for px, py in ((x - w - 0.3 * u, y - 1.2 * u), (x, y - 2.0 * u), (x + w + 0.3 * u, y - 1.2 * u)):
        s.circle(px, py - 0.35 * u, 0.4 * u, Style(fill=fill, stroke=INK, stroke_width=0.12 * u))


def three_crowns(s: Scene, x: float, y: float, size: float = 9.0) -> None:
    """Two crowns over one: Tre Kronor, the arms of the Swedish crown."""
    c = size / 3.2
    crown(s, x - c * 0.95, y - c * 0.55, c)
    crown(s, x + c * 0.95, y - c * 0.55, c)
    crown(s, x, y + c * 0.95, c)


def anchor(s: Scene, x: float, y: float, size: float = 7.0, colour: str = INK) -> None:
    """A ship's anchor: the port."""
    u = size / 7.0
    pen = ink(0.55 * u, colour)
    s.circle(x, y - 2.8 * u, 0.7 * u, Style(stroke=colour, stroke_width=0.4 * u))
    s.line(x, y - 2.1 * u, x, y + 3.0 * u, pen)
    s.line(x - 1.5 * u, y - 1.2 * u, x + 1.5 * u, y - 1.2 * u, pen)
    s.path([("M", x - 2.7 * u, y + 0.8 * u), ("Q", x - 2.2 * u, y + 3.4 * u, x, y + 3.2 * u),
            ("Q", x + 2.2 * u, y + 3.4 * u, x + 2.7 * u, y + 0.8 * u)], pen)
    for sx in (-1, 1):
        s.polygon([(x + sx * 2.7 * u, y + 0.3 * u), (x + sx * 3.2 * u, y + 1.3 * u), (x + sx * 2.1 * u, y + 1.1 * u)],
                  Style(fill=colour))


def ship(s: Scene, x: float, y: float, size: float = 8.0, sail: str = "#f3ead2", flag: str | None = None) -> None:
    """A cog under sail."""
    u = size / 8.0
    hull = [(x - 3.8 * u, y + 0.8 * u), (x + 3.8 * u, y + 0.8 * u), (x + 2.8 * u, y + 2.6 * u), (x - 2.8 * u, y + 2.6 * u)]
    s.polygon(hull, Style(fill=PALETTE["wood"], stroke=INK, stroke_width=0.25 * u, join="round"))
    s.line(x, y + 0.8 * u, x, y - 3.6 * u, ink(0.3 * u))
    s.path([("M", x - 2.4 * u, y - 3.0 * u), ("Q", x - 1.6 * u, y - 1.0 * u, x - 2.4 * u, y + 0.3 * u),
            ("L", x + 2.4 * u, y + 0.3 * u), ("Q", x + 3.2 * u, y - 1.0 * u, x + 2.4 * u, y - 3.0 * u), ("Z",)],
           Style(fill=sail, stroke=INK, stroke_width=0.22 * u, join="round"))
    if flag:
        s.polygon([(x, y - 3.6 * u), (x + 1.8 * u, y - 3.3 * u), (x, y - 2.9 * u)], Style(fill=flag))


def tree(s: Scene, x: float, y: float, size: float = 3.0, fill: str = PALETTE["tree"]) -> None:
    """A small engraved tree: round crown, shadow side hatched, trunk."""
    r = size / 2.6
    s.line(x, y + r * 0.6, x, y + r * 1.5, ink(0.18))
    s.circle(x, y, r, Style(fill=fill, stroke=INK, stroke_width=0.16))
    s.path([("M", x + r * 0.2, y + r * 0.85), ("Q", x + r * 0.95, y + r * 0.5, x + r * 0.85, y - r * 0.3)], ink(0.14))


def conifer(s: Scene, x: float, y: float, size: float = 3.4, fill: str = PALETTE["conifer"]) -> None:
    """A spruce: forest as opposed to woods."""
    h = size
    s.polygon([(x, y - h / 2), (x + h * 0.32, y + h * 0.35), (x - h * 0.32, y + h * 0.35)],
              Style(fill=fill, stroke=INK, stroke_width=0.16, join="round"))
    s.line(x, y + h * 0.35, x, y + h * 0.55, ink(0.18))


def hill(s: Scene, x: float, y: float, size: float = 5.0) -> None:
    """A molehill hill with hachures on its shaded side."""
    w = size
    s.path([("M", x - w / 2, y + w * 0.2), ("Q", x, y - w * 0.55, x + w / 2, y + w * 0.2)], ink(0.22))
    for i in range(4):
        t = 0.55 + i * 0.12
        px = x - w / 2 + t * w
        py = y + w * 0.2 - (1 - (2 * t - 1) ** 2) * w * 0.37
        s.line(px, py, px + w * 0.05, py + w * 0.2, ink(0.14))


def marsh_tuft(s: Scene, x: float, y: float, size: float = 3.0) -> None:
    """Reeds over a waterline."""
    w = size
    s.line(x - w / 2, y, x + w / 2, y, ink(0.16, PALETTE["water_ink"]))
    s.line(x - w / 4, y + 0.6, x + w / 4, y + 0.6, ink(0.14, PALETTE["water_ink"]))
    for dx, lean in ((-0.25, -0.2), (0.0, 0.0), (0.25, 0.2)):
        s.line(x + dx * w, y - 0.1, x + dx * w + lean * w * 0.4, y - w * 0.45, ink(0.16))


def wave(s: Scene, x: float, y: float, size: float = 3.0, colour: str | None = None) -> None:
    """One engraved ripple."""
    w = size
    s.path([("M", x - w / 2, y), ("Q", x - w / 4, y - w * 0.18, x, y), ("Q", x + w / 4, y + w * 0.18, x + w / 2, y)],
           ink(0.16, colour or PALETTE["water_ink"]))


def house(s: Scene, x: float, y: float, size: float = 2.6, roof: str = PALETTE["roof"]) -> None:
    """A gabled house seen from the side."""
    w = size
    s.rect(x - w / 2, y - w * 0.1, w, w * 0.55, Style(fill="#efe2c3", stroke=INK, stroke_width=0.14))
    s.polygon([(x - w * 0.6, y - w * 0.1), (x, y - w * 0.55), (x + w * 0.6, y - w * 0.1)],
              Style(fill=roof, stroke=INK, stroke_width=0.14, join="round"))


def church(s: Scene, x: float, y: float, size: float = 4.0) -> None:
    """A church with a spire: a town on a battle map."""
    u = size / 4.0
    house(s, x - 0.6 * u, y + 0.6 * u, 2.6 * u)
    s.rect(x + 0.8 * u, y - 1.2 * u, 1.2 * u, 2.4 * u, Style(fill="#efe2c3", stroke=INK, stroke_width=0.14))
    s.polygon([(x + 0.7 * u, y - 1.2 * u), (x + 1.4 * u, y - 3.2 * u), (x + 2.1 * u, y - 1.2 * u)],
              Style(fill=PALETTE["roof"], stroke=INK, stroke_width=0.14, join="round"))


def banner(s: Scene, x: float, y: float, size: float = 7.0, colour: str = PALETTE["pennant"],
           cross: str | None = PALETTE["gold"]) -> None:
    """A swallow-tailed banner on a staff (a muster place)."""
    u = size / 7.0
    s.line(x - 2.0 * u, y + 3.5 * u, x - 2.0 * u, y - 3.5 * u, ink(0.35 * u))
    s.circle(x - 2.0 * u, y - 3.6 * u, 0.35 * u, Style(fill=PALETTE["gold"], stroke=INK, stroke_width=0.1))
    pts = [(x - 2.0 * u, y - 3.2 * u), (x + 3.0 * u, y - 3.2 * u), (x + 1.8 * u, y - 1.8 * u),
           (x + 3.0 * u, y - 0.4 * u), (x - 2.0 * u, y - 0.4 * u)]
    s.polygon(pts, Style(fill=colour, stroke=INK, stroke_width=0.18 * u, join="round"))
    if cross:
        s.line(x - 0.6 * u, y - 3.2 * u, x - 0.6 * u, y - 0.4 * u, Style(stroke=cross, stroke_width=0.5 * u))
        s.line(x - 2.0 * u, y - 1.8 * u, x + 2.3 * u, y - 1.8 * u, Style(stroke=cross, stroke_width=0.5 * u))


def crossed_swords(s: Scene, x: float, y: float, size: float = 6.0, colour: str = INK) -> None:
    """Two crossed swords: a training ground, or combat."""
    u = size / 6.0
    for sx in (-1, 1):
        s.line(x - sx * 2.6 * u, y + 2.6 * u, x + sx * 2.4 * u, y - 2.4 * u, ink(0.45 * u, colour))
        gx, gy = x - sx * 1.7 * u, y + 1.7 * u
        s.line(gx - 0.8 * u, gy - 0.8 * u * sx, gx + 0.8 * u, gy + 0.8 * u * sx, ink(0.4 * u, colour))


def trumpet(s: Scene, x: float, y: float, size: float = 5.0, colour: str = INK) -> None:
    """A herald's trumpet: proclamations, propaganda."""
    u = size / 5.0
    s.path([("M", x - 2.4 * u, y + 0.3 * u), ("L", x + 1.0 * u, y + 0.1 * u), ("L", x + 2.4 * u, y - 1.2 * u),
            ("L", x + 2.4 * u, y + 1.6 * u), ("L", x + 1.0 * u, y + 0.5 * u), ("L", x - 2.4 * u, y + 0.6 * u), ("Z",)],
           Style(fill=PALETTE["gold"], stroke=colour, stroke_width=0.2 * u, join="round"))


def arrowhead(s: Scene, tip: Point, direction: Point, size: float, style: Style) -> None:
    """A filled arrowhead at ``tip`` pointing along ``direction``."""
    dx, dy = direction
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n, dy / n
    bx, by = tip[0] - ux * size, tip[1] - uy * size
    s.polygon([tip, (bx - uy * size * 0.5, by + ux * size * 0.5), (bx + uy * size * 0.5, by - ux * size * 0.5)], style)


def compass_rose(s: Scene, x: float, y: float, radius: float = 16.0) -> None:
    """An eight-point compass rose with a fleur-like north point, in ink and muted red."""
    ring = Style(stroke=INK, stroke_width=0.3)
    s.circle(x, y, radius * 0.78, ring)
    s.circle(x, y, radius * 0.72, Style(stroke=INK, stroke_width=0.15))
    for i in range(32):
        a = math.radians(i * 360 / 32)
        r0 = radius * (0.72 if i % 4 else 0.66)
        s.line(x + r0 * math.sin(a), y - r0 * math.cos(a), x + radius * 0.78 * math.sin(a),
               y - radius * 0.78 * math.cos(a), Style(stroke=INK, stroke_width=0.12))
    for i in range(8):
        a = math.radians(45 * i + 22.5 * 0)
        long = i % 2 == 0
        r = radius * (1.0 if long else 0.62)
        w = radius * (0.16 if long else 0.12)
        tip = (x + r * math.sin(a), y - r * math.cos(a))
        left = (x + w * math.sin(a - math.pi / 2), y - w * math.cos(a - math.pi / 2))
        right = (x + w * math.sin(a + math.pi / 2), y - w * math.cos(a + math.pi / 2))
        dark = PALETTE["rose_red"] if long else INK
        s.polygon([(x, y), left, tip], Style(fill=dark, stroke=INK, stroke_width=0.15, join="round"))
        s.polygon([(x, y), right, tip], Style(fill="#f4ead0", stroke=INK, stroke_width=0.15, join="round"))
    s.circle(x, y, radius * 0.08, Style(fill=PALETTE["gold"], stroke=INK, stroke_width=0.15))
    s.text(x, y - radius * 1.08, "N", face="title-bold", size_pt=radius * 0.75, fill=INK, anchor="middle")


def scatter(rng: random.Random, x: float, y: float, radius: float, count: int,
            keep_out: float = 0.0) -> list[Point]:
    """``count`` points spread in a circle, avoiding a middle disc (where counters sit)."""
    points: list[Point] = []
    tries = 0
    while len(points) < count and tries < count * 30:
        tries += 1
        a = rng.uniform(0, 2 * math.pi)
        d = radius * math.sqrt(rng.uniform((keep_out / radius) ** 2 if radius else 0, 1))
        p = (x + d * math.cos(a), y + d * math.sin(a))
        if all(math.hypot(p[0] - q[0], p[1] - q[1]) > radius * 0.38 for q in points):
            points.append(p)
    return points

