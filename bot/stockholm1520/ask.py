"""``pnpkit bot ask POSITION.json``: the Danish turn for a position, without a saved game."""

from __future__ import annotations

import random
from typing import Any, Sequence

from bot.positionfile import Lines
from bot.stockholm1520.decks import Decks
from bot.stockholm1520.data import GameData
from bot.stockholm1520.positions import position_from_json
from bot.stockholm1520.rules.common import recording
from bot.stockholm1520.rules.draws import with_cards
from bot.stockholm1520.rules.enemy import enemy_turn
from bot.stockholm1520.state import Table

ACTION_KINDS = ("danish", "spawn", "ship", "card")


def answer(data: Any, game: GameData, source: str = "<position>", seed: int = 0,
           drawn: Sequence[str] | None = None, lines: Lines | None = None) -> dict[str, Any]:
    """The enemy turn for ``data`` (a position dict) in ``game``: actions in order, result, new
    position.

    Cards drawn during the turn (a replayed Propaganda card) come from a full zone deck
    shuffled with ``seed``, or from ``drawn``."""
    pos = position_from_json(data, source, game, lines)
    rng = random.Random(seed)
    decks = Decks(list(game.zone_cards), list(game.event_cards))
    decks.shuffle_all(rng)
    table = Table(game, pos, decks, rng)
    outcome = ""

    def turn(t: Table) -> None:
        nonlocal outcome
        outcome = enemy_turn(t)

    with recording() as records:
        with_cards(table, drawn, turn)
    actions = []
    for r in records:
        if r["kind"] not in ACTION_KINDS:
            continue
        actions.append({"kind": r["kind"], "unit": r.get("unit"), "path": r.get("path", []),
                        "attack": r.get("attack"), "reason": r["reason"], "steps": r.get("steps", [])})
    result = {"continue": "continue", "round over": "round over", "won": "round over", "defeat": "defeat"}[outcome]
    return {"actions": actions, "result": result, "won": outcome == "won", "position": pos.to_json()}
