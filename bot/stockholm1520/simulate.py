"""Whole games with the built-in Swedish policy: win rate, rounds reached, causes of defeat.
A tool to balance the game's data, and a check that the engine never breaks."""

from __future__ import annotations

import gc
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from bot.stockholm1520.actions import Action, EnemyTurn
from bot.stockholm1520.game import Game
from bot.stockholm1520.data import GameData
from bot.stockholm1520.policy import Policy, random_action

MAX_ACTIONS = 4000


@dataclass
class GameResult:
    seed: int
    result: str                 # 'won' | 'lost' | 'stalled'
    rounds: int
    turns: int
    cause: str = ""
    actions: int = 0


@dataclass
class Summary:
    games: int = 0
    results: Counter = field(default_factory=Counter)
    rounds: Counter = field(default_factory=Counter)
    causes: Counter = field(default_factory=Counter)
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "won": self.results["won"], "lost": self.results["lost"],
                "stalled": self.results["stalled"],
                "win_rate": round(self.results["won"] / self.games, 4) if self.games else 0.0,
                "rounds_reached": {str(k): v for k, v in sorted(self.rounds.items())},
                "causes_of_defeat": dict(self.causes.most_common()),
                "seconds": round(self.seconds, 3),
                "games_per_minute": round(60 * self.games / self.seconds) if self.seconds else None}


def play_game(seed: int, data: GameData, check: Callable[[Game], None] | None = None,
              player: str = "defensive") -> GameResult:
    """One whole game with the policy; ``check(game)`` runs after every action (invariants).
    ``player``: 'defensive' (bot.stockholm1520.policy) or 'random' (random legal actions, seeded).
    The searches are kept from earlier games of the same ``data`` (``GameData.searches``: each
    is a function of its key alone, so sharing them changes no result, only the time)."""
    rng = random.Random(seed * 7919 + 1)
    policy = Policy()
    game = Game(seed, data)
    game.apply("place auto", atomic=False)
    turns = 0
    cause = ""
    action: Action | str
    for count in range(MAX_ACTIONS):
        pos = game.pos
        if pos.phase == "over":
            break
        if pos.phase == "round":
            action = "round"
        elif pos.phase == "enemy":
            action = "enemy"
            turns += 1
        elif player == "random":
            action = random_action(game.table, rng)
        else:
            action = policy.next_action(game.table)
        known = policy.known_answer(game.table) if action == "enemy" and player != "random" else None
        if known is not None:       # the policy's trial already played this very enemy turn
            records = game.adopt(EnemyTurn(), known.table, known.records)
        else:
            records = game.apply(action, atomic=False)
        if check is not None:
            check(game)
        if game.pos.result == "lost":
            hit = next((r for r in records if r.get("attack") and r["attack"].get("target") == "kristina"), None)
            if hit:
                unit = hit["unit"]
                cause = f"{hit.get('type', '?')} on road {_road_of(unit)}"
            else:
                cause = "no defenders left"
    else:
        return GameResult(seed, "stalled", game.pos.round, turns, "action limit", MAX_ACTIONS)
    return GameResult(seed, game.pos.result or "stalled", game.pos.round, turns, cause, count)


def _road_of(unit_id: str) -> str:
    head = unit_id.split("-")[0]
    return "ship" if head == "ship" else head


_shared: tuple[Any, ...] = ()        # (data, check, player) inherited by forked workers


def _play_shared(seed: int) -> GameResult:
    data, check, player = _shared
    return play_game(seed, data, check, player)


def _results(seeds: range, data: GameData, check: Callable[[Game], None] | None, player: str,
             processes: int) -> list[GameResult]:
    """Each seed's game, in seed order; over forked processes when there are several (each
    game depends on its seed alone, so the results are the same whatever their number).

    The cyclic garbage collector is off meanwhile (in the workers too, which inherit it): a
    game makes no reference cycles (its objects go by reference counting), and its passes
    over the memo's many entries cost about a fifth of the time."""
    global _shared
    import multiprocessing

    workers = min(processes, len(seeds))
    # One memo a process (``data.searches``): each worker keeps its own copy's searches.
    # It lasts as long as the simulation (below).
    collecting = gc.isenabled()
    gc.disable()
    try:
        if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
            return [play_game(s, data, check, player) for s in seeds]
        _shared = (data, check, player)
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            return pool.map(_play_shared, seeds, chunksize=max(1, len(seeds) // (workers * 8)))
    finally:
        _shared = ()
        # The searches of a simulation are many small objects: kept after it, every pass of
        # the collector would walk them all (the next games start them again, as quick).
        data.searches.clear()
        if collecting:
            gc.enable()


def simulate(games: int, data: GameData, seed: int = 0, check: Callable[[Game], None] | None = None,
             player: str = "defensive", processes: int | None = None) -> Summary:
    """Play ``games`` games of ``data`` with seeds ``seed``, ``seed + 1``, ...; the summary of them all.
    ``processes`` play at once (default: every core); the summary is the same whatever their number."""
    from generator.core.processes import default_jobs

    summary = Summary()
    start = time.perf_counter()
    for r in _results(range(seed, seed + games), data, check, player, processes or default_jobs()):
        summary.games += 1
        summary.results[r.result] += 1
        summary.rounds[r.rounds] += 1
        if r.result == "lost":
            summary.causes[r.cause or "unknown"] += 1
        elif r.result == "stalled":
            summary.causes["stalled"] += 1
    summary.seconds = time.perf_counter() - start
    return summary


__all__ = ["GameResult", "Summary", "play_game", "simulate"]
