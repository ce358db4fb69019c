"""Stockholm 1520's colours for its own drawing code: the board's symbols and position marks
(``board_art``) and the Python card art (``art``). The counters' colours are data
(counters.yaml), like the troops' (troops.yaml)."""

# The board and its positions: the sides' colours, and the rulebook's yellow spawn borders.
SWEDISH_BLUE = "#2f5a8a"
DANISH_RED = "#9c2b23"
DANISH_WHITE = "#f3ecdc"
SPAWN_YELLOW = "#e8bd1c"
CROWN_GOLD = "#c9a23c"
KRISTINA_STONE = "#efe0bd"

# The cards.
PARCHMENT = "#f1e6c8"
PARCHMENT_DARK = "#e0cfa2"
INK = "#3b2a1a"
INK_FADED = "#7a6040"
GOLD = "#b08a3e"
CREAM = "#fbf5e3"
CARD_DANISH_RED = "#b0202e"
CARD_SWEDISH_BLUE = "#2a5aa0"
CARD_SWEDISH_YELLOW = "#f0c23a"
