"""The bots' caches know a file by its bytes, not its size and time (issue 40): pnpkit's code
for the kept status, the save for the page's kept game."""

from __future__ import annotations

import os
from pathlib import Path

from bot.status_cache import PACKAGES, code_digest


def _same_size_and_time(path: Path, text: str) -> None:
    """Rewrite ``path`` with ``text`` (as long as before), its time set back as it was."""
    before = path.stat()
    assert len(text.encode()) == before.st_size
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))


def test_code_rewritten_at_the_same_size_and_time_is_another_code(tmp_path: Path) -> None:
    for package in PACKAGES:
        (tmp_path / package).mkdir()
        (tmp_path / package / "rules.py").write_text("MOVES = 2\n", encoding="utf-8")
    before = code_digest(tmp_path)
    assert code_digest(tmp_path) == before
    _same_size_and_time(tmp_path / "bot" / "rules.py", "MOVES = 3\n")
    assert code_digest(tmp_path) != before
