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


def write_all(files: dict[Path, bytes | str]) -> list[Path]:
    """Write files already rendered in memory as a set: every file goes to a temporary file
    beside it first, and only when all are written (a full disk stops it before) are they
    renamed into place, so a failure leaves every old file as it was, none half-replaced."""
    staged: list[tuple[Path, Path]] = []
    try:
        for path, data in files.items():
            path = Path(path)
            path.parent.mkdir(parents=True, exist_ok=True)
            staged.append((_staged(path, data.encode("utf-8") if isinstance(data, str) else data), path))
    except BaseException as err:
        for tmp, _ in staged:
            _remove(tmp)
        if isinstance(err, OSError):     # named by the file it was for, not its temporary file
            raise OSError(err.errno, err.strerror, str(path)) from None
        raise
    for tmp, path in staged:
        os.replace(tmp, path)
    return list(files)
