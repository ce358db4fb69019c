"""Stockholm 1520's own map keys (its overlay: zones, roads, lineups) on small maps written on
the fly beside a game.yaml naming the game's code, and its shipped board."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
STOCKHOLM = REPO / "data" / "stockholm1520" / "map.yaml"

GAME = "id: roadtest\ncode: stockholm1520\ntitle: Road test\n"

ZONES = """\
zones:
  A: {name: North, roads: 1}
  B: {name: East, roads: 2}
"""

# 5 x 4 grid, even columns low. Goal at 0302. Water at 0204.
SMALL = """\
id: small
title: Small test map
zones: zones.yaml
grid: {cols: 5, rows: 4, flat_mm: 25, low_columns: even}
rules: {exactly_one: [goal], roads_end_at: goal, lineup: 1}
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
roads:
  - {zone: A, number: 1, path: ["0102", "0202", "0302"], lineup: ["0101"]}
  - {zone: B, number: 1, path: ["0503", "0402", "0302"], lineup: ["0504"]}
  - {zone: B, number: 2, path: ["0504", "0403", "0303", "0302"], lineup: ["0404"]}
"""


def write_map(tmp_path: Path, text: str = SMALL, zones: str = ZONES) -> Path:
    """The map, its zone file and a game.yaml naming Stockholm 1520's code, in one folder."""
    (tmp_path / "game.yaml").write_text(GAME, encoding="utf-8")
    (tmp_path / "zones.yaml").write_text(zones, encoding="utf-8")
    path = tmp_path / "map.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


@pytest.fixture
def small_map_path(tmp_path: Path) -> Path:
    return write_map(tmp_path)
