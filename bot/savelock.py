"""The save's lock: held while a command (or the server's page) reads, changes and writes a
save, so a second one waits, then reads what the first wrote. Apart from ``bot.save`` because
the offline app reads and writes saves without it (one thread, no terminal beside it)."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from filelock import FileLock, Timeout

from generator.core.errors import DataError, Problem

LOCK_WAIT_S = 30.0


@contextmanager
def save_lock(path: Path) -> Iterator[None]:
    """Hold the save's lock (a file beside the save it names, symlinks followed) while a command
    reads and writes it: a second command waits, then reads what the first one wrote."""
    target = Path(path).resolve()
    lock = FileLock(str(target.with_name(f".{target.name}.lock")), timeout=LOCK_WAIT_S)
    try:
        with lock:
            yield
    except Timeout:
        raise DataError([Problem(str(path), f"another bot command has held this save for {LOCK_WAIT_S:g} s; "
                                            "wait for it to finish and try again")]) from None
