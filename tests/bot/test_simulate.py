"""Invariants over many seeded simulated games (the engine never breaks), on both boards.

Random legal players reach odd positions fast; the defensive policy plays long games. The
defaults keep the suite fast (2,250 games in about 14 s); BOT_SIM_GAMES=5000 (or `pnpkit bot
simulate --games 5000 --check [--player random]`) runs more."""

import os

import pytest

from bot.stockholm1520.invariants import InvariantError, check
from bot.stockholm1520.simulate import simulate
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
