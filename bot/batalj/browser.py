"""Batalj's page in the offline app: the battle bot as the page asks it (``PagedBot``), reading
and writing saves in the terminal's format (checked with the standard library), on the data
baked at export time (``bot.batalj.baked``). The rules, the policy and the page are the
terminal's own modules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.batalj.baked import board_art, read_files, strength_deck
from bot.batalj.battlegame import LoggedBattle
from bot.batalj.changes import table_changes
from bot.batalj.explain import format_records, next_step
from bot.batalj.savefile import plain_fields, replay_with, save_format, write_save
from bot.batalj.web import BataljView
from bot.records import Record
from bot.save import SaveFormat

#: Players of a battle started in the app without a number given.
PLAYERS = 3


class PlainBataljBot:
    """Batalj's bot for the page, without the terminal's verbs: its saves, its words."""

    def __init__(self, baked: Path) -> None:
        self.files = read_files(baked)
        self.deck = strength_deck(self.files)
        self.save_format: SaveFormat[Any] = save_format(plain_fields)

    def new_game(self, seed: int, players: int = PLAYERS, **_: Any) -> LoggedBattle:
        return LoggedBattle(seed, players, list(self.deck))

    def load(self, save: Path, **_: Any) -> LoggedBattle:
        return replay_with(self.save_format, save).whole()

    def write(self, game: LoggedBattle, save: Path) -> None:
        write_save(game, save)

    def next_step(self, game: LoggedBattle) -> str:
        return next_step(game.battle, game.question)

    def records_text(self, records: list[Record], verbose: bool = False) -> str:
        return format_records(records)

    def table_changes(self, before: LoggedBattle, after: LoggedBattle) -> list[str]:
        return table_changes(before.battle, after.battle)


def browser_bot(baked: Path) -> PlainBataljBot:
    return PlainBataljBot(baked)


def browser_view(bot: PlainBataljBot, baked: Path) -> BataljView:
    return BataljView(bot, board_art(bot.files))

