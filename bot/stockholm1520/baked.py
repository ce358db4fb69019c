"""Stockholm 1520's data as the offline app reads it back: the files ``bot.stockholm1520.bake``
wrote at export time (the board's plan, the units' facts, the decks, the fingerprint of the kit's
files they were read from), read with the standard library into the same plain data the
terminal's rules play with (``bot.stockholm1520.data``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

from games.stockholm1520.carddata import event_card, zone_card

from bot.stockholm1520.board import Board
from bot.stockholm1520.boardplan import from_json
from bot.stockholm1520.data import GameData
from bot.stockholm1520.units import Units

DATA = "data.json"
#: The page's art (``bot.stockholm1520.page_layer.LayerArt``), as ``layer_bake`` names its files.
LAYER, GLYPHS, BOARD = "layer.json", "layer-glyphs.json", "board.svg"
FILES = (DATA, LAYER, GLYPHS, BOARD)


def read_files(folder: Path) -> dict[str, bytes]:
    """The baked files of ``folder``; FileNotFoundError naming the one missing."""
    return {name: (Path(folder) / name).read_bytes() for name in FILES}


def game_data(files: Mapping[str, bytes], folder: Path) -> GameData:
    """The game the bot plays, from the baked files (found in ``folder``)."""
    data: dict[str, Any] = json.loads(files[DATA])
    units = data["units"]
    return GameData(str(data["id"]), Path(folder), Board(from_json(data["board"])),
                    Units(dict(units["moves"]), dict(units["beats"]), dict(units["colour"])), None,
                    tuple(zone_card(c) for c in data["zone_cards"]), tuple(event_card(c) for c in data["event_cards"]),
                    dict(data["fingerprint"]))
