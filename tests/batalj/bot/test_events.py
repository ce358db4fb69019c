"""The event cards that act in a battle, and when they may be played."""

from __future__ import annotations

import pytest

from bot.batalj.events import play_event
from bot.batalj.state import BattleOver, RuleError
from tests.batalj.bot.helpers import table


def test_supply_train_puts_three_soldiers_in_the_reserve() -> None:
    t = table(sr=(1, 0))
    play_event(t, "supply", "")
    assert t.battle.reserves["sweden"].soldiers == 4


@pytest.mark.parametrize("card", ["kliszow", "narva", "breitenfeld", "belt"])
def test_the_battle_cards_remove_every_soldier_of_one_enemy_sector(card: str) -> None:
    t = table(sectors={"e2": ("enemy", 3, 1), "e1": ("enemy", 2, 0)}, er=(2, 0))
    play_event(t, card, "e2")
    assert t.battle.sectors["e2"].pieces == 0 and t.battle.reserves["enemy"].commanders == 1
    assert t.battle.sectors["e1"].soldiers == 2


def test_poltava_reinforces_the_enemy_and_pulls_the_advanced_swedes_back() -> None:
    t = table(sectors={"e3": ("sweden", 2, 1, "Skåne"), "s1": ("sweden", 2, 0)}, sr=(1, 0), er=(1, 0))
    play_event(t, "poltava", "")
    b = t.battle
    assert b.reserves["enemy"].soldiers == 6
    assert (b.reserves["sweden"].soldiers, b.reserves["sweden"].commanders) == (3, 1)
    assert b.sectors["e3"].empty and "Skåne" in b.reserves["sweden"].cards
    assert b.sectors["s1"].soldiers == 2


def test_bold_incursion_can_take_the_last_reserve_soldier_and_end_the_battle() -> None:
    t = table(er=(1, 1))
    with pytest.raises(BattleOver):
        play_event(t, "incursion", "soldier")
    assert (t.battle.phase, t.battle.winner) == ("over", "sweden")


def test_surprise_attack_removes_one_soldier_of_an_enemy_sector_not_the_reserve() -> None:
    t = table(sectors={"e1": ("enemy", 1, 1)})
    with pytest.raises(RuleError, match="not the Reserve"):
        play_event(t, "surprise", "er")
    play_event(t, "surprise", "e1")
    assert t.battle.sectors["e1"].pieces == 0          # the Commander is not left alone


def test_cannon_barrel_burst_removes_a_cannon_of_either_side() -> None:
    t = table(cannons=([1, 3], [2]))
    play_event(t, "burst", "sweden:3")
    assert t.battle.reserves["sweden"].cannons == [1]


def test_cards_are_refused_outside_their_moment_and_a_second_time() -> None:
    t = table(phase="counter", sectors={"e1": ("enemy", 2, 0)})
    with pytest.raises(RuleError, match="before `attack`"):
        play_event(t, "steel", "")
    t = table(phase="setup")
    with pytest.raises(RuleError, match="once the enemy is placed"):
        play_event(t, "surprise", "e1")
    t = table(phase="fire")
    play_event(t, "steel", "")
    assert t.battle.steel
    with pytest.raises(RuleError, match="already played"):
        play_event(t, "steel", "")
