"""The rule of pnpkit's caches: what is made from a file is kept under a digest of the file's
bytes, never under its modification time or size.

A time and a size say a file is unchanged when it is not: an edit within the clock's
resolution, a file restored with its old time (``git checkout``, ``cp -p``, an unpacked
archive), a clock set back. So every cache that keeps what was made from a file, in this
process (``ContentCache``) or in the user's cache folder (``generator.core.usercache``, whose
entries are named by a digest of what they were made from), is keyed by the bytes it was
made from: the bytes read once, hashed, and the same bytes parsed. A file edited between the
hash and the parse cannot be kept under the old digest. What is kept by a digest is never
wrong, only unused; the bound on entries keeps the memory a process holds."""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from threading import Lock
from typing import Callable, Generic, Hashable, TypeVar

T = TypeVar("T")


def digest(data: bytes) -> str:
    """The digest content caches key by: sha256 of the bytes, as hex."""
    return hashlib.sha256(data).hexdigest()


class ContentCache(Generic[T]):
    """Values made from a file's bytes, kept by (``key``, the digest of the bytes), the
    ``size`` most recently used of them: the same bytes under the same key are made once
    in a process. ``key`` names what else the value depends on (the file's path when a
    message names it, a weight, a label)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[tuple[Hashable, str], T] = OrderedDict()
        self._lock = Lock()

    def get(self, key: Hashable, data: bytes, make: Callable[[], T]) -> T:
        """The value made from ``data`` under ``key``: kept, or made by ``make`` and kept (an
        exception ``make`` raises is not kept: the next call tries again)."""
        entry = (key, digest(data))
        with self._lock:
            if entry in self._kept:
                self._kept.move_to_end(entry)
                return self._kept[entry]
        value = make()
        with self._lock:
            self._kept[entry] = value
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
