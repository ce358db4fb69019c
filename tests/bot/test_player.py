"""2.0 step 3, 3.1, 5.0: the player's moves, attacks and upgrades; refusals change nothing."""

import pytest

from bot.stockholm1520.rules import RuleError
from bot.stockholm1520.rules.player import attack, end_turn, move, upgrade
from tests.bot.helpers import played, table


def test_moves_within_allowance_and_several_moves_share_it():
    t = table([("cav1", "cavalry", "0705")], [("x", "crossbowmen", "1506", "B", 1)], phase="player")
    move(t, "cav1", "0604")
    move(t, "cav1", "0603")
    assert t.pos.unit("cav1").hex == "0603" and t.pos.unit("cav1").moved == 2
    move(t, "cav1", "0602")
    with pytest.raises(RuleError, match="used all 3"):
        move(t, "cav1", "0502")


def test_too_far_is_refused_with_the_reason_and_nothing_changes():
    t = table([("p", "pikemen", "0705")], [("x", "crossbowmen", "1506", "B", 1)], phase="player")
    with pytest.raises(RuleError, match="too far: 0702 is 3 spaces"):
        move(t, "p", "0702")
    assert t.pos.unit("p").hex == "0705" and t.pos.unit("p").moved == 0


def test_water_forces_a_longer_way():
    t = table([("p", "pikemen", "0408")], [("x", "crossbowmen", "1506", "B", 1)], phase="player")
    with pytest.raises(RuleError, match="water or enemies force a way of 3; straight it is 2"):
        move(t, "p", "0410")
    with pytest.raises(RuleError, match="water"):
        move(t, "p", "0409")


def test_cannot_stop_on_an_occupied_space_or_kristina_or_outside_the_playfield():
    t = table([("p", "pikemen", "0705"), ("q", "pikemen", "0704")], [("x", "crossbowmen", "0604", "A", 1)],
              phase="player")
    with pytest.raises(RuleError, match="occupied by Swedish pikemen q"):
        move(t, "p", "0704")
    with pytest.raises(RuleError, match="occupied by Danish crossbowmen x"):
        move(t, "p", "0604")
    with pytest.raises(RuleError, match="Kristina's space"):
        move(t, "p", "0806")
    t2 = table([("c", "cavalry", "0202")], [("x", "crossbowmen", "1506", "B", 1)], phase="player")
    with pytest.raises(RuleError, match="outside the playfield"):
        move(t2, "c", "0101")


def test_units_pass_over_friends_but_not_enemies():
    friends = table([("a", "pikemen", "0310"), ("b", "pikemen", "0309")], [("x", "crossbowmen", "1506", "B", 1)],
                    phase="player")
    move(friends, "a", "0408")                       # through the choke, over b
    assert friends.pos.unit("a").hex == "0408"
    enemies = table([("a", "pikemen", "0310")], [("x", "crossbowmen", "0309", "D", 3)], phase="player")
    with pytest.raises(RuleError, match="too far"):
        move(enemies, "a", "0408")


def test_attack_needs_an_adjacent_enemy_and_ends_the_units_movement():
    t = table([("cav1", "cavalry", "0704")], [("x", "crossbowmen", "0703", "A", 1), ("y", "crossbowmen", "1506", "B", 1)],
              phase="player")
    with pytest.raises(RuleError, match="not next to"):
        attack(t, "cav1", "y")
    attack(t, "cav1", "x")
    assert t.pos.unit("x") is None and t.pos.unit("cav1").hex == "0704"     # the winner stays
    with pytest.raises(RuleError, match="cannot move again"):
        move(t, "cav1", "0705")


def test_a_losing_attack_destroys_the_attacker():
    t = table([("cav1", "cavalry", "0704")], [("p", "pikemen", "0703", "A", 1)], phase="player")
    attack(t, "cav1", "p")
    assert t.pos.unit("cav1") is None and t.pos.unit("p") is not None


def test_militia_trades_with_anything_but_a_propagandist():
    t = table([("m", "militia", "0704"), ("m2", "militia", "0503")],
              [("x", "cavalry", "0703", "A", 1), ("prop1", "propagandist", "0502")], phase="player")
    attack(t, "m", "x")
    assert t.pos.unit("m") is None and t.pos.unit("x") is None
    attack(t, "m2", "prop1")
    assert t.pos.unit("m2") is not None and t.pos.unit("prop1") is None


def test_any_swedish_troop_kills_christian():
    t = table([("p", "pikemen", "1312")], [("k", "christian", "1311"), ("x", "cavalry", "0502", "A", 1)],
              phase="player")
    attack(t, "p", "k")
    assert t.pos.unit("k") is None and t.pos.unit("p") is not None


def test_militia_upgrade_only_in_the_training_zone():
    t = table([("m", "militia", "0605"), ("cav1", "cavalry", "0606")],
              [("x", "cavalry", "1506", "B", 1)], phase="player")
    with pytest.raises(RuleError, match="not in the training zone"):
        upgrade(t, "m", "pikemen")
    move(t, "m", "0705")
    upgrade(t, "m", "pikemen")
    unit = next(u for u in t.pos.swedish if u.hex == "0705")
    assert unit.type == "pikemen" and unit.id == "pike1"
    with pytest.raises(RuleError, match="only the militia"):
        upgrade(t, "cav1", "pikemen")


def test_additional_movement_card_applies_to_swedish_units_of_that_type_too():
    t = table([("c", "cavalry", "0705")], [("x", "crossbowmen", "1506", "B", 1)], phase="player",
              extra_move=["cavalry"])
    move(t, "c", "0701")                              # 4 spaces
    assert t.pos.unit("c").hex == "0701"


def test_end_turn_goes_to_the_enemy_while_danes_remain():
    t = table([("c", "cavalry", "0705")], [("x", "crossbowmen", "1506", "B", 1)], phase="player")
    end_turn(t)
    assert t.pos.phase == "enemy"


def test_not_your_turn():
    t = table([("c", "cavalry", "0705")], [("x", "crossbowmen", "1506", "B", 1)], phase="enemy")
    with pytest.raises(RuleError, match="let the Danes move"):
        move(t, "c", "0704")


def test_attack_names_the_dane_by_its_id_or_its_hex():
    # The README shows both: `attack cav1 A3-cav` and `attack cav1 0903`.
    t = table(swedish=[("cav1", "cavalry", "0703")], danish=[("x", "crossbowmen", "0803", "A", 1)], phase="player")
    log = played(attack, t, "cav1", "0803")
    assert t.pos.danish == [] and log[-1]["attack"] == {"target": "x", "outcome": "win"}
    t = table(swedish=[("cav1", "cavalry", "0703")],
              danish=[("x", "crossbowmen", "0803", "A", 1), ("prop1", "propagandist", "0803")], phase="player")
    with pytest.raises(RuleError, match="0803 holds x and prop1: name the one to attack"):
        attack(t, "cav1", "0803")
    with pytest.raises(RuleError, match=r"no Danish unit '0905', by id or hex \(on the board: x at 0803"):
        attack(t, "cav1", "0905")
