"""The bots' decisions stay the same: a few seeded simulated games of Stockholm 1520 and
battles of Batalj, each hashed by its decisions, not its wording (benchmarks/bot_decisions.py, which checks seeds
0-299 of both bots), against the hashes recorded in tests/bot/data/decisions.txt. A change
meant to change the bot's play records them again:
``python benchmarks/bot_decisions.py record tests/bot/data/decisions.txt --seeds 0-5`` (keep
the stockholm1520 lines, and the batalj lines of seeds 0-2)."""

from pathlib import Path

import pytest

from benchmarks.bot_decisions import batalj_battle, stockholm_game

RECORDED = Path(__file__).parent / "data" / "decisions.txt"


def _recorded(which: str) -> list[tuple[str, int, str]]:
    rows = [line.split() for line in RECORDED.read_text().splitlines() if line.strip()]
    return [(player, int(seed), digest) for game, player, seed, digest in rows if game == which]


@pytest.mark.parametrize("player,seed,digest", _recorded("stockholm1520"))
def test_the_bot_plays_the_recorded_games(player: str, seed: int, digest: str) -> None:
    assert stockholm_game(seed, player) == digest


@pytest.mark.parametrize("players,seed,digest", _recorded("batalj"))
def test_the_enemy_fights_the_recorded_battles(players: str, seed: int, digest: str) -> None:
    assert batalj_battle(seed, int(players)) == digest
