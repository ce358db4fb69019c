"""Benchmark: time for one enemy turn (and a whole ``ask`` answer) and games simulated per
minute on one core. Run ``pnpkit bot bench`` or ``python -m bot.stockholm1520.bench``. Targets: an answer
well under 50 ms, 2,000 games a minute or more (issue 14)."""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

from bot.stockholm1520.ask import answer
from bot.stockholm1520.game import Game
from bot.stockholm1520.gamedata import GameData, load_game_data
from bot.stockholm1520.policy import Policy
from bot.stockholm1520.rules.enemy import enemy_turn
from bot.stockholm1520.simulate import simulate


def busy_position(data: GameData, seed: int = 3) -> Game:
    """A game stopped before an enemy turn with many Danes on the board."""
    best: Game | None = None
    for s in range(seed, seed + 20):
        game = Game(s, data)
        policy = Policy()
        game.apply("place auto", atomic=False)
        while game.pos.phase != "over" and game.pos.round < 3:
            phase = game.pos.phase
            if phase == "enemy" and (best is None or len(game.pos.danish) > len(best.pos.danish)):
                best = Game.replay(s, data, game.log)
            action = "round" if phase == "round" else "enemy" if phase == "enemy" else policy.next_action(game.table)
            game.apply(action, atomic=False)
        if best is not None and len(best.pos.danish) >= 6:
            break
    assert best is not None
    return best


def run(data: GameData, games: int = 200, repeats: int = 200) -> dict[str, Any]:
    game = busy_position(data)
    turn_ms = []
    for _ in range(repeats):
        table = game.table.clone()
        data.searches.clear()       # a cold turn, as ``ask`` plays it (not the searches of the last repeat)
        start = time.perf_counter()
        enemy_turn(table)
        turn_ms.append((time.perf_counter() - start) * 1000)
    position = json.loads(json.dumps(game.pos.to_json()))
    ask_ms = []
    for _ in range(max(repeats // 4, 1)):
        data.searches.clear()
        start = time.perf_counter()
        answer(position, data, "<bench>")
        ask_ms.append((time.perf_counter() - start) * 1000)
    data.searches.clear()
    summary = simulate(games, data, seed=1000, processes=1)
    return {"danish_units": len(game.pos.danish), "swedish_units": len(game.pos.swedish),
            "enemy_turn_ms": {"median": round(statistics.median(turn_ms), 3), "max": round(max(turn_ms), 3)},
            "ask_answer_ms": {"median": round(statistics.median(ask_ms), 3), "max": round(max(ask_ms), 3)},
            "games": games, "seconds": round(summary.seconds, 3),
            "games_per_minute": round(60 * games / summary.seconds) if summary.seconds else None}


def describe(r: dict[str, Any]) -> str:
    return (f"one enemy turn ({r['danish_units']} Danish, {r['swedish_units']} Swedish units): "
            f"median {r['enemy_turn_ms']['median']} ms, max {r['enemy_turn_ms']['max']} ms (target: well under 50 ms)\n"
            f"a whole `ask` answer (read position, play the turn): median {r['ask_answer_ms']['median']} ms\n"
            f"{r['games']} games simulated in {r['seconds']} s: {r['games_per_minute']} games/minute "
            f"on one core (target: 2,000 or more)")


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(describe(run(load_game_data(), n)))
