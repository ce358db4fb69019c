"""Invariants over many seeded simulated games (the engine never breaks), on both boards.

Random legal players reach odd positions fast; the defensive policy plays long games. The
defaults keep the suite fast (2,250 games in about 14 s); BOT_SIM_GAMES=5000 (or `pnpkit bot
simulate --games 5000 --check [--player random]`) runs more."""

import os

import pytest

from bot.stockholm1520.game import Game
from bot.stockholm1520.invariants import InvariantError, check
from bot.stockholm1520.policy import Policy
from bot.stockholm1520.rules.enemy import can_kill, plan_move
from bot.stockholm1520.simulate import play_game, simulate
from bot.stockholm1520.units import TROOPS
from tests.bot.helpers import real_game, small_game

RANDOM_GAMES = int(os.environ.get("BOT_SIM_GAMES", "1000"))
POLICY_GAMES = max(RANDOM_GAMES // 8, 20)


@pytest.mark.parametrize("game", [small_game, real_game], ids=["testmap", "stockholm1520"])
@pytest.mark.parametrize("player,games", [("random", RANDOM_GAMES), ("defensive", POLICY_GAMES)])
def test_many_games_keep_the_invariants_and_all_end(game, player, games):
    summary = simulate(games, game(), seed=0, check=check, player=player)
    assert summary.games == games
    assert summary.results["stalled"] == 0
    assert summary.results["won"] + summary.results["lost"] == games


def test_simulation_is_deterministic():
    a = simulate(20, small_game(), seed=77).to_json()
    b = simulate(20, small_game(), seed=77).to_json()
    a.pop("seconds"), b.pop("seconds"), a.pop("games_per_minute"), b.pop("games_per_minute")
    assert a == b


def test_the_invariant_check_catches_a_broken_position():
    from bot.stockholm1520.game import Game
    game = Game(1, small_game())
    game.apply("place auto")
    game.pos.swedish[1].hex = game.pos.swedish[0].hex
    with pytest.raises(InvariantError, match="two units on one space"):
        check(game)


def test_simulate_gives_the_same_summary_whatever_the_number_of_processes() -> None:
    from bot.stockholm1520.gamedata import load_game_data
    from bot.stockholm1520.simulate import simulate

    data = load_game_data()
    one = simulate(40, data, seed=7, processes=1).to_json()
    two = simulate(40, data, seed=7, processes=2).to_json()
    for summary in (one, two):
        summary.pop("seconds")
        summary.pop("games_per_minute")
    assert one == two and one["games"] == 40


def _played_by_the_rules(seed, data):
    """A game with the policy where every action, the Danes' turns too, is played by the rules."""
    game, policy = Game(seed, data), Policy()
    game.apply("place auto", atomic=False)
    while game.pos.phase != "over" and len(game.log) < 4000:
        phase = game.pos.phase
        game.apply("round" if phase == "round" else "enemy" if phase == "enemy" else policy.next_action(game.table),
                   atomic=False)
    return game


@pytest.mark.parametrize("seed", [0, 3, 11])
def test_a_kept_trial_enemy_turn_is_the_turn_the_rules_play(seed):
    """simulate keeps the chosen plan's trial of the Danes' turn (Policy.known_answer): the game
    must be the one played action by action, and the trials must really be kept."""
    data = real_game()
    games: list[Game] = []
    kept = 0
    original = Game.adopt

    def counting(self, *args):
        nonlocal kept
        kept += 1
        return original(self, *args)

    Game.adopt = counting
    try:
        result = play_game(seed, data, check=lambda g: games.append(g))
    finally:
        Game.adopt = original
    assert kept > 0
    reference = _played_by_the_rules(seed, data)
    assert games[-1].log == reference.log
    assert games[-1].records == reference.records
    assert result.result == reference.pos.result
    assert games[-1].pos == reference.pos


def test_can_kill_without_planning_says_what_the_plan_says():
    """The shortcut in can_kill (nobody to attack within movement + 1) never contradicts the
    planned move, over the positions of a few games."""
    checked = 0
    for seed in (1, 2):
        game = _played_by_the_rules(seed, real_game())
        g = Game(seed, real_game())
        for line in game.log:
            if g.pos.phase == "enemy":
                for u in g.pos.danish:
                    if u.type in TROOPS:
                        assert can_kill(g.table, u) == (plan_move(g.table, u).target is not None)
                        checked += 1
            g.apply(line, atomic=False)
    assert checked > 20


def _game_log(seed, data, cold=False):
    """The action log of one simulated game (the policy's), with the searches kept from other
    games of ``data`` (or none: ``cold``)."""
    if cold:
        data.searches.clear()
    last = {}
    play_game(seed, data, check=lambda g: last.update(game=g))
    return last["game"].log


def test_searches_kept_from_other_games_change_no_game():
    """The games of one data share its searches (GameData.searches): each search depends on
    its key alone, so a game played after others is move for move the game played alone."""
    data = real_game()
    data.searches.clear()
    after_others = [_game_log(seed, data) for seed in (4, 5, 6)]
    assert data.searches._stores["danish moves"] and data.searches._stores["road values"]
    assert after_others == [_game_log(seed, data, cold=True) for seed in (4, 5, 6)]


def test_a_mode_that_decides_as_an_earlier_plan_is_not_built_again(monkeypatch):
    """Policy: a mode taking the same option as an earlier plan at each strike and block step
    plays the same turn, so it is not built; building every mode gives the same game."""
    import bot.stockholm1520.policy as policy

    data = real_game()
    built = []
    original = policy._build

    def counting(t, mode):
        built.append(mode)
        return original(t, mode)

    monkeypatch.setattr(policy, "_build", counting)
    skipping = _game_log(3, data)
    skipped_builds = len(built)
    built.clear()
    monkeypatch.setattr(policy._Built, "followed_by", lambda self, mode: False)
    assert _game_log(3, data) == skipping
    assert skipped_builds < len(built)
