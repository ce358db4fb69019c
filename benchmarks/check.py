"""``pnpkit check`` on the bundled kit, cold and warm: figures printed, never asserted.

Run from the repository: ``python benchmarks/check.py [--runs 5]``. Each run is ``pnpkit check``
in a child process with a user cache of its own (``PNPKIT_CACHE`` in a temporary folder, its
fonts cut and files parsed by one warm-up build first, as on a designer's machine):

- ``cold``: what check found fine before is forgotten (the cache's ``checked/`` folder
  removed): every reference sheet is set again, as after a change to pnpkit's code;
- ``warm``: check again with nothing changed: it answers from what it kept
  (``generator.kit.checked``), setting no sheet;
- ``edit``: one reference sheet's words changed (its subtitle in Stockholm 1520's
  reference.yaml): that sheet alone is set again, on A4 and Letter;
- ``build``: ``pnpkit build`` of the same kit into an empty folder, the cost check is held to cold.

Each figure: wall seconds and the child's CPU seconds (user + system), min / median / max.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

PNPKIT = [sys.executable, "-m", "generator"]
ROOT = Path(__file__).resolve().parents[1]


def timed(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of ``pnpkit ARGS`` (exit status 0 expected)."""
    started = time.perf_counter()
    child = subprocess.Popen([*PNPKIT, *args], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"pnpkit {' '.join(args)} failed: {child.stderr.read().decode() if child.stderr else ''}")
    return wall, usage.ru_utime + usage.ru_stime


def line(name: str, figures: list[tuple[float, float]]) -> str:
    def three(values: list[float]) -> str:
        return f"{min(values):6.2f} {statistics.median(values):6.2f} {max(values):6.2f}"
    return f"{name:6}  wall {three([w for w, _ in figures])}   cpu {three([c for _, c in figures])}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as tmp:
        cache = Path(tmp) / "cache"
        env = {**os.environ, "PNPKIT_CACHE": str(cache), "PYTHONPATH": str(ROOT)}
        out = Path(tmp) / "out"
        timed(["build", "--format", "pdf", "--out", str(out)], env)          # the warm-up
        timed(["check"], env)
        sheet = ROOT / "data" / "stockholm1520" / "reference.yaml"
        original = sheet.read_bytes()

        def forget() -> None:
            shutil.rmtree(cache / "pnpkit" / "checked", ignore_errors=True)

        edited = original.replace(b"subtitle: Reference sheet", b"subtitle: Reference sheet (edited)", 1)
        assert edited != original, "the benchmark's edit no longer finds the subtitle of reference.yaml"

        def edit() -> None:
            sheet.write_bytes(edited)

        def empty_out() -> None:
            shutil.rmtree(out, ignore_errors=True)

        cases: list[tuple[str, list[str], Callable[[], None]]] = [
            ("cold", ["check"], forget), ("warm", ["check"], lambda: None), ("edit", ["check"], edit),
            ("build", ["build", "--format", "pdf", "--out", str(out)], empty_out)]
        figures: dict[str, list[tuple[float, float]]] = {name: [] for name, _, _ in cases}
        try:
            for _ in range(runs):              # alternated, so a busy spell falls on every case alike
                for name, args, before in cases:
                    before()
                    figures[name].append(timed(args, env))
                    if name == "edit":
                        sheet.write_bytes(original)
        finally:
            sheet.write_bytes(original)
    print(f"pnpkit check on the bundled kit, {runs} runs each (seconds: min / median / max), {os.cpu_count()} cores")
    for name, _, _ in cases:
        print(line(name, figures[name]))


if __name__ == "__main__":
    main()
