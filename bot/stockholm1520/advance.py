"""``bot next``: play whatever comes next in the round, then say what to do on the table.

From the player's turn it ends the turn and plays the Danish turn; from the regroup turn it
ends it, starts the next round and plays its first Danish turn; before a round, the round and
its first Danish turn; before a Danish turn, that turn. It stops when it is the player's turn
again (or the regroup turn, or the end). All of it or nothing: a refusal (cards missing, say)
leaves the game as it was. The cards entered go to the round start first (as many as it draws)
and the rest to the Danish turn (a replayed Propaganda card).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from bot.stockholm1520.actions import Action, EndTurn, EnemyTurn, NewRound
from bot.stockholm1520.game import Game
from bot.stockholm1520.rules import RuleError
from bot.stockholm1520.rules.common import PHASE_HELP
from bot.stockholm1520.rules.draws import draws_of
from bot.stockholm1520.rules.new_round import start_round
from bot.stockholm1520.piles import pile_changes
from bot.stockholm1520.state import Position
from bot.stockholm1520.table import Change, changes
from bot.records import Record


@dataclass
class Advance:
    """What ``next`` did: the actions (log lines), their records, and the table's changes."""

    actions: list[str] = field(default_factory=list)
    records: list[Record] = field(default_factory=list)
    table: list[Change] = field(default_factory=list)


def _action(game: Game, cards: list[str]) -> tuple[Action | None, list[str]]:
    """The next action of the round, and the cards left for the actions after it."""
    phase = game.pos.phase
    if phase in ("player", "regroup"):
        return EndTurn(), cards
    if phase == "round":
        n = len(draws_of(game.table, cards, start_round, fresh_round=True)) if cards else 0
        return NewRound(tuple(cards[:n])), cards[n:]
    if phase == "enemy":
        return EnemyTurn(tuple(cards)), []
    if phase == "setup":
        raise RuleError(f"not yet: {PHASE_HELP['setup']}")
    raise RuleError("the game is over")


def advance(game: Game, cards: Sequence[str] = ()) -> Advance:
    """Play up to the player's next turn (see the module); RuleError leaves ``game`` unchanged."""
    before: Position = game.pos.copy()
    decks = game.table.decks.copy()
    table, count = game.table, len(game.log)
    game.table = table.clone()
    done = Advance()
    left = [c.upper() for c in cards]
    try:
        while True:
            action, left = _action(game, left)
            if action is None:
                break
            done.records += game.apply(action, atomic=False)
            done.actions.append(str(action))
            if isinstance(action, EnemyTurn) or game.pos.phase in ("regroup", "over"):
                break
    except RuleError:
        game.table = table
        del game.log[count:], game.records[count:]
        raise
    done.table = changes(before, game.pos, game.board)
    if decks.by_hand or game.table.decks.by_hand:          # the printed decks: what to do with the piles
        done.table += pile_changes(decks, game.table.decks, done.records)
    return done


def checklist(done: Advance, terse: bool = False) -> list[str]:
    """The table's changes as lines: numbered, with what killed a piece and the round's event
    (``terse``: one line per physical action, and the end of the round or the game)."""
    killed = {}
    for r in done.records:
        attack = r.get("attack") if r["kind"] == "danish" else None
        if attack and attack.get("target") not in (None, "kristina"):
            killed[attack["target"]] = f"{r['unit']} attacked: {'both destroyed' if attack['outcome'] == 'trade' else 'it wins'}"
            if attack["outcome"] == "trade":
                killed[r["unit"]] = f"traded with {attack['target']}"
    lines = []
    for c in done.table:
        why = killed.get(c.unit) if c.kind == "off" else None
        lines.append(c.text + (f" ({why})" if why and not terse else ""))
    ends = [f"*** {r['reason']}" for r in done.records if r["kind"] == "end"]     # the round or the game over
    if terse:
        return lines + ends
    head = [str(r["reason"]).removeprefix("event ") for r in done.records if r["kind"] == "event"] + ends
    body = [f"  {n}. {line}" for n, line in enumerate(lines, start=1)] or ["  nothing to change"]
    return head + ["On the table:"] + body


__all__ = ["Advance", "advance", "checklist"]
