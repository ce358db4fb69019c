"""Draw the current position on the board with the map package's painter
(``generator.hexmap.position.draw_position``), so the picture matches the printed board.
The painter takes defected castles as hex ids and arrows as ``last_moves``: this module
translates the bot's position (castle names) and adds the last enemy turn's paths."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.errors import DataError, Problem

from bot.game import Game


def painter_position(game: Game) -> dict[str, Any]:
    """The bot's position in the painter's terms, with the last Danish moves as arrows."""
    data = game.pos.to_json()
    board = game.board
    data["defected_castles"] = [board.castle(name).hexes[0] for name in game.pos.defected_castles
                                if board.castle(name) is not None]
    last: list[list[str]] = []
    for step in reversed(game.steps):
        paths = [r["path"] for r in step.records if r["kind"] == "danish" and len(r.get("path") or []) > 1]
        if paths or str(step.action).startswith("enemy"):
            last = paths
            break
    data["last_moves"] = last
    return data


def draw(game: Game, out: Path, dpi: float = 100.0) -> list[Path]:
    try:
        from generator.hexmap.position import draw_position
    except ImportError:
        raise DataError([Problem("generator/hexmap/position.py",
                                 "drawing a position needs generator.hexmap.position.draw_position, "
                                 "which is not in this version of pnpkit yet")]) from None
    result = draw_position(game.board.map, painter_position(game), Path(out), dpi=dpi)
    return [Path(p) for p in result]
