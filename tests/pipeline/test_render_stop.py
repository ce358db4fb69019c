"""A run of renders stopped early ends at once and never hangs: its workers skip what they
have not begun, and none is killed in the middle of sending a file (which left the pool's
queue locked and its shutdown waiting for ever)."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path, PurePosixPath

from generator.build.render_pool import RenderRun
from generator.pieces.job import OutputJob


def _jobs(count: int, seconds: float, size: int, marks: Path | None = None) -> list[OutputJob]:
    """Jobs that sleep and return random bytes; each leaves a file in ``marks`` when it ran."""
    def job(index: int) -> OutputJob:
        def render() -> bytes:
            time.sleep(seconds)
            if marks is not None:
                (marks / str(index)).touch()
            return os.urandom(size)
        return OutputJob(PurePosixPath(f"f{index}.bin"), "game", "kind", str(index), "pdf", "key", render,
                         component=f"c{index % 7}")
    return [job(i) for i in range(count)]


def _stopped_within(run: RenderRun, seconds: float) -> bool:
    done = threading.Event()
    threading.Thread(target=lambda: (run.stop(), done.set()), daemon=True).start()
    return done.wait(seconds)


def test_a_run_stopped_while_workers_send_big_files_ends() -> None:
    """A stress test: the old shutdown (killing the workers) hung about once in fifteen stops."""
    jobs = _jobs(120, 0.001, 200_000)              # workers are often half way through sending one
    for attempt in range(25):
        run = RenderRun(jobs, 2)
        outcomes = run.outcomes()
        for _ in range(attempt % 4 + 1):
            next(outcomes)
        assert _stopped_within(run, 20), f"stopping hung (attempt {attempt})"


def test_a_stopped_run_skips_what_its_workers_have_not_begun(tmp_path: Path) -> None:
    run = RenderRun(_jobs(200, 0.02, 10, tmp_path), 2)   # four seconds of work on two workers
    outcomes = run.outcomes()                        # kept: a generator let go stops its run
    next(outcomes)
    assert _stopped_within(run, 20)
    # Counted, not timed (a busy machine makes any time bound flaky): a run that drew
    # everything would leave 200 marks.
    assert len(list(tmp_path.iterdir())) < 100


def test_a_run_whose_worker_died_stops_at_once() -> None:
    """A worker that crashed (here: killed) takes its file with it; the pool would wait for
    that file for ever. Stopping sees the dead worker, kills the rest and returns."""
    import signal

    run = RenderRun(_jobs(200, 0.02, 10), 2)
    outcomes = run.outcomes()
    next(outcomes)
    os.kill(run._workers[0].pid, signal.SIGKILL)
    run._workers[0].join(5)
    # Without the dead-worker check the stop waits for ever; 20 s is a bound for a busy
    # machine, not a speed target (the test failed at 5 s with other suites running).
    assert _stopped_within(run, 20)


def _rendered_by(count: int, fork_above: int) -> set[int]:
    """The process ids that rendered a run of ``count`` jobs on two processes."""
    def job(index: int) -> OutputJob:
        return OutputJob(PurePosixPath(f"p{index}.bin"), "game", "kind", str(index), "pdf", "key",
                         lambda: str(os.getpid()).encode(), component=f"c{index}")
    run = RenderRun([job(i) for i in range(count)], 2, fork_above)
    return {int(outcome.data) for outcome in run.outcomes()}


def test_a_run_of_few_files_renders_here_and_a_larger_one_in_workers() -> None:
    """watch's small rebuilds render in the watching process (fork_above), keeping its caches."""
    assert _rendered_by(7, fork_above=12) == {os.getpid()}
    workers = _rendered_by(13, fork_above=12)
    assert os.getpid() not in workers and len(workers) >= 1
