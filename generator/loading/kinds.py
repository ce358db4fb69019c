"""Component kinds by name, as game.yaml's ``kind:`` names them: the one list of kinds.

It sits at the top of the component layers: it names every kind's loader (those of
``generator.components``, the hex map kinds and the reference sheet, each imported when a
game names its kind), and only the game loader (``generator.loading.games``) and the commands import it. Each loader takes (game, raw
entry, file shown in messages, index in the list) and returns a component, or raises
DataError; it is handed the loaded game and reads no game.yaml itself. Game code registers
its designs when its game.yaml names it (``code:``, see generator.kit.plugins), and may register
component kinds of its own (``generator.loading.game_kinds.register_kind``) that only its
game.yaml may name.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from generator.loading.game_kinds import GAME_KINDS, Loader

# Each kind's loader, as module and function: a kind's module (and what it imports: the hex
# maps', the reference sheets', pydantic's models of them) is imported when a game.yaml
# names the kind, not by every game's load.
_LOADERS: dict[str, tuple[str, str]] = {
    "cards": ("generator.components.decks", "load_deck"),
    "labels": ("generator.components.labels", "load_labels"),
    "tiles": ("generator.components.tiles", "load_tiles"),
    "board": ("generator.components.board", "load_board"),
    "map": ("generator.components.hexmap", "load_map_component"),
    "counters": ("generator.components.hexmap", "load_counters_component"),
    "reference": ("generator.components.reference", "load_reference_component"),
}


def _imported(module: str, function: str) -> Loader:
    def load(game: Any, raw: dict, shown: str, index: int) -> Any:
        return getattr(import_module(module), function)(game, raw, shown, index)
    load.__qualname__ = load.__name__ = function
    return load


KINDS: dict[str, Loader] = {kind: _imported(*where) for kind, where in _LOADERS.items()}


def kinds_of(game: str | None) -> dict[str, Loader]:
    """The kinds a game's game.yaml may name: the generic ones and those its code registered."""
    return {**KINDS, **GAME_KINDS.get(game or "", {})}


def every_kind() -> list[str]:
    """Every kind some game.yaml may name here: the generic ones and those of every installed
    game's code (which this loads)."""
    from generator.kit.plugins import known_game_code, load_game_code

    for name in known_game_code():
        load_game_code(name)
    return sorted({*KINDS, *(kind for kinds in GAME_KINDS.values() for kind in kinds)})
