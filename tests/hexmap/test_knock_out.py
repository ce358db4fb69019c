"""A word's own ground on a map (issue 35, item 2): a map's label set across a river (a thick
line painted before it) gets a knock-out ground of the terrain under it from the painter, so
the collision rule finds nothing; without it the rule names the label and the line."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.draw.page import Page
from generator.hexart import ornaments
from generator.hexart.board import draw_map
from generator.loading.games import load_game_map
from generator.preflight import collisions
from generator.preflight.findings import Limits
from generator.preflight.page import PrintedPage


def _map(folder: Path) -> Path:
    path = folder / "river.yaml"
    path.write_text("""id: river
title: A river crossing
grid: {cols: 6, rows: 3, flat_mm: 30}
terrains:
  - {name: land, key: L, fill: "#ddcb98"}
terrain_rows: |
  L L L L L L
  L L L L L L
  L L L L L L
hexsides:
  - {kind: river, name: Brook, sides: [["0201", "0301"], ["0201", "0302"], ["0202", "0302"], ["0202", "0303"], ["0203", "0303"]]}
labels:
  - {text: The Long Meadow, at: "0202", dx_mm: 14, dy_mm: -2, size_pt: 14, style: land}
decor: {panel: bottom, legend: panel, cartouche: panel, scale: panel, compass: panel}
""", encoding="utf-8")
    return path


def _collisions(folder: Path) -> list[str]:
    scene = draw_map(load_game_map(_map(folder)))
    return [f.message() for f in collisions.check(PrintedPage(Page(scene, label="map"), "map.pdf", 1, Limits()))]


def test_a_label_across_a_river_has_its_ground_knocked_out(tmp_path: Path) -> None:
    assert _collisions(tmp_path) == []


def test_without_the_knock_out_the_river_under_the_label_is_found(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ornaments, "knock_out", lambda *args, **kwargs: None)
    found = _collisions(tmp_path)
    assert len(found) == 1 and "text 'The Long Meadow'" in found[0] and "a line painted under it" in found[0], found
