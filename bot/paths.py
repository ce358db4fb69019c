"""Where the bot finds the game's data: the one place that knows the directory layout."""

from __future__ import annotations

from pathlib import Path

from generator.kit_location import bundled_kit, current_kit

GAME = "stockholm1520"


def game_dir() -> Path:
    """``data/stockholm1520`` of the kit in use (``pnpkit --kit DIR bot ...``), or of the
    bundled games when that kit does not hold Stockholm 1520."""
    for kit in (current_kit(), bundled_kit()):
        folder = kit.data / GAME
        if (folder / "game.yaml").is_file():
            return folder
    return bundled_kit().data / GAME


def default_map_path() -> Path:
    return game_dir() / "map.yaml"
