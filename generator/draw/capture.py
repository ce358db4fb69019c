"""Seeing the pages a PDF is drawn from, as it draws them.

``render_pdf`` calls ``seen`` for each page; a caller that wants to inspect what some work
prints wraps it in ``inspecting``. Pages may be made one at a time (a map's tiles), so an
inspector looks at each page as it passes and keeps only what it finds. Outside an
inspection ``seen`` does nothing: drawing stays pure.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Callable, Iterator

if TYPE_CHECKING:
    from generator.draw.page import Page

Inspector = Callable[["Page", int], None]

_active: ContextVar[tuple[Inspector, ...]] = ContextVar("pnpkit_preflight", default=())


def seen(page: "Page", index: int) -> None:
    """Show page ``index`` (from 0) of the PDF being drawn to every inspection now open."""
    for inspect in _active.get():
        inspect(page, index)


@contextmanager
def inspecting(inspect: Inspector) -> Iterator[None]:
    """Every page a PDF drawn inside the block holds is shown to ``inspect``."""
    token = _active.set(_active.get() + (inspect,))
    try:
        yield
    finally:
        _active.reset(token)


@contextmanager
def unseen() -> Iterator[None]:
    """PDFs drawn inside the block are not shown to any inspection: a picture made on the
    way (a drop shadow's silhouette, rasterised) is not a printed page."""
    token = _active.set(())
    try:
        yield
    finally:
        _active.reset(token)
