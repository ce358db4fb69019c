"""How many processes this one may run at once, and how to start them: below everything
that uses them (the render pool, the font cutter), so neither leans on the other."""

from __future__ import annotations

import multiprocessing
import os


def default_jobs() -> int:
    """Every core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:                                  # not on Linux
        return max(1, os.cpu_count() or 1)


def fork_context() -> multiprocessing.context.BaseContext | None:
    """Forking, where the system has it (workers then share what the parent has loaded)."""
    try:
        return multiprocessing.get_context("fork")
    except ValueError:
        return None
