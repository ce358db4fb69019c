"""A counters file read: ``load_counters(path) -> CounterSet`` (generator.hexmap.counters).

Its shape is checked with pydantic (with the keys of the game's counter overlay,
``generator.hexmap.overlay.CounterOverlay``), then its meaning: each type's one home, known
sides and emblems, unique ids, counters that fit the hexes of the map it names. Apart from the
counters and their drawing, so that a picture of pieces already read needs neither pydantic
nor the map file's models (``bot show``).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, Mapping

from pydantic import BaseModel, Field, ValidationError

from generator.core.errors import DataError, Problem
from generator.core.models import Strict
from generator.hexmap.counterlook import CREAM, GREY, CounterLook, Emblem, Face, PieceType, SideLook
from generator.hexmap.counters import Counter, CounterSet
from generator.hexmap.gameart import game_art
from generator.hexmap.loader import load_map
from generator.hexmap.overlay import CounterOverlay, TypeBasics, TypeSource, joined_model
from generator.kit.datafiles import display_path, load_yaml, validation_problems
from generator.kit.paths import OutsideKit, inside_kit

Colour = Field(pattern=r"^#[0-9a-fA-F]{6}$")


class FlagIn(Strict):
    """A Nordic-cross flag across the top of the counter."""
    field: str = Colour
    cross: str = Colour


class SideIn(Strict):
    rim: str = Field(default=CREAM, pattern=r"^#[0-9a-fA-F]{6}$")
    flag: FlagIn | None = None


class TypeIn(Strict):
    name: str | None = None
    colour: str | None = Field(default=None, pattern=r"^#[0-9a-fA-F]{6}$")
    emblem: str | None = None
    accent: str | None = Field(default=None, pattern=r"^#[0-9a-fA-F]{6}$")
    movement: int | None = Field(default=None, ge=0, le=20)
    text: Literal["light", "dark"] = "light"


class FaceIn(Strict):
    side: str = Field(min_length=1)
    type: str = Field(min_length=1)
    label: str = ""
    note: str = ""


class CounterIn(FaceIn):
    id: str = Field(min_length=1)
    quantity: int = Field(default=1, ge=1, le=99)
    back: FaceIn | None = None
    designed: str = ""          # what of it is the kit's design, not the rulebook's (the proof sheet prints it)


class CounterFile(Strict):
    size_mm: float = Field(gt=5, le=60)
    map: str | None = None
    sides: dict[str, SideIn] = Field(min_length=1)
    types: dict[str, TypeIn] = {}
    counters: list[CounterIn] = Field(min_length=1)


@lru_cache(maxsize=None)
def counter_file_model(overlay: CounterOverlay) -> type[BaseModel]:
    """The counters file's pydantic model with the overlay's keys added (made once per overlay)."""
    return joined_model("CounterFile", CounterFile, overlay.keys)

def referenced_file(path: Path, relative: str, key: str, shown: str, data: Any, problems: list[Problem]) -> Path | None:
    """A file the counters file ``path`` names under ``key``, which must sit beside it (or
    below it); None, with a problem, if it does not."""
    try:
        return inside_kit(path.parent, path.parent, relative)
    except OutsideKit as err:
        problems.append(Problem(shown, f"{err}; it must sit beside the counters file", line=data.lines.get(key), field=key))
        return None


def _types(raw: CounterFile, given: TypeSource, emblems: Mapping[str, Emblem], shown: str, data: Any,
           problems: list[Problem]) -> dict[str, PieceType]:
    """Piece types from ``types:`` and those the game's own file gives (``given``: where they
    come from, and the types), whose name, colour and movement have that one home."""
    home, basics = given
    types: dict[str, PieceType] = {}
    for name in dict.fromkeys([*basics, *raw.types]):
        own, home_type = raw.types.get(name, TypeIn()), basics.get(name)
        if own.emblem is not None and own.emblem not in emblems:
            known = ", ".join(sorted(emblems)) or "none: the game's code registers none"
            problems.append(Problem(shown, f"unknown emblem {own.emblem!r} (known: {known})",
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
    whoever loaded the game (``generator.loading.games.load_game_counters`` for a lone file)."""
    path = Path(path)
    shown = display_path(path)
    data = load_yaml(path)
    overlay, emblems = game_art(art).counters, game_art(art).emblems
    try:
        raw: CounterFile = counter_file_model(overlay).model_validate(data)  # type: ignore[assignment]
    except ValidationError as err:
        raise DataError(validation_problems(shown, err, data)) from None
    problems: list[Problem] = []
    look = CounterLook(_types(raw, overlay.types(raw, path, data, problems), emblems, shown, data, problems),
                       {name: SideLook(side.rim, (side.flag.field, side.flag.cross) if side.flag else None)
                        for name, side in raw.sides.items()}, emblems)
    map_path = referenced_file(path, raw.map, "map", shown, data, problems) if raw.map else None
    if map_path is not None:
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
