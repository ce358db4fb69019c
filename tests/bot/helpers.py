"""Helpers for the bot's tests: positions on the small test board of the test game
(tests/bot/kit/data/testgame: Stockholm 1520's rules and cards on testmap.yaml).

Test board: Kristina at 0806; water along row 9 with gaps at 0309 (choke), 0809 (the bridge)
and 1309 (a ford); a lake at 1104-1205; port 1007; militia space 0510; training 0705, 0905.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Callable

from bot.stockholm1520.decks import Decks
from bot.stockholm1520.gamedata import GameData, load_game_data
from bot.stockholm1520.positions import position_from_json
from bot.stockholm1520.rules.common import recording
from bot.stockholm1520.state import Table

DATA = Path(__file__).resolve().parent / "data"
TESTGAME = Path(__file__).resolve().parent / "kit" / "data" / "testgame"


def small_game() -> GameData:
    """The test game's data (board, units, decks), read through its game.yaml."""
    return load_game_data(TESTGAME)


def real_game() -> GameData:
    """Stockholm 1520 as the project ships it."""
    return load_game_data()


def position(swedish=(), danish=(), **extra: Any) -> dict[str, Any]:
    """A position dict: swedish = (id, type, hex); danish = (id, type, hex[, zone, road])."""
    pos: dict[str, Any] = {"map": "testmap", "round": 1, "propaganda": 0, "bridge_open": False,
                           "swedish": [{"id": i, "type": t, "hex": h} for i, t, h in swedish],
                           "danish": []}
    for d in danish:
        unit = {"id": d[0], "type": d[1], "hex": d[2]}
        if len(d) > 3:
            unit["zone"], unit["road"] = d[3], d[4]
        pos["danish"].append(unit)
    pos.update(extra)
    return pos


def table(swedish=(), danish=(), phase: str = "enemy", seed: int = 0, **extra: Any) -> Table:
    """A Table for a position on the test board, decks shuffled with ``seed``."""
    game = small_game()
    pos = position_from_json(position(swedish, danish, **extra), "test", game)
    pos.phase = phase
    rng = random.Random(seed)
    decks = Decks(list(game.zone_cards), list(game.event_cards))
    decks.shuffle_all(rng)
    return Table(game, pos, decks, rng)


def played(step: Callable[..., Any], t: Table, *args: Any) -> list[dict[str, Any]]:
    """What a rule section played alone on ``t`` recorded (an action's records are its result)."""
    with recording() as records:
        step(t, *args)
    return records


def danish_moves(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {r["unit"]: r for r in records if r["kind"] == "danish"}
