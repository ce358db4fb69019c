"""Battle steps 3 and 4 and the Losses rules, with the rulebook's own examples."""

from __future__ import annotations

import pytest

from bot.batalj.attack import enemy_counter_attack, reserve_attack, sector_attack, swedish_attack
from bot.batalj.losses import remove_losses
from bot.batalj.state import BattleOver, RuleError
from tests.batalj.bot.helpers import dice, table, texts


def test_the_rules_example_three_pieces_and_a_two_remove_two_enemy_pieces() -> None:
    """Two Swedish Soldiers and a Commander on the left flank roll a 2: two Soldiers are removed
    from the enemy's right flank, the opposite Sector."""
    t = dice(table(sectors={"s1": ("sweden", 2, 1), "e1": ("enemy", 3, 0), "e2": ("enemy", 4, 0)}), [2])
    sector_attack(t, "s1", "sweden", True)
    assert (t.battle.sectors["e1"].soldiers, t.battle.sectors["e2"].soldiers) == (1, 4)
    assert "3 pieces, rolls 2: 2 hit(s)" in texts(t)


def test_the_rules_example_three_soldiers_and_a_commander_losing_two_the_enemy_retreats() -> None:
    """The enemy ALWAYS retreats a Commander: one Soldier is removed and the Commander retreats."""
    t = table(sectors={"e2": ("enemy", 3, 1)}, er=(2, 0))
    remove_losses(t, "e2", 2, True, "test")
    g = t.battle.sectors["e2"]
    assert (g.soldiers, g.commanders, t.battle.reserves["enemy"].commanders) == (2, 0, 1)


def test_the_players_may_lose_two_soldiers_and_keep_the_commander() -> None:
    t = table(sectors={"s2": ("sweden", 3, 1)})
    remove_losses(t, "s2", 2, False, "test")
    g = t.battle.sectors["s2"]
    assert (g.soldiers, g.commanders) == (1, 1)


def test_a_commander_never_stays_alone_after_the_last_soldier_is_lost() -> None:
    t = table(sectors={"s3": ("sweden", 1, 1)})
    remove_losses(t, "s3", 1, False, "test")
    assert t.battle.sectors["s3"].pieces == 0
    assert t.battle.reserves["sweden"].commanders == 1
    assert t.battle.reserves["sweden"].cards == ["Cards3"]     # the empty card waits in the Reserve


def test_the_enemy_with_one_soldier_and_a_commander_retreats_the_commander_and_keeps_the_soldier() -> None:
    t = table(sectors={"e1": ("enemy", 1, 1)})
    remove_losses(t, "e1", 1, True, "test")
    g = t.battle.sectors["e1"]
    assert (g.soldiers, g.commanders) == (1, 0)


def test_losses_beyond_the_pieces_are_simply_lost() -> None:
    t = table(sectors={"e1": ("enemy", 2, 0), "e2": ("enemy", 4, 0)}, er=(5, 0))
    remove_losses(t, "e1", 4, True, "test")
    assert t.battle.sectors["e1"].pieces == 0
    assert (t.battle.sectors["e2"].soldiers, t.battle.reserves["enemy"].soldiers) == (4, 5)
    assert "2 loss(es) more than the pieces are simply lost" in texts(t)


@pytest.mark.parametrize("roll, commanders, retreat", [(5, 0, 1), (6, 0, 2), (5, 1, 0), (6, 1, 0)])
def test_a_five_or_six_makes_soldiers_retreat_unless_a_commander_attacked(roll: int, commanders: int,
                                                                          retreat: int) -> None:
    t = dice(table(sectors={"s2": ("sweden", 3, commanders), "e2": ("enemy", 2, 0)}, sr=(1, 0)), [roll])
    sector_attack(t, "s2", "sweden", True)
    assert t.battle.sectors["s2"].soldiers == 3 - retreat
    assert t.battle.reserves["sweden"].soldiers == 1 + retreat
    assert t.battle.sectors["e2"].soldiers == 2


def test_four_pieces_hit_on_four_but_not_on_five() -> None:
    t = dice(table(sectors={"s1": ("sweden", 4, 0), "e1": ("enemy", 4, 0)}), [4])
    sector_attack(t, "s1", "sweden", True)
    assert t.battle.sectors["e1"].pieces == 0


@pytest.mark.parametrize("roll, lost", [(1, 1), (2, 2), (3, 0)])
def test_a_reserve_attacks_with_at_most_two_pieces(roll: int, lost: int) -> None:
    t = dice(table(sectors={"e3": ("enemy", 4, 0)}, sr=(5, 1)), [roll])
    reserve_attack(t, "sweden", "e3", True)
    assert t.battle.sectors["e3"].soldiers == 4 - lost
    assert t.battle.reserves["sweden"].soldiers == 5          # a Reserve never retreats


def test_a_reserve_never_retreats_on_a_six() -> None:
    t = dice(table(sectors={"e3": ("enemy", 4, 0)}, sr=(5, 0)), [6])
    reserve_attack(t, "sweden", "e3", True)
    assert t.battle.reserves["sweden"].soldiers == 5


def test_an_advanced_group_hits_the_reserve_and_the_battle_ends_at_once() -> None:
    """The last enemy Reserve Soldier removed: the battle is over mid-step; the Swedish Reserve's
    attack after it is not rolled."""
    t = dice(table(phase="attack", sectors={"e1": ("sweden", 2, 0), "e2": ("enemy", 2, 0)}, er=(1, 1)), [1, 1])
    with pytest.raises(BattleOver):
        swedish_attack(t, None)
    assert (t.battle.phase, t.battle.winner) == ("over", "sweden")
    assert t.battle.sectors["e2"].soldiers == 2
    assert t.battle.reserves["enemy"].commanders == 1          # Commanders do not save the Reserve
    assert t.entered["sweden"] == [1]                           # the Reserve's die was never rolled


def test_the_taste_of_the_swedish_steel_counts_four_soldiers_but_a_five_still_retreats() -> None:
    t = dice(table(sectors={"s1": ("sweden", 1, 0), "e1": ("enemy", 4, 0), "s2": ("sweden", 2, 0),
                            "e2": ("enemy", 4, 0)}, sr=(2, 0)), [4, 5])
    t.battle.steel = True
    swedish_attack(t, ["s1", "s2"])
    assert t.battle.sectors["e1"].pieces == 0
    assert (t.battle.sectors["s2"].soldiers, t.battle.reserves["sweden"].soldiers) == (1, 3)


def test_swedish_attack_refuses_a_sector_with_nothing_ahead_and_a_wrong_step() -> None:
    t = table(sectors={"s1": ("sweden", 2, 0)})
    with pytest.raises(RuleError, match="nothing of the enemy's is straight ahead"):
        swedish_attack(t, ["s1"])
    t = table(phase="counter", sectors={"s1": ("sweden", 2, 0), "e1": ("enemy", 1, 0)})
    with pytest.raises(RuleError, match="step 3"):
        swedish_attack(t, None)


def test_the_enemy_always_attacks_where_it_can_and_its_reserve_hits_the_most_soldiers() -> None:
    t = dice(table(phase="counter", sectors={"s1": ("sweden", 1, 0), "s2": ("sweden", 4, 0), "e1": ("enemy", 2, 0),
                                             "e3": ("enemy", 3, 0)}, er=(2, 0)), enemy=[3, 1])
    enemy_counter_attack(t)
    # e1 attacks s1 (roll 3: a miss with 2 pieces), e3 has nothing ahead, the Reserve attacks s2.
    assert t.battle.sectors["s1"].soldiers == 1
    assert t.battle.sectors["s2"].soldiers == 3
    assert "the Sector with the most Swedish Soldiers" in texts(t)
    assert t.battle.phase == "redeploy"
