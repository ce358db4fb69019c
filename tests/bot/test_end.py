"""2.0 steps 4-6: end of a round (regroup turn), victory in round 8, defeat."""

from bot.stockholm1520.rules.enemy import enemy_turn
from bot.stockholm1520.rules.player import attack, end_turn, move
from tests.bot.helpers import table


def test_last_enemy_killed_then_end_turn_gives_a_regroup_turn_then_a_new_round():
    t = table([("c", "cavalry", "0704")], [("x", "crossbowmen", "0703", "A", 1)], phase="player")
    t.decks.held = ["E-PROPAGANDA"]
    before = len(t.decks.event.draw)
    attack(t, "c", "x")
    end_turn(t)
    assert t.pos.phase == "regroup"
    assert t.decks.held == [] and len(t.decks.event.draw) == before + 1      # card back in the deck (6.2)
    move(t, "c", "0705")                               # the regroup turn: a normal move
    end_turn(t)
    assert t.pos.phase == "round"


def test_round_over_during_the_enemy_turn_when_the_last_dane_trades():
    t = table([("cav1", "cavalry", "1306"), ("p", "pikemen", "0705")], [("c", "cavalry", "1506", "B", 1)])
    assert enemy_turn(t) == "round over"
    assert t.pos.phase == "regroup"


def test_a_ship_under_way_keeps_the_round_going():
    t = table([("p", "pikemen", "0705")], [], ship={"turns_left": 3, "troop": "pikemen", "zone": "A", "road": 1})
    assert enemy_turn(t) == "continue" and t.pos.phase == "player"


def test_victory_when_christian_and_every_dane_are_defeated_in_round_8():
    t = table([("p", "pikemen", "1312")], [("k", "christian", "1311")], phase="player", round=8)
    attack(t, "p", "k")
    assert t.pos.result == "won" and t.pos.phase == "over"


def test_killing_everything_before_round_8_is_not_victory():
    t = table([("p", "pikemen", "1312")], [("k", "christian", "1311")], phase="player", round=5)
    attack(t, "p", "k")
    assert t.pos.result is None
    end_turn(t)
    assert t.pos.phase == "regroup"


def test_defeat_when_kristina_is_attacked():
    t = table([], [("x", "pikemen", "0707", "D", 2)])
    assert enemy_turn(t) == "defeat"
    assert t.pos.result == "lost"


def test_no_swedish_unit_left_is_defeat_because_the_round_could_never_end():
    t = table([], [("k", "christian", "1311")])
    assert enemy_turn(t) == "defeat"
    assert t.pos.result == "lost"
