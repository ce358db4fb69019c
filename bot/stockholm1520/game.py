"""A game is its setup (the game's data, a seed, where the cards come from) plus its log of
actions; the position is the log replayed (``bot.replay.LoggedGame``, as every bot's game).

Chance (card draws, shuffles) comes from a ``random.Random`` seeded with the game's seed and
held in the Table, so replaying the same log from the same seed rebuilds the same game.
Actions are applied to a clone and kept only when the rules accept them: a refused action
changes nothing.
"""

from __future__ import annotations

import random
from typing import Sequence

from bot.replay import LoggedGame
from bot.stockholm1520.actions import Action, parse_action
from bot.stockholm1520.board import Board
from bot.stockholm1520.decks import Decks
from bot.stockholm1520.data import GameData
from bot.stockholm1520.rules import perform
from bot.stockholm1520.state import Position, Table
from bot.records import Record


#: The rules' edition a game is played by: 3 never gives a new unit an id used before in the
#: game (issue 23); 2 is a game saved before that (save version 2), replayed with the ids it had.
EDITION = 3
EDITIONS = (2, 3)


class Game(LoggedGame[Table]):
    """A game of the bot: the game's data, a seed, and the actions applied so far."""

    def __init__(self, seed: int, data: GameData, physical_deck: bool = False, edition: int = EDITION) -> None:
        self.data = data
        self.physical_deck = physical_deck
        self.edition = edition
        super().__init__(seed)

    def fresh_table(self) -> Table:
        rng = random.Random(self.seed)
        decks = Decks(list(self.data.zone_cards), list(self.data.event_cards), physical=self.physical_deck)
        decks.shuffle_all(rng)
        ids: frozenset[str] | None = frozenset() if self.edition >= 3 else None
        return Table(self.data, Position(map=self.data.board.id, ids_given=ids), decks, rng)

    def copy_table(self, table: Table) -> Table:
        return table.clone()

    def perform(self, table: Table, line: Action | str) -> tuple[str, list[Record]]:
        """One action by the rules (RuleError or ActionSyntaxError when refused)."""
        action = parse_action(line) if isinstance(line, str) else line
        return str(action), perform(table, action, lenient=self.replaying)

    def restart(self) -> "Game":
        return Game(self.seed, self.data, self.physical_deck, self.edition)

    @property
    def board(self) -> Board:
        return self.data.board

    @property
    def pos(self) -> Position:
        return self.table.pos

    def adopt(self, action: Action, table: Table, records: list[Record]) -> list[Record]:
        """Take ``action`` as already played: ``table`` is this game's table after it, played
        on a copy with the same rules (the policy's trial of the Danes' turn, which
        ``Policy.known_answer`` vouches is the same); no need to play it again."""
        self.table = table
        self.log.append(str(action))
        self.records.append(list(records))
        return self.records[-1]

    @classmethod
    def replay(cls, seed: int, data: GameData, log: Sequence[str], physical_deck: bool = False,
               edition: int = EDITION) -> "Game":
        """Rebuild a game from its seed and log (each line is checked again by the rules)."""
        return cls(seed, data, physical_deck, edition).replayed(log)
