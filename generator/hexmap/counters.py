"""Counters: the square pieces that stand in hexes, and their faces.

A face is a side (swedish, danish, marker), a type (cavalry, crossbowmen, pikemen,
militia, kristina, propagandist, christian, ship, propaganda, round, castle, bridge...) and
a label. ``draw_face`` paints one at any size; the counter sheet, the position view and
the legend all use it, so the printed counters and the bot's pictures match.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from generator.datafiles import display_path, load_yaml, validation_problems
from generator.draw import fonts
from generator.draw.colour import mix
from generator.draw.scene import Scene, Style
from generator.errors import DataError, Problem
from generator.hexmap import symbols as sym
from generator.hexmap.style import FACE_BOLD, FACE_LABEL, INK, PALETTE
from generator.units import MM_PER_PT

SIDES = ("swedish", "danish", "marker")
CREAM = "#f6eedb"

# Body colours for types that are not troops (troops take their colour from troops.yaml).
BODY: dict[str, str] = {
    "cavalry": PALETTE["cavalry"], "crossbowmen": PALETTE["crossbowmen"], "pikemen": PALETTE["pikemen"],
    "militia": "#5d6f86", "kristina": "#e6d6ad", "christian": "#6e1f1a", "propagandist": "#b07a2a",
    "ship": "#4f6f75", "propaganda": "#b07a2a", "round": "#6b4a2b", "castle": "#7d7466", "bridge": "#7d7466",
}


class FaceIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    side: str = Field(pattern="^(swedish|danish|marker)$")
    type: str = Field(min_length=1)
    label: str = ""
    movement: int | None = None
    note: str = ""


class CounterIn(FaceIn):
    id: str = Field(min_length=1)
    quantity: int = Field(default=1, ge=1, le=99)
    back: FaceIn | None = None


class CounterFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    size_mm: float = Field(gt=5, le=60)
    map: str | None = None
    troops: str | None = None
    counters: list[CounterIn] = Field(min_length=1)


@dataclass(frozen=True)
class Face:
    side: str
    type: str
    label: str
    movement: int | None = None
    note: str = ""


@dataclass(frozen=True)
class Counter:
    id: str
    front: Face
    back: Face
    quantity: int = 1


@dataclass(frozen=True)
class CounterSet:
    size_mm: float
    counters: list[Counter]
    colours: dict[str, str]


def load_counters(path: Path) -> CounterSet:
    """Read counters.yaml; troop colours and movement come from troops.yaml (one source)."""
    path = Path(path)
    shown = display_path(path)
    data = load_yaml(path)
    try:
        raw = CounterFile.model_validate(data)
    except ValidationError as err:
        raise DataError(validation_problems(shown, err, data)) from None
    problems: list[Problem] = []
    colours = dict(BODY)
    movement: dict[str, int] = {}
    if raw.troops:
        troops = load_yaml(path.parent / raw.troops) or {}
        for name, spec in (troops.get("troops") or {}).items():
            if isinstance(spec, dict):
                if spec.get("colour"):
                    colours[name] = str(spec["colour"])
                if spec.get("movement") is not None:
                    movement[name] = int(spec["movement"])
    if raw.map:
        from generator.hexmap.model import load_map
        hexmap = load_map(path.parent / raw.map)
        if raw.size_mm > hexmap.layout.flat_mm - 4:
            problems.append(Problem(shown, f"counters of {raw.size_mm:g} mm do not fit hexes of {hexmap.layout.flat_mm:g} mm "
                                           "with the hex id showing (keep 4 mm spare)", line=data.lines.get("size_mm"),
                                    field="size_mm"))
    ids: set[str] = set()
    counters = []
    for i, c in enumerate(raw.counters):
        if c.id in ids:
            problems.append(Problem(shown, f"duplicate counter id {c.id!r}", line=data["counters"].lines[i],
                                    field=f"counters.{i}.id"))
        ids.add(c.id)
        front = Face(c.side, c.type, c.label or c.type.capitalize(), c.movement if c.movement is not None
                     else movement.get(c.type), c.note)
        back = front if c.back is None else Face(c.back.side, c.back.type, c.back.label or c.back.type.capitalize(),
                                                 c.back.movement, c.back.note)
        counters.append(Counter(c.id, front, back, c.quantity))
    if problems:
        raise DataError(problems)
    return CounterSet(raw.size_mm, counters, colours)


def _flag_band(s: Scene, x: float, y: float, w: float, h: float, side: str) -> None:
    """A Nordic-cross flag across the top of the counter: Swedish or Danish."""
    field, cross = {"swedish": (PALETTE["swedish_blue"], PALETTE["swedish_yellow"]),
                    "danish": (PALETTE["danish_red"], PALETTE["danish_white"])}[side]
    s.rect(x, y, w, h, Style(fill=field))
    t = h * 0.26
    s.rect(x + w * 0.22, y, t, h, Style(fill=cross))
    s.rect(x, y + (h - t) / 2, w, t, Style(fill=cross))


def draw_symbol(s: Scene, kind: str, x: float, y: float, size: float, colour: str = CREAM) -> None:
    """The emblem of a counter type, centred at (x, y)."""
    u = size / 10.0
    pen = Style(stroke=colour, stroke_width=0.9 * u, cap="round", join="round")
    if kind == "cavalry":       # horseshoe
        s.path([("M", x - 3.2 * u, y + 4.0 * u), ("L", x - 3.6 * u, y - 0.5 * u),
                ("C", x - 3.6 * u, y - 5.2 * u, x + 3.6 * u, y - 5.2 * u, x + 3.6 * u, y - 0.5 * u),
                ("L", x + 3.2 * u, y + 4.0 * u)], Style(stroke=colour, stroke_width=1.7 * u, cap="butt", join="round"))
        for px, py in ((-3.5, 0.6), (-3.1, -2.4), (3.5, 0.6), (3.1, -2.4)):
            s.circle(x + px * u, y + py * u, 0.35 * u, Style(fill=BODY["cavalry"] if colour == CREAM else CREAM))
    elif kind == "crossbowmen":  # crossbow seen from above
        s.path([("M", x - 4.2 * u, y - 0.5 * u), ("Q", x, y - 4.6 * u, x + 4.2 * u, y - 0.5 * u)], pen)
        s.line(x - 4.2 * u, y - 0.5 * u, x + 4.2 * u, y - 0.5 * u, Style(stroke=colour, stroke_width=0.35 * u))
        s.line(x, y - 3.2 * u, x, y + 4.5 * u, Style(stroke=colour, stroke_width=1.3 * u, cap="round"))
        s.polygon([(x, y - 4.8 * u), (x - 0.8 * u, y - 3.0 * u), (x + 0.8 * u, y - 3.0 * u)], Style(fill=colour))
    elif kind == "pikemen":     # two crossed pikes
        for sx in (-1, 1):
            s.line(x - sx * 3.6 * u, y + 4.4 * u, x + sx * 3.0 * u, y - 3.8 * u, Style(stroke=colour, stroke_width=0.8 * u, cap="round"))
            tip = (x + sx * 3.9 * u, y - 5.0 * u)
            sym.arrowhead(s, tip, (sx * 0.62, -0.78), 2.2 * u, Style(fill=colour))
    elif kind == "militia":     # pitchfork
        s.line(x, y - 1.6 * u, x, y + 4.8 * u, Style(stroke=colour, stroke_width=0.8 * u, cap="round"))
        s.path([("M", x - 2.4 * u, y - 4.6 * u), ("L", x - 2.4 * u, y - 1.6 * u), ("L", x + 2.4 * u, y - 1.6 * u),
                ("L", x + 2.4 * u, y - 4.6 * u)], pen)
        s.line(x, y - 1.6 * u, x, y - 4.8 * u, pen)
    elif kind == "kristina":
        sym.three_crowns(s, x, y, 9.0 * u)
    elif kind == "christian":
        sym.crown(s, x, y + 0.6 * u, 6.5 * u)
    elif kind in ("propagandist", "propaganda"):
        sym.trumpet(s, x, y, 10.0 * u, colour=INK)
    elif kind == "ship":
        sym.ship(s, x, y, 9.0 * u, flag=PALETTE["danish_red"])
    elif kind == "castle":
        sym.castle(s, x, y, 8.5 * u, flag=None)
    elif kind == "bridge":
        s.rect(x - 4.5 * u, y - 1.2 * u, 9.0 * u, 2.4 * u, Style(fill="#d8c7a0", stroke=INK, stroke_width=0.2 * u))
        for k in (-1, 0, 1):
            s.path([("M", x + (k * 3 - 1.2) * u, y + 3.4 * u), ("Q", x + k * 3 * u, y + 1.4 * u, x + (k * 3 + 1.2) * u, y + 3.4 * u)],
                   Style(stroke=colour, stroke_width=0.4 * u))
    elif kind == "round":
        s.circle(x, y, 3.6 * u, Style(stroke=colour, stroke_width=0.6 * u))
        for i in range(8):
            import math
            a = math.radians(i * 45)
            s.line(x + 3.6 * u * math.cos(a), y + 3.6 * u * math.sin(a), x + 4.6 * u * math.cos(a),
                   y + 4.6 * u * math.sin(a), Style(stroke=colour, stroke_width=0.5 * u))
        s.line(x, y, x, y - 2.6 * u, Style(stroke=colour, stroke_width=0.5 * u, cap="round"))
        s.line(x, y, x + 1.8 * u, y + 0.6 * u, Style(stroke=colour, stroke_width=0.5 * u, cap="round"))
    else:
        s.circle(x, y, 3.0 * u, Style(stroke=colour, stroke_width=0.6 * u))


def draw_face(s: Scene, face: Face, x: float, y: float, size: float, colours: dict[str, str] | None = None,
              dim: bool = False) -> None:
    """One counter face with its top-left at (x, y), ``size`` mm square."""
    colours = colours or BODY
    u = size / 20.0
    body = colours.get(face.type, BODY.get(face.type, "#7d7466"))
    if dim:
        body = mix(body, "#888888", 0.5)
    s.rect(x, y, size, size, Style(fill=body, stroke=INK, stroke_width=0.25 * u), radius=1.2 * u)
    rim = {"swedish": PALETTE["swedish_yellow"], "danish": PALETTE["danish_white"]}.get(face.side, CREAM)
    s.rect(x + 0.9 * u, y + 0.9 * u, size - 1.8 * u, size - 1.8 * u, Style(stroke=rim, stroke_width=0.45 * u), radius=0.8 * u)
    band = 4.6 * u
    if face.side in ("swedish", "danish"):
        _flag_band(s, x + 1.6 * u, y + 1.6 * u, size - 3.2 * u, band, face.side)
    if face.movement is not None:
        cx, cy = x + size - 4.0 * u, y + 1.6 * u + band / 2
        s.circle(cx, cy, 2.0 * u, Style(fill=CREAM, stroke=INK, stroke_width=0.2 * u))
        s.text(cx, cy + 1.05 * u, str(face.movement), face=FACE_BOLD, size_pt=8.0 * u, fill=INK, anchor="middle")
    light = face.type in ("kristina", "propagandist", "propaganda")
    if face.note:
        draw_symbol(s, face.type, x + size / 2, y + size * 0.6, size * 0.32, colour=INK if light else CREAM)
    else:
        draw_symbol(s, face.type, x + size / 2, y + size * 0.53, size * 0.42, colour=INK if light else CREAM)
    label = face.label.upper()
    pt = 5.2 * u
    while pt > 3.0 and fonts.text_width(label, FACE_LABEL, pt * MM_PER_PT) > size - 3.4 * u:
        pt -= 0.2
    s.text(x + size / 2, y + size - 2.3 * u, label, face=FACE_LABEL, size_pt=pt, fill=INK if light else CREAM,
           anchor="middle")
    if face.note:
        pt = 5.0 * u
        while pt > 3.0 and fonts.text_width(face.note, FACE_BOLD, pt * MM_PER_PT) > size - 3.4 * u:
            pt -= 0.2
        s.text(x + size / 2, y + 3.9 * u + band, face.note, face=FACE_BOLD, size_pt=pt,
               fill=INK if light else CREAM, anchor="middle")


def counter_scene(face: Face, size: float, bleed: float = 0.0, colours: dict[str, str] | None = None) -> Scene:
    """A face on its own canvas (with bleed around the trim), as the sheet imposer wants it."""
    s = Scene(size + 2 * bleed, size + 2 * bleed, title=face.label)
    if bleed:
        body = (colours or BODY).get(face.type, "#7d7466")
        s.rect(0, 0, size + 2 * bleed, size + 2 * bleed, Style(fill=body))
    draw_face(s, face, bleed, bleed, size, colours)
    return s
