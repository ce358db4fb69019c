"""Which files a piece of work read: the inputs its cache key must cover.

Every reader of kit files (data, layouts, icons, fonts, images, sheet definitions) calls
``note_read``; a caller that wants to know what some work depends on wraps it in
``recording()``. Nested recordings each see the reads made inside them.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Iterable, Iterator

_active: ContextVar[tuple[set[Path], ...]] = ContextVar("pnpkit_reads", default=())


def note_read(path: Path) -> None:
    """Record that ``path`` was read, in every recording now open."""
    recordings = _active.get()
    if recordings:
        resolved = Path(path).resolve()
        for reads in recordings:
            reads.add(resolved)


def note_reads_again(resolved: Iterable[Path]) -> None:
    """Record again files a recording already holds (resolved): work kept from an earlier
    call (a loaded icon) notes the files it was made from without resolving them anew."""
    recordings = _active.get()
    if recordings:
        for reads in recordings:
            reads.update(resolved)


@contextmanager
def recording() -> Iterator[set[Path]]:
    """Collect the files read inside the block (resolved paths)."""
    reads: set[Path] = set()
    token = _active.set(_active.get() + (reads,))
    try:
        yield reads
    finally:
        _active.reset(token)
