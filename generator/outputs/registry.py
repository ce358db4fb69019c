"""The writers by format, and the one parser of ``--format`` for every command.

``WRITERS`` names the writer modules in the order their files are planned (a PDF before
the SVG and PNG of the same drawing). Each module holds ``WRITER``
(``generator.pieces.offers.Writer``); the modules are imported on first use, so a
command's ``--help`` stays quick.
"""

from __future__ import annotations

import functools
import importlib
from typing import Iterable, Iterator, Protocol

from generator.pieces.job import BuildOptions, OutputJob
from generator.pieces.offers import Offer, Writer


class Offering(Protocol):
    """A component as the planner sees it: what it offers the writers."""

    def offers(self, options: BuildOptions, code_hash: str) -> Iterator[Offer]: ...

WRITERS = ("pdf", "packed", "tiled_pdf", "svg", "png", "tgc", "tts", "proof", "showcase", "hand", "cut", "packed_cut")


@functools.cache
def writers() -> tuple[Writer, ...]:
    """Every writer, in planning order."""
    return tuple(importlib.import_module(f"generator.outputs.{name}").WRITER for name in WRITERS)


def formats(offers: Iterable[type] | None = None) -> tuple[str, ...]:
    """The ``--format`` names, in order; with ``offers``, those of writers that take one of
    them (``pnpkit map build`` offers a board and its pictures, not pieces)."""
    kinds = tuple(offers) if offers is not None else None
    names = [w.format for w in writers() if w.format is not None and (kinds is None or w.needs in kinds)]
    return tuple(dict.fromkeys(names))


def describe(offers: Iterable[type] | None = None) -> str:
    """The formats and what each writes, for ``--help``."""
    chosen = formats(offers)
    parts = []
    for name in chosen:
        said = [w.writes for w in writers() if w.format == name and (offers is None or w.needs in tuple(offers))]
        parts.append(f"{name} ({'; '.join(said)})")
    return "; ".join(parts)


def parse_formats(text: str, allowed: Iterable[str]) -> frozenset[str]:
    """The formats of a comma-separated ``--format`` value; ValueError naming the choices."""
    known = tuple(allowed)
    chosen = {part.strip().lower() for part in text.split(",") if part.strip()}
    if not chosen or chosen - set(known):
        raise ValueError(f"choose from {', '.join(known)} (comma-separated); got {text!r}")
    return frozenset(chosen)


def component_jobs(component: Offering, options: BuildOptions, code_hash: str) -> Iterator[OutputJob]:
    """A component's files: its offers, as the writers the options ask for write them."""
    return planned(component.offers(options, code_hash), options)


def planned(offers: Iterable[object], options: BuildOptions) -> Iterator[OutputJob]:
    """The jobs of ``offers``: for each offer, every writer that takes it and whose format the
    options ask for (or that is always written), in ``WRITERS`` order."""
    for offer in offers:
        for writer in writers():
            if isinstance(offer, writer.needs) and (writer.format is None or writer.format in options.formats):
                yield from writer.write(offer, options)
