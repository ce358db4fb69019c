"""What the benchmark scripts share: running pnpkit as a user does (a whole process), timing
it in wall and CPU seconds, and saying whether a figure meets its target."""

from __future__ import annotations

import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Sequence

ROOT = Path(__file__).resolve().parents[1]
PNPKIT = [sys.executable, "-c", "from generator.cli.app import main; main()"]


def verdict(met: bool) -> str:
    return "MET" if met else "NOT MET"


def machine_line() -> str:
    return (f"{platform.node()}: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} "
            f"(a busy machine inflates the wall times; CPU seconds are not inflated)")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def user_environment(extra: dict[str, str] | None = None) -> dict[str, str]:
    """This environment as a user's shell has it: Python keeps the bytecode it compiles
    (a user's second command does not compile pnpkit again), plus ``extra``."""
    environment = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    return {**environment, **(extra or {})}


def run(args: Sequence[str], env: dict[str, str] | None = None, cwd: Path | None = None,
        command: Sequence[str] = PNPKIT) -> tuple[float, float]:
    """(wall, CPU) seconds of one whole ``pnpkit ARGS`` process and its children; a failure
    stops the benchmark with the command's own message."""
    started, cpu = time.perf_counter(), _children_cpu()
    done = subprocess.run([*command, *args], env=user_environment(env), cwd=cwd,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"pnpkit {' '.join(args)} failed ({done.returncode}):\n{done.stderr}")
    return wall, _children_cpu() - cpu


def median(runs: list[tuple[float, float]]) -> tuple[float, float]:
    """The median (wall, CPU) of runs, each taken on its own."""
    return statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs)
