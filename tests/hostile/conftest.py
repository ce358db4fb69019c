"""A scaffolded kit (plus a copy of Stockholm 1520 for maps, counters and tracks) to break,
and a runner that says what a command printed, whether it crashed, and what it changed."""

from __future__ import annotations

import hashlib
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli.app import main
from generator.cli.scaffold import new_kit

ROOT = Path(__file__).resolve().parents[2]
GAME = "data/mygame"
STOCKHOLM = "data/stockholm1520"


@dataclass
class Run:
    code: int
    output: str
    crashed: bool          # an exception escaped (a traceback), not a clear message


def snapshot(folder: Path, skip: Path | None = None) -> dict[str, str]:
    """Every file under ``folder`` (but ``skip``) with its content's hash."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.is_symlink() and (skip is None or not p.is_relative_to(skip))}


class Kit:
    """A kit folder in tmp, and ``run``: pnpkit on it, checking nothing else changed."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.out = root / "out"

    def path(self, relative: str) -> Path:
        return self.root / relative

    def replace(self, relative: str, old: str, new: str) -> None:
        path = self.path(relative)
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {relative}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    def run(self, *args: str) -> Run:
        """``pnpkit --kit ROOT ARGS``; the kit's files (all but the output folders) stay as they were."""
        before = snapshot(self.root.parent, skip=self.out)
        result = CliRunner().invoke(main, ["--kit", str(self.root), *args])
        after = snapshot(self.root.parent, skip=self.out)
        assert after == before, "a command changed files outside its output folder"
        crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
        return Run(result.exit_code, result.output, crashed)

    def refused(self, *args: str) -> str:
        """Run a command that must fail with a clear message and write nothing; its output."""
        run = self.run(*args)
        assert not run.crashed, run.output
        assert run.code != 0, run.output
        assert "Traceback" not in run.output
        assert not self.out.exists() or not any(self.out.rglob("*.pdf")), "a refused build wrote files"
        return run.output

    def check_and_build_refuse(self, *game: str) -> tuple[str, str]:
        """``check`` and ``build`` both refuse (check must refuse what build would)."""
        return (self.refused("check", *game),
                self.refused("build", *game, "--format", "pdf", "--out", str(self.out)))


@pytest.fixture
def kit(tmp_path: Path) -> Kit:
    root = tmp_path / "kit"
    new_kit(root, "mygame", "My Game")
    return Kit(root)


@pytest.fixture
def stockholm(kit: Kit) -> Kit:
    shutil.copytree(ROOT / STOCKHOLM, kit.path(STOCKHOLM))
    return kit


MEMORY_LIMIT = 1536 * 1024 * 1024      # what any command may take, in bytes of address space
CPU_LIMIT = 90                          # CPU seconds: far past any of these commands' own work
HANG_LIMIT = 900                        # seconds of waiting with no CPU spent (a pipe never written): not a budget


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_LIMIT, CPU_LIMIT))


def run_bounded(kit: Kit, *args: str) -> Run:
    """``pnpkit --kit ROOT ARGS`` in a process of its own, held to CPU_LIMIT and MEMORY_LIMIT:
    for input that could hang or exhaust the test process itself (a pipe, a bomb). A command
    that spends its CPU time (killed by SIGXCPU), or waits past HANG_LIMIT, fails the test
    rather than hanging it; a machine that is only slow does not."""
    import subprocess
    import sys

    before = snapshot(kit.root.parent, skip=kit.out)
    try:
        done = subprocess.run([sys.executable, "-c", "from generator.cli.app import main; main()", "--kit", str(kit.root), *args],
                              capture_output=True, text=True, timeout=HANG_LIMIT, preexec_fn=_limit_memory,
                              cwd=ROOT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"pnpkit {' '.join(args)} still waited after {HANG_LIMIT} s")
    if done.returncode < 0:
        import signal

        pytest.fail(f"pnpkit {' '.join(args)} was killed by {signal.Signals(-done.returncode).name} "
                    f"(past {CPU_LIMIT} s of CPU time?)")
    assert snapshot(kit.root.parent, skip=kit.out) == before, "a command changed files outside its output folder"
    output = done.stdout + done.stderr
    return Run(done.returncode, output, "Traceback" in output or "MemoryError" in output)


def refused_bounded(kit: Kit, *args: str) -> str:
    """Like ``Kit.refused``, in a bounded process of its own: one clean refusal, nothing written."""
    run = run_bounded(kit, *args)
    assert not run.crashed and run.code != 0, run.output
    assert not kit.out.exists() or not any(p.is_file() for p in kit.out.rglob("*")), "a refused build wrote files"
    return run.output
