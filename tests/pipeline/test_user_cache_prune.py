"""The user cache's folders that grow with each version of pnpkit (boards, statuses) keep at
most their share: the least recently used entries go first, an entry's files together."""

from __future__ import annotations

import os
from pathlib import Path

from generator.core.usercache import prune, used


def _entry(folder: Path, stem: str, sizes: dict[str, int], age: float) -> None:
    for suffix, size in sizes.items():
        path = folder / f"{stem}{suffix}"
        path.write_bytes(b"x" * size)
        os.utime(path, (path.stat().st_atime - age, path.stat().st_mtime - age))


def test_the_least_recently_used_entries_go_first_with_all_their_files(tmp_path: Path) -> None:
    _entry(tmp_path, "oldest", {".data": 600, ".json": 10}, age=300)
    _entry(tmp_path, "older", {".data": 600, ".json": 10}, age=200)
    _entry(tmp_path, "new", {".data": 600, ".json": 10}, age=100)
    _entry(tmp_path, ".new.data.4242", {".tmp": 5000}, age=400)    # another process writing
    used(tmp_path / "oldest.data")                                   # read just now
    removed = prune(tmp_path, 1300)
    assert sorted(path.name for path in removed) == ["older.data", "older.json"]
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        ".new.data.4242.tmp", "new.data", "new.json", "oldest.data", "oldest.json"]
    assert prune(tmp_path, 1300) == []                               # within its share: nothing


def test_a_missing_folder_prunes_nothing(tmp_path: Path) -> None:
    assert prune(tmp_path / "none", 0) == []
