"""Where the bot finds the project's data: the one place that knows the directory layout."""

from __future__ import annotations

from pathlib import Path

GAME = "stockholm1520"


def data_dir() -> Path:
    """The project's ``data/`` directory, resolved the way the generator resolves it."""
    try:
        from generator.paths import data_dir as generator_data_dir  # the generator's answer wins
    except ImportError:
        return Path(__file__).resolve().parents[1] / "data"
    return Path(generator_data_dir())


def game_dir() -> Path:
    """``data/stockholm1520``: the map, zones and card data of the game."""
    return data_dir() / GAME


def default_map_path() -> Path:
    return game_dir() / "map.yaml"
