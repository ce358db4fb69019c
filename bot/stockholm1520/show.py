"""Draw the current position on the board with the map package's painter
(``generator.hexart.position``) and the game's counters, so the picture
matches the printed board and pieces. The painter takes defected castles as hex ids and
arrows as ``last_moves`` (numbered in their order): this module translates the bot's position
(castle names) and adds the last enemy turn's paths, and marks for a question (``bot reach``).

``draw_position`` draws from the painter's position, the board and the counters alone: ``bot
show`` answered from what was kept when the save was written (``bot.status_cache``) imports
neither the rules nor the game's data."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.hexart.position import write_position

from bot.stockholm1520 import board_cache
if TYPE_CHECKING:
    from generator.hexmap.counters import CounterSet
    from generator.hexmap.gameart import PositionArt
    from generator.hexmap.model import HexMap

    from bot.stockholm1520.game import Game


def draw(game: Game, out: Path, dpi: float = 100.0, highlight: list[dict[str, str]] | None = None) -> list[Path]:
    """The SVG and PNG of the position, with the game's printed counters, cropped to where
    the action is (the last Danish moves, the marks, else the units)."""
    from bot.stockholm1520.picture import painter_position

    return draw_position(game.board.map, game.data.counters, painter_position(game, highlight), out, dpi)


def draw_position(hexmap: HexMap, counters: CounterSet, position: dict[str, Any], out: Path,
                  dpi: float = 100.0, art: PositionArt | None = None) -> list[Path]:
    """``draw``'s picture of the painter's ``position`` (``painter_position``) on ``hexmap``
    with ``counters``. ``art``: the position art the map's game code registered, kept with
    the map (``StockholmBot.picture``): it alone is registered, for the pieces' layer (the
    whole game code, which reads pydantic models, is registered when the board is drawn:
    ``bot.stockholm1520.board_cache``); None: the game code is registered first, as loading the map does."""
    from generator.draw.fonts import keep_outlines
    from generator.hexmap.gameart import register_position_art

    if art is not None and hexmap.art:
        register_position_art(hexmap.art, art)
    else:
        board_cache.register_game_code(hexmap)
    written = write_position(hexmap, position, Path(out), dpi=dpi, counters=counters, crop=True,
                             board_cache=board_cache)
    keep_outlines()                 # the next turn's picture draws the same board's labels
    return written
