"""Stockholm 1520's page in the offline app: the bot as the page asks it (``PagedBot``), reading
and writing saves in the terminal's format. Not pure yet (issue 43): it reads the game's data
from the kit and checks saves with pydantic, as the terminal does, until the data is baked
(``bot.stockholm1520.bake``) and the board drawn with string work."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.records import Record
from bot.stockholm1520.explain import format_records, next_step
from bot.stockholm1520.game import Game
from bot.stockholm1520.gamedata import GameData, load_game_data
from bot.stockholm1520.save import read_save, write_save
from bot.stockholm1520.table import changes
from bot.stockholm1520.web import StockholmView


class PlainStockholmBot:
    """Stockholm 1520's bot for the page, without the terminal's verbs: its saves, its words."""

    def __init__(self, data: GameData) -> None:
        self.data = data

    def new_game(self, seed: int, cards: str = "virtual", **_: Any) -> Game:
        return Game(seed, self.data, physical_deck=cards == "physical")

    def load(self, save: Path, **_: Any) -> Game:
        return read_save(save, self.data)

    def write(self, game: Game, save: Path) -> None:
        write_save(game, save)

    def next_step(self, game: Game) -> str:
        return next_step(game.pos)

    def records_text(self, records: list[Record], verbose: bool = False) -> str:
        return format_records(records, verbose)

    def table_changes(self, before: Game, after: Game) -> list[str]:
        return [c.text for c in changes(before.pos, after.pos, before.board)]


def browser_bot(baked: Path) -> PlainStockholmBot:
    return PlainStockholmBot(load_game_data())


def browser_view(bot: PlainStockholmBot, baked: Path) -> StockholmView:
    return StockholmView(bot)
