"""Stockholm 1520's printable tracks (the propaganda meter, the round track): strips of boxes
a marker moves along (the ``tracks`` kind: track_component).

Tracks are data (``tracks.yaml``): a title, the rule they come from, and boxes numbered in
order, each with an optional note (printed in the box) and tag (a letter in the box's
colour). Each strip is drawn by the generic track diagram of reference sheets
(``generator.reference.diagrams.track``) at ``box_mm`` a box, under its title: one track
drawing for every game.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from generator.core.errors import DataError, Problem
from generator.core.output_name import OutputName
from generator.draw.icons import Icon
from generator.draw.scene import Scene
from generator.hexart.style import FACE_ITALIC, FACE_TITLE, INK, PALETTE
from generator.kit.datafiles import display_path, line_of, load_yaml, validation_problems
from generator.reference.sheet import DEFAULT_STYLES, Colours, DiagramText
from generator.kit.language import words


class BoxIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    label: str = Field(pattern=r"^[0-9]{1,3}$", description="the box's number: one more than the box before")
    note: str = ""
    tag: str = Field(default="", max_length=3)
    colour: str = Field(default=INK, pattern=r"^#[0-9a-fA-F]{6}$")


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
        start = int(track.boxes[0].label)
        for b, box in enumerate(track.boxes):
            if int(box.label) != start + b:
                problems.append(Problem(display_path(Path(path)), f"box {box.label} of track {track.id!r} should be "
                                        f"numbered {start + b} (boxes count up by one)",
                                        line=line_of(data, ("tracks", index, "boxes", b, "label")),
                                        field=f"tracks.{index}.boxes.{b}.label"))
    if problems:
        raise DataError(problems)
    return Tracks(raw.box_mm, list(raw.tracks))


TITLE_MM = 9.0          # the strip's title line above its boxes
INDENT = 1.3            # mm the title and rule numbers sit in from the boxes' ends: with the piece's blank card
                        # round the strip (track_component.PAD) they keep the 3 mm safe zone inside its trim


def _text() -> DiagramText:
    """The reference sheets' own faces and sizes, which the track diagram sets its text in."""
    return DiagramText(DEFAULT_STYLES["body"], DEFAULT_STYLES["label"], DEFAULT_STYLES["heading"], {}, Colours())


def _no_icon(name: str) -> Icon:
    raise KeyError(f"a track box has no icons (got {name!r})")


def _boxes(track: TrackIn, box: float) -> Scene:
    """The numbered boxes of ``track``, ``box`` mm each, with their notes and tags."""
    from generator.reference.diagrams.base import Drawing      # the diagrams, imported to draw, not to load
    from generator.reference.diagrams.track import Mark, TrackSpec, draw as draw_track

    first = int(track.boxes[0].label)
    marks = [Mark(at=first + i, tag=b.tag, note=b.note, colour=b.colour)
             for i, b in enumerate(track.boxes) if b.note or b.tag]
    spec = TrackSpec(kind="track", first=first, last=first + len(track.boxes) - 1, per_row=len(track.boxes),
                     box=box, min_box=box, marks=marks, legend=False, tint="#efe0bd")
    return draw_track(spec, len(track.boxes) * box + 0.6, Drawing(_text(), _no_icon))


def strip_scene(track: TrackIn, box: float) -> Scene:
    """One strip: its title and rule, then its boxes."""
    boxes = _boxes(track, box)
    s = Scene(boxes.width, TITLE_MM + boxes.height, title=track.title)
    s.text(INDENT, TITLE_MM - 3.0, track.title, face=FACE_TITLE, size_pt=12, fill=PALETTE["rubric"])
    if track.rule:
        s.text(boxes.width - INDENT, TITLE_MM - 3.0, words("Rules {rule}", rule=track.rule), face=FACE_ITALIC, size_pt=8, fill=INK,
               anchor="end")
    s.place(boxes, 0.0, TITLE_MM)
    return s
