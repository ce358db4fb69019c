"""Helpers for the bot's tests: positions on the small test board (tests/bot/data/testmap.yaml).

Test board: Kristina at 0806; water along row 9 with gaps at 0309 (choke), 0809 (the bridge)
and 1309 (a ford); a lake at 1104-1205; port 1007; militia space 0510; training 0705, 0905.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot.cards import event_cards, zone_cards
from bot.decks import Decks
from bot.state import Table, position_from_json

DATA = Path(__file__).resolve().parent / "data"
TESTMAP = str(DATA / "testmap.yaml")


def position(swedish=(), danish=(), **extra: Any) -> dict[str, Any]:
    """A position dict: swedish = (id, type, hex); danish = (id, type, hex[, zone, road])."""
    pos: dict[str, Any] = {"map": TESTMAP, "round": 1, "propaganda": 0, "bridge_open": False,
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
    pos, board = position_from_json(position(swedish, danish, **extra), "test")
    pos.phase = phase
    rng = random.Random(seed)
    decks = Decks(zone_cards(board), event_cards())
    decks.shuffle_all(rng)
    return Table(board, pos, decks, rng)


def danish_moves(t: Table) -> dict[str, dict[str, Any]]:
    return {r["unit"]: r for r in t.log if r["kind"] == "danish"}
