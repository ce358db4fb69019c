"""A game's overlay on the generic hex map: the keys its map files may add, what they mean,
and how they are drawn.

The generic format (docs/map-format.md) knows grid, terrain, features, hexsides, labels and
decor. A game whose maps say more (lettered entry zones with numbered roads, say)
registers one ``MapOverlay`` from its ``register()`` under its ``code:`` name
(``generator.hexmap.gameart.register_map_overlay``). Maps in that game's folder are then read
with the overlay's keys and checks and drawn with its layers; any other map that uses those
keys is refused as an unknown key, like a typo. Every hook is optional:

- ``keys``: a pydantic model of extra top-level keys of the map file;
- ``rules``: a pydantic model of extra keys under ``rules:``;
- ``feature_keys``: a pydantic model of extra keys of a ``features:`` entry, kept in
  ``Feature.options`` (validated, as plain values);
- ``check(raw, grid, problems)``: reads the validated file ``raw`` (generic and overlay keys
  together), adds a problem for every mistake (``problems.add(message, loc)``, ``loc`` the
  key path for the line number) and returns what the game's code reads later, kept as
  ``HexMap.overlay``. It runs after the features are checked, before the hexsides;
- ``under_features`` / ``over_features``: art drawn in grid coordinates just before the
  feature symbols (after terrain, grid and hexsides) and just after them (before the
  playfield outline, names and hex ids);
- ``margin``: art drawn on the whole board after its frame (names in the margin);
- ``legend``: legend entries, listed after the terrains' and before the edges'.

Its counters files may take keys of the game's own too (``CounterOverlay``, registered with
``register_counter_overlay``): ``keys``, a pydantic model of extra top-level keys, and
``types(raw, path, data, problems)``, the piece types those keys give (a file of the game's
that is the one home of each type's name, colour and movement, as a troops file the cards
read too may be): it returns the words naming that home in messages and the types.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:       # pydantic and the map file's models: imported when a file is read (a hook drawing needs neither)
    from pydantic import BaseModel

    from generator.core.errors import Problem
    from generator.draw.scene import Scene
    from generator.hexmap.model import HexMap
    from generator.hexmap.options import MapOptions

GridArt = Callable[["Scene", "HexMap"], None]


@dataclass(frozen=True)
class LegendEntry:
    """A line of a map's legend: its words and the swatch beside them (drawn by ``draw``,
    centred at (x, y), about 8 mm across)."""

    label: str
    draw: Callable[["Scene", float, float], None]
#: A game's own checks of its map files (``MapOverlay.check``): it reads the validated file,
#: the map's ``generator.hexmap.checks.MapGrid`` and ``MapChecker`` (typed Any here: that
#: module reads the map file's models, which drawing needs not), adds a problem for each
#: mistake and returns what its code reads.
OverlayCheck = Callable[[Any, Any, Any], object]


def no_overlay_check(raw: Any, grid: Any, check: Any) -> None:
    """The checks of a game whose maps add nothing to the generic format: none."""
    return None


def _nothing(*args: Any) -> None:
    return None


def _no_entries(hexmap: "HexMap") -> list["LegendEntry"]:
    return []


@dataclass(frozen=True)
class MapOverlay:
    """What one game adds to its maps (see the module's docstring for each hook)."""

    keys: type[BaseModel] | None = None
    rules: type[BaseModel] | None = None
    feature_keys: type[BaseModel] | None = None
    check: OverlayCheck = no_overlay_check
    under_features: GridArt = _nothing
    over_features: GridArt = _nothing
    margin: Callable[["Scene", "HexMap", "MapOptions"], None] = _nothing
    legend: Callable[["HexMap"], list["LegendEntry"]] = _no_entries


#: The overlay of a game that registers none: the generic format, nothing more.
NO_OVERLAY = MapOverlay()


@dataclass(frozen=True)
class TypeBasics:
    """A piece type's name, colour and movement, from the game's own file (their one home)."""

    name: str | None = None
    colour: str | None = None
    movement: int | None = None


#: Where a game's piece types come from (words for messages) and each type's basics.
TypeSource = tuple[str, dict[str, TypeBasics]]


def _no_types(raw: Any, path: Path, data: Any, problems: list["Problem"]) -> TypeSource:
    return "", {}


@dataclass(frozen=True)
class CounterOverlay:
    """What one game adds to its counters files (see the module's docstring)."""

    keys: type[BaseModel] | None = None
    types: Callable[[Any, Path, Any, list["Problem"]], TypeSource] = _no_types


NO_COUNTER_OVERLAY = CounterOverlay()


def joined_model(name: str, base: type[BaseModel], extra: type[BaseModel] | None) -> type[BaseModel]:
    """``base``'s fields plus ``extra``'s, with ``base``'s strictness (unknown keys refused)."""
    from pydantic import create_model

    if extra is None:
        return base
    return create_model(name, __base__=(base, extra))


@lru_cache(maxsize=None)
def map_file_model(overlay: MapOverlay) -> type[BaseModel]:
    """The map file's pydantic model with the overlay's keys added (made once per overlay)."""
    from pydantic import create_model

    from generator.hexmap.schema import FeatureIn, MapFile, RulesIn

    if overlay.keys is None and overlay.rules is None and overlay.feature_keys is None:
        return MapFile
    feature = joined_model("FeatureIn", FeatureIn, overlay.feature_keys)
    rules = joined_model("RulesIn", RulesIn, overlay.rules)
    base = (MapFile, overlay.keys) if overlay.keys is not None else MapFile
    fields: dict[str, Any] = {"features": (list[feature], []), "rules": (rules, rules())}  # type: ignore[valid-type]
    return create_model("MapFile", __base__=base, **fields)
