"""Stockholm 1520's overlay on the map format: zones, roads and lineups read, checked with one
clear message per kind of mistake, and given to the bot and the painter (road_network)."""

from __future__ import annotations

import pytest

from generator.core.errors import DataError
from generator.loading.games import load_game_map
from games.stockholm1520.roads import feature_roads, feature_zone, road_network

from .conftest import SMALL, write_map


def messages(tmp_path, text, zones=None):
    path = write_map(tmp_path, text) if zones is None else write_map(tmp_path, text, zones)
    with pytest.raises(DataError) as err:
        load_game_map(path)
    return [str(p) for p in err.value.problems]


def test_small_map_loads_with_its_roads(small_map_path):
    m = load_game_map(small_map_path)
    network = road_network(m)
    assert m.art == "stockholm1520"
    assert network.road("B", 2).path[-1] == "0302" == m.hexes_of("goal")[0]
    assert network.road("A", 1).lineup == ["0101"] and network.road("A", 1).name == "A1"
    assert [(z.letter, z.name, z.roads) for z in network.zones.values()] == [("A", "North", 1), ("B", "East", 2)]
    with pytest.raises(KeyError):
        network.road("C", 1)


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


def test_duplicate_road(tmp_path):
    text = SMALL.replace("zone: B, number: 2", "zone: B, number: 1")
    msgs = messages(tmp_path, text)
    assert any("duplicate road B1" in m for m in msgs)
    assert any("road B2 is in zones.yaml but has no path on the map" in m for m in msgs)


def test_roads_must_match_zone_file(tmp_path):
    zones = "zones:\n  A: {name: North, roads: 1}\n  B: {name: East, roads: 3}\n  C: {name: South, roads: 1}\n"
    msgs = messages(tmp_path, SMALL, zones)
    assert any("road B3 is in zones.yaml but has no path on the map" in m for m in msgs)
    assert any("road C1 is in zones.yaml" in m for m in msgs)
    zones = "zones:\n  A: {name: North, roads: 1}\n  B: {name: East, roads: 1}\n"
    msgs = messages(tmp_path, SMALL, zones)
    assert any("road B2: zone B has only 1 roads in zones.yaml" in m for m in msgs)


def test_zone_file_must_sit_beside_the_map(tmp_path):
    msgs = messages(tmp_path, SMALL.replace("zones: zones.yaml", "zones: ../zones.yaml"))
    assert any("the zone file must sit beside the map" in m for m in msgs)


def test_unquoted_octal_hex_id_in_a_lineup(tmp_path):
    text = SMALL.replace('lineup: ["0101"]', "lineup: [0101]")
    msgs = messages(tmp_path, text)
    assert any("write hex ids in quotes" in m and "roads.0.lineup.0" in m for m in msgs)


def test_lineup_checks(tmp_path):
    text = SMALL.replace('lineup: ["0504"]', 'lineup: ["0101"]')
    msgs = messages(tmp_path, text)
    assert any("road B1: lineup space 0101 is not next to 0503" in m for m in msgs)
    assert any("lineup space 0101 is also a lineup space of road A1" in m for m in msgs)


def test_missing_goal_rule(tmp_path):
    text = SMALL.replace("rules: {exactly_one: [goal], roads_end_at: goal, lineup: 1}", "rules: {lineup: 1}")
    msgs = messages(tmp_path, text)
    assert any("rules.roads_end_at" in m for m in msgs)


def test_cover_roads_and_feature_zones(tmp_path):
    text = SMALL.replace("rules: {exactly_one: [goal], roads_end_at: goal, lineup: 1}",
                         "rules: {exactly_one: [goal], roads_end_at: goal, lineup: 1, cover_roads: [spawn]}")
    goal = '  - {kind: goal, hexes: ["0302"], name: Goal}\n'
    spawns = goal + '  - {kind: spawn, hexes: ["0202"], zone: A}\n  - {kind: spawn, hexes: ["0402"], zone: B, roads: [1]}\n'
    msgs = messages(tmp_path, text.replace(goal, spawns + "  - {kind: spawn, hexes: ['0403'], zone: E}\n"))
    assert any("unknown zone 'E' (zones: A, B)" in m and "features.3.zone" in m for m in msgs)
    assert any("no spawn serves road B2 (rules.cover_roads)" in m for m in msgs)
    m = load_game_map(write_map(tmp_path, text.replace(goal, spawns + '  - {kind: spawn, hexes: ["0403"], zone: B, roads: [2]}\n')))
    spawns = m.features_of("spawn")
    assert [(feature_zone(f), feature_roads(f)) for f in spawns] == [("A", []), ("B", [1]), ("B", [2])]


def test_all_problems_at_once(tmp_path):
    text = SMALL.replace('path: ["0102", "0202", "0302"]', 'path: ["0102", "0302"]').replace(
        "  L W L L L\n", "  L W L L X\n")
    assert len(messages(tmp_path, text)) == 2
