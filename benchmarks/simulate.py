"""Simulation benchmark: games of Stockholm 1520 a minute over every core, and the same
results whatever the number of processes. Figures printed, never asserted.

Run from the repository: ``python benchmarks/simulate.py [GAMES]`` (default 2,000). Target
on a 2-core machine: 5,000 games a minute or more (issue 13).
"""

from __future__ import annotations

import os
import platform
import resource
import sys

from bot.stockholm1520.gamedata import load_game_data
from bot.stockholm1520.simulate import simulate
from generator.core.processes import default_jobs

TARGET = 5000           # games a minute on 2 cores
SAME_RESULTS_GAMES = 200


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _outcome(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in ("seconds", "games_per_minute")}


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    data = load_game_data(None)
    processes = default_jobs()
    cpu = _cpu()
    summary = simulate(games, data, seed=0, processes=processes).to_json()
    cpu = _cpu() - cpu
    rate = summary["games_per_minute"]
    one = simulate(SAME_RESULTS_GAMES, data, seed=0, processes=1).to_json()
    many = simulate(SAME_RESULTS_GAMES, data, seed=0, processes=max(2, processes)).to_json()
    same = _outcome(one) == _outcome(many)
    print(f"{platform.node()}: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} "
          f"(a busy machine lowers the rate)")
    print(f"{games} games on {processes} processes: {summary['seconds']} s, {rate} games/minute "
          f"({60 * games / cpu:.0f} a CPU-minute)  {'MET' if rate >= TARGET else 'NOT MET'} (target >= {TARGET:,})")
    print(f"{SAME_RESULTS_GAMES} games, 1 process and {max(2, processes)}: "
          f"{'the same results' if same else 'DIFFERENT results'}  {'MET' if same else 'NOT MET'}")


if __name__ == "__main__":
    main()
