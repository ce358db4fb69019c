"""The look of the maps: sepia ink on parchment, muted period colours, serif faces.

One palette for the board, its legend, the counters and the position view, so every
picture looks like the same old map. A game's own colours (its sides' flags, the symbols
its code adds) live with the game: its data files and its code package.
"""

from __future__ import annotations

INK = "#4a3422"                 # sepia ink for lines and text
PARCHMENT = "#f1e4c3"
PARCHMENT_DARK = "#d9c59a"

PALETTE: dict[str, str] = {
    "stone": "#e6d8b8",
    "gold": "#c9a23c",
    "pennant": "#2f5a8a",         # a castle's pennant, a banner
    "rubric": "#9c2b23",          # the engraver's red: titles, map exits
    "playfield": "#3d6b35",       # the green outline of the playfield
    "bridge_ring": "#8b2a1e",
    "water_ink": "#4f6f75",
    "water_label": "#2b464d",     # water names: 4.5:1 or more on the map's grounds, the water's too
    "coast": "#3e4f4f",
    "river": "#5b8294",
    "tree": "#9aa56a",
    "conifer": "#6f8055",
    "roof": "#a4533a",
    "wood": "#8a6239",
    "rose_red": "#9c3b2b",
    "arrow": "#8b1e1e",
}

# Faces of generator.draw.fonts
FACE_TITLE = "title-bold"
FACE_LABEL = "title"
FACE_TEXT = "serif"
FACE_ITALIC = "serif-italic"
FACE_BOLD = "serif-bold"
