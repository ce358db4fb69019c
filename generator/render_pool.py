"""Rendering output jobs over several processes, with the same bytes whatever their number.

A job's ``render`` is a closure over the game's loaded data, which cannot be pickled; so the
workers are forked from the build's process and inherit the planned jobs: each is sent only
the index of a job and sends back its bytes and the files its drawing read. Each file's bytes
depend on its job alone, so a build with one process and a build with eight write the same
files. Where ``fork`` is not available the jobs are rendered in this process.

Jobs go to the workers in batches of one component's files (``batches``): they share drawn
faces, a typeset sheet, a board's scene, which a worker then makes once instead of each
worker making them again. Outcomes still come back in the order of the jobs.
"""

from __future__ import annotations

import multiprocessing
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Sequence

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
_started: dict[int, Sequence[OutputJob]] = {}   # the jobs of each run under way, by its number


def _inherit(run: int) -> None:
    """A new worker's start: the jobs of its run (forked from the build, it has them all)."""
    global _inherited
    _inherited = _started[run]


Outcome = tuple[int, bytes, frozenset[Path], str | None, tuple[str, ...]]


def _render_batch(indices: Sequence[int]) -> list[Outcome]:
    return [(index, *_render(_inherited[index])) for index in indices]


def batches(jobs: Sequence[OutputJob], workers: int) -> list[list[int]]:
    """The jobs' indices in batches for ``workers`` processes: each component's files together,
    a component of many files (a deck) cut into runs small enough to share out evenly. The
    components of few files (a board, a reference sheet: the slowest files) go first and the
    runs of many small files last, where they even out the workers' finishing times."""
    groups: dict[tuple[str, str], list[int]] = {}
    for index, job in enumerate(jobs):
        groups.setdefault((job.game, job.component or job.kind), []).append(index)
    most = max(4, len(jobs) // (workers * 8))
    runs = [group[start:start + most] for group in groups.values() for start in range(0, len(group), most)]
    return sorted(runs, key=len)


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


_warm = False


def _warm_up() -> None:
    """Make here, once, what every forked worker would otherwise make for itself: the built-in
    fonts registered with reportlab and their outlines read, PyMuPDF imported (a tenth of a
    second to a second each, in each of the workers a build starts)."""
    global _warm
    if _warm:
        return
    _warm = True
    from generator.draw import fonts
    from generator.draw.pdf import register_face
    from generator.draw.png import mupdf

    for face in fonts.BUILTIN_FACES:
        register_face(face)
        fonts.metrics(face).font.getGlyphSet()
    mupdf()


class RenderRun:
    """Jobs being rendered: started at once (over forked workers when there are several
    processes and several jobs), their outcomes read later, in the jobs' order. A build
    starts one run for each game as soon as it is loaded, and loads the next meanwhile."""

    def __init__(self, jobs: Sequence[OutputJob], processes: int) -> None:
        self.jobs = jobs
        self._pool: Any = None
        self._batches: Iterator[list[Outcome]] | None = None
        context = _fork_context()
        workers = min(processes, len(jobs))
        if workers > 1 and context is not None:
            _warm_up()
            number = id(self)
            _started[number] = jobs
            self._number = number
            self._pool = context.Pool(workers, initializer=_inherit, initargs=(number,))
            self._batches = self._pool.imap_unordered(_render_batch, batches(jobs, workers))

    def outcomes(self) -> Iterator[Rendered]:
        """Each job's outcome in the jobs' order (rendered here, now, without workers)."""
        if self._batches is None:
            for job in self.jobs:
                yield _outcome(job, *_render(job))
            return
        done: dict[int, Outcome] = {}
        following = 0               # the next job to give back, in the jobs' order
        try:
            for outcomes in self._batches:
                done.update((outcome[0], outcome) for outcome in outcomes)
                while following in done:
                    _, data, read, error, warnings = done.pop(following)
                    yield _outcome(self.jobs[following], data, read, error, warnings)
                    following += 1
        finally:
            self.stop()

    def stop(self) -> None:
        """End the workers (at once: a build that stops early does not wait for them)."""
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None
            _started.pop(self._number, None)

