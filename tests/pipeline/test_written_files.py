"""An output file is as the build wrote it: taken on its time when it is older than the
manifest, else checked by its bytes."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from generator.build.manifest_entry import ManifestEntry
from generator.build.ownership import WrittenFiles

MANIFEST = "manifest.json"
START = 1_700_000_000 * 10**9
TICK = 10_000_000           # 10 ms in nanoseconds, more than a coarse clock's tick


def written(folder: Path, data: bytes, at_ns: int) -> ManifestEntry:
    """A file written at ``at_ns`` and the manifest entry a build would record for it."""
    path = folder / "card.png"
    path.write_bytes(data)
    os.utime(path, ns=(at_ns, at_ns))
    return ManifestEntry(path="card.png", size=len(data), sha256=hashlib.sha256(data).hexdigest())


def changed(folder: Path, data: bytes, at_ns: int | None = None) -> None:
    (folder / "card.png").write_bytes(data)
    if at_ns is not None:
        os.utime(folder / "card.png", ns=(at_ns, at_ns))


def committed(folder: Path, at_ns: int) -> None:
    (folder / MANIFEST).write_text("{}")
    os.utime(folder / MANIFEST, ns=(at_ns, at_ns))


def test_a_file_older_than_its_manifest_is_not_read_again(tmp_path: Path) -> None:
    entry = written(tmp_path, b"face", START)
    committed(tmp_path, START + TICK)
    assert WrittenFiles(tmp_path, MANIFEST).as_written("card.png", entry)
    changed(tmp_path, b"FACE", START)          # same size, an old time put back: taken on its time, as make does
    assert WrittenFiles(tmp_path, MANIFEST).as_written("card.png", entry)


def test_a_file_changed_since_is_not_as_written(tmp_path: Path) -> None:
    entry = written(tmp_path, b"face", START)
    committed(tmp_path, START + TICK)
    changed(tmp_path, b"FACE")                 # same size, now
    assert not WrittenFiles(tmp_path, MANIFEST).as_written("card.png", entry)
    changed(tmp_path, b"face!", START)         # another size, whatever its time
    assert not WrittenFiles(tmp_path, MANIFEST).as_written("card.png", entry)
    (tmp_path / "card.png").unlink()
    assert not WrittenFiles(tmp_path, MANIFEST).as_written("card.png", entry)


def test_a_newer_file_with_the_written_bytes_is_as_written(tmp_path: Path) -> None:
    """Touched, not changed: its bytes say so."""
    entry = written(tmp_path, b"face", START)
    committed(tmp_path, START + TICK)
    changed(tmp_path, b"face")
    assert WrittenFiles(tmp_path, MANIFEST).as_written("card.png", entry)


def test_a_file_of_the_manifests_own_tick_is_read_for_its_bytes(tmp_path: Path) -> None:
    """Changed in the clock tick the manifest was committed in, its time is the manifest's:
    only its bytes tell."""
    entry = written(tmp_path, b"face", START)
    committed(tmp_path, START)
    assert WrittenFiles(tmp_path, MANIFEST).as_written("card.png", entry)
    changed(tmp_path, b"FACE", START)
    assert not WrittenFiles(tmp_path, MANIFEST).as_written("card.png", entry)


def test_without_a_manifest_every_file_is_read(tmp_path: Path) -> None:
    entry = written(tmp_path, b"face", START)
    assert WrittenFiles(tmp_path, MANIFEST).as_written("card.png", entry)
    changed(tmp_path, b"FACE", START)
    assert not WrittenFiles(tmp_path, MANIFEST).as_written("card.png", entry)


def test_a_build_writes_every_file_before_its_manifest(tmp_path: Path) -> None:
    from generator.build.engine import build
    from generator.pieces.job import BuildOptions

    out = tmp_path / "out"
    build(["breitenfeld1631"], BuildOptions(formats=frozenset({"pdf"})), out)
    committed_ns = (out / MANIFEST).stat().st_mtime_ns
    entries = json.loads((out / MANIFEST).read_text())["files"]
    assert entries and all((out / e["path"]).stat().st_mtime_ns <= committed_ns for e in entries)
    assert all("mtime_ns" not in e for e in entries)          # the manifest holds no times: the same bytes every build


def test_a_file_changed_before_a_partial_build_is_not_taken_as_written_after_it(tmp_path: Path) -> None:
    """A build of some kinds only keeps the other kinds' entries; a kept file changed since the
    last manifest must not come out of it looking older than the new manifest, and as written."""
    import pytest

    from generator.build.engine import build
    from generator.core.errors import BuildError
    from generator.pieces.job import BuildOptions

    out = tmp_path / "out"
    options = BuildOptions(formats=frozenset({"pdf"}))
    build(["stockholm1520"], options, out)
    card = next(out.rglob("E-SHIP.pdf"))
    data = bytearray(card.read_bytes())
    data[-20] ^= 0x01                                   # the same size, other bytes
    card.write_bytes(bytes(data))
    build(["stockholm1520"], options, out, only={"map"})
    entries = {e["path"] for e in json.loads((out / MANIFEST).read_text())["files"]}
    assert str(card.relative_to(out)) not in entries    # no longer listed as the build's
    with pytest.raises(BuildError, match="E-SHIP.pdf"):
        build(["stockholm1520"], options, out)          # in the way: refused, not reused
    assert card.read_bytes() == bytes(data)
