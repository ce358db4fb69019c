"""Stockholm 1520's data baked for the offline app at export time, from the kit with its full
checks (``bot.stockholm1520.gamedata``): the board's plan, the units' facts, the decks and the
fingerprint of the kit's files (so a save moves between the app and the terminal unrefused),
read back by ``bot.stockholm1520.baked``; and the page's art (``bot.stockholm1520.layer_bake``)."""

from __future__ import annotations

import json
from pathlib import Path

from games.stockholm1520.carddata import card_json

from bot.stockholm1520.baked import DATA
from bot.stockholm1520.data import GameData
from bot.stockholm1520.gamedata import load_game_data
from bot.stockholm1520.layer_bake import layer_files


def data_json(data: GameData) -> bytes:
    """The game's data as the app reads it (sorted keys: the same bytes for the same data)."""
    units = data.units
    document = {"id": data.id, "fingerprint": data.fingerprint, "board": data.board.plan.to_json(),
                "units": {"moves": dict(units.moves), "beats": dict(units.beats), "colour": dict(units.colour)},
                "zone_cards": [card_json(c) for c in data.zone_cards],
                "event_cards": [card_json(c) for c in data.event_cards]}
    return json.dumps(document, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()


def bake(folder: Path | None = None) -> dict[str, bytes]:
    """The files the offline app reads Stockholm 1520's data from, by name."""
    data = load_game_data(folder)
    return {DATA: data_json(data), **layer_files(data)}
