"""Warnings about a kit that is valid but may print badly (text shrunk below a readable size).

Drawing code calls ``warn``; a command that wants them wraps its work in ``collecting()``
and prints them. Outside a collection a warning is dropped: drawing stays pure.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

READABLE_PT = 8.0       # text shrunk below this (and below the size the layout asked) is warned of

_active: ContextVar[tuple[list[str], ...]] = ContextVar("pnpkit_warnings", default=())


def warn(message: str) -> None:
    """Record ``message`` in every collection now open (each once)."""
    for found in _active.get():
        if message not in found:
            found.append(message)


@contextmanager
def collecting() -> Iterator[list[str]]:
    """The warnings given inside the block, in order."""
    found: list[str] = []
    token = _active.set(_active.get() + (found,))
    try:
        yield found
    finally:
        _active.reset(token)
