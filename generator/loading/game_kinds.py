"""Component kinds of a game's own code, by the game's ``code:`` name: the table game code
registers into from its ``register()`` (``register_kind``). Kept apart from
``generator.loading.kinds``, which imports every generic kind's loader, so that
registering a game (as every bot command does, to read the game's map) imports none of them."""

from __future__ import annotations

from typing import Any, Callable

Loader = Callable[[Any, dict, str, int], Any]

GAME_KINDS: dict[str, dict[str, Loader]] = {}


def register_kind(game: str, kind: str, loader: Loader) -> None:
    """Let the game whose code is ``game`` (its ``code:`` name) use component kind ``kind``,
    loaded by ``loader``: called from that code's ``register()``; other games do not see it."""
    GAME_KINDS.setdefault(game, {})[kind] = loader
