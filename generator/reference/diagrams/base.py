"""What every diagram kind of a reference sheet shares: the strict spec base, colours, the
``Drawing`` (the sheet's faces and sizes, the game's icons) and two drawing helpers."""

from __future__ import annotations

import math
from typing import Annotated, Callable, Literal

from pydantic import AfterValidator

from generator.core.models import Strict
from generator.core.units import MM_PER_PT
from generator.draw import fonts
from generator.draw.colour import normalise
from generator.draw.icons import Icon
from generator.draw.scene import Scene, Style
from generator.draw.textfit import TextOverflow
from generator.draw.typeset import draw_textbox
from generator.reference.sheet import MIN_SIZE_PT, DiagramText

INK = "#231c14"
Weight = Literal["regular", "bold", "italic"]
PAPER = "#ffffff"


class Spec(Strict):
    """A diagram's settings, as a sheet gives them: unknown keys refused."""


Colour = Annotated[str, AfterValidator(normalise)]     # '#rrggbb'


class Drawing:
    """What a diagram draws with: the sheet's text faces and sizes, and the game's icons."""

    def __init__(self, text: DiagramText, icon: Callable[[str], Icon]) -> None:
        self.text = text
        self.icon = icon

    @property
    def size(self) -> float:
        return max(MIN_SIZE_PT, self.text.label.size)

    def face(self, which: Weight = "regular", style: str = "label") -> str:
        s = self.text.label if style == "label" else self.text.body if style == "body" else self.text.heading
        return self.text.face({"regular": s.font, "bold": s.bold, "italic": s.italic}[which])

    def width(self, text: str, face: str, size: float) -> float:
        return fonts.text_width(text, face, size * MM_PER_PT)


def arrow(scene: Scene, start: tuple[float, float], end: tuple[float, float], inset: float, colour: str,
           width: float) -> None:
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    sx, sy = x1 + ux * inset, y1 + uy * inset
    ex, ey = x2 - ux * inset, y2 - uy * inset
    head = 2.0
    scene.line(sx, sy, ex - ux * head * 0.8, ey - uy * head * 0.8, Style(stroke=colour, stroke_width=width))
    px, py = -uy, ux
    scene.polygon([(ex, ey), (ex - ux * head + px * head * 0.45, ey - uy * head + py * head * 0.45),
                   (ex - ux * head - px * head * 0.45, ey - uy * head - py * head * 0.45)], Style(fill=colour))


def centred_lines(scene: Scene, d: Drawing, text: str, cx: float, cy: float, width: float) -> None:
    """Short text centred on (cx, cy), wrapped to ``width``; an error if it needs more than 3 lines."""
    size = d.size
    try:
        draw_textbox(scene, cx - width / 2, cy - 20, width, 40, text, face=d.face("italic"), size_pt=size,
                      min_size_pt=size, align="center", valign="middle", max_lines=3)
    except TextOverflow:
        raise ValueError(f"{text!r} does not fit in the middle of the diagram") from None
