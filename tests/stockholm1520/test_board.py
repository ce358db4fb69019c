"""The shipped Stockholm 1520 board keeps the promises of the rulebook (sections cited)."""

from __future__ import annotations

import pytest

from generator.kit.datafiles import load_yaml
from generator.loading.games import load_game_map
from games.stockholm1520.roads import feature_roads, feature_zone, road_network

from .conftest import REPO, STOCKHOLM


@pytest.fixture(scope="module")
def board():
    return load_game_map(STOCKHOLM)


def test_hexes_hold_a_20mm_counter(board):
    assert board.layout.flat_mm >= 25


def test_roads_match_zone_file(board):
    zones = load_yaml(REPO / "data" / "stockholm1520" / "zones.yaml")["zones"]
    expected = {(z, n) for z, spec in zones.items() for n in range(1, spec["roads"] + 1)}
    assert {(r.zone, r.number) for r in road_network(board).roads} == expected
    assert road_network(board).road("C", 4)                           # Christian II arrives there (3.2)


def test_every_road_connected_and_reaches_kristina(board):
    kristina = board.hexes_of("kristina")
    assert len(kristina) == 1
    for road in road_network(board).roads:
        assert road.path[-1] == kristina[0], road.name
        for a, b in zip(road.path, road.path[1:]):
            assert board.distance(a, b) == 1, (road.name, a, b)
            assert board.passable(b)
        if road.name == "C5":                            # over the bridge: 6 once it opens
            assert board.hexes_of("bridge")[0] in road.path and len(road.path) - 1 == 6
            continue
        assert 7 <= len(road.path) - 1 <= 14, road.name  # 3-5 turns at 2-3 hexes a turn


def test_lineups_behind_the_entry(board):
    kristina = board.hexes_of("kristina")[0]
    for road in road_network(board).roads:
        assert len(road.lineup) == 2
        chain = [road.entry] + road.lineup
        for a, b in zip(chain, chain[1:]):
            assert board.distance(a, b) == 1
            assert board.distance(b, kristina) > board.distance(a, kristina) - 1
        assert not any(board.cells[h].playfield for h in road.lineup)


def test_stockholm_is_an_island_reached_by_chokepoints(board):
    town = set(board.hexes_of("stockholm"))
    assert "1009" in town and len([h for h in town if board.passable(h)]) >= 7   # 6 units + Kristina
    ways_in = {n for h in town for n in board.neighbours(h) if n not in town and board.passable(n)}
    assert ways_in == {"1006", "1207", "0608", "0609", "1011"}


def test_bridge_is_the_only_way_south_of_stockholm(board):
    bridge = board.hexes_of("bridge")[0]
    kristina = board.hexes_of("kristina")[0]
    c5 = road_network(board).road("C", 5)
    # C5 is the only road over the bridge, and the bridge is its short way (6 hexes, not 14)
    assert [r.name for r in road_network(board).roads if bridge in r.path] == ["C5"]
    with_bridge = board.shortest_path(c5.entry, kristina)
    assert bridge in with_bridge and len(with_bridge) - 1 == len(c5.path) - 1 == 6
    # with the bridge closed, the way round from C5's entry is by the ford: 14 hexes
    from collections import deque
    dist, queue = {c5.entry: 0}, deque([c5.entry])
    while queue:
        h = queue.popleft()
        for n in board.neighbours(h):
            if n not in dist and board.passable(n) and n != bridge:
                dist[n] = dist[h] + 1
                queue.append(n)
    assert dist[kristina] == 14
    assert board.cells[bridge].row > board.cells[kristina].row           # south side


def test_propagandist_spawns(board):
    spawns = board.features_of("propagandist_spawn")
    assert sorted(feature_zone(f) for f in spawns) == ["A", "B", "C", "D", "D"]
    d = {tuple(feature_roads(f)): f.hexes[0] for f in spawns if feature_zone(f) == "D"}
    assert d[(1, 2)] in road_network(board).road("D", 2).path and d[(3,)] in road_network(board).road("D", 3).path
    castles = board.hexes_of("castle")
    for f in spawns:
        turns = min(len(board.shortest_path(f.hexes[0], c)) - 1 for c in castles)
        assert 3 <= turns <= 6, f


def test_ship_lane_takes_five_turns_to_the_port(board):
    [lane] = board.features_of("ship_lane")
    assert lane.hexes[-1] == board.hexes_of("port")[0]
    assert len(lane.hexes) - 1 == 5
    for a, b in zip(lane.hexes, lane.hexes[1:]):
        assert board.distance(a, b) == 1


def test_militia_space_close_to_zone_c(board):
    militia = board.hexes_of("militia")[0]
    nearest = min(((min(board.distance(militia, r.entry) for r in road_network(board).roads if r.zone == z)), z) for z in "ABCD")
    assert nearest[1] == "C"
    assert set(board.hexes_of("training")) <= set(board.hexes_of("stockholm"))
