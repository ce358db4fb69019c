"""Which files a piece of work read: the inputs its cache key must cover, and their content
as it was read.

Every reader of kit files (data, layouts, icons, fonts, images, sheet definitions) calls
``note_read`` before it opens the file (or after, handing it the bytes it read); a caller
that wants to know what some work depends on wraps it in ``recording()``. Nested recordings
each see the reads made inside them.

A build opens a ``reading_session``: the first read of each file in it fixes the content
the build records for that file (``digest_as_read``). A file saved while the build runs is
then recorded as the build read it, not as it is when the manifest is written, and the next
build sees the change and draws again what was drawn from it.
"""

from __future__ import annotations

import hashlib
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Callable, Iterable, Iterator

from generator.core.filehash import content_digest

_active: ContextVar[tuple[set[Path], ...]] = ContextVar("pnpkit_reads", default=())
# The open session's content of each file read (resolved path: sha256, ABSENT, or None when
# it was unreadable or read with two different contents); None outside a build. A context
# variable: two builds in two threads keep their own, and forked render workers inherit the
# session of the build that forked them (and send back what they add: ``read_in_session``).
_sessions: ContextVar[dict[Path, str | None] | None] = ContextVar("pnpkit_read_contents", default=None)


def note_read(path: Path, data: bytes | None = None) -> None:
    """Record that ``path`` was read, in every recording now open; in a build, its content
    as read: ``data`` when the caller hands the bytes it read, else the file as it is now
    (the caller has not opened it yet)."""
    recordings = _active.get()
    session = _sessions.get()
    if not recordings and session is None:
        return
    resolved = Path(path).resolve()
    for reads in recordings:
        reads.add(resolved)
    if session is not None:
        _note_content(session, resolved, data)


def _note_content(session: dict[Path, str | None], resolved: Path, data: bytes | None) -> None:
    """The session's digest of ``resolved``: fixed at its first read; a later read handing
    other bytes means the build read two contents, so neither is recorded (None: unknown)."""
    if resolved not in session:
        session[resolved] = hashlib.sha256(data).hexdigest() if data is not None else content_digest(resolved)
    elif data is not None and session[resolved] != hashlib.sha256(data).hexdigest():
        session[resolved] = None


def note_reads_again(resolved: Iterable[Path]) -> None:
    """Record again files a recording already holds (resolved): work kept from an earlier
    call (a loaded icon) notes the files it was made from without resolving them anew."""
    recordings = _active.get()
    session = _sessions.get()
    files = list(resolved)
    for reads in recordings:
        reads.update(files)
    if session is not None:
        for path in files:
            _note_content(session, path, None)


@contextmanager
def recording() -> Iterator[set[Path]]:
    """Collect the files read inside the block (resolved paths)."""
    reads: set[Path] = set()
    token = _active.set(_active.get() + (reads,))
    try:
        yield reads
    finally:
        _active.reset(token)


@contextmanager
def reading_session() -> Iterator[None]:
    """A build: each file's content fixed at its first read inside the block. A session
    already open (a build inside another's) is the one used."""
    if _sessions.get() is not None:
        yield
        return
    token = _sessions.set({})
    try:
        yield
    finally:
        _sessions.reset(token)


def digest_as_read(path: Path, now: Callable[[Path], str | None]) -> str | None:
    """The content the open session read ``path`` with; ``now(path)`` for a file it has not
    read (or outside a build)."""
    session = _sessions.get()
    if session is not None:
        for key in (path, path.resolve()) if path.is_absolute() else (path.resolve(),):
            if key in session:
                return session[key]
    return now(path)


def read_in_session(paths: Iterable[Path]) -> tuple[tuple[Path, str | None], ...]:
    """The session's digests of ``paths`` (those it has): what a forked worker sends back."""
    session = _sessions.get()
    if session is None:
        return ()
    return tuple((path, session[path]) for path in paths if path in session)


def adopt(digests: Iterable[tuple[Path, str | None]]) -> None:
    """Take a worker's digests into this process's session; a file read here first keeps
    what it was read with here, and one read with two contents is unknown (None)."""
    session = _sessions.get()
    if session is None:
        return
    for path, digest in digests:
        if path not in session:
            session[path] = digest
        elif session[path] != digest:
            session[path] = None
