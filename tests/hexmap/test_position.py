"""The bot's picture of a position, and counters."""

from __future__ import annotations

from collections import Counter

import pytest

from generator.errors import DataError
from generator.hexmap.counters import load_counters
from generator.games import load_game_map
from generator.hexmap.position import position_scene, write_position

from .conftest import REPO, STOCKHOLM

POSITION = {
    "map": "stockholm1520", "round": 3, "propaganda": 1, "bridge_open": True, "defected_castles": ["0605"],
    "swedish": [{"id": "cav1", "type": "cavalry", "hex": "1007"}],
    "danish": [{"id": "A2-cav", "type": "cavalry", "hex": "1004", "zone": "A", "road": 2},
               {"id": "prop1", "type": "propagandist", "hex": "1004", "zone": "A", "road": 2}],
    "last_moves": [["0703", "0803", "0904", "1004"]],
}


@pytest.fixture(scope="module")
def board():
    return load_game_map(STOCKHOLM)


def test_position_scene_shows_units_and_state(board):
    scene = position_scene(board, POSITION)
    words = " ".join(t.text for t in scene.walk_text())
    assert "Round 3" in words and "Propaganda 1" in words and "Bridge open" in words
    assert "cav1" in words and "A2-cav · A2" in words and "DEFECTED" in words and "OPEN" in words


def test_position_writes_svg_and_png(board, tmp_path):
    paths = write_position(board, POSITION, tmp_path / "pos.svg", dpi=20)
    assert [p.suffix for p in paths] == [".svg", ".png"]
    assert paths[1].read_bytes()[:4] == b"\x89PNG"


def test_defected_castle_by_name(board):
    scene = position_scene(board, dict(POSITION, defected_castles=["Karlberg"]))
    assert "DEFECTED" in [t.text for t in scene.walk_text()]


def test_position_rejects_unknown_hex(board):
    bad = dict(POSITION, swedish=[{"id": "cav1", "type": "cavalry", "hex": "9999"}])
    with pytest.raises(DataError, match="9999"):
        position_scene(board, bad)


def test_counters_file():
    cs = load_counters(REPO / "data" / "stockholm1520" / "counters.yaml")
    assert cs.size_mm == 20
    by_id = {c.id: c for c in cs.counters}
    assert by_id["swe-cavalry"].front.movement == 3            # from troops.yaml
    assert by_id["castle-marker"].back.label == "Defected"
    assert {"kristina", "christian-ii", "ship", "dan-propagandist", "swe-militia"} <= set(by_id)


def test_counters_must_fit_the_hex(tmp_path):
    src = (REPO / "data" / "stockholm1520")
    for name in ("map.yaml", "zones.yaml", "troops.yaml"):
        (tmp_path / name).write_text((src / name).read_text(encoding="utf-8"), encoding="utf-8")
    text = (src / "counters.yaml").read_text(encoding="utf-8").replace("size_mm: 20 ", "size_mm: 24 ")
    (tmp_path / "counters.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match="do not fit hexes of 26 mm"):
        load_counters(tmp_path / "counters.yaml")


def test_last_moves_are_numbered_in_their_order(board):
    moves = [["0703", "0803", "0904"], ["1004", "1005"], ["0903"], ["1103", "1104"]]
    with_moves = Counter(t.text for t in position_scene(board, dict(POSITION, last_moves=moves)).walk_text())
    without = Counter(t.text for t in position_scene(board, dict(POSITION, last_moves=[])).walk_text())
    assert with_moves - without == Counter(["1", "2", "4"])      # a one-hex path draws no arrow


def test_highlight_marks_hexes_with_labels_and_are_not_units(board):
    marks = [{"hex": "1006", "label": "1", "kind": "reach"}, {"hex": "1004", "label": "win", "kind": "target"}]
    scene = position_scene(board, dict(POSITION, highlight=marks))
    words = [t.text for t in scene.walk_text()]
    assert "win" in words and "1" in words
    assert not any("highlight" in w for w in words)              # not drawn as a side's counters
    with pytest.raises(DataError, match="highlight"):
        position_scene(board, dict(POSITION, highlight=[{"hex": "9999"}]))
