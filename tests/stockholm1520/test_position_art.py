"""What Stockholm 1520's code adds to a position view on its board (board_art): the propaganda
meter and the bridge in the status line, defected castles, the open bridge, the road a unit
walks under its counter; and its counters, whose troops come from troops.yaml."""

from __future__ import annotations

import pytest

from generator.core.errors import DataError
from generator.hexart.position import position_scene
from generator.loading.games import load_game_map, load_game_counters

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


def test_defected_castle_by_name(board):
    scene = position_scene(board, dict(POSITION, defected_castles=["Karlberg"]))
    assert "DEFECTED" in [t.text for t in scene.walk_text()]


def test_defected_castle_must_be_on_the_map(board):
    with pytest.raises(DataError, match="defected castle 'Nowhere'"):
        position_scene(board, dict(POSITION, defected_castles=["Nowhere"]))


def test_counters_file():
    cs = load_game_counters(REPO / "data" / "stockholm1520" / "counters.yaml")
    assert cs.size_mm == 20
    by_id = {c.id: c for c in cs.counters}
    assert by_id["swe-cavalry"].front.movement == 3            # from troops.yaml
    assert by_id["castle-marker"].back.label == "Defected"
    assert {"kristina", "christian-ii", "ship", "dan-propagandist", "swe-militia"} <= set(by_id)


def _kit_copy(tmp_path, replace: tuple[str, str]):
    src = REPO / "data" / "stockholm1520"
    for name in ("game.yaml", "map.yaml", "zones.yaml", "troops.yaml"):
        (tmp_path / name).write_text((src / name).read_text(encoding="utf-8"), encoding="utf-8")
    text = (src / "counters.yaml").read_text(encoding="utf-8")
    assert replace[0] in text
    (tmp_path / "counters.yaml").write_text(text.replace(*replace), encoding="utf-8")
    return tmp_path / "counters.yaml"


def test_a_troop_has_one_home_the_troops_file(tmp_path):
    path = _kit_copy(tmp_path, ("  cavalry: {emblem: horseshoe}", '  cavalry: {emblem: horseshoe, colour: "#123456"}'))
    with pytest.raises(DataError) as err:
        load_game_counters(path)
    [problem] = err.value.problems
    assert "the colour of cavalry comes from the troops file (troops.yaml): give it there only" in str(problem)
    assert problem.field == "types.cavalry.colour"


def test_the_troops_file_must_sit_beside_the_counters(tmp_path):
    path = _kit_copy(tmp_path, ("troops: troops.yaml", "troops: ../troops.yaml"))
    with pytest.raises(DataError, match="it must sit beside the counters file"):
        load_game_counters(path)
