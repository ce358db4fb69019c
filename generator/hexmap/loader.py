"""Reading a map file: its shape (``generator.hexmap.schema``), then every check
(``generator.hexmap.checks``), into a ``HexMap`` (``generator.hexmap.model``).

The loader is handed the game's code (``art``, the name game.yaml's ``code:`` gives) by
whoever loaded the game; it reads no game.yaml itself. ``generator.loading.games.load_game_map``
finds the code of the game whose folder holds a lone map file (``pnpkit map build``).
"""

from __future__ import annotations

from pathlib import Path

from generator.core.errors import DataError, Problem
from generator.hexmap.checks import build_map
from generator.hexmap.gameart import game_art
from generator.hexmap.model import HexMap
from generator.hexmap.overlay import map_file_model
from generator.hexmap.schema import read_map_file
from generator.kit.datafiles import display_path, load_yaml


def load_map(path: Path, art: str | None = None) -> HexMap:
    """Read and check a map file; raises DataError listing every problem found. ``art``:
    the code of the game the map belongs to, whose overlay (``generator.hexmap.overlay``)
    reads and checks it and whose registered art paints it (``generator.hexmap.gameart``)."""
    path = Path(path)
    shown = display_path(path)
    data = load_yaml(path)
    if data is None:
        raise DataError([Problem(shown, "file is empty")])
    overlay = game_art(art).overlay
    raw = read_map_file(shown, data, map_file_model(overlay))   # raises DataError on shape problems
    hexmap = build_map(raw, data, path, overlay.check)
    hexmap.art = art
    return hexmap
