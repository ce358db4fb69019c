"""Rows game code makes (``rows: <name>`` in a deck), by name: the table game code registers
into from its ``register()``. Kept apart from ``generator.layout.rows`` so that registering a
game (as every bot command does, to read the game's map) imports no layout code."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

RowsMaker = Callable[[Any, Any, "Path | None"], Sequence[Any]]
"""(game, deck spec, source file or None) -> rows: mappings, pydantic models or plain objects."""

ROWS: dict[str, RowsMaker] = {}


def register_rows(name: str, make: RowsMaker) -> None:
    """Make ``rows: <name>`` known to decks: game code that computes its items (zone cards from a map...)."""
    ROWS[name] = make
