"""Stockholm 1520's colours for its own drawing code: the board's symbols and position marks
(``board_art``). The cards' colours are data (palette.yaml), the counters' are too
(counters.yaml), like the troops' (troops.yaml)."""

# The board and its positions: the sides' colours, and the rulebook's yellow spawn borders.
SWEDISH_BLUE = "#2f5a8a"
DANISH_RED = "#9c2b23"
DANISH_WHITE = "#f3ecdc"
SPAWN_YELLOW = "#e8bd1c"
CROWN_GOLD = "#c9a23c"
KRISTINA_STONE = "#efe0bd"

# The roads to Kristina, their entry badges, lineup spaces and zone names (road_art).
ROAD_CASING = "#6b4a2b"
ROAD_FILL = "#ecd7a6"
ZONE_RED = "#7a2e22"
