"""A file's content as a sha256, the one way pnpkit hashes an input file (cache keys, the
build's record of what it read)."""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path


def file_sha256(path: Path) -> str | None:
    """sha256 of a regular file's bytes, read in blocks (memory stays bounded whatever its
    size); None for a file that is gone, unreadable or not a regular file (a pipe or a device
    such as /dev/zero: reading one may never end)."""
    try:
        # Opened without blocking: opening a named pipe for reading waits for a writer for ever.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(descriptor, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None
            digest = hashlib.sha256()
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
            return digest.hexdigest()
    except OSError:
        return None


# The recorded "hash" of a file that was looked for and is not there (a kit icon that would
# take the place of pnpkit's mark): what was made from its absence stays good while it is absent.
ABSENT = "absent"


def hash_or_absent(path: Path, digest: str | None) -> str | None:
    """``digest``, or ABSENT when there is no file at ``path`` at all (not even a broken link);
    None (unknown) for one that is there but cannot be read as a regular file."""
    return digest if digest is not None or os.path.lexists(path) else ABSENT


def content_digest(path: Path) -> str | None:
    """What the build records of ``path`` now: its sha256, ABSENT, or None (unknown)."""
    return hash_or_absent(path, file_sha256(path))
