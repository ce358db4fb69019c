"""Two builds into one output folder, a build killed at any moment, a full disk: the folder
always holds one whole set of files with a manifest that lists exactly that set."""

from __future__ import annotations

import errno
import json
import hashlib
import multiprocessing
import os
import random
import shutil
import signal
import sys
import time
import traceback
from pathlib import Path
from typing import Callable

import pytest
from click.testing import CliRunner

import generator.build.commit
from generator.build.engine import build
from generator.build.output_lock import LOCK_NAME
from generator.build.ownership import STAGING_PREFIX
from generator.cli.app import main
from generator.cli.scaffold import new_kit
from generator.core.errors import BuildError
from generator.kit.location import use_kit
from generator.pieces.job import BuildOptions
from tests.hostile.conftest import snapshot

PDF = BuildOptions(formats=frozenset({"pdf"}))
SVG = BuildOptions(formats=frozenset({"svg"}))
FORK = multiprocessing.get_context("fork")

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="forks and SIGKILL")


def on_disk(out: Path) -> dict[str, str]:
    """The build's files in ``out`` by their hashes: not the manifest, a staging folder, or the
    lock file a killed build leaves (its lock is gone with its process)."""
    return {relative: digest for relative, digest in snapshot(out).items()
            if relative not in ("manifest.json", LOCK_NAME) and not relative.startswith(STAGING_PREFIX)}


def listed(out: Path) -> dict[str, str]:
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    return {entry["path"]: entry["sha256"] for entry in manifest["files"]}


def staging_left(out: Path) -> list[Path]:
    return list(out.glob(STAGING_PREFIX + "*"))


def _child(kit: Path, out: Path, options: BuildOptions, only: set[str] | None,
           before: Callable[[], None] | None) -> None:
    """A build in a forked process: exit status 0, or 1 with its error on stderr."""
    try:
        if before:
            before()
        with use_kit(kit):
            build(None, options, out, only=only, jobs_n=1)
    except BaseException:
        traceback.print_exc()
        os._exit(1)
    os._exit(0)


def start(kit: Path, out: Path, options: BuildOptions = PDF, only: set[str] | None = None,
          before: Callable[[], None] | None = None) -> multiprocessing.process.BaseProcess:
    process = FORK.Process(target=_child, args=(kit, out, options, only, before))
    process.start()
    return process


@pytest.fixture
def kit(tmp_path: Path) -> Path:
    """A scaffolded kit (three cards), built once so that its fonts are cached for the forks."""
    root = tmp_path / "kit"
    new_kit(root, "mygame", "My Game")
    with use_kit(root):
        build(None, PDF, tmp_path / "warm", only={"cards"}, jobs_n=1)
    return root


def test_ten_pairs_of_builds_into_one_folder(kit: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    outside = snapshot(tmp_path, skip=out)
    for pair in range(10):
        first, second = (PDF, SVG) if pair % 2 else (SVG, PDF)
        runs = [start(kit, out, first, {"cards"}), start(kit, out, second, {"cards"})]
        for run in runs:
            run.join(60)
        assert [run.exitcode for run in runs] == [0, 0], f"pair {pair}"
        assert listed(out) == on_disk(out), f"pair {pair}: the manifest does not list the files on disk"
        assert not staging_left(out) and not (out / LOCK_NAME).exists()
    assert {".pdf", ".svg"} <= {Path(p).suffix for p in listed(out)}
    assert snapshot(tmp_path, skip=out) == outside


def test_a_failing_build_during_another_removes_only_its_own_staging(kit: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    shutil.copytree(kit, broken)
    cards = broken / "data" / "mygame" / "cards" / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Blocks one attack each round.", "Long " * 300),
                     encoding="utf-8")
    outside = snapshot(tmp_path)
    for pair in range(3):
        out = tmp_path / f"out{pair}"
        good, bad = start(kit, out, only={"cards"}), start(broken, out, only={"cards"})
        good.join(60)
        bad.join(60)
        assert (good.exitcode, bad.exitcode) == (0, 1)
        assert listed(out) == on_disk(out) and len(on_disk(out)) == 7
        assert not staging_left(out)
        assert {k: v for k, v in snapshot(tmp_path).items() if not k.startswith(f"out{pair}/")} == outside
        outside = snapshot(tmp_path)


def test_a_second_build_says_it_waits_and_who_for(kit: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import generator.build.output_lock as output_lock
    from filelock import FileLock

    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.setattr(output_lock, "LOCK_WAIT_S", 0.2)
    heard: list[str] = []
    with FileLock(str(out / ".pnpkit-lock")):
        (out / ".pnpkit-lock").write_text("process 4242 on elsewhere\n", encoding="utf-8")
        with use_kit(kit), pytest.raises(BuildError) as caught:
            build(None, PDF, out, only={"cards"}, jobs_n=1, waiting=heard.append)
    assert heard == [f"{out}: another build (process 4242 on elsewhere) is writing into this folder; "
                     "waiting for it to finish (at most 0.2 s)"]
    assert "another build (process 4242 on elsewhere) has held this folder for 0.2 s" in str(caught.value)
    assert not list(out.rglob("*.pdf"))


def _reference(kit: Path, tmp_path: Path) -> tuple[Path, dict[str, str], dict[str, str]]:
    """An output folder of the kit as it is (the old set); then the kit changed, and the set a
    build of it writes (the new set), by hashes."""
    old = tmp_path / "old"
    with use_kit(kit):
        build(None, PDF, old, jobs_n=1)
    game = kit / "data" / "mygame" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("My Game", "My Other Game"), encoding="utf-8")
    cards = kit / "data" / "mygame" / "cards" / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Captain", "Admiral"), encoding="utf-8")
    with use_kit(kit):
        build(None, PDF, tmp_path / "new", jobs_n=1)
    old_set, new_set = listed(old), listed(tmp_path / "new")
    assert old_set == on_disk(old) and new_set != old_set
    return old, old_set, new_set


def _next_build_finishes(kit: Path, out: Path, new_set: dict[str, str], only: set[str] | None = None) -> None:
    """The next build (of ``only`` these kinds) cleans what the killed one left and the
    folder holds the new set."""
    with use_kit(kit):
        build(None, PDF, out, only=only, jobs_n=1)
    assert not staging_left(out) and listed(out) == on_disk(out) == new_set


def test_a_build_killed_at_random_moments_leaves_a_whole_set(kit: Path, tmp_path: Path) -> None:
    old, old_set, new_set = _reference(kit, tmp_path)
    out = tmp_path / "out"
    started = time.perf_counter()
    shutil.copytree(old, out)
    run = start(kit, out)
    run.join(60)
    took = time.perf_counter() - started
    assert run.exitcode == 0 and listed(out) == on_disk(out) == new_set
    rng = random.Random(1520)
    seen = set()
    for _ in range(8):
        shutil.rmtree(out)
        shutil.copytree(old, out)
        run = start(kit, out)
        time.sleep(rng.uniform(0, took))
        os.kill(run.pid, signal.SIGKILL)
        run.join(10)
        if listed(out) == on_disk(out) == old_set:
            seen.add("old")
        elif listed(out) == on_disk(out) == new_set:
            seen.add("new")
        else:
            assert any(generator.build.commit.is_committed(s) for s in staging_left(out)), \
                "killed before its commit, the build changed the old set"
            seen.add("moving")
        with use_kit(kit):       # the next build (of the calibration pages only: quick) cleans up
            build(None, PDF, out, only={"kit"}, jobs_n=1)
        # what is left is a whole set, less the old files drawn from data changed since (removed as stale)
        left = listed(out)
        assert not staging_left(out) and left == on_disk(out)
        assert left.items() <= old_set.items() or left == new_set
    print("killed builds left:", sorted(seen))      # which states a kill met depends on the machine's load


def test_a_build_killed_while_staging_leaves_the_old_set(kit: Path, tmp_path: Path) -> None:
    """Killed while writing its files into staging (at a seeded random file): the old set is
    intact, and the next build removes the staging folder the killed one left."""
    old, old_set, new_set = _reference(kit, tmp_path)
    out = tmp_path / "out"
    for writes in random.Random(1520).sample(range(1, 9), 3):
        shutil.rmtree(out, ignore_errors=True)
        shutil.copytree(old, out)

        def die_while_staging(writes: int = writes) -> None:
            write_bytes = Path.write_bytes
            done: list[Path] = []

            def write_then_die(self: Path, data: bytes) -> int:
                if STAGING_PREFIX in str(self):
                    done.append(self)
                    if len(done) == writes:
                        os.kill(os.getpid(), signal.SIGKILL)
                return write_bytes(self, data)
            Path.write_bytes = write_then_die        # type: ignore[method-assign]  # the fork's own class

        run = start(kit, out, before=die_while_staging)
        run.join(60)
        assert run.exitcode == -signal.SIGKILL
        assert listed(out) == on_disk(out) == old_set, f"killed at staged file {writes}"
        [staging] = staging_left(out)
        assert not generator.build.commit.is_committed(staging)
        with use_kit(kit):       # the next build (of the calibration pages only: quick) cleans up
            build(None, PDF, out, only={"kit"}, jobs_n=1)
        # the old set, less its files drawn from the cards changed since (removed as stale)
        assert not staging_left(out) and listed(out) == on_disk(out)
        assert listed(out).items() <= old_set.items() and "mygame/cards/cards/captain.pdf" not in listed(out)


@pytest.mark.parametrize("moves", [1, 4])
def test_a_build_killed_while_moving_files_into_place(kit: Path, tmp_path: Path, moves: int) -> None:
    """Killed after ``moves`` files were moved into place: the staging folder holds the rest
    and the new manifest; the next build finishes the move."""
    old, old_set, new_set = _reference(kit, tmp_path)
    out = tmp_path / "out"
    shutil.copytree(old, out)

    def die_after_moves() -> None:
        done = []
        replace = os.replace

        def replace_then_die(source: str | Path, target: str | Path) -> None:
            into_place = STAGING_PREFIX not in str(target)      # not the commit's own atomic write
            if into_place and len(done) == moves:
                os.kill(os.getpid(), signal.SIGKILL)
            replace(source, target)
            if into_place:
                done.append(target)
        generator.build.commit.os.replace = replace_then_die       # type: ignore[attr-defined]  # the fork's own module

    run = start(kit, out, before=die_after_moves)
    run.join(60)
    assert run.exitcode == -signal.SIGKILL
    [staging] = staging_left(out)
    assert generator.build.commit.is_committed(staging)
    assert listed(out) == old_set and on_disk(out) != old_set
    _next_build_finishes(kit, out, new_set, only={"kit"})     # draws no card: the move is finished


def test_a_full_disk_while_staging_leaves_the_old_files(kit: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    with use_kit(kit):
        build(None, PDF, out, jobs_n=1)
    before = snapshot(tmp_path)
    write_bytes = Path.write_bytes
    staged: list[Path] = []

    def disk_full_on_the_third(self: Path, data: bytes) -> int:      # type: ignore[override]
        if STAGING_PREFIX in str(self):
            staged.append(self)
            if len(staged) == 3:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(self))
        return write_bytes(self, data)
    monkeypatch.setattr(Path, "write_bytes", disk_full_on_the_third)
    result = CliRunner().invoke(main, ["--kit", str(kit), "build", "mygame", "--force", "--format", "pdf",
                                       "--jobs", "1", "--out", str(out)])
    assert result.exit_code != 0 and not isinstance(result.exception, OSError), result.output
    assert "cannot write the kit: No space left on device" in result.output
    assert f"nothing was changed in {out}" in result.output
    assert len(staged) == 3 and snapshot(tmp_path) == before
    assert not staging_left(out)


def test_a_full_disk_during_a_map_build_leaves_the_old_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``pnpkit map build`` writes four files: all to temporary files first, then renamed."""
    import generator.core.atomic

    from benchmarks.big_input import map_file

    path = map_file(tmp_path, 4)
    out = tmp_path / "out"
    assert CliRunner().invoke(main, ["map", "build", str(path), "--out", str(out)]).exit_code == 0
    assert len(list(out.iterdir())) == 4
    before = snapshot(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace("title: Map of", "title: New map of"), encoding="utf-8")
    flushed: list[int] = []
    fsync = os.fsync

    def disk_full_on_the_third(fd: int) -> None:
        flushed.append(fd)
        if len(flushed) == 3:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        fsync(fd)
    monkeypatch.setattr(generator.core.atomic.os, "fsync", disk_full_on_the_third)
    result = CliRunner().invoke(main, ["map", "build", str(path), "--out", str(out)])
    assert result.exit_code == 1 and not isinstance(result.exception, OSError), result.output
    assert "cannot read or write a file (No space left on device)" in result.output
    assert result.output.rstrip().endswith("big4.svg")      # the file it was writing, not a temporary name
    before[path.name] = snapshot(tmp_path)[path.name]
    assert snapshot(tmp_path) == before, "the old map files were not all kept"
