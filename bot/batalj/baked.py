"""Batalj's data as the offline app reads it back: the files ``bot.batalj.bake`` wrote at export
time (the Battlefield's art, the glyphs of the pieces' words, the designed strength deck), read
with the standard library. The terminal's server reads the same bytes, baked in its process,
so both pages draw and play alike."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from bot.batalj.strength import Strength
from bot.web.sketch import Glyphs

BOARD, BOARD_SIZE, GLYPHS, DECK = "board.svg", "board.json", "glyphs.json", "strength.json"
FILES = (BOARD, BOARD_SIZE, GLYPHS, DECK)


@dataclass(frozen=True)
class BoardArt:
    """The printed Battlefield as the page shows it: its SVG, its size and bleed (mm), and the
    glyphs the pieces' words are drawn with."""

    svg: bytes
    width: float
    height: float
    bleed: float
    glyphs: Glyphs


def read_files(folder: Path) -> dict[str, bytes]:
    """The baked files of ``folder``; FileNotFoundError naming the one missing."""
    return {name: (Path(folder) / name).read_bytes() for name in FILES}


def board_art(files: Mapping[str, bytes]) -> BoardArt:
    size = json.loads(files[BOARD_SIZE])
    return BoardArt(files[BOARD], float(size["width"]), float(size["height"]), float(size["bleed"]),
                    Glyphs.from_json(files[GLYPHS]))


def strength_deck(files: Mapping[str, bytes]) -> list[Strength]:
    """The designed strength deck, as baked from the kit's checked table."""
    return [Strength(str(c["id"]), int(c["soldiers"]), int(c["commanders"]), int(c["cannons"]))
            for c in json.loads(files[DECK])["cards"]]
