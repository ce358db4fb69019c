"""The battle's pieces, cards and status line, described once for every picture of it: the
page's layer (``bot.web.sketch``, in the server and in the offline app) and ``show``'s scene
(``bot.batalj.show``) both draw through a ``Painter``. Soldiers as discs, Commanders as
diamonds, Cannons as squares with their Styrka, each Province card's name on its Sector.
Geometry from data/batalj/layouts/battlefield.yaml (mm from the trim)."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any, Protocol, Sequence

from bot.batalj.board import ENEMY, SECTORS, SWEDEN, Side, column
from bot.batalj.state import Battle, Group, Reserve

Point = tuple[float, float]
COLOURS = {SWEDEN: "#2a5aa0", ENEMY: "#b0202e"}
LEFT, COL_W, COL_GAP = 12.0, 84.0, 8.0                    # the layout's vars, in mm from the trim
ROW_Y = {"e": 108.0, "s": 242.0}
RESERVE_Y = {ENEMY: 30.0, SWEDEN: 356.0}
CARD_X = 185.6                                            # the Reserve's Province card place (sideways)
INK = "#2b2118"
#: The faces the pieces' words are set in (the page's glyph table holds these).
FACES = ("serif-bold", "serif-italic")


class Painter(Protocol):
    """What the pieces are drawn with: shapes in mm, text by face and size in points."""

    def circle(self, cx: float, cy: float, r: float, fill: str, stroke: str, stroke_width: float) -> None: ...

    def polygon(self, points: Sequence[Point], fill: str, stroke: str, stroke_width: float) -> None: ...

    def rect(self, x: float, y: float, w: float, h: float, fill: str, stroke: str, stroke_width: float,
             radius: float) -> None: ...

    def text(self, x: float, y: float, text: str, face: str, size_pt: float, fill: str, anchor: str) -> None: ...

    def moved(self, dx: float, dy: float) -> AbstractContextManager[Any]: ...


def sector_origin(sector: str) -> tuple[float, float]:
    """The top left corner of a Sector's place on the board (mm from the trim)."""
    return LEFT + (column(sector) - 1) * (COL_W + COL_GAP), ROW_Y[sector[0]]


def _soldier(p: Painter, x: float, y: float, side: Side) -> None:
    p.circle(x, y, 4.2, COLOURS[side], "#ffffff", 0.6)


def _commander(p: Painter, x: float, y: float, side: Side) -> None:
    p.polygon([(x, y - 5.5), (x + 5.5, y), (x, y + 5.5), (x - 5.5, y)], COLOURS[side], "#f3d36b", 0.9)


def _label(p: Painter, x: float, y: float, text: str, size: float = 9.0, colour: str = INK) -> None:
    p.text(x, y, text, "serif-bold", size, colour, "middle")


def _group(p: Painter, g: Group, x0: float, y0: float) -> None:
    cx = x0 + COL_W / 2
    if g.card:
        p.rect(cx - 30, y0 + 20, 60, 10, "#fbf5e3", COLOURS[SWEDEN], 0.4, 1.5)
        _label(p, cx, y0 + 27.3, g.card[:24])
    if g.side is None:
        return
    pieces = ["c"] * g.commanders + ["s"] * g.soldiers
    for i, kind in enumerate(pieces[:4]):
        x, y = cx - 15 + (i % 2) * 30, y0 + 48 + (i // 2) * 26
        (_commander if kind == "c" else _soldier)(p, x, y, g.side)


def _reserve(p: Painter, r: Reserve, side: Side, x0: float, y0: float) -> None:
    x = x0 + 52
    for n in range(min(r.soldiers, 14)):
        _soldier(p, x + n * 9.5, y0 + 35, side)
    if r.soldiers > 14:
        _label(p, x + 14 * 9.5 + 4, y0 + 38, f"+{r.soldiers - 14}")
    for n in range(min(r.commanders, 10)):
        _commander(p, x + n * 12, y0 + 52, side)
    for n, styrka in enumerate(r.cannons[:4]):
        p.rect(x0 + 8 + n * 11, y0 + 29, 10, 10, "#4b5563", COLOURS[side], 0.8, 1)
        p.text(x0 + 13 + n * 11, y0 + 36.5, str(styrka), "serif-bold", 9, "#ffffff", "middle")
    _label(p, x0 + 97, y0 + 66, f"{r.soldiers} Soldiers, {r.commanders} Commanders", 9, COLOURS[side])
    if r.cards:
        _label(p, CARD_X + 44.5, y0 + 54, ", ".join(r.cards)[:40], 8)


def draw_pieces(p: Painter, battle: Battle, bleed: float) -> None:
    """The battle's pieces, cards and status line, over a board whose trim is ``bleed`` in."""
    with p.moved(bleed, bleed):
        for s in SECTORS:
            _group(p, battle.sectors[s], *sector_origin(s))
        for side in (SWEDEN, ENEMY):
            _reserve(p, battle.reserves[side], side, LEFT, RESERVE_Y[side])
        status = f"Round {battle.round} · {battle.phase}" + (f" · {battle.winner} wins" if battle.winner else "")
        p.text(290, 437, status, "serif-italic", 10, INK, "start")
