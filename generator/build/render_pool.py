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
import signal
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Sequence

from generator.core.errors import BuildError, InputError, InputMessage
from generator.core.inputs import adopt, read_in_session, recording
from generator.core.notices import collecting, warn
from generator.core.processes import fork_context
from generator.draw import fonts
from generator.draw.textfit import TextOverflow
from generator.pieces.job import OutputJob
from generator.preflight.findings import Finding
from generator.preflight.run import inspected


@dataclass(frozen=True)
class Rendered:
    """One job's outcome: its bytes and input files, or the render error that stops the build."""

    job: OutputJob
    data: bytes = b""
    read: frozenset[Path] = frozenset()
    as_read: tuple[tuple[Path, str | None], ...] = ()    # the digests of ``read`` as the drawing read them
    error: str | None = None
    warnings: tuple[str, ...] = ()
    findings: tuple[Finding, ...] = ()      # what the preflight found on its pages (job.preflight)


def _render(job: OutputJob) -> tuple[bytes, frozenset[Path], tuple[tuple[Path, str | None], ...], str | None,
                                    tuple[str, ...], tuple[Finding, ...]]:
    """The file's bytes, every file it was drawn from (with its content as read, which a
    forked worker's session would otherwise lose), a render error as its message, the
    warnings its drawing gave (sent back, since a forked worker's own collection is lost), and
    the preflight's findings on its pages when the job asks for them."""
    with collecting() as warnings:
        try:
            found: list[Finding] = []
            with recording() as reads:
                if job.preflight is None:
                    data = job.render()
                else:
                    data, found = inspected(job.render, str(job.path), job.preflight)
                    found = [*found, *job.findings]
            read = frozenset(reads.union(job.inputs()))
            return data, read, read_in_session(read), None, tuple(warnings), tuple(found)
        except (InputError, TextOverflow) as err:   # the kit's input at fault: said so (exit code 2)
            return b"", frozenset(), (), InputMessage(str(err)), tuple(warnings), ()
        except BuildError as err:
            return b"", frozenset(), (), str(err), tuple(warnings), ()


_inherited: Sequence[OutputJob] = ()      # the jobs a forked worker renders, by index
_abandoned: Any = None                    # set when the build no longer wants the rest (an Event)
_started: dict[int, tuple[Sequence[OutputJob], Any]] = {}   # each run under way: its jobs and Event


def _inherit(run: int) -> None:
    """A new worker's start: the jobs of its run (forked from the build, it has them all).
    A ^C is the build's to answer (RenderRun.stop), not each worker's: they ignore it."""
    global _inherited, _abandoned
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _inherited, _abandoned = _started[run]


STOP_SECONDS = 30.0         # the longest a stopping run waits for its workers to end

Outcome = tuple[int, bytes, frozenset[Path], tuple[tuple[Path, str | None], ...], str | None, tuple[str, ...],
                tuple[Finding, ...]]


def _render_batch(indices: Sequence[int]) -> list[Outcome]:
    """The batch's outcomes; none more once the run is abandoned (RenderRun.stop). The glyph
    outlines the batch drew are kept for the next process (``fonts.keep_outlines``): every
    worker of a build drew the same few hundred again, with fontTools, for its SVGs."""
    outcomes = []
    for index in indices:
        if _abandoned is not None and _abandoned.is_set():
            break
        outcomes.append((index, *_render(_inherited[index])))
    fonts.keep_outlines()
    return outcomes


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


def _outcome(job: OutputJob, data: bytes, read: frozenset[Path], as_read: tuple[tuple[Path, str | None], ...],
             error: str | None, warnings: tuple[str, ...], findings: tuple[Finding, ...]) -> Rendered:
    """The job's outcome, its warnings given again here, where the command collects them, and
    the content its drawing read taken into this process's reading session."""
    for message in warnings:
        warn(message)
    adopt(as_read)
    return Rendered(job, data, read, as_read, error, warnings, findings)


_warm = False


def _warm_up() -> None:
    """Make here, once, what every forked worker would otherwise make for itself: the built-in
    fonts read for the PDF writer (a tenth of a second to a second, in each of the workers a
    build starts). The faces' glyph outlines are not read here: the SVGs' glyphs come from
    those kept in the user cache (``fonts.keep_outlines``), and a worker reads a face's
    outlines only for a glyph none drew before (reading all seven faces' here cost a cold
    build's parent 40 ms)."""
    global _warm
    if _warm:
        return
    _warm = True
    from generator.draw import pdffont

    for face in fonts.BUILTIN_FACES:
        pdffont.glyph_codes(face)


_later_runs = False


def expect_later_runs() -> None:
    """Say that this process will start runs after the next (``pnpkit watch``, a build of
    several games): PDFium is then imported here once that run's workers are forked."""
    global _later_runs
    _later_runs = True


def _warm_later() -> None:
    """PDFium imported here once the first workers are forked, in a process that will start
    later runs: the one worker that rasterises a page (a proof sheet's picture) imports it
    itself, off the path every file waits on, and the workers of the later runs find it
    imported. A process with one run does not import it (40-50 ms of CPU, taken from the
    two workers on a two-core machine)."""
    if not _later_runs:
        return
    from generator.draw.png import pdfium

    pdfium()


class RenderRun:
    """Jobs being rendered: started at once (over forked workers when there are several
    processes and several jobs), their outcomes read later, in the jobs' order. A build
    starts one run for each game as soon as it is loaded, and loads the next meanwhile.

    A run of at most ``fork_above`` jobs is rendered here: watch's one-card rebuild (7 files)
    costs 0.5 CPU-seconds in the watching process and 0.7 over two forked workers, which each
    fault in the pages they touch and draw again the faces both halves need; the two halves'
    wall time is about the one process's on two free cores, and longer on a busy machine."""

    def __init__(self, jobs: Sequence[OutputJob], processes: int, fork_above: int = 1) -> None:
        self.jobs = jobs
        self._pool: Any = None
        self._abandon: Any = None       # the workers' Event: set, they skip what they have not begun
        self._batches: Iterator[list[Outcome]] | None = None
        context = fork_context()
        workers = min(processes, len(jobs)) if len(jobs) > fork_above else 1
        if workers > 1 and context is not None:
            _warm_up()
            number = id(self)
            self._abandon = context.Event()
            _started[number] = (jobs, self._abandon)
            self._number = number
            before = set(multiprocessing.active_children())
            self._pool = context.Pool(workers, initializer=_inherit, initargs=(number,))
            self._workers = [p for p in multiprocessing.active_children() if p not in before]
            self._batches = self._pool.imap_unordered(_render_batch, batches(jobs, workers))
            _warm_later()

    def outcomes(self) -> Iterator[Rendered]:
        """Each job's outcome in the jobs' order (rendered here, now, without workers)."""
        if self._batches is None:
            for job in self.jobs:
                yield _outcome(job, *_render(job))
            fonts.keep_outlines()
            return
        done: dict[int, Outcome] = {}
        following = 0               # the next job to give back, in the jobs' order
        try:
            for outcomes in self._batches:
                done.update((outcome[0], outcome) for outcome in outcomes)
                while following in done:
                    _, data, read, as_read, error, warnings, findings = done.pop(following)
                    yield _outcome(self.jobs[following], data, read, as_read, error, warnings, findings)
                    following += 1
        finally:
            self.stop()

    def stop(self) -> None:
        """End the workers. Each finishes the file it is drawing, skips the rest of its run
        (a build that stops early does not wait for its other files) and exits. They are not
        killed: a worker killed while it sends a file's bytes leaves the pool's result queue
        locked, and the pool's own shutdown (``terminate``) then waits for ever. Workers
        that do not end within STOP_SECONDS, or once one of them has died, are killed."""
        if self._pool is None:
            return
        pool, self._pool = self._pool, None
        self.abandon()
        pool.close()
        joined = threading.Thread(target=pool.join, daemon=True)
        joined.start()
        waited = 0.0
        while joined.is_alive() and waited < STOP_SECONDS and not self._worker_died():
            joined.join(0.02)
            waited += 0.02
        if joined.is_alive():
            for worker in self._workers:
                worker.kill()
            # the pool's own shutdown, which may never end now: in a thread of its own, so that
            # neither this build nor the interpreter's exit (which would run it) waits for it
            threading.Thread(target=pool.terminate, daemon=True).start()
        _started.pop(self._number, None)

    def abandon(self) -> None:
        """Tell the workers to skip what they have not begun (``stop`` then waits for them):
        a build stopping several runs tells them all before it waits for any."""
        if self._abandon is not None:
            self._abandon.set()

    def _worker_died(self) -> bool:
        """A worker ended other than by finishing (it crashed, or was killed): its file will
        never come, and the pool would wait for it."""
        return any(worker.exitcode not in (None, 0) for worker in self._workers)

