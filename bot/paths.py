"""Where the bot finds the project's data: the one place that knows the directory layout."""

from __future__ import annotations

from pathlib import Path

from generator.paths import data_dir

GAME = "stockholm1520"


def game_dir() -> Path:
    """``data/stockholm1520``: the map, zones and card data of the game."""
    return data_dir() / GAME


def default_map_path() -> Path:
    return game_dir() / "map.yaml"
