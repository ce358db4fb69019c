"""``markers``: fold-over markers to cut out: front and back side by side across a fold line."""

from __future__ import annotations

import math
from typing import Any, Literal

from pydantic import Field

from generator.core.units import MM_PER_PT
from generator.draw.scene import Scene, Style
from generator.reference.diagrams.base import INK, PAPER, Colour, Drawing, Spec
from generator.reference.sheet import MIN_SIZE_PT


class Side(Spec):
    title: str
    text: str = ""
    colour: Colour = "#7a1f1f"
    ink: Colour = PAPER


class Marker(Spec):
    front: Side
    back: Side
    count: int = Field(1, ge=1, le=20)


class MarkersSpec(Spec):
    kind: Literal["markers"]
    size: float = Field(12.0, ge=8.0, le=30.0)
    markers: list[Marker] = Field(min_length=1, max_length=60)
    caption: str = ""


def draw(spec: Any, width: float, d: Drawing) -> Scene:
    s = spec.size
    pair_w = 2 * s
    gap = 4.0
    per_row = max(1, int((width + gap) // (pair_w + gap)))
    items = [m for m in spec.markers for _ in range(m.count)]
    rows = math.ceil(len(items) / per_row)
    size = d.size
    line = size * MM_PER_PT * 1.2
    caption_h = (line + 1.0 if spec.caption else 0.0) + 2.0      # room for the fold lines' ends
    scene = Scene(min(width, per_row * (pair_w + gap) - gap + 0.6), caption_h + rows * (s + gap) - gap + 2.6)
    if spec.caption:
        scene.text(0.3, line * 0.8, spec.caption, face=d.face("italic"), size_pt=size, fill=INK)
    for index, marker in enumerate(items):
        row, col = divmod(index, per_row)
        x, y = 0.3 + col * (pair_w + gap), caption_h + 0.3 + row * (s + gap)
        for k, side in enumerate((marker.front, marker.back)):
            sx = x + k * s
            scene.rect(sx, y, s, s, Style(fill=side.colour))
            _marker_text(scene, d, side, sx, y, s)
        scene.rect(x, y, pair_w, s, Style(stroke=INK, stroke_width=0.3))
        scene.line(x + s, y - 1.5, x + s, y + s + 1.5, Style(stroke=INK, stroke_width=0.25, dash=(0.8, 0.6)))
    return scene


def _marker_text(scene: Scene, d: Drawing, side: Side, x: float, y: float, s: float) -> None:
    size = d.size
    face = d.face("bold")
    title = side.title
    title_size = size
    while d.width(title, face, title_size) > s - 1.2 and title_size > MIN_SIZE_PT:
        title_size -= 0.25
    if d.width(title, face, title_size) > s - 1.0:
        raise ValueError(f"the marker title {title!r} is too wide for a {s:g} mm marker at {MIN_SIZE_PT:g} pt")
    lines = [title] + ([side.text] if side.text else [])
    height = len(lines) * size * MM_PER_PT * 1.1
    top = y + (s - height) / 2 + size * MM_PER_PT * 0.8
    scene.text(x + s / 2, top, title, face=face, size_pt=title_size, fill=side.ink, anchor="middle")
    if side.text:
        tface = d.face()
        if d.width(side.text, tface, size) > s - 1.0:
            raise ValueError(f"the marker text {side.text!r} is too wide for a {s:g} mm marker")
        scene.text(x + s / 2, top + size * MM_PER_PT * 1.1, side.text, face=tface, size_pt=size, fill=side.ink,
                   anchor="middle")
