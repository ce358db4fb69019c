"""The bots' decisions as hashes: for each seed, a sha256 of a whole simulated game's
decisions (every action in the log; every Danish path, attack and card drawn; every die rolled
in a battle; the result and the final position), so a change to the bots' machinery can be
shown to leave their play unchanged.

Only decisions are hashed, not how a record words them (``reason``, ``text``, ``rule``) nor
how it is shaped (a dict or a typed record): the wording may change, the play may not.

    python benchmarks/bot_decisions.py record FILE [--seeds 0-299] [--game stockholm1520|batalj]
    python benchmarks/bot_decisions.py compare FILE [--seeds 0-299] [--game stockholm1520|batalj]

``record`` writes one line per game (``game player seed hash``); ``compare`` plays them again
and names every game whose hash differs (exit 1). tests/bot/test_decisions.py runs a few seeds
against tests/bot/data/decisions.txt on every test run. ``--seeds 0-1049 --game stockholm1520``
is 2,100 Stockholm games (both Swedish players).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Iterator

from bot.decisions import WORDING, decisions, digest  # noqa: F401  (the hash is the bots' own: the offline app's too)

#: What is played per seed: Stockholm 1520 with both Swedish players, Batalj with 2-6 players.
STOCKHOLM_PLAYERS = ("defensive", "random")
BATALJ_PLAYERS = (2, 3, 4, 5, 6)


def stockholm_game(seed: int, player: str, data: Any = None) -> str:
    """The hash of the game ``bot simulate`` plays for ``seed``."""
    from bot.stockholm1520.gamedata import load_game_data
    from bot.stockholm1520.simulate import play_game

    played: list[Any] = []
    play_game(seed, data or load_game_data(), check=played.append, player=player)
    game = played[-1]
    records = game.records if hasattr(game, "records") else [step.records for step in game.steps]
    return digest(game.log, records, game.pos.to_json())


def batalj_battle(seed: int, players: int, deck: Any = None) -> str:
    """The hash of the battle ``batalj simulate`` plays for ``seed`` (on ``deck``, by default
    the kit's table)."""
    from bot.batalj.simulate import play_battle
    from bot.batalj.strength_table import load_strength_deck

    game = play_battle(seed, players, deck or load_strength_deck())
    return digest(game.log, game.records, game.battle.to_json())


def hashes(seeds: range, games: tuple[str, ...] = ("stockholm1520", "batalj")) -> Iterator[tuple[str, str, int, str]]:
    from bot.stockholm1520.gamedata import load_game_data

    if "stockholm1520" in games:
        data = load_game_data()
        for player in STOCKHOLM_PLAYERS:
            for seed in seeds:
                yield "stockholm1520", player, seed, stockholm_game(seed, player, data)
    if "batalj" in games:
        from bot.batalj.strength_table import load_strength_deck
        deck = load_strength_deck()
        for players in BATALJ_PLAYERS:
            for seed in seeds:
                yield "batalj", str(players), seed, batalj_battle(seed, players, deck)


def _games(args: list[str]) -> tuple[str, ...]:
    if "--game" in args:
        return (args[args.index("--game") + 1],)
    return ("stockholm1520", "batalj")


def _seeds(args: list[str]) -> range:
    if "--seeds" in args:
        lo, _, hi = args[args.index("--seeds") + 1].partition("-")
        return range(int(lo), int(hi or lo) + 1)
    return range(0, 300)


def main(args: list[str]) -> int:
    if len(args) < 2 or args[0] not in ("record", "compare"):
        print(__doc__)
        return 2
    mode, path, seeds, games = args[0], Path(args[1]), _seeds(args), _games(args)
    if mode == "record":
        path.write_text("".join(f"{g} {p} {s} {h}\n" for g, p, s, h in hashes(seeds, games)))
        print(f"recorded {path}")
        return 0
    known = {tuple(line.split()[:3]): line.split()[3] for line in path.read_text().splitlines() if line.strip()}
    differ = checked = 0
    for g, p, s, h in hashes(seeds, games):
        want = known.get((g, p, str(s)))
        if want is None:
            continue
        checked += 1
        if want != h:
            differ += 1
            print(f"DIFFERENT: {g} {p} seed {s}")
    print(f"{checked} games compared, {differ} different")
    return 1 if differ or not checked else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
