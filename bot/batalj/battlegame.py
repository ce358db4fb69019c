"""A battle: players, seed and the enemy's strength deck, plus the log of actions replayed
(bot.replay). The seeded die in the table makes the same log give the same battle. The deck is
given (a save's, or the baked table's in the offline app); ``bot.batalj.game.BattleGame``
reads the kit's table when none is given (the terminal)."""

from __future__ import annotations

import random

from bot.replay import LoggedGame
from bot.batalj.actions import parse_action, perform
from bot.batalj.state import Battle, Question, Table
from bot.batalj.strength import Strength
from bot.records import Record

MIN_PLAYERS = 2          # three strength cards at the fewest: the case the removed sentence covers
MAX_PLAYERS = 6
# The rules' edition a battle is played by: 2 asks the players' choices after the dice and keeps
# enemy cards where the players laid them; 1 is a battle saved before (save version 1: choices
# named with the step or taken by default, entered enemy cards shuffled), replayed as it was played.
EDITION = 2


class LoggedBattle(LoggedGame[Table]):
    """One battle of Batalj with the bot as the enemy, drawing from ``strength_deck``."""

    def __init__(self, seed: int, players: int, strength_deck: list[Strength],
                 edition: int = EDITION, asks: bool = True) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"a battle is played by {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players}")
        self.players = players
        self.strength_deck = strength_deck
        self.edition, self.asks = edition, asks and edition >= 2
        super().__init__(seed)

    def fresh_table(self) -> Table:
        return Table(Battle(self.players), random.Random(self.seed), asks=self.asks, edition=self.edition)

    def copy_table(self, table: Table) -> Table:
        return table.clone()

    def perform(self, table: Table, line: str) -> tuple[str, list[Record]]:
        action = parse_action(line)
        table.records = []
        perform(table, action, self.strength_deck)
        return str(action), list(table.records)

    def restart(self) -> "LoggedBattle":
        return type(self)(self.seed, self.players, self.strength_deck, self.edition, self.asks)

    @property
    def battle(self) -> Battle:
        return self.table.battle

    @property
    def question(self) -> Question | None:
        """The choice the battle waits for (``choose``), if any."""
        return self.table.pending.question if self.table.pending else None
