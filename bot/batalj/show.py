"""The battle's position drawn on the printed Battlefield (the board's own front, from the
kit's layout), so a picture of the table can be checked against the real one: Soldiers as
discs, Commanders as diamonds, Cannons as squares with their Styrka, each Province card's name
on its Sector. Geometry from data/batalj/layouts/battlefield.yaml."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.core.atomic import write_atomic
from generator.draw.png import render_png
from generator.draw.scene import Scene, Style
from generator.draw.svg import render_svg

from bot.batalj import GAME
from bot.batalj.board import ENEMY, SECTORS, SWEDEN, column, Side
from bot.batalj.state import Battle, Group, Reserve
from bot.gamefolder import game_folder, load_component

COLOURS = {SWEDEN: "#2a5aa0", ENEMY: "#b0202e"}
LEFT, COL_W, COL_GAP = 12.0, 84.0, 8.0                    # the layout's vars, in mm from the trim
ROW_Y = {"e": 108.0, "s": 242.0}
RESERVE_Y = {ENEMY: 30.0, SWEDEN: 356.0}
CARD_X = 185.6                                            # the Reserve's Province card place (sideways)
INK = "#2b2118"


def board_scene() -> tuple[Scene, float]:
    """The Battlefield side of the kit's board, and its bleed (the trim's offset)."""
    board = load_component(game_folder(GAME), "board", need="drawing the battle")     # only the board: quick
    piece = board.pieces[0]
    return piece.front_face.scene(), float(piece.bleed)


def _soldier(scene: Scene, x: float, y: float, side: Side) -> None:
    scene.circle(x, y, 4.2, Style(fill=COLOURS[side], stroke="#ffffff", stroke_width=0.6))


def _commander(scene: Scene, x: float, y: float, side: Side) -> None:
    scene.polygon([(x, y - 5.5), (x + 5.5, y), (x, y + 5.5), (x - 5.5, y)],
                  Style(fill=COLOURS[side], stroke="#f3d36b", stroke_width=0.9))


def _label(scene: Scene, x: float, y: float, text: str, size: float = 9.0, colour: str = INK) -> None:
    scene.text(x, y, text, face="serif-bold", size_pt=size, fill=colour, anchor="middle")


def _group(scene: Scene, g: Group, x0: float, y0: float) -> None:
    cx = x0 + COL_W / 2
    if g.card:
        scene.rect(cx - 30, y0 + 20, 60, 10, Style(fill="#fbf5e3", stroke=COLOURS[SWEDEN], stroke_width=0.4), 1.5)
        _label(scene, cx, y0 + 27.3, g.card[:24])
    if g.side is None:
        return
    pieces = ["c"] * g.commanders + ["s"] * g.soldiers
    for i, kind in enumerate(pieces[:4]):
        x, y = cx - 15 + (i % 2) * 30, y0 + 48 + (i // 2) * 26
        (_commander if kind == "c" else _soldier)(scene, x, y, g.side)


def _reserve(scene: Scene, r: Reserve, side: Side, x0: float, y0: float) -> None:
    x = x0 + 52
    for n in range(min(r.soldiers, 14)):
        _soldier(scene, x + n * 9.5, y0 + 35, side)
    if r.soldiers > 14:
        _label(scene, x + 14 * 9.5 + 4, y0 + 38, f"+{r.soldiers - 14}")
    for n in range(min(r.commanders, 10)):
        _commander(scene, x + n * 12, y0 + 52, side)
    for n, styrka in enumerate(r.cannons[:4]):
        scene.rect(x0 + 8 + n * 11, y0 + 29, 10, 10, Style(fill="#4b5563", stroke=COLOURS[side], stroke_width=0.8), 1)
        scene.text(x0 + 13 + n * 11, y0 + 36.5, str(styrka), face="serif-bold", size_pt=9, fill="#ffffff",
                   anchor="middle")
    _label(scene, x0 + 97, y0 + 66, f"{r.soldiers} Soldiers, {r.commanders} Commanders", 9, COLOURS[side])
    if r.cards:
        _label(scene, CARD_X + 44.5, y0 + 54, ", ".join(r.cards)[:40], 8)


def position_scene(battle: Battle, title: str = "", board_art: tuple[Scene, float] | None = None) -> Scene:
    """The board with the battle's pieces on it."""
    board, bleed = board_art or board_scene()
    scene = Scene(board.width, board.height, title=title)
    scene.place(board)
    for item in pieces_layer(battle, board.width, board.height, bleed).items:
        scene.add(item)
    return scene


def pieces_layer(battle: Battle, width: float, height: float, bleed: float) -> Scene:
    """The battle's pieces, cards and status line alone, over a board of ``width`` x ``height``
    (the companion page draws the board once, the pieces after every tap: ``bot.web``)."""
    scene = Scene(width, height)
    with scene.group(translate=(bleed, bleed)):
        for s in SECTORS:
            _group(scene, battle.sectors[s], *sector_origin(s))
        for side in (SWEDEN, ENEMY):
            _reserve(scene, battle.reserves[side], side, LEFT, RESERVE_Y[side])
        status = f"Round {battle.round} · {battle.phase}" + (f" · {battle.winner} wins" if battle.winner else "")
        scene.text(290, 437, status, face="serif-italic", size_pt=10, fill=INK)
    return scene


def sector_origin(sector: str) -> tuple[float, float]:
    """The top left corner of a Sector's place on the board (mm from the trim)."""
    return LEFT + (column(sector) - 1) * (COL_W + COL_GAP), ROW_Y[sector[0]]


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
