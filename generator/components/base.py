"""The shared model of every printable component, and the files every kind writes.

A *face* is one drawing (a card front, a deck's back, a board), drawn once and kept, with
the files its drawing read. A *piece* is one physical thing (a card, a counter, a tile)
with a trim size, a bleed, a front face and maybe a back face. A *component* is a set of
pieces printed together (a deck, a counter sheet, a board); it produces *output jobs*:
one file each, with the facts the manifest records, a cache key, and the input files the
file was drawn from (``generator.cachekeys`` says when a file can be reused).

``Component`` is the base of every kind: the constructor, the key of each file, which
formats are written, and the jobs every kind shares (home-printing sheets, one file per
piece, the back files, any single scene as SVG/PNG). A kind says which of them it writes.
"""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Iterator, Protocol, Sequence

from pydantic import BaseModel, ConfigDict, Field, field_validator

from generator.draw.scene import Scene
from generator.inputs import recording
from generator.limits import ID_PATTERN  # noqa: F401  (ids are names; the pattern's home is generator.limits)

if TYPE_CHECKING:
    from generator.printing.sheets import SheetSpec

#: A picture for the screen (a board, a page printed from its PDF) is at most this many dots
#: per inch: the PDFs are for printing, and a 300 dpi PNG of a 50 cm board or of every page
#: would be tens of megabytes and most of a PNG build's time.
PREVIEW_DPI = 150


def fingerprint(*parts: Any) -> str:
    """A stable hash of JSON-able parts: what a drawing depends on."""
    blob = json.dumps(parts, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


class Face:
    """One drawing, made on first use and kept, with every file the drawing read.

    ``inputs`` names files the face depends on that its drawing may not read itself (a
    layout file parsed at load time, say); the files read while drawing are added to them.
    """

    def __init__(self, draw: Callable[[], Scene], inputs: Iterable[Path] = ()) -> None:
        self._draw = draw
        self._scene: Scene | None = None
        self._declared = frozenset(Path(p) for p in inputs)
        self._read: frozenset[Path] = frozenset()

    @property
    def drawn(self) -> bool:
        return self._scene is not None

    def scene(self) -> Scene:
        if self._scene is None:
            with recording() as reads:
                self._scene = self._draw()
            self._read = frozenset(reads)
        return self._scene

    def check(self) -> None:
        """Lay the face out to find its problems, without keeping the drawing (unless it is
        kept already): ``check`` of a deck of 40,000 cards holds one card's scene at a time."""
        if self._scene is None:
            self._draw()

    @property
    def declared(self) -> frozenset[Path]:
        """The files named before drawing: known when the build plans, so their names go
        into the key (which files a face uses can change without any of them changing)."""
        return self._declared

    def inputs(self) -> frozenset[Path]:
        """The files this face is drawn from (those read while drawing once it is drawn)."""
        return self._declared | self._read


class Piece:
    """One physical piece: a front face, an optional back face, and its data's fingerprint."""

    def __init__(self, id: str, title: str, width: float, height: float, bleed: float, data_hash: str,
                 front: Face, back: Face | None = None, quantity: int = 1, note: str = "") -> None:
        self.id = id
        self.note = note            # for the designer (what of it is designed): the proof sheet prints it, no face does
        self.title = title
        self.width = width
        self.height = height
        self.bleed = bleed
        self.data_hash = data_hash
        self.quantity = quantity
        self.front_face = front
        self.back_face = back

    @property
    def has_back(self) -> bool:
        return self.back_face is not None

    def front(self) -> Scene:
        """Full-bleed front: (width + 2 bleed) x (height + 2 bleed), trim at (bleed, bleed)."""
        return self.front_face.scene()

    def back(self) -> Scene:
        if self.back_face is None:
            raise ValueError(f"piece {self.id} has no back")
        return self.back_face.scene()

    def faces(self) -> list[Face]:
        return [self.front_face] + ([self.back_face] if self.back_face is not None else [])

    def trim_box(self) -> tuple[float, float, float, float]:
        return (self.bleed, self.bleed, self.width, self.height)


@dataclass(frozen=True)
class BuildOptions:
    """What the user asked of a build."""

    paper: str = "a4"
    formats: frozenset[str] = frozenset({"pdf", "svg"})
    guides: bool = False
    back_offset: tuple[float, float] = (0.0, 0.0)
    dpi: int = 300
    asset_url: str = ""             # where Tabletop Simulator finds the deck images (ends in /)
    margin: float | None = None     # the printer's unprintable margin in mm (None: the sheet data's)

    def key(self) -> dict[str, Any]:
        return {"paper": self.paper, "formats": sorted(self.formats), "guides": self.guides,
                "back_offset": list(self.back_offset), "dpi": self.dpi, "asset_url": self.asset_url,
                "margin": self.margin}

    def printer_margin(self) -> float:
        """What home printers leave unprinted at each edge: ``--margin``, else the sheet data's."""
        from generator.printing import layouts as sheet_layouts

        return sheet_layouts.unprintable_margin() if self.margin is None else self.margin


@functools.lru_cache(maxsize=65536)
def _kit_relative(kit: Path, path: Path) -> str:
    """``path`` as a key names it: relative to the kit when inside it (a build names the
    same few hundred files thousands of times, hence the cache)."""
    root = kit.resolve()
    return path.relative_to(root).as_posix() if path.is_relative_to(root) else path.as_posix()


def _no_inputs() -> frozenset[Path]:
    return frozenset()


@dataclass
class OutputJob:
    """One file to write, with what the manifest says of it."""

    path: PurePosixPath             # relative to the output directory
    game: str
    kind: str
    item: str                       # item id, or a name for a file of many items
    format: str                     # pdf | svg | png | md
    key: str                        # cache key: same key and same input files, same bytes
    render: Callable[[], bytes]
    paper: str | None = None
    trim_mm: tuple[float, float] | None = None
    items: int = 1                  # pieces this file carries: 1 for a piece's own file, 0 for backs and notes
    extra: dict[str, Any] = field(default_factory=dict)
    #: What the file is for, as PRINTING.md tells it (``generator.kit.ROLES``): sheets,
    #: duplex-sheets, preview, piece, picture, back, tiles, fullsize, notes, test.
    role: str = ""
    component: str = ""             # the id of the game's component that writes it
    inputs: Callable[[], Iterable[Path]] = _no_inputs   # files it is drawn from, known once rendered
    #: The limits its pages are inspected against (generator.preflight): set by the build on
    #: the files printed at home, left None on the others.
    preflight: Any = None


class ComponentSpec(BaseModel):
    """What every component's entry in game.yaml has."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: str
    id: str = Field(pattern=ID_PATTERN)
    title: str
    rule: str = ""
    source: str
    print_on: str = ""      # what to print it on, where its kind's usual words are wrong (a standee folds: no board)
    printing_note: str = ""  # a sentence PRINTING.md adds to its line (what the printed pieces leave to say)


class SheetedSpec(ComponentSpec):
    """A component printed as pieces on sheets: ``sheet`` names a layout of data/sheets/layouts.yaml."""

    sheet: str = "cards"

    @field_validator("sheet")
    @classmethod
    def _known_sheet(cls, value: str) -> str:
        from generator.printing import layouts as sheet_layouts

        if value not in sheet_layouts.layouts():
            raise ValueError(f"unknown sheet layout {value!r}; known: {', '.join(sheet_layouts.layouts())}")
        return value


def once(make: Callable[[], Any]) -> Callable[[], Any]:
    """``make``'s result, computed on the first call and kept (a sheet's pages feed two files)."""
    kept: list[Any] = []

    def get() -> Any:
        if not kept:
            kept.append(make())
        return kept[0]
    return get


class Spec(Protocol):
    """A component's validated entry of game.yaml (a pydantic model)."""

    @property
    def id(self) -> str: ...

    @property
    def title(self) -> str: ...

    def model_dump(self, *, mode: str = "python") -> dict[str, Any]: ...


class Component:
    """The base of every component kind. A kind sets its class facts, builds ``pieces`` (or
    its own faces) and, when it writes more than pieces on sheets, extends ``jobs``.

    ``inputs`` are the files read while loading the component: every file of it depends on
    them. A kind whose pieces are keyed by their own data (a deck, by each card's row) passes
    none, so that one changed card redraws that card only.
    """

    kind: ClassVar[str]
    noun: ClassVar[str] = "pieces"            # "all cards", "all counters"
    sheet_subject: ClassVar[str] = "sheets"  # PDF subject of the home-printing sheets
    piece_files: ClassVar[bool] = False       # one PDF per piece and each front as SVG/PNG
    sheet_previews: ClassVar[bool] = False    # the first fronts page as SVG/PNG
    imposed: ClassVar[bool] = True            # pieces laid out on sheets of the paper (so each must fit it)

    def __init__(self, game: Any, spec: Spec, inputs: Iterable[Path] = ()) -> None:
        self.game = game
        self.game_id: str = game.id
        self.spec = spec
        self.id = spec.id
        self.title = spec.title
        self.inputs = frozenset(Path(p) for p in inputs)
        self.pieces: list[Piece] = []

    # what the component is
    def item_count(self) -> int:
        return sum(piece.quantity for piece in self.pieces)

    def faces(self) -> list[Face]:
        """Every face of the component once (a shared back counts once), in order."""
        seen: dict[int, Face] = {}
        for piece in self.pieces:
            for face in piece.faces():
                seen.setdefault(id(face), face)
        return list(seen.values())

    def draw_all(self) -> None:
        """Lay out every face (what ``check`` does): every face that fails is reported, as
        data problems (DataError) when each is a layout's text that does not fit."""
        from generator.draw.textfit import TextOverflow
        from generator.errors import BuildError

        from generator.errors import DataError

        errors = []
        problems = []
        for face in self.faces():
            try:
                face.check()
            except (BuildError, TextOverflow) as err:
                errors.append(str(err))
                if getattr(err, "problem", None) is not None:    # text that does not fit a layout's box
                    problems.append(getattr(err, "problem"))
        if errors and len(problems) == len(errors):
            raise DataError(problems)
        if errors:
            raise BuildError("\n".join(dict.fromkeys(errors)))

    def spec_key(self) -> Any:
        """The parts of the entry that can change a drawing (a kind adds what it derives from it)."""
        return self.spec.model_dump(mode="json")

    def folder(self) -> PurePosixPath:
        return PurePosixPath(self.game_id) / self.kind

    def key(self, code_hash: str, *parts: Any) -> str:
        """A file's key: the code, the component's entry and the game's title (printed on
        sheets and in PDF titles), and what the file adds (a piece's data, the paper...)."""
        return fingerprint(code_hash, self.kind, self.game.title, self.spec_key(), *parts)

    # jobs
    def jobs(self, options: BuildOptions, code_hash: str) -> Iterable[OutputJob]:
        if self.pieces:
            yield from self.sheet_jobs(options, code_hash)
        if self.piece_files:
            for piece in self.pieces:
                yield from self.piece_jobs(piece, options, code_hash)
            yield from self.back_jobs(options, code_hash)

    def job(self, path: PurePosixPath, item: str, format: str, key: str, render: Callable[[], bytes],
            faces: Sequence[Face] = (), **facts: Any) -> OutputJob:
        """A file of this component; it depends on the component's inputs and those of ``faces``.
        The names of the files known before drawing join its key; the build checks every
        input's content (``generator.cachekeys``)."""
        def inputs() -> frozenset[Path]:
            return self.inputs.union(*(face.inputs() for face in faces))
        declared = self.inputs.union(*(face.declared for face in faces))
        if declared:
            key = fingerprint(key, sorted(self._kit_name(p) for p in declared))
        return OutputJob(path, self.game_id, self.kind, item, format, key, render, inputs=inputs, component=self.id,
                         **facts)

    def _kit_name(self, path: Path) -> str:
        return _kit_relative(self._kit, path)

    @functools.cached_property
    def _kit(self) -> Path:
        return Path(getattr(self.game, "kit", Path(self.game.folder).parent.parent))

    def scene_jobs(self, stem: PurePosixPath, draw: Callable[[], Scene], faces: Sequence[Face],
                   options: BuildOptions, key: str, item: str, dpi: int | None = None,
                   pdf: Callable[[], bytes] | None = None, pdf_page: int = 0, page: bool = False,
                   **facts: Any) -> Iterator[OutputJob]:
        """One drawing as ``stem.svg`` and ``stem.png``, as the options ask; ``faces`` are
        those it is drawn from. ``pdf``: a PDF the build makes anyway whose page ``pdf_page``
        is the drawing, rasterised for the PNG instead of a PDF of its own (the same pixels,
        one PDF less; ``once`` shares it between the files). ``page``: the drawing
        is a page of paper (a reference sheet, a sheet of pieces), printed from its PDF: its
        PNG is a picture of it for the screen, on white, at ``PREVIEW_DPI`` at most."""
        from generator.draw.png import pdf_png, render_png
        from generator.draw.svg import render_svg

        if "svg" in options.formats:
            yield self.job(stem.with_name(stem.name + ".svg"), item, "svg", key,
                           lambda: render_svg(draw()).encode("utf-8"), faces, **facts)
        if "png" in options.formats:
            png_dpi = min(options.dpi, PREVIEW_DPI) if page else dpi or options.dpi
            png_facts = {**facts, "extra": {**facts.get("extra", {}), "dpi": png_dpi}}
            paper = "#ffffff" if page else None

            def png() -> bytes:
                if pdf is not None and "pdf" in options.formats:
                    return pdf_png(pdf(), draw(), dpi=png_dpi, background=paper, page_index=pdf_page)
                return render_png(draw(), dpi=png_dpi, background=paper)
            yield self.job(stem.with_name(stem.name + ".png"), item, "png", fingerprint(key, png_dpi), png, faces,
                           **png_facts)

    def sheet_name(self) -> str:
        """The sheet layout the pieces go on (game.yaml's ``sheet:``)."""
        return str(getattr(self.spec, "sheet"))

    def sheet_spec(self, options: BuildOptions) -> "SheetSpec":
        from generator.printing import layouts as sheet_layouts
        from generator.printing.sheets import SheetSpec

        return SheetSpec(self.game.title, self.title, sheet_layouts.paper(options.paper),
                         sheet_layouts.layouts()[self.sheet_name()],
                         options.printer_margin(), guides=options.guides, back_offset=options.back_offset,
                         backs=all(piece.has_back for piece in self.pieces))

    def sheet_jobs(self, options: BuildOptions, code_hash: str) -> Iterator[OutputJob]:
        """Every copy of every piece on the chosen paper: fronts pages, each followed by its
        mirrored backs page when the pieces have backs (long-edge duplex)."""
        from generator.draw.pdf import render_pdf
        from generator.printing.sheets import sheet_pages

        spec = self.sheet_spec(options)
        paper = spec.paper
        first = self.pieces[0]
        key = self.key(code_hash, [(p.data_hash, p.quantity) for p in self.pieces], paper.model_dump(),
                       spec.layout.model_dump(), spec.margin, spec.guides, list(spec.back_offset))
        pages = once(lambda: sheet_pages(self.pieces, spec))
        faces = self.faces()
        facts: dict[str, Any] = {"paper": paper.id}
        subject = f"{paper.label} {self.sheet_subject}, " + ("long-edge duplex" if spec.backs else "one-sided")
        pdf = once(lambda: render_pdf(pages(), title=f"{self.game.title} - {self.title}", duplex=spec.backs,
                                       subject=subject))
        if "pdf" in options.formats:
            yield self.job(self.folder() / f"{self.id}-sheets-{paper.id}.pdf", f"{self.id} (all {self.noun})", "pdf",
                           key, pdf, faces, trim_mm=(first.width, first.height), items=self.item_count(),
                           role="duplex-sheets" if spec.backs else "sheets", **facts)
        if self.sheet_previews:
            yield from self.scene_jobs(self.folder() / f"{self.id}-fronts-{paper.id}", lambda: pages()[0].scene,
                                       faces, options, key, f"{self.id} fronts", pdf=pdf, page=True, items=0,
                                       role="preview", **facts)

    def piece_jobs(self, piece: Piece, options: BuildOptions, code_hash: str) -> Iterator[OutputJob]:
        """A print shop's PDF of one piece (front and back pages, with bleed) and its front as SVG/PNG."""
        from generator.draw.pdf import render_pdf
        from generator.printing.sheets import piece_pages

        key = self.key(code_hash, piece.data_hash)
        trim = (piece.width, piece.height)
        folder = self.folder() / self.id
        pdf = once(lambda: render_pdf(piece_pages(piece), title=f"{self.game.title} - {piece.id} {piece.title}"))
        if "pdf" in options.formats:
            yield self.job(folder / f"{piece.id}.pdf", piece.id, "pdf", key, pdf,
                           piece.faces(), trim_mm=trim, role="piece",
                           extra={"back": piece.has_back, "bleed": piece.bleed})
        # the front's PNG is the piece PDF's first page rasterised (the front scene: the same
        # pixels as a PDF of the front alone), so that one PDF is made for both files
        yield from self.scene_jobs(folder / f"{piece.id}-front", piece.front, [piece.front_face], options, key,
                                   piece.id, pdf=pdf,
                                   trim_mm=trim, role="picture")

    def back_jobs(self, options: BuildOptions, code_hash: str) -> Iterator[OutputJob]:
        """The backs as SVG/PNG: ``back`` when the pieces share one, else one per piece; none
        for pieces without a back."""
        backs: dict[int, tuple[Piece, Face]] = {}
        for piece in self.pieces:
            if piece.back_face is not None:
                backs.setdefault(id(piece.back_face), (piece, piece.back_face))
        shared = len(backs) == 1 and all(p.back_face is not None for p in self.pieces)
        for piece, face in backs.values():
            name, item, data = ("back", f"{self.id} back", "back") if shared else \
                (f"{piece.id}-back", f"{piece.id} back", piece.data_hash)
            yield from self.scene_jobs(self.folder() / self.id / name, face.scene, [face], options,
                                       self.key(code_hash, "back", data), item, trim_mm=(piece.width, piece.height),
                                       items=0, role="back")


def source_file(game: Any, raw: Any, file: str, index: int, source: str, key: str = "source") -> Path:
    """The file a component entry names (its ``source``, or another ``key``), relative to
    game.yaml and inside the kit; a missing one, or one leading out of the kit, is reported
    at that key's line of game.yaml, where the user can fix it."""
    from generator.errors import DataError, Problem
    from generator.paths import OutsideKit, inside_kit

    lines = getattr(raw, "lines", {})

    def problem(message: str) -> DataError:
        return DataError([Problem(file, message, line=lines.get(key), field=f"components.{index}.{key}")])

    try:
        path = inside_kit(game.kit, Path(game.folder), source)
    except OutsideKit as err:
        raise problem(str(err)) from None
    if not path.is_file():
        raise problem(f"no file {source!r} in {Path(game.folder).name}/ (the path is relative to game.yaml)")
    return path
