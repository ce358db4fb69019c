"""Small map files written on the fly, so each validation test changes one thing."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
#: The generic painter's test board and counters: every part of the format, no game's code.
BOARD = Path(__file__).resolve().parent / "data" / "map.yaml"
COUNTERS = BOARD.parent / "counters.yaml"

# 5 x 4 grid, even columns low. Goal at 0302. Water at 0204. A river between 0203 and 0303.
# The generic format only: a game's overlay keys (tests/stockholm1520) are refused here.
SMALL = """\
id: small
title: Small test map
grid: {cols: 5, rows: 4, flat_mm: 25, low_columns: even}
rules: {exactly_one: [goal]}
terrains:
  - {name: land, key: L, fill: "#ddcb98"}
  - {name: water, key: W, fill: "#a8bdb3", passable: false}
terrain_rows: |
  l L L L l
  L L L L L
  L L L L L
  L W L L L
features:
  - {kind: goal, hexes: ["0302"], name: Goal}
  - {kind: camp, hexes: ["0501", "0502"], name: Camp}
hexsides:
  - {kind: river, sides: [["0203", "0303"], ["0303", "0403"]]}
"""


def write_map(tmp_path: Path, text: str = SMALL) -> Path:
    path = tmp_path / "map.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


@pytest.fixture
def small_map_path(tmp_path: Path) -> Path:
    return write_map(tmp_path)
