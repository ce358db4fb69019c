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
ORDINAL_RED = "#521b13"     # the lineup's small '1st/2nd/3rd': darker, 4.5:1 even over the trees

# Christian II's ship lane (board_art): its numbers and name darker than the water ink of its
# dotted course, 4.5:1 on the sea and on their pale discs.
LANE_INK = "#2a4247"
