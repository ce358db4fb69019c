"""Counters: the square pieces that stand in hexes, and their faces.

A face is a side, a type and a label. What a side looks like (its rim and flag) and what a
type looks like (its body colour, emblem, movement and name) is the game's data: the
``sides:`` and ``types:`` of its counters file; a game's code may give some types' names,
colours and movement from a file of its own (``generator.hexmap.overlay.CounterOverlay``).
``draw_face`` paints a face at any size; the counter
sheet and the position view both use it, so the printed counters and the bot's
pictures match.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from generator.datafiles import display_path, load_yaml, validation_problems
from generator.draw import fonts
from generator.draw.scene import Scene, Style
from generator.errors import DataError, Problem
from generator.hexmap.emblems import EMBLEMS, draw_emblem
from generator.hexmap.overlay import TypeBasics, TypeSource, counter_file_model
from generator.hexmap.style import FACE_BOLD, FACE_LABEL, INK
from generator.paths import OutsideKit, inside_kit
from generator.units import MM_PER_PT

CREAM = "#f6eedb"
GREY = "#7d7466"
Colour = Field(pattern=r"^#[0-9a-fA-F]{6}$")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FlagIn(_Strict):
    """A Nordic-cross flag across the top of the counter."""
    field: str = Colour
    cross: str = Colour


class SideIn(_Strict):
    rim: str = Field(default=CREAM, pattern=r"^#[0-9a-fA-F]{6}$")
    flag: FlagIn | None = None


class TypeIn(_Strict):
    name: str | None = None
    colour: str | None = Field(default=None, pattern=r"^#[0-9a-fA-F]{6}$")
    emblem: str | None = None
    accent: str | None = Field(default=None, pattern=r"^#[0-9a-fA-F]{6}$")
    movement: int | None = Field(default=None, ge=0, le=20)
    text: Literal["light", "dark"] = "light"


class FaceIn(_Strict):
    side: str = Field(min_length=1)
    type: str = Field(min_length=1)
    label: str = ""
    note: str = ""


class CounterIn(FaceIn):
    id: str = Field(min_length=1)
    quantity: int = Field(default=1, ge=1, le=99)
    back: FaceIn | None = None
    designed: str = ""          # what of it is the kit's design, not the rulebook's (the proof sheet prints it)


class CounterFile(_Strict):
    size_mm: float = Field(gt=5, le=60)
    map: str | None = None
    sides: dict[str, SideIn] = Field(min_length=1)
    types: dict[str, TypeIn] = {}
    counters: list[CounterIn] = Field(min_length=1)


@dataclass(frozen=True)
class PieceType:
    """How pieces of one type look and move."""

    name: str
    colour: str = GREY
    emblem: str | None = None
    accent: str | None = None         # the emblem's second colour; the body colour when None
    movement: int | None = None       # spaces a turn; printed in a disc unless 0 (stationary) or None
    dark_text: bool = False           # a light body: label and emblem in ink


@dataclass(frozen=True)
class SideLook:
    rim: str = CREAM
    flag: tuple[str, str] | None = None    # field and cross colours


@dataclass(frozen=True)
class CounterLook:
    """The sides and types of a game's counters: what ``draw_face`` needs to paint a face."""

    types: dict[str, PieceType] = field(default_factory=dict)
    sides: dict[str, SideLook] = field(default_factory=dict)

    def type(self, name: str) -> PieceType:
        return self.types.get(name) or PieceType(name.capitalize())

    def side(self, name: str) -> SideLook:
        return self.sides.get(name) or SideLook()


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
    designed: str = ""


@dataclass(frozen=True)
class CounterSet:
    size_mm: float
    counters: list[Counter]
    look: CounterLook


def referenced_file(path: Path, relative: str, key: str, shown: str, data: Any, problems: list[Problem]) -> Path | None:
    """A file the counters file ``path`` names under ``key``, which must sit beside it (or
    below it); None, with a problem, if it does not."""
    try:
        return inside_kit(path.parent, path.parent, relative)
    except OutsideKit as err:
        problems.append(Problem(shown, f"{err}; it must sit beside the counters file", line=data.lines.get(key), field=key))
        return None


def _types(raw: CounterFile, given: TypeSource, shown: str, data: Any,
           problems: list[Problem]) -> dict[str, PieceType]:
    """Piece types from ``types:`` and those the game's own file gives (``given``: where they
    come from, and the types), whose name, colour and movement have that one home."""
    home, basics = given
    types: dict[str, PieceType] = {}
    for name in dict.fromkeys([*basics, *raw.types]):
        own, home_type = raw.types.get(name, TypeIn()), basics.get(name)
        if own.emblem is not None and own.emblem not in EMBLEMS:
            problems.append(Problem(shown, f"unknown emblem {own.emblem!r} (known: {', '.join(sorted(EMBLEMS))})",
                                    line=data.lines.get("types"), field=f"types.{name}.emblem"))
        if home_type is not None:
            for key in ("name", "colour", "movement"):
                if getattr(own, key) is not None:
                    problems.append(Problem(shown, f"the {key} of {name} comes from the {home}: "
                                                   "give it there only", line=data.lines.get("types"),
                                            field=f"types.{name}.{key}"))
        source: TypeIn | TypeBasics = home_type or own
        types[name] = PieceType(source.name or name.capitalize(), source.colour or GREY, own.emblem, own.accent,
                                source.movement, own.text == "dark")
    return types


def _face(raw: FaceIn, look: CounterLook) -> Face:
    kind = look.type(raw.type)
    return Face(raw.side, raw.type, raw.label or kind.name, kind.movement, raw.note)


def load_counters(path: Path, art: str | None = None) -> CounterSet:
    """Read counters.yaml, with the keys and piece types of the overlay of the game whose
    code is ``art`` (a file of the game's that gives some piece types, say), handed down by
    whoever loaded the game (``generator.games.load_game_counters`` for a lone file)."""
    from generator.hexmap.gameart import game_art

    path = Path(path)
    shown = display_path(path)
    data = load_yaml(path)
    overlay = game_art(art).counters
    try:
        raw: CounterFile = counter_file_model(overlay).model_validate(data)  # type: ignore[assignment]
    except ValidationError as err:
        raise DataError(validation_problems(shown, err, data)) from None
    problems: list[Problem] = []
    look = CounterLook(_types(raw, overlay.types(raw, path, data, problems), shown, data, problems),
                       {name: SideLook(side.rim, (side.flag.field, side.flag.cross) if side.flag else None)
                        for name, side in raw.sides.items()})
    map_path = referenced_file(path, raw.map, "map", shown, data, problems) if raw.map else None
    if map_path is not None:
        from generator.hexmap.loader import load_map
        hexmap = load_map(map_path, art)
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
        for where, face in (("", c), (".back", c.back)):
            if face is not None and face.side not in look.sides:
                problems.append(Problem(shown, f"unknown side {face.side!r} (sides: {', '.join(look.sides)})",
                                        line=data["counters"].lines[i], field=f"counters.{i}{where}.side"))
        front = _face(c, look)
        counters.append(Counter(c.id, front, front if c.back is None else _face(c.back, look), c.quantity, c.designed))
    if problems:
        raise DataError(problems)
    return CounterSet(raw.size_mm, counters, look)


def _flag_band(s: Scene, x: float, y: float, w: float, h: float, flag: tuple[str, str]) -> None:
    """A Nordic-cross flag across the top of the counter."""
    field, cross = flag
    s.rect(x, y, w, h, Style(fill=field))
    t = h * 0.26
    s.rect(x + w * 0.22, y, t, h, Style(fill=cross))
    s.rect(x, y + (h - t) / 2, w, t, Style(fill=cross))


def _fitted(text: str, face: str, start_pt: float, width: float) -> float:
    """The largest size from ``start_pt`` down to 3 pt (steps of 0.2) at which ``text`` fits."""
    pt = start_pt
    while pt > 3.0 and fonts.text_width(text, face, pt * MM_PER_PT) > width:
        pt -= 0.2
    return pt


def draw_face(s: Scene, face: Face, x: float, y: float, size: float, look: CounterLook | None = None) -> None:
    """One counter face with its top-left at (x, y), ``size`` mm square."""
    look = look or CounterLook()
    kind, side = look.type(face.type), look.side(face.side)
    u = size / 20.0
    s.rect(x, y, size, size, Style(fill=kind.colour, stroke=INK, stroke_width=0.25 * u), radius=1.2 * u)
    s.rect(x + 0.9 * u, y + 0.9 * u, size - 1.8 * u, size - 1.8 * u, Style(stroke=side.rim, stroke_width=0.45 * u),
           radius=0.8 * u)
    band = 4.6 * u
    if side.flag:
        _flag_band(s, x + 1.6 * u, y + 1.6 * u, size - 3.2 * u, band, side.flag)
    if face.movement:
        cx, cy = x + size - 4.0 * u, y + 1.6 * u + band / 2
        s.circle(cx, cy, 2.0 * u, Style(fill=CREAM, stroke=INK, stroke_width=0.2 * u))
        s.text(cx, cy + 1.05 * u, str(face.movement), face=FACE_BOLD, size_pt=8.0 * u, fill=INK, anchor="middle")
    ink = INK if kind.dark_text else CREAM
    accent = kind.accent or kind.colour
    if face.note:
        draw_emblem(s, kind.emblem, x + size / 2, y + size * 0.6, size * 0.32, ink, accent)
    else:
        draw_emblem(s, kind.emblem, x + size / 2, y + size * 0.53, size * 0.42, ink, accent)
    label = face.label.upper()
    s.text(x + size / 2, y + size - 2.3 * u, label, face=FACE_LABEL,
           size_pt=_fitted(label, FACE_LABEL, 5.2 * u, size - 3.4 * u), fill=ink, anchor="middle")
    if face.note:
        s.text(x + size / 2, y + 3.9 * u + band, face.note, face=FACE_BOLD,
               size_pt=_fitted(face.note, FACE_BOLD, 5.0 * u, size - 3.4 * u), fill=ink, anchor="middle")


def counter_scene(face: Face, size: float, look: CounterLook | None = None) -> Scene:
    """A face on its own canvas, as the sheet imposer wants it."""
    s = Scene(size, size, title=face.label)
    draw_face(s, face, 0.0, 0.0, size, look)
    return s
