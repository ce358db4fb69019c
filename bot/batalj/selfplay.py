"""One whole battle with both sides played, the enemy by the rules and Sweden by
``bot.batalj.policy``: what ``batalj simulate`` plays, and what the offline app replays to show
that its decisions are the terminal's (standard library only)."""

from __future__ import annotations

from bot.batalj.battlegame import LoggedBattle
from bot.batalj.policy import army, next_line
from bot.batalj.strength import Strength

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
