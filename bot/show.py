"""Draw the current position on the board, with the map helper's painter
(``generator.hexmap.position.draw_position``) so the picture matches the printed board."""

from __future__ import annotations

from pathlib import Path

from generator.errors import DataError, Problem

from bot.game import Game


def draw(game: Game, out: Path) -> list[Path]:
    try:
        from generator.hexmap.position import draw_position
    except ImportError:
        raise DataError([Problem("generator/hexmap/position.py",
                                 "drawing a position needs generator.hexmap.position.draw_position, "
                                 "which is not in this version of pnpkit yet")]) from None
    out = Path(out)
    result = draw_position(game.board.map, game.pos.to_json(), out)
    if isinstance(result, (list, tuple)):
        return [Path(p) for p in result]
    return [out, out.with_suffix(".png")]
