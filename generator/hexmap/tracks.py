"""Printable tracks (a propaganda meter, a round track): strips of boxes a marker moves along.

Tracks are data (``tracks.yaml``): a title, the rule they come from, and boxes with a
number, a note and an optional icon (an emblem of ``generator.hexmap.emblems``, in ink or in
the colour the box gives).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from generator.datafiles import display_path, line_of, load_yaml, validation_problems
from generator.limits import OutputName
from generator.draw import fonts
from generator.draw.scene import Scene, Style
from generator.errors import DataError, Problem
from generator.hexmap.emblems import EMBLEMS, draw_emblem
from generator.hexmap.style import FACE_ITALIC, FACE_LABEL, FACE_TEXT, FACE_TITLE, INK, PALETTE, PARCHMENT
from generator.units import MM_PER_PT

HEAD_W = 44.0
PAD = 4.0


class BoxIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    label: str
    note: str = ""
    icon: str | None = None
    icon_colour: str = Field(default=INK, pattern=r"^#[0-9a-fA-F]{6}$")

    @field_validator("icon")
    @classmethod
    def _known_icon(cls, value: str | None) -> str | None:
        if value is not None and value not in EMBLEMS:
            raise ValueError(f"unknown icon {value!r} (emblems: {', '.join(sorted(EMBLEMS))})")
        return value


class TrackIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: OutputName         # names the strip's files
    title: str
    rule: str = ""
    marker: str | None = None
    boxes: list[BoxIn] = Field(min_length=1)


class TracksFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    box_mm: float = Field(default=24.0, gt=8, le=60)
    tracks: list[TrackIn] = Field(min_length=1)


@dataclass(frozen=True)
class Tracks:
    box_mm: float
    tracks: list[TrackIn]


def load_tracks(path: Path) -> Tracks:
    """Read and check tracks.yaml."""
    data = load_yaml(Path(path))
    try:
        raw = TracksFile.model_validate(data)
    except ValidationError as err:
        raise DataError(validation_problems(display_path(Path(path)), err, data)) from None
    first: dict[str, int] = {}
    problems = []
    for index, track in enumerate(raw.tracks):
        if track.id in first:
            problems.append(Problem(display_path(Path(path)), f"duplicate track id {track.id!r} (first at track "
                                    f"{first[track.id] + 1})", line=line_of(data, ("tracks", index, "id")),
                                    field=f"tracks.{index}.id"))
        first.setdefault(track.id, index)
    if problems:
        raise DataError(problems)
    return Tracks(raw.box_mm, list(raw.tracks))


def strip_size(track: TrackIn, box: float) -> tuple[float, float]:
    return HEAD_W + len(track.boxes) * box + 2 * PAD, box + 2 * PAD + 6.0


def draw_strip(s: Scene, track: TrackIn, x: float, y: float, box: float) -> tuple[float, float]:
    """One strip with its top-left at (x, y): title cell, then the numbered boxes."""
    w, h = strip_size(track, box)
    s.rect(x, y, w, h, Style(fill=PARCHMENT, stroke=INK, stroke_width=0.6))
    s.rect(x + 1.5, y + 1.5, w - 3, h - 3, Style(stroke=INK, stroke_width=0.2))
    s.text(x + PAD + 1, y + h / 2 - 1.0, track.title, face=FACE_TITLE, size_pt=_fit(track.title, FACE_TITLE, 12, HEAD_W - 6),
           fill=PALETTE["rubric"])
    if track.rule:
        s.text(x + PAD + 1, y + h / 2 + 5.0, f"Rules {track.rule}", face=FACE_ITALIC, size_pt=7.5, fill=INK)
    bx = x + PAD + HEAD_W
    by = y + PAD + 3.0
    for i, b in enumerate(track.boxes):
        left = bx + i * box
        shade = "#efe0bd" if i % 2 == 0 else "#e6d3a8"
        s.rect(left, by, box, box, Style(fill=shade, stroke=INK, stroke_width=0.35))
        s.text(left + 1.8, by + 5.4, b.label, face=FACE_TITLE, size_pt=12, fill=INK)
        if b.icon:
            draw_emblem(s, b.icon, left + box * 0.62, by + box * 0.38, box * 0.32, b.icon_colour)
        if b.note:
            size = _fit(b.note, FACE_TEXT, 6.5, box - 2.0)
            s.text(left + box / 2, by + box - 1.8, b.note, face=FACE_TEXT, size_pt=size, fill=INK, anchor="middle")
    return w, h


def _fit(text: str, face: str, size_pt: float, width: float) -> float:
    while size_pt > 4.0 and fonts.text_width(text, face, size_pt * MM_PER_PT) > width:
        size_pt -= 0.25
    return size_pt


def tracks_page(tracks: Tracks, page_w: float, page_h: float, title: str) -> Scene:
    """All strips on one page, with cut guides, centred."""
    s = Scene(page_w, page_h, title=f"{title} - tracks")
    sizes = [strip_size(t, tracks.box_mm) for t in tracks.tracks]
    total_h = sum(h for _, h in sizes) + 12.0 * (len(sizes) - 1)
    y = max(14.0, (page_h - total_h) / 2)
    s.text(page_w / 2, y - 6, f"{title}: tracks (cut out along the outer line)", face=FACE_LABEL, size_pt=10,
           fill=INK, anchor="middle")
    for track, (w, h) in zip(tracks.tracks, sizes):
        x = (page_w - w) / 2
        draw_strip(s, track, x, y, tracks.box_mm)
        y += h + 12.0
    s.text(page_w / 2, page_h - 9, "Print at 100 % (actual size): each box is "
           f"{tracks.box_mm:g} mm and holds a {tracks.box_mm - 4:g} mm marker.", face=FACE_ITALIC, size_pt=8,
           fill=INK, anchor="middle")
    return s


def strip_scene(track: TrackIn, box: float) -> Scene:
    w, h = strip_size(track, box)
    s = Scene(w, h, title=track.title)
    draw_strip(s, track, 0, 0, box)
    return s
