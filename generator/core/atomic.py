"""Writing files so that an interruption never leaves a half-written one."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _mode_for(path: Path) -> int:
    """The existing file's mode, or what a plain new file would get (mkstemp makes 0600)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(path: Path, data: bytes | str) -> None:
    """Write to a temporary file beside ``path``, flush it to disk, then rename over it."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = _staged(path, data.encode("utf-8") if isinstance(data, str) else data)
    try:
        os.replace(tmp, path)
    except BaseException:
        _remove(tmp)
        raise


def _staged(path: Path, payload: bytes) -> Path:
    """``payload`` in a temporary file beside ``path``, flushed to disk, with the mode
    ``path`` has (or a new file would get)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, _mode_for(path))
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        _remove(Path(tmp))
        raise
    return Path(tmp)


def _remove(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


class FileSet:
    """Files written as a set, one at a time as each is made: each goes to a temporary file
    beside it at once (memory holds one file), and only when the whole set is written
    (``commit``) are they renamed into place. A failure before (a full disk, a render error)
    removes the temporary files and leaves every old file as it was."""

    def __init__(self) -> None:
        self.staged: list[tuple[Path, Path]] = []

    def add(self, path: Path, data: bytes | str) -> None:
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = _staged(path, data.encode("utf-8") if isinstance(data, str) else data)
        except OSError as err:          # named by the file it was for, not its temporary file
            raise OSError(err.errno, err.strerror, str(path)) from None
        self.staged.append((tmp, path))

    def discard(self) -> None:
        for tmp, _ in self.staged:
            _remove(tmp)
        self.staged = []

    def commit(self) -> list[Path]:
        for tmp, path in self.staged:
            os.replace(tmp, path)
        done = [path for _, path in self.staged]
        self.staged = []
        return done


def write_all(files: dict[Path, bytes | str]) -> list[Path]:
    """Write files already rendered in memory as a set (``FileSet``)."""
    written = FileSet()
    try:
        for path, data in files.items():
            written.add(path, data)
    except BaseException:
        written.discard()
        raise
    return written.commit()
