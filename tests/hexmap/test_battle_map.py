"""The second shipped map (the 004 battle aid): same format, different game."""

from __future__ import annotations

import pytest

from generator.hexmap.edges import chain, shared_edge
from generator.hexmap.loader import load_map

from .conftest import REPO

BATTLE = REPO / "data" / "breitenfeld1631" / "map.yaml"


@pytest.fixture(scope="module")
def battle():
    return load_map(BATTLE)


def test_hexrows_0100_and_2300_are_the_exit_edges(battle):
    assert battle.cols == 23
    edges = {f.name.split(",")[0]: f.hexes for f in battle.features_of("exit_edge")}
    assert all(h.startswith("01") for h in edges["0100 hexrow"])
    assert all(h.startswith("23") for h in edges["2300 hexrow"])
    assert len(edges["0100 hexrow"]) == battle.rows


def test_terrain_named_by_the_aid(battle):
    used = {c.terrain for c in battle.cells.values()}
    assert {"woods", "forest", "town", "hilltop", "clear"} <= used
    assert battle.overlay is None and battle.art is None       # the generic format, no game's code


def test_each_river_is_one_unbroken_line(battle):
    rivers = [s for s in battle.hexsides if s.kind == "river"]
    assert len(rivers) == 2
    for river in rivers:
        lines = chain([shared_edge(battle, a, b) for a, b in river.sides])
        assert len(lines) == 1, river.name
