"""The units' facts as the kit states them: movement (3.1, 3.2) and the combat table (5.0)."""

from tests.bot.helpers import real_game

UNITS = real_game().units
combat = UNITS.combat


def test_rock_paper_scissors_red_beats_green_beats_blue_beats_red():
    assert combat("cavalry", "crossbowmen") == "win"
    assert combat("crossbowmen", "pikemen") == "win"
    assert combat("pikemen", "cavalry") == "win"
    assert combat("crossbowmen", "cavalry") == "loss"
    assert combat("pikemen", "crossbowmen") == "loss"
    assert combat("cavalry", "pikemen") == "loss"


def test_same_type_trades():
    for t in ("cavalry", "crossbowmen", "pikemen"):
        assert combat(t, t) == "trade"


def test_militia_destroys_anything_and_dies_except_against_a_propagandist():
    for t in ("cavalry", "crossbowmen", "pikemen", "christian"):
        assert combat("militia", t) == "trade"
    assert combat("militia", "propagandist") == "win"


def test_propagandist_loses_to_every_unit_and_any_troop_kills_christian():
    for t in ("cavalry", "crossbowmen", "pikemen", "militia"):
        assert combat(t, "propagandist") == "win"
    for t in ("cavalry", "crossbowmen", "pikemen"):
        assert combat(t, "christian") == "win"


def test_movement_allowances():
    moves = UNITS.moves
    assert (moves["cavalry"], moves["crossbowmen"], moves["pikemen"], moves["militia"]) == (3, 2, 2, 2)
    assert moves["propagandist"] == 1 and moves["christian"] == 0
