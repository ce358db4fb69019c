"""A game position drawn on a board with a game's counters: units, arrows, highlights, status
(the test board and counters of tests/hexmap/data; what Stockholm 1520's code adds to its
positions: tests/stockholm1520/test_position_art.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from generator.core.errors import DataError
from generator.hexart.position import position_scene, write_position
from generator.hexmap.counterfile import load_counters
from generator.hexmap.loader import load_map

from .conftest import BOARD, COUNTERS

POSITION = {
    "round": 3, "turn": 2,
    "red": [{"id": "h1", "type": "horse", "hex": "0802"}],
    "blue": [{"id": "f1", "type": "foot", "hex": "0806", "zone": "A", "road": 2},
             {"id": "f2", "type": "foot", "hex": "0806"}],
    "last_moves": [["0506", "0606", "0706", "0806"]],
}


@pytest.fixture(scope="module")
def board():
    return load_map(BOARD)


@pytest.fixture(scope="module")
def counters():
    return load_counters(COUNTERS)


def test_position_scene_shows_units_and_state(board, counters):
    scene = position_scene(board, POSITION, counters)
    words = [t.text for t in scene.walk_text()]
    assert any("Round 3" in w for w in words)
    assert {"h1", "f1", "f2"} <= set(words)
    assert not any("A2" in w for w in words)            # a road is a game's idea: no game, no road note


def test_position_writes_svg_and_png(board, counters, tmp_path):
    paths = write_position(board, POSITION, tmp_path / "pos.svg", dpi=20, counters=counters)
    assert [p.suffix for p in paths] == [".svg", ".png"]
    assert paths[1].read_bytes()[:4] == b"\x89PNG"
    assert "h1" in paths[0].read_text(encoding="utf-8")


def test_position_without_counters_draws_plain_faces(board):
    words = [t.text for t in position_scene(board, POSITION).walk_text()]
    assert {"h1", "f1"} <= set(words)


def test_position_rejects_unknown_hex(board):
    bad = dict(POSITION, red=[{"id": "h1", "type": "horse", "hex": "9999"}])
    with pytest.raises(DataError, match="9999"):
        position_scene(board, bad)


def test_counters_file(counters):
    assert counters.size_mm == 20
    by_id = {c.id: c for c in counters.counters}
    assert by_id["red-horse"].front.movement == 3 and by_id["red-horse"].quantity == 2
    assert by_id["turn-marker"].back.label == "Last turn"
    assert counters.look.sides["red"].flag == ("#9c2b23", "#f3ecdc")


def test_counters_must_fit_the_hex(tmp_path):
    (tmp_path / "map.yaml").write_text(BOARD.read_text(encoding="utf-8"), encoding="utf-8")
    text = COUNTERS.read_text(encoding="utf-8").replace("size_mm: 20 ", "size_mm: 24 ")
    (tmp_path / "counters.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match="do not fit hexes of 26 mm"):
        load_counters(tmp_path / "counters.yaml")


def test_last_moves_are_numbered_in_their_order(board):
    moves = [["0506", "0606", "0706"], ["0802", "0803"], ["0903"], ["0102", "0202"]]
    with_moves = Counter(t.text for t in position_scene(board, dict(POSITION, last_moves=moves)).walk_text())
    without = Counter(t.text for t in position_scene(board, dict(POSITION, last_moves=[])).walk_text())
    assert with_moves - without == Counter(["1", "2", "4"])      # a one-hex path draws no arrow


def test_highlight_marks_hexes_with_labels_and_are_not_units(board):
    marks = [{"hex": "0803", "label": "1", "kind": "reach"}, {"hex": "0806", "label": "win", "kind": "target"}]
    scene = position_scene(board, dict(POSITION, highlight=marks))
    words = [t.text for t in scene.walk_text()]
    assert "win" in words and "1" in words
    assert not any("highlight" in w for w in words)              # not drawn as a side's counters
    with pytest.raises(DataError, match="highlight"):
        position_scene(board, dict(POSITION, highlight=[{"hex": "9999"}]))


def test_a_games_counter_keys_are_unknown_without_its_code(tmp_path):
    """``troops:`` is Stockholm 1520's key (its counter overlay): in a folder of no game it is a typo."""
    (tmp_path / "map.yaml").write_text(BOARD.read_text(encoding="utf-8"), encoding="utf-8")
    text = COUNTERS.read_text(encoding="utf-8").replace("map: map.yaml\n", "map: map.yaml\ntroops: troops.yaml\n")
    (tmp_path / "counters.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match="troops"):
        load_counters(tmp_path / "counters.yaml")
