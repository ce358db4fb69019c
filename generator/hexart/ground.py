"""A word's own ground on a map: the terrain under it, painted again under its letters.

A road, a river or a ripple drawn across a place's name strikes its letters; published maps
knock the line out under the name. A label's painter calls ``knock_out`` just before the text:
a plate of the colour of the hex the word is centred on, a little larger than its letters, so
that what was painted before (roads, rivers, hatching, ripples) stops short of the word.
"""

from __future__ import annotations

import math

from generator.core.units import MM_PER_PT
from generator.draw import fonts
from generator.draw.colour import mix
from generator.draw.scene import Anchor, Scene, Style
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


def hex_under(hexmap: HexMap, x: float, y: float) -> str:
    """The hex whose centre is nearest the point (grid coordinates)."""
    return min(hexmap.cells, key=lambda h: math.dist(hexmap.centre(h), (x, y)))


def knock_out(s: Scene, hexmap: HexMap, x: float, y: float, text: str, face: str, size_pt: float,
              anchor: Anchor = "middle", letter_spacing: float = 0.0, at: tuple[float, float] | None = None) -> None:
    """Paint the ground under a word about to be set at (x, y) (its baseline, in the scene's
    current coordinates); ``at``: where it lies in grid coordinates when the scene is moved."""
    size_mm = size_pt * MM_PER_PT
    w = fonts.text_width(text, face, size_mm) + letter_spacing * max(len(text) - 1, 0)
    x0 = x - (w / 2 if anchor == "middle" else w if anchor == "end" else 0.0)
    gx, gy = at if at is not None else (x, y - size_mm * 0.25)
    colour = hex_fill(hexmap, hex_under(hexmap, gx, gy))
    s.rect(x0 - PAD, y - CAP * size_mm - PAD, w + 2 * PAD, (CAP + FOOT) * size_mm + 2 * PAD, Style(fill=colour),
           radius=min(1.0, size_mm * 0.3))
