"""The user's cache of what pnpkit makes once per machine and keeps between runs: font faces
cut from their sources, reference templates compiled. Nothing in it is an input: each entry
is named by a digest of what it was made from, and any of it may be deleted."""

from __future__ import annotations

import os
from pathlib import Path


def user_cache(kind: str) -> Path:
    """The folder of one kind of cached thing (made if missing): under PNPKIT_CACHE, else
    XDG_CACHE_HOME, else ~/.cache, in pnpkit/<kind>."""
    base = os.environ.get("PNPKIT_CACHE") or os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    path = Path(base) / "pnpkit" / kind
    path.mkdir(parents=True, exist_ok=True)
    return path
