"""Small vector diagrams of reference sheets, drawn as Scenes in millimetres from data.

Each kind is generic (no game is named here) and reads a spec checked by its pydantic model:

- ``cycle``: pieces that beat one another in a ring (the combat triangle of a
  rock-paper-scissors game): nodes with a colour, an icon and a label; arrows from each node
  to the one it beats, labelled.
- ``sectors``: a battlefield of facing rows of sectors between two reserves, with arrows in
  the direction of attack and a note in each sector.
- ``track``: numbered boxes in rows (a turn or round track, a points track), some marked with
  a colour, a tag or an icon, and a legend of the marks. At ``box`` mm a side it is a piece to
  print and play on.
- ``boxes``: compartments side by side, each with a title, a line under it and text, and a
  square for a marker (a visibility box).
- ``markers``: fold-over markers to cut out: front and back side by side across a fold line.

Text is set in the sheet's faces at the sheet's sizes (never below the legible floor).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Annotated, Any, Callable, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from generator.draw import fonts
from generator.draw.colour import mix, normalise
from generator.draw.icons import Icon
from generator.draw.scene import Scene, Style
from generator.draw.textfit import TextOverflow
from generator.draw.typeset import draw_textbox
from generator.reference.flowables import DiagramText
from generator.reference.sheet import MIN_SIZE_PT, SheetError
from generator.units import MM_PER_PT

INK = "#231c14"
Weight = Literal["regular", "bold", "italic"]
PAPER = "#ffffff"


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid")


Colour = Annotated[str, AfterValidator(normalise)]     # '#rrggbb'


class Node(_Spec):
    id: str
    label: str
    sub: str = ""
    colour: Colour = INK
    icon: str = ""
    beats: str


class CycleSpec(_Spec):
    kind: Literal["cycle"]
    nodes: list[Node] = Field(min_length=3, max_length=6)
    verb: str = "beats"
    centre: str = ""


class SectorRow(_Spec):
    label: str
    colour: Colour
    sectors: list[str] = Field(min_length=1, max_length=5)


class Reserve(_Spec):
    label: str
    colour: Colour
    note: str = ""


class SectorsSpec(_Spec):
    kind: Literal["sectors"]
    far: Reserve
    rows: list[SectorRow] = Field(min_length=2, max_length=2)
    near: Reserve
    note: str = ""                 # in every sector
    arrow: str = "attack"


class Mark(_Spec):
    at: int
    tag: str = ""
    text: str = ""
    colour: Colour = "#7a1f1f"
    icon: str = ""


class TrackSpec(_Spec):
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


class Compartment(_Spec):
    title: str
    sub: str = ""
    text: str = ""
    colour: Colour = "#7a1f1f"


class BoxesSpec(_Spec):
    kind: Literal["boxes"]
    boxes: list[Compartment] = Field(min_length=1, max_length=6)
    height: float = Field(40.0, ge=15.0, le=150.0)
    marker: float = Field(0.0, ge=0.0, le=30.0)   # mm: a square for a marker in each box
    caption: str = ""


class Side(_Spec):
    title: str
    text: str = ""
    colour: Colour = "#7a1f1f"
    ink: Colour = PAPER


class Marker(_Spec):
    front: Side
    back: Side
    count: int = Field(1, ge=1, le=20)


class MarkersSpec(_Spec):
    kind: Literal["markers"]
    size: float = Field(12.0, ge=8.0, le=30.0)
    markers: list[Marker] = Field(min_length=1, max_length=60)
    caption: str = ""


SPECS: dict[str, type[_Spec]] = {"cycle": CycleSpec, "sectors": SectorsSpec, "track": TrackSpec,
                                 "boxes": BoxesSpec, "markers": MarkersSpec}


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


def draw_diagram(kind: str, raw: Any, width: float, text: DiagramText, icon: Callable[[str], Icon]) -> Scene:
    """The diagram ``kind`` drawn from ``raw`` at most ``width`` mm wide; SheetError if the spec is wrong."""
    model = SPECS.get(kind)
    if model is None:
        raise SheetError(f"unknown diagram kind {kind!r}; known: {', '.join(sorted(SPECS))}")
    if not isinstance(raw, dict):
        raise SheetError(f"diagram {kind!r}: expected a mapping of its settings")
    settings = {key: value for key, value in raw.items() if key != "width"}   # the sheet placed it already
    try:
        spec = model.model_validate({**settings, "kind": kind})
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise SheetError(f"diagram {kind!r}: {where}: {first['msg']}") from None
    drawing = Drawing(text, icon)
    try:
        return _DRAW[kind](spec, width, drawing)
    except (KeyError, ValueError) as err:
        if isinstance(err, SheetError):
            raise
        raise SheetError(f"diagram {kind!r}: {err}") from None


# -- cycle ----------------------------------------------------------------------------------
def _cycle(spec: Any, width: float, d: Drawing) -> Scene:
    nodes: list[Node] = _ordered_cycle(spec.nodes)
    width = min(width, 70.0)
    r = width * 0.12
    label_size = d.size
    line = label_size * MM_PER_PT * 1.15
    lines_per_label = 2 if any(n.sub for n in nodes) else 1
    label_h = lines_per_label * line + 1.0
    radius = width * 0.29
    cx = width / 2
    cy = label_h + r + radius
    angles = [-math.pi / 2 + 2 * math.pi * i / len(nodes) for i in range(len(nodes))]
    centres = [(cx + radius * math.cos(a), cy + radius * math.sin(a)) for a in angles]
    scene = Scene(width, max(y for _, y in centres) + r + label_h + 1.0)
    for i, (x1, y1) in enumerate(centres):
        x2, y2 = centres[(i + 1) % len(centres)]
        _arrow(scene, (x1, y1), (x2, y2), r + 1.2, INK, 0.45)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        out_x, out_y = mx - cx, my - cy
        norm = math.hypot(out_x, out_y) or 1.0
        lx, ly = mx + out_x / norm * 3.2, my + out_y / norm * 3.2
        anchor: Literal["start", "middle", "end"] = "middle" if abs(out_x) < 1 else ("start" if out_x > 0 else "end")
        scene.text(lx, ly + label_size * MM_PER_PT * 0.35, spec.verb, face=d.face("italic"), size_pt=label_size,
                   fill=INK, anchor=anchor)
    for node, (x, y) in zip(nodes, centres):
        scene.circle(x, y, r, Style(fill=node.colour, stroke=INK, stroke_width=0.35))
        if node.icon:
            s = r * 1.25
            scene.icon(d.icon(node.icon), x - s / 2, y - s / 2, s, s, tint=node.colour)
        texts: list[tuple[str, Weight]] = [(node.label, "bold")]
        if node.sub:
            texts.append((node.sub, "italic"))
        # labels stand outside the ring: above a node in its upper half, below one in its lower half
        above = y < cy - 0.1 * radius
        first = y - r - 1.0 - (len(texts) - 1) * line - line * 0.2 if above else y + r + line * 0.95
        for k, (text, weight) in enumerate(texts):
            scene.text(x, first + k * line, text, face=d.face(weight), size_pt=label_size, fill=INK, anchor="middle")
    if spec.centre:
        _centred_lines(scene, d, spec.centre, cx, cy + r * 0.15, radius * 0.9)
    return scene


def _ordered_cycle(nodes: list[Node]) -> list[Node]:
    """The nodes in the order each beats the next; ValueError unless they form one ring."""
    by_id = {n.id: n for n in nodes}
    order = [nodes[0]]
    while len(order) < len(nodes):
        nxt = by_id.get(order[-1].beats)
        if nxt is None:
            raise ValueError(f"{order[-1].id!r} beats {order[-1].beats!r}, which is not a node")
        if nxt in order:
            raise ValueError(f"the nodes do not form one ring ({' > '.join(n.id for n in order)} > {nxt.id})")
        order.append(nxt)
    if order[-1].beats != order[0].id:
        raise ValueError(f"the ring does not close: {order[-1].id!r} beats {order[-1].beats!r}, not {order[0].id!r}")
    return order


def _arrow(scene: Scene, start: tuple[float, float], end: tuple[float, float], inset: float, colour: str,
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


def _centred_lines(scene: Scene, d: Drawing, text: str, cx: float, cy: float, width: float) -> None:
    """Short text centred on (cx, cy), wrapped to ``width``; an error if it needs more than 3 lines."""
    size = d.size
    try:
        draw_textbox(scene, cx - width / 2, cy - 20, width, 40, text, face=d.face("italic"), size_pt=size,
                      min_size_pt=size, align="center", valign="middle", max_lines=3)
    except TextOverflow:
        raise ValueError(f"{text!r} does not fit in the middle of the diagram") from None


# -- sectors --------------------------------------------------------------------------------
def _sectors(spec: Any, width: float, d: Drawing) -> Scene:
    width = min(width, 90.0)
    size = d.size
    line = size * MM_PER_PT * 1.2
    reserve_h = line * (2.2 if spec.far.note or spec.near.note else 1.6) + 2.0
    count = len(spec.rows[0].sectors)
    if len(spec.rows[1].sectors) != count:
        raise ValueError("both rows need the same number of sectors")
    sector_h = line * (3.2 if spec.note else 2.2) + 2.0
    gap = 7.0
    height = 2 * reserve_h + 2 * sector_h + 3 * gap
    scene = Scene(width, height)
    col_w = width / count
    y = 0.0
    _reserve(scene, d, spec.far, 0.0, y, width, reserve_h)
    rows_y = [reserve_h + gap, reserve_h + gap + sector_h + gap]
    for row, ry in zip(spec.rows, rows_y):
        for i, name in enumerate(row.sectors):
            x = i * col_w
            scene.rect(x + 1.0, ry, col_w - 2.0, sector_h, Style(fill=mix(row.colour, "#ffffff", 0.8), stroke=row.colour,
                                                                 stroke_width=0.5), radius=1.0)
            scene.text(x + col_w / 2, ry + line, name, face=d.face("bold"), size_pt=size, fill=INK, anchor="middle")
            if spec.note:
                scene.text(x + col_w / 2, ry + 2.1 * line, spec.note, face=d.face("italic"), size_pt=size, fill=INK,
                           anchor="middle")
        scene.text(width - 1.0, ry - 1.0, row.label, face=d.face("italic"), size_pt=size, fill=row.colour, anchor="end")
    near_y = rows_y[1] + sector_h + gap
    _reserve(scene, d, spec.near, 0.0, near_y, width, reserve_h)
    for i in range(count):
        x = i * col_w + col_w / 2
        _arrow(scene, (x, rows_y[0] + sector_h), (x, rows_y[1]), 0.6, INK, 0.45)
        _arrow(scene, (x, rows_y[1]), (x, rows_y[0] + sector_h), 0.6, INK, 0.45)
        _arrow(scene, (x, near_y), (x, rows_y[1] + sector_h), 0.6, spec.rows[1].colour, 0.4)
        _arrow(scene, (x, reserve_h), (x, rows_y[0]), 0.6, spec.rows[0].colour, 0.4)
    mid = rows_y[0] + sector_h + gap / 2 + size * MM_PER_PT * 0.35
    scene.text(col_w * 0.5 + 2.5, mid, spec.arrow, face=d.face("italic"), size_pt=size, fill=INK)
    return scene


def _reserve(scene: Scene, d: Drawing, reserve: Reserve, x: float, y: float, w: float, h: float) -> None:
    size = d.size
    line = size * MM_PER_PT * 1.2
    scene.rect(x + 1.0, y, w - 2.0, h, Style(fill=mix(reserve.colour, "#ffffff", 0.65), stroke=reserve.colour,
                                             stroke_width=0.6), radius=1.5)
    first = y + h / 2 + size * MM_PER_PT * 0.35 - (line / 2 if reserve.note else 0.0)
    scene.text(x + w / 2, first, reserve.label, face=d.face("bold"), size_pt=size, fill=INK, anchor="middle")
    if reserve.note:
        scene.text(x + w / 2, first + line, reserve.note, face=d.face("italic"), size_pt=size, fill=INK,
                   anchor="middle")


# -- track ----------------------------------------------------------------------------------
def _track(spec: Any, width: float, d: Drawing) -> Scene:
    numbers = list(range(spec.first, spec.last + 1))
    if not numbers:
        raise ValueError("the track has no boxes (last is before first)")
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
        fill = mix(here[0].colour, "#ffffff", 0.78) if here else (spec.tint if index % 2 else "#ffffff")
        scene.rect(x, y, box, box, Style(fill=fill, stroke=INK, stroke_width=0.3))
        scene.text(x + 1.0, y + number_size * MM_PER_PT * 0.85, str(number), face=d.face("bold"),
                   size_pt=number_size, fill=INK)
        tags = [m for m in here if m.tag or m.icon]
        for k, mark in enumerate(tags):
            by = y + box - 1.0 - k * (line + 0.4)
            if mark.icon:
                s = min(box * 0.42, line * 1.6)
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


# -- boxes ----------------------------------------------------------------------------------
def _boxes(spec: Any, width: float, d: Drawing) -> Scene:
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


# -- markers --------------------------------------------------------------------------------
def _markers(spec: Any, width: float, d: Drawing) -> Scene:
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


_DRAW: dict[str, Callable[[Any, float, Drawing], Scene]] = {
    "cycle": _cycle, "sectors": _sectors, "track": _track, "boxes": _boxes, "markers": _markers,
}
