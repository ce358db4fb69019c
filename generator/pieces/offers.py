"""What a component offers the writers, and what a writer is.

A component kind does not choose formats: it offers what it has to print, as one of these
values, and every writer that needs that kind of offer and whose format the build asks for
turns it into files (``generator.outputs.registry.planned``):

- ``Pages``: pages of paper (home-printing sheets, a piece with bleed, a board full size,
  a reference sheet), written as one PDF;
- ``Cuts``: the cut lines of a file of pieces' pages (a sheet, a shaped piece's print file);
- ``Picture``: one drawing (a card's front, a back, a board, a page), written as SVG or PNG;
- ``Board``: a drawing larger than the paper, tiled onto it with an assembly page;
- ``Pieces``: a component's pieces (a showcase picture of them);
- ``GamePieces``: every pieced component of a game (a print shop's uploads and their README,
  a Tabletop Simulator save, the proof sheet).

An offer carries ``make``, the component's job factory (``Component.job``: it adds the
component's ids, input files and key), so the writers know nothing of component kinds.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any, Callable, Generic, Iterable, Iterator, Mapping, Protocol, Sequence, TypeVar

from generator.pieces.faces import Face, Piece
from generator.pieces.job import BuildOptions, OutputJob
from generator.pieces.roles import Role

if TYPE_CHECKING:
    from generator.draw.page import Page
    from generator.draw.scene import Scene

#: How a board splits into pages (``generator.printing.tiling.TilePlan``): the board only
#: hands it from ``plan`` to the drawing, so its type is the tiling's to say.
PlanT = TypeVar("PlanT")


class JobMaker(Protocol):
    """``Component.job``: a file of the component, drawn from ``faces``, with the manifest's facts."""

    def __call__(self, path: PurePosixPath, item: str, format: str, key: str, render: Callable[[], bytes],
                 faces: Sequence[Face] = (), **facts: Any) -> OutputJob: ...


@dataclass(frozen=True)
class Facts:
    """What the manifest says of an offer's files besides their path and key: the paper of
    its pages, its trimmed size, how many pieces it carries, its role and what PRINTING.md
    reads of it (``extra``); ``OutputJob``'s fields of the same names."""

    paper: str | None = None
    trim_mm: tuple[float, float] | None = None
    items: int = 1
    role: Role = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    def more(self, **extra: Any) -> "Facts":
        """These facts with ``extra`` added (a PNG's dpi, a tiled board's count of tiles)."""
        return replace(self, extra={**self.extra, **extra})

    def fields(self) -> dict[str, Any]:
        """As ``OutputJob``'s keyword arguments (its ``extra`` a dict of its own)."""
        return {"paper": self.paper, "trim_mm": self.trim_mm, "items": self.items, "role": self.role,
                "extra": dict(self.extra)}


@dataclass(eq=False, kw_only=True)
class Offer:
    """What every file-shaped offer has: where its files go (``stem``, without an ending),
    what the manifest calls it, its key, the faces it is drawn from, and the manifest's facts
    (``Facts``)."""

    make: JobMaker
    stem: PurePosixPath
    item: str
    key: str
    faces: Sequence[Face] = ()
    facts: Facts = field(default_factory=Facts)

    def file(self, suffix: str) -> PurePosixPath:
        """The stem with ``suffix`` added to its name (``-fullsize.pdf``, ``.svg``)."""
        return self.stem.with_name(self.stem.name + suffix)


@dataclass(eq=False, kw_only=True)
class Pages(Offer):
    """Pages of paper printed as one PDF; ``pdf()`` makes it once (a PNG may be rasterised from
    it). ``subject`` may be given as a function when it is known only once the pages are set."""

    pages: Callable[[], Iterable["Page"]]
    title: str
    subject: str | Callable[[], str] = ""
    duplex: bool = False
    #: The cut lines of the pages that have pieces to cut, one ``generator.printing.cuts.CutSheet``
    #: maker a page (``--format cut``), known when the pages are planned; empty: none.
    cuts: Sequence[Callable[[], Any]] = ()
    _made: list[bytes] = field(default_factory=list, init=False, repr=False)

    def pdf(self) -> bytes:
        if not self._made:
            from generator.draw.pdf import render_pdf

            pages = self.pages()
            subject = self.subject if isinstance(self.subject, str) else self.subject()
            self._made.append(render_pdf(pages, title=self.title, subject=subject, duplex=self.duplex))
        return self._made[0]


@dataclass(eq=False, kw_only=True)
class Cuts(Offer):
    """The cut lines of a printed file's pages (``--format cut``): one maker of a
    ``generator.printing.cuts.CutSheet`` a page to cut, known when the file is planned;
    ``title`` names the file they go beside. A file with pieces offers it beside its pages."""

    cuts: Sequence[Callable[[], Any]]
    title: str


@dataclass(eq=False, kw_only=True)
class Picture(Offer):
    """One drawing. ``dpi``: its PNG's resolution (default the build's). ``pdf``: a PDF
    made anyway whose page ``pdf_page`` is the drawing, rasterised for the PNG when the
    build writes PDFs (the same pixels, one PDF less). ``page``: the drawing is a page of
    paper, printed from its PDF: its PNG is a picture for the screen, on white, at
    ``PREVIEW_DPI`` at most."""

    draw: Callable[[], "Scene"]
    dpi: int | float | None = None
    pdf: Callable[[], bytes] | None = None
    pdf_page: int = 0
    page: bool = False


@dataclass(eq=False, kw_only=True)
class Board(Offer, Generic[PlanT]):
    """A drawing to tile onto the build's paper: ``plan`` splits it into pages of a paper,
    ``assembly`` draws the assembly page; ``title`` is printed on every tile, ``document``
    and ``subject`` name the PDF. ``draw_tiled``: the board as a plan draws it, where the
    plan moved some of its parts (a map's legend set between the seams); else ``draw``'s."""

    draw: Callable[[], "Scene"]
    plan: Callable[[str], PlanT]
    assembly: Callable[["Scene", PlanT], "Scene"]
    title: str
    document: str
    subject: str
    draw_tiled: Callable[[PlanT], "Scene"] | None = None

    def tiled(self, plan: PlanT) -> "Scene":
        return self.draw_tiled(plan) if self.draw_tiled else self.draw()


class PiecedComponent(Protocol):
    """What the writers of pieces read of a component (``generator.components.base.Component``)."""

    id: str
    title: str
    game_id: str
    pieces: list[Piece]
    inputs: frozenset[Path]

    def key(self, code_hash: str, *parts: Any) -> str: ...

    def job(self, path: PurePosixPath, item: str, format: str, key: str, render: Callable[[], bytes],
            faces: Sequence[Face] = (), **facts: Any) -> OutputJob: ...

    def item_count(self) -> int: ...

    def table_pieces(self) -> list[Piece]: ...

    @property
    def piece_shape(self) -> str: ...       # what its pieces are on a table (card, tile, round, ...)

    @property
    def standee_halves(self) -> Any: ...    # a fold-over standee's halves (StandeeHalves), or None


@dataclass(eq=False)
class Pieces:
    """One component's pieces, for a writer of each face."""

    component: PiecedComponent
    code_hash: str


@dataclass(eq=False)
class GamePieces:
    """Every pieced component of one game (``game`` has ``id`` and ``title``), for a file of
    them all; ``table``: every component an export to a table lays out (``table_pieces``:
    the pieced ones and the maps)."""

    game: Any
    components: Sequence[PiecedComponent]
    code_hash: str
    table: Sequence[PiecedComponent] = ()


@dataclass(frozen=True)
class Writer:
    """One writer: the ``--format`` that asks for it (None: always written), the offer it
    needs (``needs``), what it writes (one line, shown in ``--help``), and ``write``, which
    turns one offer into jobs."""

    format: str | None
    needs: type
    writes: str
    write: Callable[[Any, BuildOptions], Iterator[OutputJob]]
