"""Stockholm 1520's overlay keeps the hex ids readable (issue 14): the lineup outlines stay
below the ids and the road name plates clear of them."""

from __future__ import annotations

import pytest

from generator.draw.scene import Scene
from generator.hexart.board import draw_board_layers
from generator.hexart.ornaments import hex_id_clearance
from generator.loading.games import load_game_map
from games.stockholm1520.palette import ZONE_RED
from games.stockholm1520.roads import road_network
from tests.hexmap.test_legibility import _ids, _paths

from .conftest import STOCKHOLM


@pytest.fixture(scope="module")
def board():
    return load_game_map(STOCKHOLM)


@pytest.fixture(scope="module")
def layers(board) -> Scene:
    s = Scene(1000, 1000)
    draw_board_layers(s, board)
    return s


def test_lineup_outlines_keep_below_the_hex_ids(board, layers):
    clearance = hex_id_clearance(board.layout.flat_mm)
    outlines = [p for p in _paths(layers.items) if p.style.dash and p.style.stroke == ZONE_RED]
    lineups = [h for r in road_network(board).roads for h in r.lineup]
    assert len(outlines) >= len(lineups)
    for hid in lineups:
        x, y = board.centre(hid)
        top = y - board.layout.flat_mm / 2
        near = [p for p in outlines if all(abs(c[1] - x) < 15 and abs(c[2] - y) < 13 for c in p.commands if len(c) == 3)]
        assert near, hid
        assert min(c[2] for p in near for c in p.commands if len(c) == 3) >= top + clearance - 1e-6, hid


def test_road_plates_stay_clear_of_the_hex_ids(board, layers):
    ids = _ids(layers, board)
    plates = [t for t in layers.walk_text() if t.size_pt == 6 and t.text in {r.name for r in road_network(board).roads}]
    assert plates
    for plate in plates:
        for text in ids.values():
            # a plate's box runs from 3.2 mm above its text's baseline to 0.8 below, 6.8 mm wide; an id
            # with its halo from 2.2 mm above its baseline to 0.5 below, about 7.4 mm wide
            assert not (abs(plate.x - text.x) < 7.1 and -3.7 < (text.y - plate.y) < 3.0), (plate.text, text.text)
