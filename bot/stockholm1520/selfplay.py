"""The games ``bot simulate`` plays, replayed on the offline app's baked data to show that its
decisions are the terminal's (benchmarks/bot_decisions.py's hashes). Standard library only."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.decisions import digest
from bot.stockholm1520.baked import game_data, read_files
from bot.stockholm1520.simulate import play_game

#: The Swedish players ``simulate`` plays with (benchmarks/bot_decisions.py's).
PLAYERS = ("defensive", "random")


def decision_digests(baked: Path, seeds: range, players: tuple[str, ...] = PLAYERS) -> list[tuple[str, int, str]]:
    """(player, seed, hash of the decisions) of each seed's simulated game, on the baked data."""
    data = game_data(read_files(baked), baked)
    rows = []
    for player in players:
        for seed in seeds:
            played: list[Any] = []
            play_game(seed, data, check=played.append, player=player)
            game = played[-1]
            rows.append((player, seed, digest(game.log, game.records, game.pos.to_json())))
    return rows
