"""How a game's counters look: the types and sides a face is painted with, and the face
itself. Plain data at the bottom of the hex package, so the hooks a game registers
(``generator.hexmap.gameart.PositionArt``) can name them without the counters file's reader."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Mapping

if TYPE_CHECKING:
    from generator.draw.scene import Scene

CREAM = "#f6eedb"
GREY = "#7d7466"

#: A counter emblem's painter: (scene, x, y, size in mm, colour, accent), centred on (x, y).
#: A game's code registers its emblems by name (``generator.hexmap.gameart.register_emblems``).
Emblem = Callable[["Scene", float, float, float, str, str], None]


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
    emblems: Mapping[str, Emblem] = field(default_factory=dict)    # the game's, by name

    def type(self, name: str) -> PieceType:
        return self.types.get(name) or PieceType(name.capitalize())

    def emblem(self, name: str | None) -> Emblem | None:
        """The game's painter of emblem ``name`` (None: the type names none)."""
        return self.emblems.get(name) if name else None

    def side(self, name: str) -> SideLook:
        return self.sides.get(name) or SideLook()


@dataclass(frozen=True)
class Face:
    side: str
    type: str
    label: str
    movement: int | None = None
    note: str = ""
