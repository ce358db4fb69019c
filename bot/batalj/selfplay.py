"""One whole battle with both sides played, the enemy by the rules and Sweden by
``bot.batalj.policy``: what ``batalj simulate`` plays, and what the offline app replays to show
that its decisions are the terminal's (standard library only)."""

from __future__ import annotations

from pathlib import Path

from bot.batalj.baked import read_files, strength_deck
from bot.batalj.battlegame import LoggedBattle
from bot.batalj.policy import army, next_line
from bot.batalj.strength import Strength
from bot.decisions import digest

#: simulate's own cap: a battle still going after these rounds (a stalled one: no attack can
#: reach anything, and simulate's Swedish policy plays no card) is stopped and counted undecided.
#: At the table a battle goes on until a Reserve is empty, or the players end it by agreement.
MAX_ROUNDS = 60


def play_battle(seed: int, players: int, deck: list[Strength]) -> LoggedBattle:
    game = LoggedBattle(seed, players, deck, asks=False)     # Sweden's choices: the documented defaults
    for line in army(players):
        game.apply(line, atomic=False)
    while game.battle.phase != "over" and game.battle.round <= MAX_ROUNDS:
        game.apply(next_line(game.table))
    return game


def decision_digests(baked: Path, seeds: range, players: tuple[int, ...] = (2, 3, 4, 5, 6)) -> list[tuple[str, int, str]]:
    """(players, seed, hash of the decisions) of the battle ``batalj simulate`` plays for each
    seed, on the baked deck: the rows of benchmarks/bot_decisions.py, to compare with the terminal's."""
    deck = strength_deck(read_files(baked))
    rows = []
    for count in players:
        for seed in seeds:
            game = play_battle(seed, count, list(deck))
            rows.append((str(count), seed, digest(game.log, game.records, game.battle.to_json())))
    return rows
