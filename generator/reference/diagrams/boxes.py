"""``boxes``: compartments side by side, each with a title, a line under it and text, and a
square for a marker (a visibility box)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from generator.core.units import MM_PER_PT
from generator.draw.colour import mix
from generator.draw.scene import Scene, Style
from generator.draw.textfit import TextOverflow
from generator.draw.typeset import draw_textbox
from generator.reference.diagrams.base import INK, PAPER, Colour, Drawing, Spec
from generator.reference.sheet import MIN_SIZE_PT


class Compartment(Spec):
    title: str
    sub: str = ""
    text: str = ""
    colour: Colour = "#7a1f1f"


class BoxesSpec(Spec):
    kind: Literal["boxes"]
    boxes: list[Compartment] = Field(min_length=1, max_length=6)
    height: float = Field(40.0, ge=15.0, le=150.0)
    marker: float = Field(0.0, ge=0.0, le=30.0)   # mm: a square for a marker in each box
    caption: str = ""


def draw(spec: Any, width: float, d: Drawing) -> Scene:
    count = len(spec.boxes)
    gap = 2.0
    box_w = (width - gap * (count - 1)) / count
    size = d.size
    line = size * MM_PER_PT * 1.2
    caption_h = line + 0.5 if spec.caption else 0.0
    scene = Scene(width, caption_h + spec.height)
    if spec.caption:
        scene.text(0, line * 0.8, spec.caption, face=d.face("bold"), size_pt=size, fill=INK)
    for i, comp in enumerate(spec.boxes):
        x, y = i * (box_w + gap), caption_h
        scene.rect(x, y, box_w, spec.height, Style(fill=mix(comp.colour, "#ffffff", 0.86), stroke=comp.colour,
                                                   stroke_width=0.6), radius=1.2)
        scene.rect(x, y, box_w, line * 1.5, Style(fill=comp.colour), radius=1.2)
        scene.rect(x, y + line * 0.75, box_w, line * 0.75, Style(fill=comp.colour))
        title_size = max(size, d.text.heading.size)
        scene.text(x + 2.0, y + line * 1.1, comp.title, face=d.face("bold", "heading"), size_pt=title_size, fill=PAPER)
        if comp.sub:
            scene.text(x + box_w - 2.0, y + line * 1.1, comp.sub, face=d.face("italic"), size_pt=size, fill=PAPER,
                       anchor="end")
        text_top = y + line * 1.5 + 1.5
        marker = spec.marker
        text_w = box_w - 4.0 - (marker + 2.0 if marker else 0.0)
        if marker:
            mx, my = x + box_w - marker - 2.0, text_top
            scene.rect(mx, my, marker, marker, Style(stroke=comp.colour, stroke_width=0.35, dash=(1.0, 0.8)))
        if comp.text:
            try:
                draw_textbox(scene, x + 2.0, text_top, text_w, y + spec.height - text_top - 1.5, comp.text,
                              face=d.face(style="body"), size_pt=max(size, d.text.body.size), min_size_pt=MIN_SIZE_PT,
                              leading=1.15)
            except TextOverflow:
                raise ValueError(f"the text of the box {comp.title!r} does not fit its {spec.height:g} mm "
                                 "(raise height)") from None
    return scene
