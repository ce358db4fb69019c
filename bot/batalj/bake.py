"""Batalj's data baked for the offline app at export time, from the kit with its full checks:
the Battlefield's art (the kit's board drawn once as SVG), the glyphs of the pieces' words
(``bot.web.glyph_bake``), the strength table read and checked (``bot.batalj.strength_table``).
The terminal's page draws from the same bytes (``terminal_art``): one way to draw a position."""

from __future__ import annotations

import json
from functools import lru_cache

from generator.draw.svg import render_svg

from bot.batalj.baked import BOARD, BOARD_SIZE, DECK, GLYPHS, BoardArt, board_art
from bot.batalj.pieces import FACES
from bot.batalj.show import board_scene
from bot.batalj.strength_table import load_strength_deck
from bot.web.glyph_bake import bake_glyphs


def _json(data: object) -> bytes:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, indent=0).encode()


@lru_cache(maxsize=1)
def _art() -> tuple[bytes, bytes, bytes]:
    board, bleed = board_scene()
    return (render_svg(board).encode(), _json({"width": board.width, "height": board.height, "bleed": bleed}),
            bake_glyphs(FACES))


def bake() -> dict[str, bytes]:
    """The files the offline app reads Batalj's data from (``bot.batalj.baked``), by name."""
    svg, size, glyph_table = _art()
    deck = [{"id": s.id, "soldiers": s.soldiers, "commanders": s.commanders, "cannons": s.cannons}
            for s in load_strength_deck()]
    return {BOARD: svg, BOARD_SIZE: size, GLYPHS: glyph_table, DECK: _json({"cards": deck})}


@lru_cache(maxsize=1)
def _terminal_art(svg: bytes, size: bytes, glyph_table: bytes) -> BoardArt:
    return board_art({BOARD: svg, BOARD_SIZE: size, GLYPHS: glyph_table})


def terminal_art() -> BoardArt:
    """The art the server's page draws with: the baked bytes, read back as the app reads them."""
    return _terminal_art(*_art())
