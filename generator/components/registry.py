"""Component kinds by name, as game.yaml's ``kind:`` names them: the one list of kinds.

It sits at the top of the component layers: it imports every kind's loader (those of
``generator.components``, the hex map kinds and the reference sheet), and only the game
loader (``generator.games``) and the commands import it. Each loader takes (game, raw
entry, file shown in messages, index in the list) and returns a component, or raises
DataError; it is handed the loaded game and reads no game.yaml itself. Game code
registers its designs when its game.yaml names it (``code:``, see generator.plugins).
"""

from __future__ import annotations

from typing import Any, Callable

from generator.components.board import load_board
from generator.components.decks import load_deck
from generator.components.labels import load_labels
from generator.components.tiles import load_tiles
from generator.hexmap.components import load_counters_component, load_map_component, load_tracks_component
from generator.reference.component import load_reference_component

KINDS: dict[str, Callable[[Any, dict, str, int], Any]] = {
    "cards": load_deck,
    "labels": load_labels,
    "tiles": load_tiles,
    "board": load_board,
    "map": load_map_component,
    "counters": load_counters_component,
    "tracks": load_tracks_component,
    "reference": load_reference_component,
}
