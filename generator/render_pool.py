"""Rendering output jobs over several processes, with the same bytes whatever their number.

A job's ``render`` is a closure over the game's loaded data, which cannot be pickled; so the
workers are forked from the build's process and inherit the planned jobs: each is sent only
the index of a job and sends back its bytes and the files its drawing read. Each file's bytes
depend on its job alone, so a build with one process and a build with eight write the same
files. Where ``fork`` is not available the jobs are rendered in this process.
"""

from __future__ import annotations

import multiprocessing
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Sequence

from generator.components.base import OutputJob
from generator.draw.textfit import TextOverflow
from generator.errors import BuildError
from generator.inputs import recording
from generator.notices import collecting, warn


@dataclass(frozen=True)
class Rendered:
    """One job's outcome: its bytes and input files, or the render error that stops the build."""

    job: OutputJob
    data: bytes = b""
    read: frozenset[Path] = frozenset()
    error: str | None = None
    warnings: tuple[str, ...] = ()


def default_jobs() -> int:
    """Every core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:                                  # not on Linux
        return max(1, os.cpu_count() or 1)


def _render(job: OutputJob) -> tuple[bytes, frozenset[Path], str | None, tuple[str, ...]]:
    """The file's bytes, every file it was drawn from, a render error as its message, and the
    warnings its drawing gave (sent back, since a forked worker's own collection is lost)."""
    with collecting() as warnings:
        try:
            with recording() as reads:
                data = job.render()
            return data, frozenset(reads.union(job.inputs())), None, tuple(warnings)
        except (BuildError, TextOverflow) as err:
            return b"", frozenset(), str(err), tuple(warnings)


_inherited: Sequence[OutputJob] = ()      # the jobs a forked worker renders, by index


def _render_index(index: int) -> tuple[int, bytes, frozenset[Path], str | None, tuple[str, ...]]:
    return (index, *_render(_inherited[index]))


def _outcome(job: OutputJob, data: bytes, read: frozenset[Path], error: str | None,
             warnings: tuple[str, ...]) -> Rendered:
    """The job's outcome, its warnings given again here, where the command collects them."""
    for message in warnings:
        warn(message)
    return Rendered(job, data, read, error, warnings)


def _fork_context() -> multiprocessing.context.BaseContext | None:
    try:
        return multiprocessing.get_context("fork")
    except ValueError:
        return None


def render_jobs(jobs: Sequence[OutputJob], processes: int) -> Iterator[Rendered]:
    """Each job rendered, in the order given; over ``processes`` forked workers when there
    is more than one job to share."""
    global _inherited
    context = _fork_context()
    workers = min(processes, len(jobs))
    if workers <= 1 or context is None:
        for job in jobs:
            yield _outcome(job, *_render(job))
        return
    _inherited = jobs
    try:
        with context.Pool(workers) as pool:
            for index, data, read, error, warnings in pool.imap(_render_index, range(len(jobs))):
                yield _outcome(jobs[index], data, read, error, warnings)
    finally:
        _inherited = ()
