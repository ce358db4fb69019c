"""Terrain layers: hex fills, engraved patterns, coasts with shore lines, rivers, grid lines.

Patterns are placed with a random generator seeded by the map and hex id, so a map looks
hand-drawn yet comes out the same on every build.
"""

from __future__ import annotations

import math
import random
import zlib
from dataclasses import dataclass
from typing import Callable

from generator.draw.colour import mix
from generator.draw.scene import Scene, Style
from generator.hexart import symbols as sym
from generator.hexart.features import feature_art
from generator.hexart.ground import OUTSIDE_FADE, hex_fill
from generator.hexart.style import INK, PALETTE, PARCHMENT
from generator.hexmap.edges import boundary, chain, shared_edge, shrink
from generator.hexmap.model import HexMap


def rng_for(hexmap: HexMap, hex_id: str, salt: str = "") -> random.Random:
    return random.Random(zlib.crc32(f"{hexmap.id}:{hex_id}:{salt}".encode()))


def draw_fills(s: Scene, hexmap: HexMap) -> None:
    """Each hex in its terrain colour; a hairline of the same colour hides seams between hexes."""
    for hid, cell in hexmap.cells.items():
        colour = hex_fill(hexmap, hid)
        s.polygon(hexmap.layout.corners(cell.col, cell.row), Style(fill=colour, stroke=colour, stroke_width=0.35))


def draw_patterns(s: Scene, hexmap: HexMap) -> None:
    """Engraved texture per terrain pattern, kept to the hex rim where counters do not cover it."""
    flat = hexmap.layout.flat_mm
    plain = {h for f in hexmap.features if feature_art(hexmap, f.kind).plain for h in f.hexes}
    for hid, cell in hexmap.cells.items():
        pattern = hexmap.terrains[cell.terrain].pattern
        if not pattern or hid in plain:
            continue
        cx, cy = hexmap.layout.centre(cell.col, cell.row)
        rng = rng_for(hexmap, hid)
        fade = 1.0 if cell.playfield else 0.55
        with s.group(opacity=fade):
            _pattern(s, pattern, rng, cx, cy, flat)


@dataclass(frozen=True)
class Scatter:
    """A pattern of one symbol scattered over a hex: how far out (a share of the rim's
    radius), how many, the middle kept clear for counters (a share of that radius), the
    symbol's size (a share of the hex across the flats) and whether they are drawn top to
    bottom (symbols that overlap, trees and houses, so the nearer covers the farther)."""

    draw: Callable[[Scene, float, float, float], None]
    spread: float
    count: int
    keep_out: float
    size: float
    top_down: bool = False


#: The patterns that scatter one symbol; ``town``, ``fields`` and ``hilltop`` are drawn below.
SCATTERED: dict[str, Scatter] = {
    "waves": Scatter(sym.wave, 1.0, 4, 0.0, 0.14),
    "trees": Scatter(sym.tree, 0.95, 9, 0.2, 0.13, top_down=True),
    "forest": Scatter(sym.conifer, 0.95, 11, 0.0, 0.15, top_down=True),
    "marsh": Scatter(sym.marsh_tuft, 0.9, 5, 0.0, 0.12),
    "hills": Scatter(sym.hill, 0.85, 3, 0.3, 0.22),
    "houses": Scatter(sym.house, 0.95, 8, 0.15, 0.1, top_down=True),
}


def _pattern(s: Scene, pattern: str, rng: random.Random, cx: float, cy: float, flat: float) -> None:
    r = flat * 0.42
    scattered = SCATTERED.get(pattern)
    if scattered is not None:
        pts = sym.scatter(rng, cx, cy, r * scattered.spread, scattered.count, keep_out=r * scattered.keep_out)
        for x, y in sorted(pts, key=lambda p: p[1]) if scattered.top_down else pts:
            scattered.draw(s, x, y, flat * scattered.size)
    elif pattern == "town":
        pts = sorted(sym.scatter(rng, cx, cy, r * 0.8, 5), key=lambda p: p[1])
        for i, (x, y) in enumerate(pts):
            (sym.church if i == 2 else sym.house)(s, x, y, flat * (0.16 if i == 2 else 0.11))
    elif pattern == "fields":
        for x, y in sym.scatter(rng, cx, cy, r * 0.85, 2, keep_out=r * 0.3):
            a = rng.choice((0, 30, 60, 90, 120, 150))
            dx, dy = math.cos(math.radians(a)), math.sin(math.radians(a))
            for k in range(-1, 2):
                ox, oy = -dy * k * 0.9, dx * k * 0.9
                s.line(x + ox - dx * 2.2, y + oy - dy * 2.2, x + ox + dx * 2.2, y + oy + dy * 2.2,
                       Style(stroke=INK, stroke_width=0.13, opacity=0.35, cap="round"))
    elif pattern == "hilltop":
        sym.hill(s, cx - r * 0.45, cy + r * 0.55, flat * 0.3)
        sym.hill(s, cx + r * 0.5, cy - r * 0.55, flat * 0.26)


def water_hexes(hexmap: HexMap) -> set[str]:
    """Hexes drawn as water: impassable terrain with a wave pattern, and bridges."""
    return {h for h, c in hexmap.cells.items()
            if hexmap.terrains[c.terrain].pattern in ("waves", "bridge")}


def draw_shore_lines(s: Scene, hexmap: HexMap) -> None:
    """Concentric lines in the water along each coast: the engraver's way to draw a shore."""
    water = water_hexes(hexmap)
    inradius = hexmap.layout.flat_mm / 2
    for hid in sorted(water):
        centre = hexmap.centre(hid)
        for n in hexmap.neighbours(hid):
            if n in water:
                continue
            p, q = shared_edge(hexmap, hid, n)
            for i, by in enumerate((1.1, 2.3, 3.7)):
                a, b = shrink([p, q], centre, by, inradius)
                s.line(*a, *b, Style(stroke=PALETTE["water_ink"], stroke_width=0.2 - 0.04 * i,
                                     opacity=0.75 - 0.2 * i, cap="round"))


def draw_coast(s: Scene, hexmap: HexMap) -> None:
    """The coastline: hex edges between water and land, one joined line per stretch."""
    land = set(hexmap.cells) - water_hexes(hexmap)
    segments = boundary(hexmap, land, grid_edge=False)
    for line in chain(segments):
        s.polyline(line, Style(stroke=PALETTE["coast"], stroke_width=0.7, cap="round", join="round"))


def draw_hexsides(s: Scene, hexmap: HexMap) -> None:
    """Rivers, streams, walls and other hexside features."""
    for side in hexmap.hexsides:
        segments = [shared_edge(hexmap, a, b) for a, b in side.sides]
        for line in chain(segments):
            if side.kind in ("river", "stream"):
                width = 1.6 if side.kind == "river" else 0.9
                s.polyline(line, Style(stroke=PALETTE["coast"], stroke_width=width + 0.6, cap="round", join="round"))
                s.polyline(line, Style(stroke=PALETTE["river"], stroke_width=width, cap="round", join="round"))
            elif side.kind == "wall":
                s.polyline(line, Style(stroke=INK, stroke_width=0.9, dash=(1.2, 0.6), join="round"))
            else:
                s.polyline(line, Style(stroke=INK, stroke_width=0.6, dash=(2.0, 1.0), join="round"))


def draw_grid(s: Scene, hexmap: HexMap, colour: str = INK, opacity: float = 0.55) -> None:
    """Thin hex outlines: firm inside the playfield, faint outside."""
    for hid, cell in hexmap.cells.items():
        s.polygon(hexmap.layout.corners(cell.col, cell.row),
                  Style(stroke=colour, stroke_width=0.18, opacity=opacity if cell.playfield else opacity * 0.45,
                        join="round"))


def draw_playfield_outline(s: Scene, hexmap: HexMap) -> None:
    """The rulebook's green outline around the playfield (rules 1.1)."""
    inside = {h for h, c in hexmap.cells.items() if c.playfield}
    if len(inside) == len(hexmap.cells):
        return
    for line in chain(boundary(hexmap, inside)):
        s.polyline(line, Style(stroke="#f4ead0", stroke_width=2.2, opacity=0.6, cap="round", join="round"))
        s.polyline(line, Style(stroke=PALETTE["playfield"], stroke_width=1.2, cap="round", join="round"))
