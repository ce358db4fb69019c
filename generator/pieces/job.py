"""An output job (one file to write) and the build options that choose the files.

At the bottom of the layering with ``generator.pieces.faces``: the writers make jobs, the build
renders them, the manifest records them; none of this module knows which kind or which
writer made a job.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Callable, Iterable

from generator.pieces.roles import Role

#: A picture for the screen (a board, a page printed from its PDF) is at most this many dots
#: per inch: the PDFs are for printing, and a 300 dpi PNG of a 50 cm board or of every page
#: would be tens of megabytes and most of a PNG build's time.
PREVIEW_DPI = 150

#: ``--sheets``: what each way of laying pieces on home-printing sheets does.
SHEET_MODES = {
    "packed": "the pieces of a game share sheets (a deck's last page filled by the next, small pieces in the "
              "room big ones leave); long-edge duplex for pieces with backs",
    "per-component": "each component on sheets of its own",
    "gutterfold": "fronts and backs on one side of the paper, folded on the middle line (a printer without duplex)",
}


@dataclass(frozen=True)
class BuildOptions:
    """What the user asked of a build. ``formats`` are names of ``generator.outputs.registry``."""

    paper: str = "a4"
    formats: frozenset[str] = frozenset({"pdf", "svg"})
    guides: bool = False
    back_offset: tuple[float, float] = (0.0, 0.0)
    dpi: int = 300
    asset_url: str = ""             # where Tabletop Simulator finds the deck images (ends in /)
    margin: float | None = None     # the printer's unprintable margin in mm (None: the sheet data's)
    #: How pieces go on home-printing sheets (``SHEET_MODES``): a game's pieces packed on
    #: shared duplex sheets, each component on sheets of its own, or gutterfold sheets.
    sheets: str = "packed"
    #: ``build --rows/--where``: the items of each deck drawn (a generator.layout.selection.Selection;
    #: None: all). Not part of any file's key: a card's file is the same file whoever asked for it.
    select: Any = None

    def key(self) -> dict[str, Any]:
        return {"paper": self.paper, "formats": sorted(self.formats), "guides": self.guides,
                "back_offset": list(self.back_offset), "dpi": self.dpi, "asset_url": self.asset_url,
                "margin": self.margin, "sheets": self.sheets}


def _no_inputs() -> frozenset[Path]:
    return frozenset()


def _no_refs() -> tuple[str, ...]:
    return ()


@dataclass
class OutputJob:
    """One file to write, with what the manifest says of it."""

    path: PurePosixPath             # relative to the output directory
    game: str
    kind: str
    item: str                       # item id, or a name for a file of many items
    format: str                     # pdf | svg | png | md | csv | json
    key: str                        # cache key: same key and same input files, same bytes
    render: Callable[[], bytes]
    paper: str | None = None
    trim_mm: tuple[float, float] | None = None
    items: int = 1                  # pieces this file carries: 1 for a piece's own file, 0 for backs and notes
    extra: dict[str, Any] = field(default_factory=dict)
    #: What the file is for (``generator.pieces.roles.ROLES`` says what each role means).
    role: Role = ""
    component: str = ""             # the id of the game's component that writes it
    inputs: Callable[[], Iterable[Path]] = _no_inputs   # files it is drawn from, known once rendered
    #: The files its items were read from (a deck's CSV): not inputs of its reuse (its key holds
    #: each item's data, so one edited row redraws that card only), but a file a build does not
    #: plan whose data changed since may hold an item that is gone: it is removed as stale.
    data_inputs: frozenset[Path] = frozenset()
    #: The limits its pages are inspected against (generator.preflight): set by the build on
    #: the files printed at home, left None on the others.
    preflight: Any = None
    #: Findings known before drawing (the paper use of a game's piece sheets), reported with
    #: what the preflight finds on its pages.
    findings: tuple[Any, ...] = ()
    #: The files of the output folder it links to (relative to it, as ``path``): a Tabletop
    #: Simulator save's pictures, an upload list's faces, PRINTING.md's files. Known once it
    #: is rendered; the manifest records them (``generator.build.ledger``).
    refs: Callable[[], Iterable[str]] = _no_refs
