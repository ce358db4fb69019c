"""Stockholm 1520's page in the offline app: the bot as the page asks it (``PagedBot``), reading
and writing saves in the terminal's format (checked with the standard library), on the data
baked at export time (``bot.stockholm1520.baked``). The rules, the policy and the page are the
terminal's own modules; the board is drawn with the baked art (``bot.stockholm1520.page_layer``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.records import Record
from bot.save import SaveFormat
from bot.stockholm1520.baked import BOARD, GLYPHS, LAYER, game_data, read_files
from bot.stockholm1520.data import GameData
from bot.stockholm1520.explain import format_records, next_step
from bot.stockholm1520.game import Game
from bot.stockholm1520.page_layer import LayerArt
from bot.stockholm1520.savefile import plain_fields, replay_with, save_format, write_save
from bot.stockholm1520.table import changes
from bot.stockholm1520.web import StockholmView


class PlainStockholmBot:
    """Stockholm 1520's bot for the page, without the terminal's verbs: its saves, its words."""

    def __init__(self, data: GameData, files: dict[str, bytes]) -> None:
        self.data = data
        self.art = LayerArt.from_json(files[LAYER], files[GLYPHS], files[BOARD])
        self.save_format: SaveFormat[Any] = save_format(plain_fields)

    def new_game(self, seed: int, cards: str = "virtual", **_: Any) -> Game:
        return Game(seed, self.data, physical_deck=cards == "physical")

    def load(self, save: Path, **_: Any) -> Game:
        return replay_with(self.save_format, save, self.data).whole()

    def write(self, game: Game, save: Path) -> None:
        write_save(game, save)

    def next_step(self, game: Game) -> str:
        return next_step(game.pos)

    def records_text(self, records: list[Record], verbose: bool = False) -> str:
        return format_records(records, verbose)

    def table_changes(self, before: Game, after: Game) -> list[str]:
        return [c.text for c in changes(before.pos, after.pos, before.board)]


def browser_bot(baked: Path) -> PlainStockholmBot:
    files = read_files(baked)
    return PlainStockholmBot(game_data(files, baked), files)


def browser_view(bot: PlainStockholmBot, baked: Path) -> StockholmView:
    return StockholmView(bot, lambda data: bot.art)
