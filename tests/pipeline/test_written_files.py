"""An output file is as the build wrote it: read by its time when that is safe, else by its bytes."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from generator.ownership import WrittenFiles

MANIFEST = "manifest.json"
TICK = 10_000_000           # 10 ms in nanoseconds, more than a coarse clock's tick


def written(folder: Path, data: bytes, at_ns: int) -> dict:
    """A file written at ``at_ns`` and the manifest entry a build would record for it."""
    path = folder / "card.png"
    path.write_bytes(data)
    os.utime(path, ns=(at_ns, at_ns))
    return {"path": "card.png", "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest(), "mtime_ns": at_ns}


def committed(folder: Path, at_ns: int) -> None:
    (folder / MANIFEST).write_text("{}")
    os.utime(folder / MANIFEST, ns=(at_ns, at_ns))


def test_a_file_with_its_recorded_time_is_not_read_again(tmp_path: Path) -> None:
    start = 1_700_000_000 * 10**9
    entry = written(tmp_path, b"face", start)
    committed(tmp_path, start + TICK)
    (tmp_path / "card.png").write_bytes(b"FACE")              # same size, its time put back
    os.utime(tmp_path / "card.png", ns=(start, start))
    assert WrittenFiles(tmp_path, MANIFEST).as_written("card.png", entry)     # taken on its time, as make does


def test_a_file_changed_since_is_not_as_written(tmp_path: Path) -> None:
    start = 1_700_000_000 * 10**9
    entry = written(tmp_path, b"face", start)
    committed(tmp_path, start + TICK)
    (tmp_path / "card.png").write_bytes(b"FACE")              # same size, a new time
    assert not WrittenFiles(tmp_path, MANIFEST).as_written("card.png", entry)
    (tmp_path / "card.png").write_bytes(b"face!")
    assert not WrittenFiles(tmp_path, MANIFEST).as_written("card.png", entry)
    (tmp_path / "card.png").unlink()
    assert not WrittenFiles(tmp_path, MANIFEST).as_written("card.png", entry)


def test_a_file_of_the_manifests_own_tick_is_read_for_its_bytes(tmp_path: Path) -> None:
    """Changed in the same clock tick as the build wrote it and its manifest, its time is the
    recorded one: only its bytes tell."""
    start = 1_700_000_000 * 10**9
    entry = written(tmp_path, b"face", start)
    committed(tmp_path, start)
    assert WrittenFiles(tmp_path, MANIFEST).as_written("card.png", entry)
    (tmp_path / "card.png").write_bytes(b"FACE")
    os.utime(tmp_path / "card.png", ns=(start, start))
    assert not WrittenFiles(tmp_path, MANIFEST).as_written("card.png", entry)


def test_an_entry_without_a_time_is_checked_by_its_bytes_and_gains_the_time(tmp_path: Path) -> None:
    start = 1_700_000_000 * 10**9
    entry = written(tmp_path, b"face", start)
    del entry["mtime_ns"]                                      # a manifest of an earlier pnpkit
    committed(tmp_path, start + TICK)
    files = WrittenFiles(tmp_path, MANIFEST)
    assert files.as_written("card.png", entry)
    assert files.kept_entry("card.png", entry) == {**entry, "mtime_ns": start}
    (tmp_path / "card.png").write_bytes(b"FACE")
    assert not WrittenFiles(tmp_path, MANIFEST).as_written("card.png", entry)


def test_a_build_records_each_files_time(tmp_path: Path) -> None:
    import json

    from generator.build import build
    from generator.components.base import BuildOptions

    out = tmp_path / "out"
    build(["breitenfeld1631"], BuildOptions(formats=frozenset({"pdf"})), out)
    entries = json.loads((out / MANIFEST).read_text())["files"]
    assert entries and all(e["mtime_ns"] == (out / e["path"]).stat().st_mtime_ns for e in entries)
