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


def last_moves(game: Game) -> list[tuple[str, list[str]]]:
    """The Danish moves of the last enemy turn, in their order: (unit id, path walked)."""
    for line, records in zip(reversed(game.log), reversed(game.records)):
        moves = [(str(r["unit"]), list(r["path"])) for r in records
                 if r["kind"] == "danish" and len(r.get("path") or []) > 1]
        if moves or line.startswith("enemy"):
            return moves
    return []


def painter_position(game: Game, highlight: list[dict[str, str]] | None = None) -> dict[str, Any]:
    """The bot's position in the painter's terms, with the last Danish moves as arrows."""
    data = game.pos.to_json()
    board = game.board
    castles = [board.castle(name) for name in game.pos.defected_castles]
    data["defected_castles"] = [c.hexes[0] for c in castles if c is not None]
    data["last_moves"] = [path for _, path in last_moves(game)]
    if highlight:
        data["highlight"] = highlight
        data["last_moves"] = []
    return data


def draw(game: Game, out: Path, dpi: float = 100.0, highlight: list[dict[str, str]] | None = None) -> list[Path]:
    """The SVG and PNG of the position, with the game's printed counters, cropped to where
    the action is (the last Danish moves, the marks, else the units)."""
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
