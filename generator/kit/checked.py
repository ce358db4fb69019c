"""What ``pnpkit check`` found fine before, kept between runs in the user cache, so that a
designer's check after one edit sets again only what the edit changed.

An entry is named by the same key a build gives the file drawn from the same thing (its code,
its entry, its paper and what it is set from) and holds the input files the check read, with
their hashes: a later check skips the work when the key is the same and every one of those
files still has the bytes it had. Only success is kept: a problem is found again, and said,
every time.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable

from generator.core.usercache import peek_bytes, put_bytes
from generator.kit.cachekeys import FileHashes, inputs_unchanged, record_inputs

KIND = "checked"


def _slot(kit_root: Path, what: str) -> str:
    return f"{kit_root}\0{what}"


def checked_before(kit_root: Path, what: str, key: str, hashes: FileHashes) -> bool:
    """Whether ``what`` (a sheet on a paper) was found fine with this ``key`` and the files it
    read are unchanged since."""
    held = peek_bytes(KIND, _slot(kit_root, what), key.encode())
    if held is None:
        return False
    try:
        recorded = json.loads(held)
    except ValueError:
        return False
    return isinstance(recorded, dict) and inputs_unchanged(recorded, kit_root, hashes)


def remember_checked(kit_root: Path, what: str, key: str, read: Iterable[Path], hashes: FileHashes) -> None:
    """Keep that ``what`` was found fine with this ``key``, having read the files ``read``."""
    recorded = record_inputs(read, kit_root, hashes)
    put_bytes(KIND, _slot(kit_root, what), key.encode(), json.dumps(recorded, sort_keys=True).encode("utf-8"))
