"""``track``: numbered boxes in rows (a turn or round track, a points track), some marked with
a colour, a tag or an icon, and a legend of the marks. At ``box`` mm a side it is a piece to
print and play on."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field

from generator.core.units import MM_PER_PT
from generator.draw.colour import mix
from generator.draw.scene import Scene, Style
from generator.draw.textfit import TextOverflow
from generator.draw.typeset import draw_textbox
from generator.reference.diagrams.base import INK, PAPER, Colour, Drawing, Spec
from generator.reference.sheet import MIN_SIZE_PT


class Mark(Spec):
    at: int
    tag: str = ""
    text: str = ""                 # in the legend under the track
    note: str = ""                 # a few words inside the box, at its foot (its tag or icon then at the top)
    colour: Colour = "#7a1f1f"
    icon: str = ""


class TrackSpec(Spec):
    kind: Literal["track"]
    first: int = 1
    last: int = Field(ge=0, le=200)
    per_row: int = Field(20, ge=1, le=40)
    box: float = Field(0.0, ge=0.0, le=40.0)      # mm, at most; 0: as wide as fits the column
    min_box: float = Field(0.0, ge=0.0, le=40.0)  # mm: narrower is an error (the markers must fit)
    marks: list[Mark] = []
    legend: bool = True
    tint: Colour = "#f6efe0"
    caption: str = ""


def draw(spec: Any, width: float, d: Drawing) -> Scene:
    numbers = list(range(spec.first, spec.last + 1))
    if not numbers:
        raise ValueError("the track has no boxes (last is before first)")
    if spec.box and spec.box < spec.min_box:
        raise ValueError(f"{spec.box:g} mm boxes are smaller than the {spec.min_box:g} mm marker they hold (min_box)")
    per_row = min(spec.per_row, len(numbers))
    box = min(spec.box or width / per_row, width / per_row)
    if box < spec.min_box:
        raise ValueError(f"{per_row} boxes of at least {spec.min_box:g} mm need {per_row * spec.min_box:.1f} mm; "
                         f"the column is {width:.1f} mm")
    marks: dict[int, list[Mark]] = {}
    for mark in spec.marks:
        if mark.at not in numbers:
            raise ValueError(f"a mark at {mark.at} is off the track ({spec.first}-{spec.last})")
        marks.setdefault(mark.at, []).append(mark)
    size = d.size
    line = size * MM_PER_PT * 1.25
    rows = math.ceil(len(numbers) / per_row)
    legend = [m for m in spec.marks if m.text] if spec.legend else []
    track_w = per_row * box
    legend_lines = _legend_lines(d, legend, track_w)
    caption_h = line if spec.caption else 0.0
    height = caption_h + rows * box + (1.5 + len(legend_lines) * line if legend_lines else 0.0) + 0.6
    scene = Scene(track_w + 0.6, height)
    y0 = caption_h + 0.3
    if spec.caption:
        scene.text(0.3, line * 0.8, spec.caption, face=d.face("bold"), size_pt=size, fill=INK)
    number_size = max(size, min(size * 1.6, box * 0.42 / MM_PER_PT))
    for index, number in enumerate(numbers):
        row, col = divmod(index, per_row)
        x, y = 0.3 + col * box, y0 + row * box
        here = marks.get(number, [])
        tinted = [m for m in here if m.tag or m.icon or m.text]      # a note alone leaves the box plain
        fill = mix(tinted[0].colour, "#ffffff", 0.78) if tinted else (spec.tint if index % 2 else "#ffffff")
        scene.rect(x, y, box, box, Style(fill=fill, stroke=INK, stroke_width=0.3))
        scene.text(x + 1.0, y + number_size * MM_PER_PT * 0.85, str(number), face=d.face("bold"),
                   size_pt=number_size, fill=INK)
        note = " · ".join(m.note for m in here if m.note)
        if note:
            _box_note(scene, d, note, x, y, box)
        tags = [m for m in here if m.tag or m.icon]
        for k, mark in enumerate(tags):
            s = min(box * 0.42, line * 1.6)
            if note:          # the foot holds the note: marks hang from the top right
                by = y + 1.0 + (s if mark.icon else line) + k * ((s if mark.icon else line) + 0.4)
            else:
                by = y + box - 1.0 - k * (line + 0.4)
            if mark.icon:
                scene.icon(d.icon(mark.icon), x + box - s - 0.8, by - s, s, s, tint=mark.colour)
            else:
                tw = d.width(mark.tag, d.face("bold"), size)
                scene.rect(x + box - tw - 2.2, by - line + 0.2, tw + 1.6, line, Style(fill=mark.colour), radius=0.6)
                scene.text(x + box - 1.4, by - line * 0.28, mark.tag, face=d.face("bold"), size_pt=size, fill=PAPER,
                           anchor="end")
    y = y0 + rows * box + 1.5
    for entry in legend_lines:
        y += line
        if entry.tag:
            scene.text(0.3, y, entry.tag, face=d.face("bold"), size_pt=size, fill=entry.colour)
        scene.text(0.3 + entry.indent, y, entry.text, face=d.face(style="body"), size_pt=size, fill=INK)
    return scene


def _box_note(scene: Scene, d: Drawing, note: str, x: float, y: float, box: float) -> None:
    """A box's note centred at its foot, in at most two lines of the sheet's body face."""
    size = d.size
    height = 2 * size * MM_PER_PT * 1.15 + 0.4
    try:
        draw_textbox(scene, x + 1.0, y + box - height - 0.8, box - 2.0, height, note, face=d.face(style="body"), size_pt=size,
                      min_size_pt=MIN_SIZE_PT, fill=INK, align="center", valign="bottom", leading=1.1, max_lines=2)
    except TextOverflow:
        raise ValueError(f"the note {note!r} does not fit a {box:g} mm box in two lines") from None


@dataclass(frozen=True)
class _LegendLine:
    tag: str          # the numbers and tag, on an entry's first line only
    colour: str
    text: str
    indent: float


def _legend_lines(d: Drawing, marks: list[Mark], width: float) -> list[_LegendLine]:
    """The legend: marks with the same tag and text in one entry (their numbers listed), in
    the order of the track, each wrapped to the track's width and hanging after its numbers."""
    groups: dict[tuple[str, str, str], list[int]] = {}
    for mark in sorted(marks, key=lambda m: m.at):
        groups.setdefault((mark.tag, mark.text, mark.colour), []).append(mark.at)
    tags = {key: ", ".join(str(n) for n in numbers) + (f" {key[0]}" if key[0] else "")
            for key, numbers in groups.items()}
    face = d.face(style="body")
    size = d.size
    indent = max((d.width(tag, d.face("bold"), size) for tag in tags.values()), default=0.0) + 2.5
    out: list[_LegendLine] = []
    for key, tag in tags.items():
        _, text, colour = key
        current: list[str] = []
        first = tag
        for word in text.split():
            if current and d.width(" ".join(current + [word]), face, size) > width - indent:
                out.append(_LegendLine(first, colour, " ".join(current), indent))
                first = ""
                current = [word]
            else:
                current.append(word)
        out.append(_LegendLine(first, colour, " ".join(current), indent))
    return out
