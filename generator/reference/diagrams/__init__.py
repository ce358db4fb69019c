"""Small vector diagrams of reference sheets, drawn as Scenes in millimetres from data.

A diagram kind is a spec (a pydantic model: what a sheet gives) and a drawing of it. The
built-in kinds are generic, one module each, and name no game; a sheet configures them with
data:

- ``cycle``: pieces that beat one another in a ring, with labelled arrows;
- ``sectors``: facing rows of sectors between two reserves, arrows in the attack's direction;
- ``track``: numbered boxes in rows, some marked, with a legend of the marks (a piece to
  print and play on at ``box`` mm a side);
- ``boxes``: compartments side by side, each with a title, text and a square for a marker;
- ``markers``: fold-over markers to cut out.

A game needing a drawing no data can express registers a kind of its own from its code's
``register()`` (``register_diagram``): only that game's sheets see it. Text is set in the
sheet's faces at the sheet's sizes (never below the legible floor).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from pydantic import ValidationError

from generator.draw.icons import Icon
from generator.draw.scene import Scene
from generator.reference.diagrams import boxes, cycle, markers, sectors, track
from generator.reference.diagrams.base import Drawing, Spec
from generator.reference.sheet import DiagramText, SheetError

Draw = Callable[[Any, float, Drawing], Scene]


@dataclass(frozen=True)
class DiagramKind:
    """A kind of diagram: the model its settings are checked by, and how it is drawn (from the
    checked settings, the width it may take in mm, and the sheet's ``Drawing``)."""

    spec: type[Spec]
    draw: Draw


BUILT_IN: dict[str, DiagramKind] = {
    "cycle": DiagramKind(cycle.CycleSpec, cycle.draw),
    "sectors": DiagramKind(sectors.SectorsSpec, sectors.draw),
    "track": DiagramKind(track.TrackSpec, track.draw),
    "boxes": DiagramKind(boxes.BoxesSpec, boxes.draw),
    "markers": DiagramKind(markers.MarkersSpec, markers.draw),
}
#: The settings' model of every built-in kind (what docs/reference-format.md lists).
SPECS: dict[str, type[Spec]] = {name: kind.spec for name, kind in BUILT_IN.items()}

_GAME_KINDS: dict[str, dict[str, DiagramKind]] = {}


def register_diagram(game: str, name: str, kind: DiagramKind) -> None:
    """Let the sheets of the game whose code is ``game`` draw diagrams of kind ``name``."""
    _GAME_KINDS.setdefault(game, {})[name] = kind


def diagram_kinds(game: str | None = None) -> dict[str, DiagramKind]:
    """The kinds a sheet of ``game`` may use: the built-in ones and those its code registered."""
    return {**BUILT_IN, **_GAME_KINDS.get(game or "", {})}


def draw_diagram(kind: str, raw: Any, width: float, text: DiagramText, icon: Callable[[str], Icon],
                 game: str | None = None) -> Scene:
    """The diagram ``kind`` drawn from ``raw`` at most ``width`` mm wide, for a sheet of
    ``game`` (its code name); SheetError if the spec is wrong."""
    kinds = diagram_kinds(game)
    found = kinds.get(kind)
    if found is None:
        raise SheetError(f"unknown diagram kind {kind!r}; known: {', '.join(sorted(kinds))}")
    if not isinstance(raw, dict):
        raise SheetError(f"diagram {kind!r}: expected a mapping of its settings")
    settings = {key: value for key, value in raw.items() if key != "width"}   # the sheet placed it already
    try:
        spec = found.spec.model_validate({**settings, "kind": kind})
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise SheetError(f"diagram {kind!r}: {where}: {first['msg']}") from None
    drawing = Drawing(text, icon)
    try:
        return found.draw(spec, width, drawing)
    except (KeyError, ValueError) as err:
        if isinstance(err, SheetError):
            raise
        raise SheetError(f"diagram {kind!r}: {err}") from None
