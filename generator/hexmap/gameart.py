"""What a game's own code adds to the map painter: the symbols of its feature kinds, the
marks, pieces and status words of its positions, and its map overlay (keys of its map files,
their checks, layers of art and legend entries: ``generator.hexmap.overlay``).

The generic painter names no game. A game that needs drawings no data can describe registers
them from its ``register()`` (``generator.kit.plugins``) under the name its game.yaml gives as
``code:``; a map is drawn with the art of the game whose folder holds it (``HexMap.art``).
Kinds no game registers are painted by ``generator.hexart.features`` (castle, port, bridge...)
or get a plain ring, so a new map can invent kinds without code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping

from generator.draw.scene import Scene
from generator.hexmap.overlay import NO_COUNTER_OVERLAY, NO_OVERLAY, CounterOverlay, MapOverlay

if TYPE_CHECKING:
    from generator.core.errors import Problem
    from generator.hexmap.counterlook import CounterLook, Emblem, Face
    from generator.hexmap.model import Feature, HexMap

FeaturePainter = Callable[[Scene, "HexMap", "Feature"], None]
Swatch = Callable[[Scene, float, float], None]
Position = Mapping[str, Any]
#: A piece standing in a position view: hex, face, id.
Piece = tuple[str, "Face", str]
#: The note under a unit's counter, from the unit's entry in the position.
UnitNote = Callable[[Mapping[str, Any]], str]


@dataclass(frozen=True)
class FeatureArt:
    """How one feature kind is drawn on the board and in its legend."""

    paint: FeaturePainter
    swatch: Swatch | None = None      # the legend's symbol, about 8 mm, centred on (x, y)
    label: str = ""                   # the legend's words unless the map's ``legend:`` says others
    rank: int = 90                    # painting order: areas low, small marks high; ties in file order
    plain: bool = False               # its hexes show this symbol instead of the terrain's texture


def _no_words(hexmap: "HexMap", position: Position) -> list[str]:
    return []


def _no_marks(s: Scene, hexmap: "HexMap", position: Position) -> None:
    return None


def _no_pieces(hexmap: "HexMap", position: Position, look: "CounterLook") -> list[Piece]:
    return []


def unit_id(unit: Mapping[str, Any]) -> str:
    """The note under a unit's counter in a position view: its id."""
    return str(unit.get("id", ""))


def _no_problems(hexmap: "HexMap", position: Position) -> list["Problem"]:
    return []


@dataclass(frozen=True)
class PositionArt:
    """A game's share of a position view (``generator.hexart.position``): words for the status
    line, marks under the pieces (in grid coordinates), pieces of its own, the problems of
    the position keys it reads, and the note under each unit's counter."""

    status: Callable[["HexMap", Position], list[str]] = _no_words
    marks: Callable[[Scene, "HexMap", Position], None] = _no_marks
    pieces: Callable[["HexMap", Position, "CounterLook"], list[Piece]] = _no_pieces
    problems: Callable[["HexMap", Position], list["Problem"]] = _no_problems
    unit_note: UnitNote = unit_id


@dataclass
class GameArt:
    """Everything one game registered."""

    features: dict[str, FeatureArt] = field(default_factory=dict)
    position: PositionArt = PositionArt()
    overlay: MapOverlay = NO_OVERLAY
    counters: CounterOverlay = NO_COUNTER_OVERLAY
    emblems: dict[str, "Emblem"] = field(default_factory=dict)


_GAMES: dict[str, GameArt] = {}
_NONE = GameArt()


def register_feature_art(game: str, kind: str, art: FeatureArt) -> None:
    """Paint features of ``kind`` on maps of ``game`` (its ``code:`` name) with ``art``."""
    _GAMES.setdefault(game, GameArt()).features[kind] = art


def register_position_art(game: str, art: PositionArt) -> None:
    """Draw positions on maps of ``game`` with ``art`` besides the generic pieces and arrows."""
    _GAMES.setdefault(game, GameArt()).position = art


def register_map_overlay(game: str, overlay: MapOverlay) -> None:
    """Read, check and draw maps of ``game`` with ``overlay`` on top of the generic format."""
    _GAMES.setdefault(game, GameArt()).overlay = overlay


def register_counter_overlay(game: str, overlay: CounterOverlay) -> None:
    """Read counters files of ``game`` with ``overlay``'s keys and piece types."""
    _GAMES.setdefault(game, GameArt()).counters = overlay


def register_emblems(game: str, emblems: Mapping[str, "Emblem"]) -> None:
    """The emblems counters files of ``game`` may name (``types: {cavalry: {emblem: ...}}``)."""
    _GAMES.setdefault(game, GameArt()).emblems.update(emblems)


def game_art(game: str | None) -> GameArt:
    """What ``game`` registered (nothing for None or a game without drawing code)."""
    return _GAMES.get(game, _NONE) if game else _NONE
