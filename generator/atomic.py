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
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, _mode_for(path))
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def write_all(files: dict[Path, bytes | str]) -> list[Path]:
    """Write files already rendered in memory, each atomically: render first, then write,
    so an error while rendering leaves every old file as it was."""
    for path, data in files.items():
        write_atomic(path, data)
    return list(files)
