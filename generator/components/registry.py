"""Component kinds by name, as game.yaml's ``kind:`` names them.

Each loader takes (game, raw entry, file shown in messages, index in the list) and
returns a component, or raises DataError. Game code registers its designs when its
game.yaml names it (``code:``, see generator.plugins).
"""

from __future__ import annotations

from typing import Any, Callable

from generator.components.board import load_board
from generator.components.decks import load_deck
from generator.components.labels import load_labels
from generator.components.tiles import load_tiles

KINDS: dict[str, Callable[[Any, dict, str, int], Any]] = {
    "cards": load_deck,
    "labels": load_labels,
    "tiles": load_tiles,
    "board": load_board,
}

from generator.hexmap.components import KINDS as HEXMAP_KINDS  # noqa: E402  (map, counters, tracks)

KINDS.update(HEXMAP_KINDS)

from generator.reference.component import load_reference_component  # noqa: E402  (reference sheets)

KINDS["reference"] = load_reference_component
