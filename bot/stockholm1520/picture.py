"""The bot's position in the painter's terms (``bot show``'s picture and the page's): defected
castles as hex ids, the last enemy turn's paths as numbered arrows, the marks of a question.
Standard library only: the offline app's page draws from it too."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
