"""A game is its setup (the game's data, a seed) plus its log of actions; the position is the
log replayed.

Chance (card draws, shuffles) comes from a ``random.Random`` seeded with the game's seed and
held in the Table, so replaying the same log from the same seed rebuilds the same game.
Actions are applied to a clone and kept only when the rules accept them: a refused action
changes nothing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from bot.stockholm1520.actions import Action, parse_action
from bot.stockholm1520.board import Board
from bot.stockholm1520.decks import Decks
from bot.stockholm1520.gamedata import GameData
from bot.stockholm1520.rules import perform
from bot.stockholm1520.state import Position, Table


@dataclass
class Step:
    """One applied action and what it did (records for explanations)."""

    action: Action
    records: list[dict[str, Any]]


class Game:
    """A game of the bot: the game's data, a seed, and the actions applied so far."""

    def __init__(self, seed: int, data: GameData, physical_deck: bool = False) -> None:
        self.seed = int(seed)
        self.data = data
        self.physical_deck = physical_deck
        rng = random.Random(self.seed)
        decks = Decks(list(data.zone_cards), list(data.event_cards))
        decks.shuffle_all(rng)
        self.table = Table(data, Position(map=data.board.id), decks, rng, physical_deck=physical_deck)
        self.steps: list[Step] = []

    @property
    def board(self) -> Board:
        return self.data.board

    @property
    def pos(self) -> Position:
        return self.table.pos

    @property
    def log(self) -> list[str]:
        return [str(s.action) for s in self.steps]

    def apply(self, action: Action | str, atomic: bool = True) -> list[dict[str, Any]]:
        """Apply one action; RuleError (or ActionSyntaxError) leaves the game unchanged."""
        if isinstance(action, str):
            action = parse_action(action)
        work = self.table.clone() if atomic else self.table
        perform(work, action)
        self.table = work
        step = Step(action, list(work.log))
        self.steps.append(step)
        return step.records

    def adopt(self, action: Action, table: Table, records: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Take ``action`` as already played: ``table`` is this game's table after it, played
        on a copy with the same rules (the policy's trial of the Danes' turn, which
        ``Policy.known_answer`` vouches is the same); no need to play it again."""
        self.table = table
        table.log = list(records)
        step = Step(action, list(records))
        self.steps.append(step)
        return step.records

    @classmethod
    def replay(cls, seed: int, data: GameData, log: list[str], physical_deck: bool = False) -> "Game":
        """Rebuild a game from its seed and log (each line is checked again by the rules)."""
        game = cls(seed, data, physical_deck)
        game.table.replaying = True
        try:
            for line in log:
                game.apply(line, atomic=False)
        finally:
            game.table.replaying = False
        return game

    def undo(self, count: int = 1) -> "Game":
        """The game with the last ``count`` actions taken back (by replaying the rest)."""
        if count < 0 or count > len(self.steps):
            raise ValueError(f"can undo 0-{len(self.steps)} actions, not {count}")
        return Game.replay(self.seed, self.data, self.log[:len(self.log) - count], self.physical_deck)
