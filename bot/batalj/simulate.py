"""Whole battles with both sides played (the enemy by the rules, Sweden by bot.batalj.policy):
how often each side wins and how many rounds battles last. The same seed gives the same output."""

from __future__ import annotations

import random
import statistics
from typing import Any

from bot.batalj.game import BattleGame
from bot.batalj.policy import army, next_line
from bot.batalj.strength import Strength
from bot.batalj.strength_table import load_strength_deck

#: simulate's own cap: a battle still going after these rounds (a stalled one: no attack can
#: reach anything, and simulate's Swedish policy plays no card) is stopped and counted undecided.
#: At the table a battle goes on until a Reserve is empty, or the players end it by agreement.
MAX_ROUNDS = 60


def play_battle(seed: int, players: int, deck: list[Strength]) -> BattleGame:
    game = BattleGame(seed, players, deck, asks=False)     # Sweden's choices: the documented defaults
    for line in army(players):
        game.apply(line, atomic=False)
    while game.battle.phase != "over" and game.battle.round <= MAX_ROUNDS:
        game.apply(next_line(game.table))
    return game


def simulate(battles: int, seed: int, players: int, deck: list[Strength] | None = None) -> dict[str, Any]:
    deck = deck if deck is not None else load_strength_deck()
    seeds = random.Random(seed)
    wins = {"sweden": 0, "enemy": 0, "undecided": 0}
    rounds: list[int] = []
    for _ in range(battles):
        game = play_battle(seeds.randrange(2**31), players, deck)
        b = game.battle
        wins[b.winner or "undecided"] += 1
        if b.winner:
            rounds.append(b.round)
    return {"battles": battles, "seed": seed, "players": players, "wins": wins,
            "win_rate": {k: round(v / battles, 3) for k, v in wins.items()},
            "rounds": {"mean": round(statistics.mean(rounds), 2) if rounds else None,
                       "median": statistics.median(rounds) if rounds else None,
                       "min": min(rounds, default=None), "max": max(rounds, default=None)}}


def report_text(r: dict[str, Any]) -> str:
    w, rate, rounds = r["wins"], r["win_rate"], r["rounds"]
    return (f"{r['battles']} battles, {r['players']} players, seed {r['seed']}:\n"
            f"  Sweden wins {w['sweden']} ({rate['sweden']:.1%}), the enemy wins {w['enemy']} ({rate['enemy']:.1%})"
            + (f", undecided {w['undecided']} (still going after {MAX_ROUNDS} rounds: simulate stops its battles "
               "there; at the table a battle goes on until a Reserve is empty, or the players end it by agreement)"
               if w["undecided"] else "") + "\n"
            f"  rounds: mean {rounds['mean']}, median {rounds['median']}, shortest {rounds['min']}, "
            f"longest {rounds['max']}")
