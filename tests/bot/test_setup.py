"""2.0 Game setup: six units, two of each type, within the Stockholm area."""

import pytest

from bot.stockholm1520.game import Game
from bot.stockholm1520.rules import RuleError
from tests.bot.helpers import small_game


def test_six_units_two_of_each_type_inside_stockholm_then_round_1():
    game = Game(1, small_game())
    for troop, hex_id in (("cavalry", "0705"), ("cavalry", "0805"), ("crossbowmen", "0905"),
                          ("crossbowmen", "0706"), ("pikemen", "0906"), ("pikemen", "0707")):
        assert game.pos.phase == "setup"
        game.apply(f"place {troop} {hex_id}")
    assert [u.id for u in game.pos.swedish] == ["cav1", "cav2", "xbow1", "xbow2", "pike1", "pike2"]
    assert game.pos.phase == "round"
    with pytest.raises(RuleError, match="not now"):
        game.apply("place pikemen 0807")


@pytest.mark.parametrize("line,message", [
    ("place cavalry 0503", "outside the Stockholm area"),
    ("place cavalry 0806", "Kristina's space"),
    ("place cavalry 9999", "not a hex of the board"),
])
def test_setup_refusals(line, message):
    game = Game(1, small_game())
    with pytest.raises(RuleError, match=message):
        game.apply(line)
    assert game.pos.swedish == []


def test_two_of_each_type_and_one_unit_per_space():
    game = Game(1, small_game())
    game.apply("place cavalry 0705")
    with pytest.raises(RuleError, match="occupied by cav1"):
        game.apply("place pikemen 0705")
    game.apply("place cavalry 0805")
    with pytest.raises(RuleError, match="both cavalry units are placed"):
        game.apply("place cavalry 0905")


def test_place_auto_fills_the_rest_next_to_kristina():
    game = Game(1, small_game())
    game.apply("place pikemen 0606")
    game.apply("place auto")
    board = game.board
    assert sorted(u.type for u in game.pos.swedish) == sorted(["cavalry"] * 2 + ["crossbowmen"] * 2 + ["pikemen"] * 2)
    assert all(u.hex in board.stockholm for u in game.pos.swedish)
    assert game.pos.phase == "round"
