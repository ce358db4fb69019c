"""Component kinds by name, as game.yaml's ``kind:`` names them: the one list of kinds.

It sits at the top of the component layers: it imports every kind's loader (those of
``generator.components``, the hex map kinds and the reference sheet), and only the game
loader (``generator.games``) and the commands import it. Each loader takes (game, raw
entry, file shown in messages, index in the list) and returns a component, or raises
DataError; it is handed the loaded game and reads no game.yaml itself. Game code registers
its designs when its game.yaml names it (``code:``, see generator.plugins), and may register
component kinds of its own (``generator.components.game_kinds.register_kind``) that only its
game.yaml may name.
"""

from __future__ import annotations

from generator.components.board import load_board
from generator.components.decks import load_deck
from generator.components.game_kinds import GAME_KINDS, Loader
from generator.components.labels import load_labels
from generator.components.tiles import load_tiles
from generator.hexmap.components import load_counters_component, load_map_component
from generator.reference.component import load_reference_component

KINDS: dict[str, Loader] = {
    "cards": load_deck,
    "labels": load_labels,
    "tiles": load_tiles,
    "board": load_board,
    "map": load_map_component,
    "counters": load_counters_component,
    "reference": load_reference_component,
}


def kinds_of(game: str | None) -> dict[str, Loader]:
    """The kinds a game's game.yaml may name: the generic ones and those its code registered."""
    return {**KINDS, **GAME_KINDS.get(game or "", {})}


def every_kind() -> list[str]:
    """Every kind some game.yaml may name here: the generic ones and those of every installed
    game's code (which this loads)."""
    from generator.plugins import known_game_code, load_game_code

    for name in known_game_code():
        load_game_code(name)
    return sorted({*KINDS, *(kind for kinds in GAME_KINDS.values() for kind in kinds)})
