"""Draw the current position on the board with the map package's painter
(``generator.hexmap.position``) and the game's counters, so the picture
matches the printed board and pieces. The painter takes defected castles as hex ids and
arrows as ``last_moves``: this module translates the bot's position (castle names) and adds
the last enemy turn's paths."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.hexmap.position import write_position

from bot.game import Game


def painter_position(game: Game) -> dict[str, Any]:
    """The bot's position in the painter's terms, with the last Danish moves as arrows."""
    data = game.pos.to_json()
    board = game.board
    castles = [board.castle(name) for name in game.pos.defected_castles]
    data["defected_castles"] = [c.hexes[0] for c in castles if c is not None]
    last: list[list[str]] = []
    for step in reversed(game.steps):
        paths = [r["path"] for r in step.records if r["kind"] == "danish" and len(r.get("path") or []) > 1]
        if paths or str(step.action).startswith("enemy"):
            last = paths
            break
    data["last_moves"] = last
    return data


def draw(game: Game, out: Path, dpi: float = 100.0) -> list[Path]:
    """The SVG and PNG of the position, with the game's printed counters."""
    return write_position(game.board.map, painter_position(game), Path(out), dpi=dpi, counters=game.data.counters)
