"""Kristina ringed by six Swedish units (the formation `place auto` makes): the Danes still
follow their own roads as far as they go (rules-notes 22, 24), never "blocked completely"
unless a block really stands on their road."""

import pytest

from bot.stockholm1520.ask import answer
from bot.stockholm1520.game import Game
from tests.bot.helpers import real_game

RING = [("s1", "pikemen", "0909"), ("s2", "pikemen", "0910"), ("s3", "pikemen", "1008"),
        ("s4", "pikemen", "1010"), ("s5", "cavalry", "1109"), ("s6", "cavalry", "1110")]


def _position(danish, swedish=RING):
    return {"map": "stockholm1520", "round": 1, "propaganda": 0, "bridge_open": False,
            "swedish": [{"id": i, "type": t, "hex": h} for i, t, h in swedish],
            "danish": [{"id": i, "type": t, "hex": h, "zone": z, "road": r} for i, t, h, z, r in danish]}


def _road(zone, number):
    return real_game().board.road(zone, number)


def test_place_auto_ring_troops_keep_their_road():
    game = Game(1, real_game())
    game.apply("place auto")
    game.apply("round E-MOVE-R Z-A1-B Z-A1-G Z-A1-R Z-D2-B")
    events = game.apply("enemy")
    a1 = _road("A", 1)
    moved = [e for e in events if e.get("unit", "").startswith("A1-")]
    assert moved
    for e in moved:
        assert "blocked completely" not in e["reason"], e
        assert set(e["path"]) <= set(a1.path) | set(a1.lineup), e
        assert "every space next to Kristina is held" in e["reason"]


def test_ask_with_kristina_ringed_follows_each_road_and_says_so():
    data = _position([("A1-xbow", "crossbowmen", "0502", "A", 1), ("B5-cav", "cavalry", "1804", "B", 5),
                      ("C4-pike", "pikemen", "0716", "C", 4)])
    acted = set()
    for _ in range(8):
        result = answer(data, real_game())
        for act in result["actions"]:
            acted.add(act["unit"])
            assert "blocked completely" not in act["reason"], act
            unit = next(d for d in data["danish"] if d["id"] == act["unit"])
            road = _road(unit["zone"], unit["road"])
            assert set(act["path"]) <= set(road.path) | set(road.lineup), act
        data = result["position"]
    assert acted == {"A1-xbow", "B5-cav", "C4-pike"}          # every unit's moves were checked


@pytest.mark.parametrize("unit, start, road, ring_type, end", [
    ("A1-xbow", "0502", ("A", 1), "cavalry", "0808"),
    ("B5-cav", "1804", ("B", 5), "pikemen", "1208"),
    ("C4-pike", "0716", ("C", 4), "crossbowmen", "0809")])
def test_ringed_troop_walks_to_the_end_of_its_road_and_waits(unit, start, road, ring_type, end):
    troop = {"xbow": "crossbowmen", "cav": "cavalry", "pike": "pikemen"}[unit.split("-")[1]]
    data = _position([(unit, troop, start, *road)], swedish=[(i, ring_type, h) for i, _, h in RING])
    path = [start]
    for _ in range(8):
        result = answer(data, real_game())
        act = result["actions"][0]
        assert "blocked completely" not in act["reason"], act
        path += act["path"][1:]
        data = result["position"]
    assert path[-1] == end
    r = _road(*road)
    assert set(path) <= set(r.path) | set(r.lineup)
    assert "next to the Swedish ring" in act["reason"] and act["path"] == [end]


def test_ringed_troop_attacks_a_ring_unit_it_can_kill():
    data = _position([("A1-cav", "cavalry", "0708", "A", 1)],
                     swedish=[(i, "crossbowmen" if h == "0909" else t, h) for i, t, h in RING])
    act = answer(data, real_game())["actions"][0]
    assert act["attack"] == {"target": "s1", "outcome": "win"}


def test_a_real_block_on_the_road_is_still_a_choke_point():
    # Norrbro (1005-1006-1007) and Blasieholmen (1206-1207) held by units a cavalry troop cannot beat: road A3 has no way
    # round within its corridor, so it is blocked completely there, named as such.
    data = _position([("A3-cav", "cavalry", "0903", "A", 3)],
                     swedish=[("b1", "pikemen", "1005"), ("b2", "pikemen", "1006"), ("b3", "pikemen", "1007"),
                               ("b4", "pikemen", "1206"), ("b5", "pikemen", "1207")])
    reason = answer(data, real_game())["actions"][0]["reason"]
    assert "blocked completely at 1005 by Swedish pikemen b1" in reason
