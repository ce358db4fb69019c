"""The base of every component kind, and what every kind's entry in game.yaml has.

A *component* is a set of pieces printed together (a deck, a counter sheet, a board). It
offers what it has to print (``generator.pieces.offers``: pages, pictures, a board to
tile, its pieces); the writers (``generator.outputs``) turn the offers into output jobs,
one file each, as the build's formats ask. Faces and pieces are ``generator.pieces.faces``.

``Component`` is the base of every kind: the constructor, the key of each file, and the
offers every kind shares (home-printing sheets, one file per piece, the back files, any
single drawing as a picture). A kind says which of them it makes.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Iterator, Literal, Protocol, Sequence

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from generator.core.errors import DataError, Problem
from generator.core.limits import ID_PATTERN, excerpt
from generator.core.near_miss import closest
from generator.core.output_name import OutputName
from generator.draw.scene import Scene
from generator.pieces.faces import Face, Piece, back_names, fingerprint, once
from generator.pieces.job import BuildOptions, OutputJob
from generator.pieces.offers import Cuts, Facts, Offer, Pages, Picture
from generator.pieces.roles import Role
from generator.printing.stock import StockName

if TYPE_CHECKING:
    from generator.draw.glyphs import Gap
    from generator.printing.sheets import SheetSpec


@functools.lru_cache(maxsize=65536)
def _kit_relative(kit: Path, path: Path) -> str:
    """``path`` as a key names it: relative to the kit when inside it (a build names the
    same few hundred files thousands of times, hence the cache)."""
    root = kit.resolve()
    return path.relative_to(root).as_posix() if path.is_relative_to(root) else path.as_posix()


#: What a component's pieces are on a table, for the exports that place them there (Tabletop
#: Simulator's object types, The Game Crafter's products): ``card``, ``tile`` (square or
#: oblong, two-sided), ``round`` (a disc: a marker, a chit), ``token`` (one-sided: a sticker
#: or label), ``board``, ``standee`` (a figure that stands up), ``hex`` (a hexagonal tile).
PIECE_SHAPES = ("card", "tile", "round", "token", "board", "standee", "hex")
PieceShape = Literal["card", "tile", "round", "token", "board", "standee", "hex"]
#: What pieces of an outline (generator.pieces.outline) are on a table, unless game.yaml says.
OUTLINE_SHAPES = {"hex-flat": "hex", "hex-pointy": "hex", "round": "round", "path": "token"}


class StandeeHalves(BaseModel):
    """A fold-over standee printed as one strip: the mm (from the strip's top edge, within its
    trim) where the half seen from the front lies, and the half seen from behind (printed
    upside down, so it reads upright once folded)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    front: tuple[float, float]
    back: tuple[float, float] | None = None

    @model_validator(mode="after")
    def _ordered(self) -> "StandeeHalves":
        for name, span in (("front", self.front), ("back", self.back)):
            if span is not None and not 0 <= span[0] < span[1]:
                raise ValueError(f"{name}: [top, bottom] in mm from the strip's top, top < bottom; got {list(span)}")
        return self


SHOWCASE_FACES = 5      # at most this many faces fanned on a showcase picture


class ComponentSpec(BaseModel):
    """What every component's entry in game.yaml has."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: str
    id: OutputName
    title: str
    rule: str = ""
    source: str
    print_on: str = ""      # what to print it on, where its kind's usual words are wrong (a standee folds: no board)
    stock: StockName | None = None  # the stock its pieces share sheets by (generator.printing.stock); else found
    printing_note: str = ""  # a sentence PRINTING.md adds to its line (what the printed pieces leave to say)
    piece: PieceShape | None = None     # what the pieces are on a table (PIECE_SHAPES); else the kind's
    standee: StandeeHalves | None = None  # with piece: standee, the halves of a fold-over strip

    @model_validator(mode="after")
    def _standee_halves_for_a_standee(self) -> "ComponentSpec":
        if self.standee is not None and self.piece != "standee":
            raise ValueError("standee: (the halves of a fold-over strip) goes with piece: standee")
        return self


class SheetedSpec(ComponentSpec):
    """A component printed as pieces on sheets: ``sheet`` names a layout of data/sheets/layouts.yaml."""

    sheet: str = "cards"
    # the faces ``--format showcase`` shows, by piece id, in this order (default: the first distinct fronts)
    showcase: list[str] = Field(default=[], max_length=SHOWCASE_FACES)

    @field_validator("sheet")
    @classmethod
    def _known_sheet(cls, value: str) -> str:
        from generator.printing import layouts as sheet_layouts

        if value not in sheet_layouts.layouts():
            raise ValueError(f"unknown sheet layout {value!r}; known: {', '.join(sheet_layouts.layouts())}")
        return value


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
    table_piece: ClassVar[str] = "card"       # what its pieces are on a table unless game.yaml says (PIECE_SHAPES)
    packs: ClassVar[bool] = True              # its pieces may share the game's sheets (labels pack their own groups)
    print_on: ClassVar[str] = ""              # what to print it on, where the generic kinds' words (printing.notes) do not say
    stock: ClassVar[str] = ""                 # the stock its pieces are on, where its shape does not say (printing.stock)

    def __init__(self, game: Any, spec: Spec, inputs: Iterable[Path] = ()) -> None:
        self.game = game
        self.game_id: str = game.id
        self.spec = spec
        self.id = spec.id
        self.title = spec.title
        self.inputs = frozenset(Path(p) for p in inputs)
        self.data_inputs: frozenset[Path] = frozenset()   # what its items were read from (OutputJob.data_inputs)
        self.pieces: list[Piece] = []

    # what the component is
    @property
    def piece_shape(self) -> str:
        """What its pieces are on a table (``PIECE_SHAPES``): game.yaml's ``piece``, else its
        outline's (a hex, a disc, a token cut to a path), else the kind's."""
        outline = getattr(self.spec, "cut_outline", lambda: None)()
        return getattr(self.spec, "piece", None) or (OUTLINE_SHAPES[outline.kind] if outline else self.table_piece)

    @property
    def standee_halves(self) -> StandeeHalves | None:
        return getattr(self.spec, "standee", None)

    def item_count(self) -> int:
        return sum(piece.quantity for piece in self.pieces)

    def table_pieces(self) -> list[Piece]:
        """What an export to a table lays out (Tabletop Simulator, a print shop): its pieces
        (a map offers its board)."""
        return self.pieces

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
        from generator.core.errors import BuildError
        from generator.draw.textfit import TextOverflow

        from generator.draw.glyphs import gaps

        errors = []
        problems = []
        for face in self.faces():
            try:
                problems.extend(self.glyph_problems(gaps([face.check()])))
            except (BuildError, TextOverflow) as err:
                errors.append(str(err))
                if getattr(err, "problem", None) is not None:    # text that does not fit a layout's box
                    problems.append(getattr(err, "problem"))
        if errors and len(problems) < len(errors):
            raise BuildError("\n".join(dict.fromkeys(errors)))
        if problems:
            raise DataError(problems)

    def glyph_problems(self, found: Sequence["Gap"]) -> list[Problem]:
        """Text of the component that its fonts cannot draw (generator.draw.glyphs), each at
        the key of the data file that holds it (else at the component's entry in game.yaml)."""
        from generator.kit.datafiles import display_path
        from generator.kit.locate import written_in

        problems = []
        game_yaml = Path(self.game.folder) / "game.yaml"
        for gap in found:
            message = f"{self.title}: {gap.message()}"
            place = written_in([*self.inputs, game_yaml], gap.chars[0])
            problems.append(replace(place, message=message) if place is not None
                            else Problem(display_path(game_yaml), message, field=f"components ({self.id})"))
        return problems

    def refuse_gaps(self, scenes: Iterable["Scene"]) -> None:
        """DataError naming every text of ``scenes`` its fonts cannot draw, with its key."""
        from generator.draw.glyphs import gaps

        problems = self.glyph_problems(gaps(scenes))
        if problems:
            raise DataError(problems)

    def spec_key(self) -> Any:
        """The parts of the entry that can change a drawing (a kind adds what it derives from it)."""
        return self.spec.model_dump(mode="json")

    def folder(self) -> PurePosixPath:
        return PurePosixPath(self.game_id) / self.kind

    def key(self, code_hash: str, *parts: Any) -> str:
        """A file's key: the code, the component's entry and the game's title (printed on
        sheets and in PDF titles), and what the file adds (a piece's data, the paper...)."""
        return fingerprint(code_hash, self.kind, self.game.title, self.spec_key(), *parts)

    # files
    def offers(self, options: BuildOptions, code_hash: str) -> Iterator[Offer]:
        """What the component prints: its sheets, and each piece's own files if it has them."""
        if self.pieces and not self.packed(options):
            yield from self.sheet_offers(options, code_hash)
        if self.piece_files:
            for piece in self.pieces:
                yield from self.piece_offers(piece, code_hash)
            yield from self.back_offers(code_hash)

    def job(self, path: PurePosixPath, item: str, format: str, key: str, render: Callable[[], bytes],
            faces: Sequence[Face] = (), **facts: Any) -> OutputJob:
        """A file of this component; it depends on the component's inputs and those of ``faces``.
        The names of the files known before drawing join its key; the build checks every
        input's content (``generator.kit.cachekeys``)."""
        def inputs() -> frozenset[Path]:
            return self.inputs.union(*(face.inputs() for face in faces))
        declared = self.inputs.union(*(face.declared for face in faces))
        if declared:
            key = fingerprint(key, sorted(self._kit_name(p) for p in declared))
        return OutputJob(path, self.game_id, self.kind, item, format, key, render, inputs=inputs, component=self.id,
                         data_inputs=self.data_inputs, **facts)

    def _kit_name(self, path: Path) -> str:
        return _kit_relative(self._kit, path)

    @functools.cached_property
    def _kit(self) -> Path:
        return Path(getattr(self.game, "kit", Path(self.game.folder).parent.parent))

    def picture(self, stem: PurePosixPath, draw: Callable[[], Scene], faces: Sequence[Face], key: str, item: str,
                dpi: int | None = None, pdf: Callable[[], bytes] | None = None, pdf_page: int = 0, page: bool = False,
                paper: str | None = None, trim_mm: tuple[float, float] | None = None, items: int = 1,
                role: Role = "") -> Picture:
        """One drawing of this component, to write as ``stem.svg`` and ``stem.png``
        (``generator.pieces.offers.Picture`` says what ``dpi``, ``pdf`` and ``page`` do; the
        rest are its ``Facts``)."""
        return Picture(make=self.job, stem=stem, item=item, key=key, faces=faces, draw=draw, dpi=dpi,
                       facts=Facts(paper=paper, trim_mm=trim_mm, items=items, role=role),
                       pdf=pdf, pdf_page=pdf_page, page=page)

    def packed(self, options: BuildOptions) -> bool:
        """Whether the pieces go on the game's shared sheets (``generator.outputs.packed``)
        rather than sheets of their own: pieces imposed on a grid (not a sticker template),
        unless the build asks for ``--sheets per-component``."""
        from generator.printing import layouts as sheet_layouts

        return (options.sheets != "per-component" and self.imposed and self.packs and bool(self.pieces)
                and hasattr(self.spec, "sheet") and isinstance(sheet_layouts.layouts().get(self.sheet_name()), sheet_layouts.GridLayout))

    def sheet_name(self) -> str:
        """The sheet layout the pieces go on (game.yaml's ``sheet:``)."""
        return str(getattr(self.spec, "sheet"))

    def sheet_spec(self, options: BuildOptions) -> "SheetSpec":
        from generator.printing import layouts as sheet_layouts
        from generator.printing.sheets import SheetSpec

        return SheetSpec(self.game.title, self.title, sheet_layouts.paper(options.paper),
                         sheet_layouts.layouts()[self.sheet_name()],
                         sheet_layouts.printer_margin(options), guides=options.guides, back_offset=options.back_offset,
                         backs=all(piece.has_back for piece in self.pieces))

    def sheet_offers(self, options: BuildOptions, code_hash: str) -> Iterator[Offer]:
        """Every copy of every piece on the chosen paper: fronts pages, each followed by its
        mirrored backs page when the pieces have backs (long-edge duplex)."""
        from generator.printing.sheets import sheet_cuts_of, sheet_pages

        spec = self.sheet_spec(options)
        paper = spec.paper
        first = self.pieces[0]
        key = self.key(code_hash, [(p.data_hash, p.quantity) for p in self.pieces], paper.model_dump(),
                       spec.layout.model_dump(), spec.margin, spec.guides, list(spec.back_offset))
        pages = once(lambda: sheet_pages(self.pieces, spec))
        faces = self.faces()
        sheets = Pages(make=self.job, stem=self.folder() / f"{self.id}-sheets-{paper.id}",
                       item=f"{self.id} (all {self.noun})", key=key, faces=faces,
                       facts=Facts(paper=paper.id, trim_mm=(first.width, first.height), items=self.item_count(),
                                   role="duplex-sheets" if spec.backs else "sheets"),
                       pages=pages, title=f"{self.game.title} - {self.title}", duplex=spec.backs,
                       subject=f"{paper.label} {self.sheet_subject}, " + ("long-edge duplex" if spec.backs else "one-sided"))
        yield sheets
        yield Cuts(make=self.job, stem=sheets.stem, item=sheets.item, key=key, faces=faces, facts=sheets.facts,
                   cuts=sheet_cuts_of(self.pieces, spec), title=sheets.title)
        if self.sheet_previews:
            yield self.picture(self.folder() / f"{self.id}-fronts-{paper.id}", lambda: pages()[0].scene, faces, key,
                               f"{self.id} fronts", pdf=sheets.pdf, page=True, items=0, role="preview", paper=paper.id)

    def piece_offers(self, piece: Piece, code_hash: str) -> Iterator[Offer]:
        """A print shop's PDF of one piece (front and back pages, with bleed) and its front as a picture."""
        from generator.printing.shaped import shop_cut_sheet
        from generator.printing.sheets import piece_pages

        key = self.key(code_hash, piece.data_hash)
        trim = (piece.width, piece.height)
        folder = self.folder() / self.id
        extra: dict[str, Any] = {"back": piece.has_back, "bleed": piece.bleed}
        if piece.outline is not None:       # a shaped piece: the shop cuts along it (PRINTING.md says so)
            extra["outline"] = piece.outline.kind
        pdf = Pages(make=self.job, stem=folder / piece.id, item=piece.id, key=key, faces=piece.faces(),
                    facts=Facts(trim_mm=trim, role="piece", extra=extra),
                    pages=lambda: piece_pages(piece), title=f"{self.game.title} - {piece.id} {piece.title}")
        yield pdf
        if piece.outline is not None:       # a shaped piece: its die line beside its print file
            yield Cuts(make=self.job, stem=pdf.stem, item=piece.id, key=key, faces=pdf.faces, facts=pdf.facts,
                       cuts=[functools.partial(shop_cut_sheet, piece)], title=pdf.title)
        # the front's PNG is the piece PDF's first page rasterised (the front scene: the same
        # pixels as a PDF of the front alone), so that one PDF is made for both files
        yield self.picture(folder / f"{piece.id}-front", piece.front, [piece.front_face], key, piece.id, pdf=pdf.pdf,
                           trim_mm=trim, role="picture")

    def back_offers(self, code_hash: str) -> Iterator[Offer]:
        """The backs as pictures: ``back`` when the pieces share one, else one per piece; none
        for pieces without a back."""
        names = back_names(self.pieces)
        for piece in self.pieces:
            face = piece.back_face
            if face is None or id(face) not in names:
                continue
            name = names.pop(id(face))
            item, data = (f"{self.id} back", "back") if name == "back" else (f"{piece.id} back", piece.data_hash)
            yield self.picture(self.folder() / self.id / name, face.scene, [face], self.key(code_hash, "back", data),
                               item, trim_mm=(piece.width, piece.height), items=0, role="back")


def showcase_problems(component: Component, file: str, index: int, line: int | None) -> list[Problem]:
    """The ids of game.yaml's ``showcase:`` that name no piece of the component, each with the
    nearest id (a typo)."""
    ids = [piece.id for piece in component.pieces]
    found = []
    for wanted in getattr(component.spec, "showcase", ()):
        if wanted not in ids:
            near = closest(wanted, ids)
            found.append(Problem(file, f"showcase: no piece {excerpt(wanted)} in {component.id}"
                                 + (f"; did you mean {near!r}?" if near else f" (its pieces: {', '.join(ids[:12])}"
                                    + (", ..." if len(ids) > 12 else "") + ")"),
                                 line=line, field=f"components.{index}.showcase"))
    return found


def source_file(game: Any, raw: Any, file: str, index: int, source: str, key: str = "source") -> Path:
    """The file a component entry names (its ``source``, or another ``key``), relative to
    game.yaml and inside the kit; a missing one, or one leading out of the kit, is reported
    at that key's line of game.yaml, where the user can fix it."""
    from generator.core.errors import DataError, Problem
    from generator.kit.paths import OutsideKit, inside_kit, not_a_file

    lines = getattr(raw, "lines", {})

    def problem(message: str) -> DataError:
        return DataError([Problem(file, message, line=lines.get(key), field=f"components.{index}.{key}")])

    try:
        path = inside_kit(game.kit, Path(game.folder), source)
    except OutsideKit as err:
        raise problem(str(err)) from None
    fault = not_a_file(path, source, where=f"{Path(game.folder).name}/")
    if fault:
        raise problem(f"{fault} (the path is relative to game.yaml)")
    return path
