"""Emblems on counters: a game's code registers its own by name
(``generator.hexmap.gameart.register_emblems``); a piece type that names none shows a ring."""

from __future__ import annotations

from generator.draw.scene import Scene, Style
from generator.hexart.style import INK
from generator.hexmap.counterlook import Emblem


def ring(s: Scene, x: float, y: float, size: float, colour: str, accent: str) -> None:
    """A plain ring: the emblem of a piece that names none."""
    s.circle(x, y, 0.3 * size, Style(stroke=colour, stroke_width=0.06 * size))



def draw_emblem(s: Scene, emblem: Emblem | None, x: float, y: float, size: float, colour: str, accent: str = INK) -> None:
    """``emblem`` (a ring for None), centred on (x, y)."""
    (emblem or ring)(s, x, y, size, colour, accent)
