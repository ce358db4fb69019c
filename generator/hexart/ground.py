"""A word's own ground on a map: the terrain under it, painted again under its letters.

A road, a river or a ripple drawn across a place's name strikes its letters; published maps
knock the line out under the name. A label's painter calls ``knock_out`` just before the text:
the fills of the hexes under the word are painted again, clipped to a box a little larger than
its letters, so that what was painted before (roads, rivers, hex edges, hatching, ripples)
stops short of the word while its ground keeps its colours (a name across land and water keeps
both).
"""

from __future__ import annotations

import math

from generator.core.units import MM_PER_PT
from generator.draw import fonts
from generator.draw.colour import mix
from generator.draw.scene import Anchor, Point, Scene, Style, polygon_commands
from generator.hexart.style import PARCHMENT
from generator.hexmap.model import HexMap

OUTSIDE_FADE = 0.42     # how much hexes outside the playfield fade into the parchment
PAD = 0.6               # mm of ground around the letters' box
CAP, FOOT = 0.9, 0.22   # the letters' top (accents included) and foot, in font sizes from the baseline


def hex_fill(hexmap: HexMap, hex_id: str) -> str:
    """The colour a hex is painted in (outside the playfield, faded into the parchment)."""
    cell = hexmap.cells[hex_id]
    colour = hexmap.terrains[cell.terrain].fill
    return colour if cell.playfield else mix(colour, PARCHMENT, OUTSIDE_FADE)


def word_corners(x: float, y: float, text: str, face: str, size_pt: float, anchor: Anchor = "middle",
                 letter_spacing: float = 0.0, origin: Point = (0.0, 0.0), rotate: float = 0.0) -> list[Point]:
    """The corners of a word's ground (its letters and ``PAD``) set at (x, y) on its baseline,
    in a group moved to ``origin`` and turned by ``rotate`` degrees: in the group's parent's
    coordinates."""
    size_mm = size_pt * MM_PER_PT
    w = fonts.text_width(text, face, size_mm) + letter_spacing * max(len(text) - 1, 0)
    x0 = x - (w / 2 if anchor == "middle" else w if anchor == "end" else 0.0) - PAD
    x1 = x0 + w + 2 * PAD
    y0, y1 = y - CAP * size_mm - PAD, y + FOOT * size_mm + PAD
    c, s = math.cos(math.radians(rotate)), math.sin(math.radians(rotate))
    return [(origin[0] + px * c - py * s, origin[1] + px * s + py * c) for px, py in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]


def knock_out(s: Scene, hexmap: HexMap, corners: list[Point]) -> None:
    """Paint the hexes' fills again inside the word's ground (``word_corners``, grid coordinates)."""
    cx = sum(p[0] for p in corners) / len(corners)
    cy = sum(p[1] for p in corners) / len(corners)
    reach = max(math.dist((cx, cy), p) for p in corners) + hexmap.layout.radius
    with s.group(clip=polygon_commands(corners)):
        for hid, cell in hexmap.cells.items():
            if math.dist(hexmap.centre(hid), (cx, cy)) <= reach:
                colour = hex_fill(hexmap, hid)
                s.polygon(hexmap.layout.corners(cell.col, cell.row), Style(fill=colour, stroke=colour, stroke_width=0.35))
