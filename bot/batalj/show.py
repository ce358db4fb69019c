"""The battle's position drawn on the printed Battlefield (the board's own front, from the
kit's layout), so a picture of the table can be checked against the real one: the pieces as
``bot.batalj.pieces`` describes them (the page draws the same description)."""

from __future__ import annotations

from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Sequence

from generator.core.atomic import write_atomic
from generator.draw.png import render_png
from generator.draw.scene import Scene, Style
from generator.draw.svg import render_svg

from bot.batalj import GAME
from bot.batalj.pieces import COLOURS, draw_pieces  # noqa: F401  (COLOURS: as the tests read them)
from bot.batalj.state import Battle, Group, Reserve
from bot.gamefolder import game_folder, load_component

def board_scene() -> tuple[Scene, float]:
    """The Battlefield side of the kit's board, and its bleed (the trim's offset)."""
    board = load_component(game_folder(GAME), "board", need="drawing the battle")     # only the board: quick
    piece = board.pieces[0]
    return piece.front_face.scene(), float(piece.bleed)


class _ScenePainter:
    """The pieces (``bot.batalj.pieces``) drawn into a scene."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene

    def circle(self, cx: float, cy: float, r: float, fill: str, stroke: str, stroke_width: float) -> None:
        self.scene.circle(cx, cy, r, Style(fill=fill, stroke=stroke, stroke_width=stroke_width))

    def polygon(self, points: Sequence[tuple[float, float]], fill: str, stroke: str, stroke_width: float) -> None:
        self.scene.polygon(points, Style(fill=fill, stroke=stroke, stroke_width=stroke_width))

    def rect(self, x: float, y: float, w: float, h: float, fill: str, stroke: str, stroke_width: float,
             radius: float) -> None:
        self.scene.rect(x, y, w, h, Style(fill=fill, stroke=stroke, stroke_width=stroke_width), radius)

    def text(self, x: float, y: float, text: str, face: str, size_pt: float, fill: str, anchor: str) -> None:
        self.scene.text(x, y, text, face=face, size_pt=size_pt, fill=fill, anchor=anchor)  # type: ignore[arg-type]

    def moved(self, dx: float, dy: float) -> AbstractContextManager[None]:
        return self.scene.group(translate=(dx, dy))


def position_scene(battle: Battle, title: str = "", board_art: tuple[Scene, float] | None = None) -> Scene:
    """The board with the battle's pieces on it."""
    board, bleed = board_art or board_scene()
    scene = Scene(board.width, board.height, title=title)
    scene.place(board)
    for item in pieces_layer(battle, board.width, board.height, bleed).items:
        scene.add(item)
    return scene


def pieces_layer(battle: Battle, width: float, height: float, bleed: float) -> Scene:
    """The battle's pieces, cards and status line alone, over a board of ``width`` x ``height``."""
    scene = Scene(width, height)
    draw_pieces(_ScenePainter(scene), battle, bleed)
    return scene


def write_position(battle: Battle, out: Path, dpi: float, board: tuple[Scene, float] | None = None) -> Path:
    """The position as PNG (or SVG, by the file's suffix), on ``board`` (``board_scene``'s,
    kept by ``bot.status_cache``; by default read from the kit)."""
    scene = position_scene(battle, "Batalj: the battle", board)
    write_atomic(out, render_svg(scene) if out.suffix.lower() == ".svg" else render_png(scene, dpi=dpi))
    return out


def battle_from_json(data: dict[str, Any]) -> Battle:
    """A ``Battle.to_json`` read back (the picture kept with the status: ``BataljBot.picture``)."""
    fields = dict(data)
    fields["sectors"] = {s: Group(**g) for s, g in data["sectors"].items()}
    fields["reserves"] = {side: Reserve(**r) for side, r in data["reserves"].items()}
    return Battle(**fields)
