"""Map loading: the API the bot uses, and one clear message per kind of mistake."""

from __future__ import annotations

import pytest

from generator.errors import DataError
from generator.games import load_game_map

from .conftest import SMALL, write_map


def messages(tmp_path, text, zones=None):
    path = write_map(tmp_path, text) if zones is None else write_map(tmp_path, text, zones)
    with pytest.raises(DataError) as err:
        load_game_map(path)
    return [str(p) for p in err.value.problems]


def test_small_map_loads(small_map_path):
    m = load_game_map(small_map_path)
    assert (m.cols, m.rows) == (5, 4)
    assert len(m.cells) == 20
    assert m.cells["0101"].playfield is False and m.cells["0201"].playfield is True
    assert not m.passable("0204") and m.passable("0203")
    assert m.road("B", 2).path[-1] == "0302" == m.hexes_of("goal")[0]
    assert m.road("A", 1).lineup == ["0101"]
    assert m.neighbours("0101") == ["0201", "0102"]     # grid edge cut off, fixed order
    assert m.distance("0101", "0504") == 5


def test_neighbour_order_is_fixed(small_map_path):
    m = load_game_map(small_map_path)
    # 0302 is in an odd (high) column: SE, NE, N, NW, SW, S
    assert m.neighbours("0302") == ["0402", "0401", "0301", "0201", "0202", "0303"]


def test_unknown_terrain(tmp_path):
    text = SMALL.replace("  L W L L L\n", "  L W L L X\n")
    [msg] = messages(tmp_path, text)
    assert "unknown terrain key 'X' in row 4, column 5" in msg
    assert "map.yaml:13:" in msg                      # the line of that row


def test_unknown_terrain_in_hex_override(tmp_path):
    [msg] = messages(tmp_path, SMALL + 'hexes:\n  "0303": {terrain: lava}\n')
    assert "unknown terrain 'lava'" in msg and "hexes.0303.terrain" in msg


def test_road_that_jumps(tmp_path):
    text = SMALL.replace('path: ["0102", "0202", "0302"]', 'path: ["0102", "0302"]')
    [msg] = messages(tmp_path, text)
    assert "road A1 jumps from 0102 to 0302, which are not adjacent" in msg
    assert ":17:" in msg


def test_road_that_does_not_reach_the_goal(tmp_path):
    text = SMALL.replace('path: ["0102", "0202", "0302"]', 'path: ["0102", "0202", "0203"]')
    [msg] = messages(tmp_path, text)
    assert "road A1 does not reach the goal at 0302: it ends at 0203" in msg


def test_road_through_water(tmp_path):
    text = SMALL.replace('path: ["0102", "0202", "0302"]', 'path: ["0103", "0204", "0303", "0302"]')
    msgs = messages(tmp_path, text)
    assert any("road A1 crosses water at 0204 (impassable)" in m for m in msgs)


def test_hex_outside_grid(tmp_path):
    text = SMALL.replace('hexes: ["0302"], name: Goal', 'hexes: ["0302", "0905"], name: Goal')
    msgs = messages(tmp_path, text)
    assert any("goal hex 0905 is outside the grid" in m for m in msgs)


def test_duplicate_road(tmp_path):
    text = SMALL.replace("zone: B, number: 2", "zone: B, number: 1")
    msgs = messages(tmp_path, text)
    assert any("duplicate road B1" in m for m in msgs)
    assert any("road B2 is in zones.yaml but has no path on the map" in m for m in msgs)


def test_duplicate_hex_key(tmp_path):
    msgs = messages(tmp_path, SMALL + 'hexes:\n  "0303": {label: a}\n  "0303": {label: b}\n')
    assert any("duplicate key '0303'" in m for m in msgs)


def test_duplicate_terrain(tmp_path):
    text = SMALL.replace('  - {name: water, key: W', '  - {name: land, key: W')
    msgs = messages(tmp_path, text)
    assert any("duplicate terrain name 'land'" in m for m in msgs)


def test_roads_must_match_zone_file(tmp_path):
    zones = "zones:\n  A: {name: North, roads: 1}\n  B: {name: East, roads: 3}\n  C: {name: South, roads: 1}\n"
    msgs = messages(tmp_path, SMALL, zones)
    assert any("road B3 is in zones.yaml but has no path on the map" in m for m in msgs)
    assert any("road C1 is in zones.yaml" in m for m in msgs)
    zones = "zones:\n  A: {name: North, roads: 1}\n  B: {name: East, roads: 1}\n"
    msgs = messages(tmp_path, SMALL, zones)
    assert any("road B2: zone B has only 1 roads in zones.yaml" in m for m in msgs)


def test_unquoted_octal_hex_id(tmp_path):
    text = SMALL.replace('lineup: ["0101"]', "lineup: [0101]")
    msgs = messages(tmp_path, text)
    assert any("write hex ids in quotes" in m for m in msgs)


def test_lineup_checks(tmp_path):
    text = SMALL.replace('lineup: ["0504"]', 'lineup: ["0101"]')
    msgs = messages(tmp_path, text)
    assert any("road B1: lineup space 0101 is not next to 0503" in m for m in msgs)
    assert any("lineup space 0101 is also a lineup space of road A1" in m for m in msgs)


def test_missing_goal_rule(tmp_path):
    text = SMALL.replace("rules: {exactly_one: [goal], roads_end_at: goal, lineup: 1}", "rules: {lineup: 1}")
    msgs = messages(tmp_path, text)
    assert any("rules.roads_end_at" in m for m in msgs)


def test_all_problems_at_once(tmp_path):
    text = SMALL.replace('path: ["0102", "0202", "0302"]', 'path: ["0102", "0302"]').replace(
        "  L W L L L\n", "  L W L L X\n")
    assert len(messages(tmp_path, text)) == 2


def test_text_without_glyphs_is_refused(tmp_path):
    from generator.errors import BuildError
    from generator.hexmap.draw import draw_map
    m = load_game_map(write_map(tmp_path, SMALL + 'hexes:\n  "0303": {label: "Fort \u2605"}\n'))
    with pytest.raises(BuildError, match="no glyph"):
        draw_map(m)


def test_unknown_field_and_bad_value(tmp_path):
    msgs = messages(tmp_path, SMALL.replace("flat_mm: 25", "flat_mm: -1, colour: red"))
    assert any("grid.flat_mm" in m for m in msgs)
    assert any("unknown field" in m and "grid.colour" in m for m in msgs)
