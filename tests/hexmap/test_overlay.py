"""The hooks any game's code may use on its maps (generator.hexmap.overlay), exercised by a
made-up game: extra keys (top level, rules, features) checked with their lines, a check whose
result the map keeps, art under, over and around the features, legend entries."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from generator.core.errors import DataError
from generator.hexart.board import draw_map
from generator.hexart.legend import legend_entries
from generator.hexart.ornaments import LegendEntry
from generator.hexmap.checks import build_map
from generator.hexmap.gameart import register_map_overlay
from generator.hexmap.model import HexMap
from generator.hexmap.overlay import MapOverlay, map_file_model
from generator.hexmap.schema import HexId, read_map_file
from generator.kit.datafiles import load_yaml

from .conftest import SMALL, write_map

GAME = "beacons-test"


class Keys(BaseModel):
    model_config = ConfigDict(extra="forbid")
    beacons: list[HexId] = []


class Rules(BaseModel):
    model_config = ConfigDict(extra="forbid")
    min_beacons: int = 0


class FeatureKeys(BaseModel):
    model_config = ConfigDict(extra="forbid")
    lit: bool = False


def check(raw, grid, problems) -> list[str]:
    for i, h in enumerate(raw.beacons):
        if grid.in_grid(h, problems, ["beacons", i], "beacon") and not grid.passable(h):
            problems.add(f"beacon {h} stands in water", ["beacons", i])
    if len(raw.beacons) < raw.rules.min_beacons:
        problems.add(f"at least {raw.rules.min_beacons} beacons (rules.min_beacons)", ["beacons"])
    return list(raw.beacons)


def _mark(word: str):
    def draw(s, hexmap: HexMap, *more) -> None:
        s.text(0, 0, f"{word}:{','.join(hexmap.overlay)}", size_pt=6)
    return draw


OVERLAY = MapOverlay(keys=Keys, rules=Rules, feature_keys=FeatureKeys, check=check,
                     under_features=_mark("under"), over_features=_mark("over"), margin=_mark("margin"),
                     legend=lambda hexmap: [LegendEntry("Beacon", lambda s, x, y: s.circle(x, y, 2, _style()))])


def _style():
    from generator.draw.scene import Style
    return Style(fill="#c00000")


def load(path: Path) -> HexMap:
    data = load_yaml(path)
    hexmap = build_map(read_map_file("map.yaml", data, map_file_model(OVERLAY)), data, path, OVERLAY.check)
    hexmap.art = GAME
    return hexmap


TEXT = SMALL.replace("rules: {exactly_one: [goal]}", "rules: {exactly_one: [goal], min_beacons: 1}").replace(
    '{kind: camp, hexes: ["0501", "0502"], name: Camp}', '{kind: camp, hexes: ["0501", "0502"], name: Camp, lit: true}'
) + 'beacons: ["0201", "0403"]\n'


def test_a_games_keys_are_read_checked_and_kept(tmp_path):
    register_map_overlay(GAME, OVERLAY)
    m = load(write_map(tmp_path, TEXT))
    assert m.overlay == ["0201", "0403"]
    assert [f.options for f in m.features] == [{"lit": False}, {"lit": True}]


def test_its_problems_come_with_their_lines(tmp_path):
    with pytest.raises(DataError) as err:
        load(write_map(tmp_path, TEXT.replace('beacons: ["0201", "0403"]', 'beacons: ["0204"]\nbeakons: 3')))
    messages = [str(p) for p in err.value.problems]
    assert any("unknown field" in m and "beakons" in m for m in messages)     # shape first: a typo is refused
    with pytest.raises(DataError) as err:
        load(write_map(tmp_path, TEXT.replace('beacons: ["0201", "0403"]', 'beacons: ["0204"]')))
    [problem] = err.value.problems
    assert "beacon 0204 stands in water" in problem.message and problem.field == "beacons.0" and problem.line == 18


def test_its_art_goes_under_over_and_around_the_features_and_into_the_legend(tmp_path):
    register_map_overlay(GAME, OVERLAY)
    m = load(write_map(tmp_path, TEXT + "decor: {panel: bottom, legend: panel}\n"))   # at 0101 it ran off the map
    words = [t.text for t in draw_map(m).walk_text()]
    assert words.index("under:0201,0403") < words.index("Camp") < words.index("over:0201,0403")
    assert "margin:0201,0403" in words
    labels = [e.label for e in legend_entries(m)]
    assert labels.index("Water") < labels.index("Beacon") < labels.index("River (hexside)")
