"""`ask`: the Danish turn for a position file; the position format; bad positions."""

import json

import pytest

from bot.stockholm1520.ask import answer
from bot.stockholm1520.positions import position_from_json
from generator.core.errors import DataError
from tests.bot.helpers import position, real_game, small_game


def test_answer_lists_actions_result_and_the_position_after():
    data = position([("pike1", "pikemen", "1405"), ("xbow1", "crossbowmen", "1305")],
                    [("B1-cav", "cavalry", "1506", "B", 1), ("prop1", "propagandist", "0602")])
    result = answer(data, small_game(), "p.json")
    first = result["actions"][0]
    assert first["unit"] == "B1-cav" and first["path"] == ["1506", "1406", "1306"]
    assert first["attack"] == {"target": "xbow1", "outcome": "win"}
    assert "(4.0)" in first["reason"] and "(5.0)" in first["reason"]
    assert result["actions"][1]["unit"] == "prop1"
    assert result["result"] == "continue"
    after = result["position"]
    assert [u["id"] for u in after["swedish"]] == ["pike1"]
    # the position after is in the same format: it can be asked again
    json.dumps(after)
    position_from_json(after, "after", small_game())


def test_answer_is_the_same_every_time():
    data = position([("p", "pikemen", "0309")], [("c", "cavalry", "0310", "C", 1), ("x", "crossbowmen", "0105", "D", 2)])
    assert answer(data, small_game()) == answer(data, small_game())


def test_results_defeat_and_round_over():
    assert answer(position([], [("x", "pikemen", "0707", "D", 2)]), small_game())["result"] == "defeat"
    assert answer(position([("c", "cavalry", "1306")], [("c1", "cavalry", "1506", "B", 1)]), small_game())["result"] == "round over"


def test_a_bad_position_lists_every_problem_with_its_field():
    data = position([("a", "dragon", "0705"), ("b", "pikemen", "0409"), ("c", "pikemen", "9999")],
                    [("d", "cavalry", "0502")], round=12, extra_move=["knights"])
    with pytest.raises(DataError) as err:
        position_from_json(data, "bad.json", small_game())
    text = str(err.value)
    for expected in ("swedish[0].type", "dragon", "swedish[1].hex", "impassable", "swedish[2].hex",
                     "danish[0].road", "round", "extra_move"):
        assert expected in text
    assert text.count("bad.json") >= 6


def test_two_units_on_one_space_and_the_closed_bridge_are_refused():
    with pytest.raises(DataError, match="already taken by a"):
        position_from_json(position([("a", "pikemen", "0705"), ("b", "pikemen", "0705")]), "p", small_game())
    with pytest.raises(DataError, match="closed to the Danes"):
        position_from_json(position([], [("x", "pikemen", "0809", "C", 3)]), "p", small_game())
    position_from_json(position([], [("x", "pikemen", "0809", "C", 3)], bridge_open=True), "p", small_game())


def test_a_position_for_another_map_is_refused_with_the_way_out():
    with pytest.raises(DataError, match=r"for map 'stockholm1520'.*--game DIR") as err:
        position_from_json({"map": "stockholm1520"}, "p.json", small_game())
    assert "p.json: field 'map'" in str(err.value)


def test_the_map_names_the_games_board_and_may_be_left_out():
    assert position_from_json({"map": "stockholm1520", "round": 1, "swedish": [], "danish": []}, "p",
                              real_game()).map == "stockholm1520"
    assert position_from_json({"round": 1, "swedish": [], "danish": []}, "p", small_game()).map == "testmap"


def test_a_hex_id_written_as_a_number_is_read_as_its_four_digits():
    pos = position_from_json(position([("a", "pikemen", 705)]), "p", small_game())
    assert pos.swedish[0].hex == "0705"


def test_defected_castles_by_name_or_hex():
    pos = position_from_json(position(defected_castles=["1407", "Norra"]), "p", small_game())
    assert pos.defected_castles == ["Ostra", "Norra"]


def _problems(data, game=small_game):
    with pytest.raises(DataError) as err:
        position_from_json(data, "p.json", game())
    return str(err.value)


def test_round_and_both_sides_are_required_and_named_when_missing():
    # Without them a position was answered as round 1, or "round over" (no Danes), exit 0.
    base = position([("c", "cavalry", "1306")], [("d", "cavalry", "1506", "B", 1)], round=3)
    for missing, words in (("round", "the round, 1-8"), ("danish", "the Danish units"),
                           ("swedish", "the Swedish units")):
        data = {k: v for k, v in base.items() if k != missing}
        assert f"p.json: field '{missing}': required but missing: {words}" in _problems(data)


def test_a_unit_on_a_value_that_is_not_a_hex_names_the_unit_and_the_value():
    for value, shown in ((None, "null"), ([10, 6], "[10, 6]"), ({"col": 10}, '{"col": 10}'), (1.5, "1.5"),
                         (True, "true")):
        data = position([("cav1", "cavalry", "0705")])
        data["swedish"][0]["hex"] = value
        assert (f"p.json: field 'swedish[0].hex': unit 'cav1': expected a hex id like \"0907\", got {shown}"
                in _problems(data))
    data = position([], [("A1-cav", "cavalry", "0000", "A", 1)])
    assert "field 'danish[0].hex': unit 'A1-cav': \"0000\" is not a hex of map testmap" in _problems(data)


def test_wrong_types_are_refused_by_field_with_the_value_never_a_traceback():
    data = position([("cav1", "cavalry", "0705")], [("d", "cavalry", "1506", "B", 1)])
    data["danish"][0]["zone"] = ["B"]                           # a zone given as a list
    data["defected_castles"] = [["Norra"], {"name": "Ostra"}]   # nested lists, an object for a name
    data["swedish"][0]["type"] = {"name": "cavalry"}            # an object where a name belongs
    data["christian_arrived"] = "yes"
    data["ship"] = "yes"
    text = _problems(data)
    for line in ("field 'danish[0].zone': unit 'd': expected a text in quotes, got [\"B\"]",
                 "field 'defected_castles[0]': expected a castle of map testmap, by name or hex",
                 "got [\"Norra\"]", "field 'defected_castles[1]'", "got {\"name\": \"Ostra\"}",
                 "field 'swedish[0].type': unit 'cav1': expected a text in quotes, got {\"name\": \"cavalry\"}",
                 "field 'christian_arrived': expected true or false, got \"yes\"",
                 "field 'ship': expected null or an object"):
        assert line in text, line
    assert "Input should be" not in text and "ShipIn" not in text
