"""Whole battles with both sides played (the enemy by the rules, Sweden by bot.batalj.policy):
how often each side wins and how many rounds battles last. The same seed gives the same output."""

from __future__ import annotations

import random
import statistics
from typing import Any

from bot.batalj.selfplay import MAX_ROUNDS, play_battle  # noqa: F401  (as simulate's callers name them)
from bot.batalj.strength import Strength
from bot.batalj.strength_table import load_strength_deck


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
