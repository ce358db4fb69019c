"""The look of the maps: sepia ink on parchment, muted period colours, serif faces.

One palette for the board, its legend, the counters and the position view, so every
picture of the game looks like the same old map.
"""

from __future__ import annotations

INK = "#4a3422"                 # sepia ink for lines and text
PARCHMENT = "#f1e4c3"
PARCHMENT_DARK = "#d9c59a"

PALETTE: dict[str, str] = {
    "stone": "#e6d8b8",
    "gold": "#c9a23c",
    "swedish_blue": "#2f5a8a",
    "swedish_yellow": "#e0b73a",
    "danish_red": "#9c2b23",
    "danish_white": "#f3ecdc",
    "playfield": "#3d6b35",       # the rulebook's green outline
    "spawn": "#e8bd1c",           # the rulebook's yellow borders
    "bridge_closed": "#8b2a1e",
    "road_casing": "#6b4a2b",
    "road_fill": "#ecd7a6",
    "water_ink": "#4f6f75",
    "coast": "#3e4f4f",
    "river": "#5b8294",
    "tree": "#9aa56a",
    "conifer": "#6f8055",
    "roof": "#a4533a",
    "wood": "#8a6239",
    "rose_red": "#9c3b2b",
    "zone": "#7a2e22",
    "arrow": "#8b1e1e",
    "cavalry": "#a23a2e",         # red troops (rules 3.0)
    "crossbowmen": "#4e7a3a",     # green troops
    "pikemen": "#34598a",         # blue troops
}

# Faces of generator.draw.fonts
FACE_TITLE = "title-bold"
FACE_LABEL = "title"
FACE_TEXT = "serif"
FACE_ITALIC = "serif-italic"
FACE_BOLD = "serif-bold"
