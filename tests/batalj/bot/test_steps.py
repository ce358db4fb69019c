"""Battle steps 1, 2, 5 and 6: placement, artillery, the Swedish redeployment checker and the
enemy's redeployment."""

from __future__ import annotations

import random

import pytest

from bot.batalj.artillery import artillery_fire
from bot.batalj.placement import place_swedish_card, start_battle
from bot.batalj.redeployment import (enemy_advance, enemy_commanders, enemy_redeployment, enemy_reinforce,
                                     parse_moves, swedish_redeployment)
from bot.batalj.state import Battle, RuleError, Table
from bot.batalj.strength import Strength
from tests.batalj.bot.helpers import dice, table, texts


def _setup(players: int, seed: int = 0) -> Table:
    t = Table(Battle(players), random.Random(seed))
    place_swedish_card(t, "s1", "Uppland", 3, 0)
    place_swedish_card(t, "sr", "Gotland", 2, 0)
    return t


def test_two_players_leave_the_enemy_left_flank_empty_and_the_reserve_holding_soldiers() -> None:
    """Three strength cards: the Swedish original's removed sentence (e3 stays empty)."""
    for seed in range(5):
        t = _setup(2, seed)
        start_battle(t, [Strength("a", 2), Strength("b", 3), Strength("c", 1)])
        b = t.battle
        assert b.sectors["e3"].empty
        assert b.sectors["e1"].soldiers and b.sectors["e2"].soldiers and b.reserves["enemy"].soldiers
        assert "translator removed" in texts(t)


def test_four_cards_one_to_each_red_sector_cannons_in_the_reserve_at_styrka_two() -> None:
    t = _setup(3)
    start_battle(t, [Strength("a", 2, 0, 1), Strength("b", 2), Strength("c", 2), Strength("d", 3, 0, 1)])
    b = t.battle
    assert all(b.sectors[s].soldiers == 2 or b.sectors[s].soldiers == 3 for s in ("e1", "e2", "e3"))
    assert sum(b.sectors[s].soldiers for s in ("e1", "e2", "e3")) + b.reserves["enemy"].soldiers == 9
    assert b.reserves["enemy"].cannons == [2, 2]
    assert (b.phase, b.round) == ("fire", 1)


def test_more_than_four_pieces_go_to_the_reserve() -> None:
    t = Table(Battle(3), random.Random(0))
    place_swedish_card(t, "s2", "Skåne", 5, 1)
    g = t.battle.sectors["s2"]
    assert (g.soldiers, g.commanders, t.battle.reserves["sweden"].soldiers) == (3, 1, 2)


def test_placement_refusals() -> None:
    t = Table(Battle(3), random.Random(0))
    place_swedish_card(t, "s1", "Uppland", 3, 0)
    with pytest.raises(RuleError, match="ONE Province card"):
        place_swedish_card(t, "s1", "Skåne", 2, 0)
    with pytest.raises(RuleError, match="MUST be placed in the Reserve"):
        start_battle(t, [Strength(str(i), 2) for i in range(4)])
    with pytest.raises(RuleError, match="no ';'"):
        place_swedish_card(t, "s2", "a;b", 2, 0)
    place_swedish_card(t, "sr", "Gotland", 2, 0)
    with pytest.raises(RuleError, match="one card more than the players: 4"):
        start_battle(t, [Strength(str(i), 2) for i in range(3)])


def test_artillery_kills_on_at_most_its_styrka_and_the_enemy_retreats_a_commander() -> None:
    t = dice(table(phase="fire", sectors={"s1": ("sweden", 2, 0), "e1": ("enemy", 1, 1)}, cannons=([3], [2])),
             sweden=[3], enemy=[3])
    t.preset = {"target": ["e1"]}
    artillery_fire(t)
    assert (t.battle.sectors["e1"].soldiers, t.battle.sectors["e1"].commanders) == (1, 0)
    assert t.battle.sectors["s1"].soldiers == 2                  # the enemy's 3 misses at Styrka 2
    assert t.battle.phase == "attack"


def test_artillery_cannot_hit_a_reserve_or_an_empty_sector() -> None:
    t = dice(table(phase="fire", sectors={"e1": ("enemy", 2, 0)}, cannons=([2], [])), sweden=[1])
    with pytest.raises(RuleError, match="holding enemy pieces"):
        t.preset = {"target": ["e2"]}
        artillery_fire(t)


def test_fortune_of_war_rolls_a_failed_bot_die_again_once() -> None:
    t = table(phase="fire", sectors={"e1": ("enemy", 2, 0)}, cannons=([1], []), seed=3)
    t.battle.fortune = True
    artillery_fire(t)
    # seed 3: the die fails (2) and is rolled again, once; a first hit would leave nothing to test
    assert texts(t).count("rolled again (Fortune of war)") == 1 and ": 2 failed, rolled again" in texts(t)


def _moves(t: Table, text: str) -> None:
    swedish_redeployment(t, parse_moves(text))


REFUSALS = [
    ("forward Cards1", "not empty"),                                    # e1 holds the enemy
    ("reinforce Cards2 1", "more than FOUR pieces"),                    # a fifth piece
    ("retire Cards3 1", "NEVER be left alone"),                         # a lone Commander
    ("reinforce Cards1 3", "at least one SOLDIER in their Reserve"),    # the last Reserve Soldier
    ("back Cards3; back Cards3", "only ONCE in a step"),                # a card moved twice in a step
    ("reinforce Cards1; back Cards3", "MUST take place in the stated order"),
    ("reinforce Carde2", "in a Swedish Sector"),                        # step 4 to an advanced card
    ("commander s3 e3", "NEVER be left alone"),
]


@pytest.mark.parametrize("text, reason", REFUSALS)
def test_the_swedish_redeployment_checker_refuses(text: str, reason: str) -> None:
    t = table(phase="redeploy", sectors={"s1": ("sweden", 1, 0), "e1": ("enemy", 2, 0), "s2": ("sweden", 4, 0),
                                         "s3": ("sweden", 1, 1), "e2": ("sweden", 2, 0, "Carde2")}, sr=(3, 0))
    with pytest.raises(RuleError, match=reason):
        _moves(t, text)


def test_the_five_steps_in_order_move_cards_and_pieces() -> None:
    t = table(phase="redeploy", sectors={"s1": ("sweden", 3, 1), "s3": ("sweden", 2, 0)}, sr=(4, 1))
    t.battle.reserves["sweden"].cards.append("Skåne")
    _moves(t, "back Cards3; retire Cards1 1; forward Cards1; forward Skåne s2; reinforce Skåne 2; commander sr s2")
    b = t.battle
    assert b.sectors["e1"].card == "Cards1" and (b.sectors["e1"].soldiers, b.sectors["e1"].commanders) == (2, 1)
    assert b.sectors["s2"].card == "Skåne" and (b.sectors["s2"].soldiers, b.sectors["s2"].commanders) == (2, 1)
    assert b.sectors["s3"].empty and "Cards3" in b.reserves["sweden"].cards
    assert (b.reserves["sweden"].soldiers, b.reserves["sweden"].commanders) == (4 + 1 + 2 - 2, 0)


def test_the_enemy_advances_into_an_empty_swedish_sector_and_fills_its_empty_sectors() -> None:
    t = table(phase="redeploy", sectors={"e1": ("enemy", 2, 0), "s2": ("sweden", 3, 0), "e2": ("enemy", 1, 0)},
              er=(6, 0))
    enemy_advance(t)
    b = t.battle
    assert b.sectors["s1"].side == "enemy" and b.sectors["s1"].soldiers == 2 and b.sectors["e1"].side == "enemy"
    assert b.sectors["e2"].soldiers == 1                          # a Swede ahead: it stays
    assert b.reserves["enemy"].soldiers >= 1
    assert b.sectors["e1"].soldiers + b.sectors["e3"].soldiers + b.reserves["enemy"].soldiers == 6


def test_enemy_step_four_fewest_soldiers_first_then_most_swedes_faced() -> None:
    t = table(phase="redeploy", sectors={"e1": ("enemy", 1, 0), "e2": ("enemy", 1, 0), "e3": ("enemy", 3, 0),
                                         "s1": ("sweden", 1, 0), "s2": ("sweden", 3, 0), "s3": ("sweden", 4, 0)},
              er=(2, 0))
    enemy_reinforce(t)
    b = t.battle
    assert [b.sectors[s].soldiers for s in ("e1", "e2", "e3")] == [1, 2, 3]
    assert b.reserves["enemy"].soldiers == 1


def test_enemy_commanders_go_to_the_front_facing_the_most_swedish_soldiers() -> None:
    t = table(phase="redeploy", sectors={"e1": ("enemy", 2, 1), "e2": ("enemy", 3, 0), "s1": ("sweden", 1, 0),
                                         "s2": ("sweden", 4, 0)}, er=(2, 1))
    enemy_commanders(t)
    b = t.battle
    # The Reserve's Commander fills e2 (facing 4) to four pieces; e1's stays where it is, the only
    # front left with room: Commanders never stay in the Reserve if they can avoid it.
    assert (b.sectors["e1"].commanders, b.sectors["e2"].commanders, b.reserves["enemy"].commanders) == (1, 1, 0)
    assert "facing the most Swedish Soldiers (4)" in texts(t)


def test_the_enemy_redeployment_never_retreats_and_starts_the_next_round() -> None:
    t = table(phase="redeploy", sectors={"e2": ("enemy", 4, 0), "s2": ("sweden", 1, 0)}, er=(1, 0))
    enemy_redeployment(t)
    assert t.battle.sectors["e2"].soldiers == 4
    assert (t.battle.phase, t.battle.round) == ("fire", 2)


def test_a_stalled_battle_goes_on_to_the_next_round() -> None:
    """Issue 37 item 1: "Repeat step 2-6 until the Reserve on either side is empty"."""
    t = table(phase="redeploy", sr=(1, 0), er=(1, 0))
    enemy_redeployment(t)
    assert (t.battle.phase, t.battle.round, t.battle.winner) == ("fire", 2, None)
    assert "pnpkit batalj end --agreed" in texts(t)
