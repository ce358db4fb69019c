"""The rulebook, one module per section: setup (2.0), new round and events (2.0 step 1, 6.1,
6.2), the enemy's turn (2.0 step 2, 4.0, 5.0), the player's turn (2.0 step 3, 3.1, 5.0) and the
end of a round or the game (2.0 steps 4-6). ``perform`` applies one action to a Table."""

from __future__ import annotations

from bot.records import Record
from bot.stockholm1520.actions import Action, Attack, EndTurn, EnemyTurn, Move, NewRound, Place, PlaceAuto, Upgrade
from bot.stockholm1520.rules.common import RuleError, recording
from bot.stockholm1520.rules.draws import with_cards
from bot.stockholm1520.rules.enemy import enemy_turn
from bot.stockholm1520.rules.new_round import start_round
from bot.stockholm1520.rules.player import attack, end_turn, move, upgrade
from bot.stockholm1520.rules.setup import place, place_auto
from bot.stockholm1520.state import Table

__all__ = ["RuleError", "perform", "recording"]


def perform(table: Table, action: Action, lenient: bool = False) -> list[Record]:
    """Apply ``action`` to ``table`` (mutating it); RuleError when the rules refuse it. What it
    did (its records) is the result: the game's log keeps it, the table does not.
    ``lenient``: a save's log replayed (its card draws, bot.stockholm1520.rules.draws)."""
    with recording() as records:
        _play(table, action, lenient)
    return records


def _play(table: Table, action: Action, lenient: bool) -> None:
    if isinstance(action, Place):
        place(table, action.troop, action.hex)
    elif isinstance(action, PlaceAuto):
        place_auto(table)
    elif isinstance(action, NewRound):
        with_cards(table, action.drawn, start_round, fresh_round=True, lenient=lenient)
    elif isinstance(action, EnemyTurn):
        with_cards(table, action.drawn, enemy_turn, lenient=lenient)
    elif isinstance(action, Move):
        move(table, action.unit, action.hex)
    elif isinstance(action, Attack):
        attack(table, action.unit, action.target)
    elif isinstance(action, Upgrade):
        upgrade(table, action.unit, action.troop)
    elif isinstance(action, EndTurn):
        end_turn(table)
    else:  # pragma: no cover - every Action subclass is handled above
        raise RuleError(f"unknown action {action!r}")
