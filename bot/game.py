"""A game is its setup (seed, map) plus its log of actions; the position is the log replayed.

Chance (card draws, shuffles) comes from a ``random.Random`` seeded with the game's seed and
held in the Table, so replaying the same log from the same seed rebuilds the same game.
Actions are applied to a clone and kept only when the rules accept them: a refused action
changes nothing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.actions import Action, parse_action
from bot.board import Board, load_board
from bot.cards import event_cards, zone_cards
from bot.decks import Decks
from bot.rules import perform
from bot.state import Position, Table


@dataclass
class Step:
    """One applied action and what it did (records for explanations)."""

    action: Action
    records: list[dict[str, Any]]


class Game:
    def __init__(self, seed: int, map_ref: str | None = None, board: Board | None = None) -> None:
        self.seed = int(seed)
        self.map_ref = map_ref or "stockholm1520"
        self.board = board or load_board(self.map_ref)
        rng = random.Random(self.seed)
        decks = Decks(zone_cards(self.board), event_cards())
        decks.shuffle_all(rng)
        self.table = Table(self.board, Position(map=self.map_ref), decks, rng)
        self.steps: list[Step] = []

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

    @classmethod
    def replay(cls, seed: int, map_ref: str | None, log: list[str], board: Board | None = None) -> "Game":
        """Rebuild a game from its seed and log (each line is checked again by the rules)."""
        game = cls(seed, map_ref, board)
        for line in log:
            game.apply(line, atomic=False)
        return game

    def undo(self, count: int = 1) -> "Game":
        """The game with the last ``count`` actions taken back (by replaying the rest)."""
        if count < 0 or count > len(self.steps):
            raise ValueError(f"can undo 0-{len(self.steps)} actions, not {count}")
        return Game.replay(self.seed, self.map_ref, self.log[:len(self.log) - count], self.board)


def map_path_for_save(map_ref: str) -> str:
    return map_ref if map_ref == "stockholm1520" else str(Path(map_ref))
