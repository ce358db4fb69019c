"""The ``cards`` component kind: a deck is data (a card list) plus how its faces look.

A deck's entry in game.yaml names where its cards come from (``source`` or ``rows``) and
how they are drawn: layout files (``front``, ``back``; see ``generator.layout.deck``), or a
Python design that game code registers in ``DESIGNS`` for art no layout can express (it
loads and validates its cards and draws fronts and backs as Scenes). This module turns a
deck into output jobs: sheets for home printing, one PDF per card for print shops, SVG and PNG.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, Iterable, Protocol, Sequence

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from generator.components.base import BuildOptions, OutputJob, Piece, fingerprint, source_file
from generator.components.sizes import Size, named_sizes
from generator.datafiles import validation_problems
from generator.draw.pdf import render_pdf
from generator.draw.png import render_png
from generator.draw.scene import Scene
from generator.draw.svg import render_svg
from generator.errors import DataError, Problem
from generator.printing import layouts as sheet_layouts
from generator.printing.sheets import SheetSpec, piece_pages, sheet_pages


class Card(Protocol):
    id: str
    title: str
    quantity: int


class DeckDesign(Protocol):
    """How one kind of deck is read and drawn. A design whose cards are made rather than
    listed names the keyword its ``source`` takes in ``generated_source`` (else a file)."""

    def load_cards(self, game: Any, deck: "DeckSpec", file: str) -> Sequence[Card]: ...

    def draw_front(self, card: Any, deck: "DeckSpec", frame: "CardFrame") -> Scene: ...

    def draw_back(self, deck: "DeckSpec", frame: "CardFrame") -> Scene: ...


DESIGNS: dict[str, DeckDesign] = {}


def register_design(name: str, design: DeckDesign) -> None:
    DESIGNS[name] = design


class DeckSpec(BaseModel):
    """A deck's entry in game.yaml: drawn from layout files (``front``, ``back``) or by a
    Python design registered by game code (``design``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: str
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    title: str
    rule: str = ""
    source: str | None = None
    rows: str | None = None         # rows made by game code (generator.layout.rows.register_rows)
    design: str | None = None
    front: str | None = None        # layout files (generator.layout), relative to game.yaml
    back: str | None = None
    size: str | Size = "poker"      # for a layout deck, the front layout's size unless given here
    bleed: float = Field(3.0, ge=0, le=10)
    safe: float = Field(3.0, ge=0, le=15)
    sheet: str = "cards"
    game_title: str = ""      # filled in from the game, not written in game.yaml
    game_dir: str = ""

    @field_validator("design")
    @classmethod
    def _known_design(cls, value: str | None) -> str | None:
        if value is not None and value not in DESIGNS:
            raise ValueError(f"unknown design {value!r}; known: {', '.join(sorted(DESIGNS)) or 'none registered'}")
        return value

    @field_validator("size")
    @classmethod
    def _known_size(cls, value: str | Size) -> str | Size:
        if isinstance(value, str) and value not in named_sizes():
            raise ValueError(f"unknown size {value!r}; known: {', '.join(named_sizes())} or {{width, height}} in mm")
        return value

    @field_validator("sheet")
    @classmethod
    def _known_sheet(cls, value: str) -> str:
        if value not in sheet_layouts.layouts():
            raise ValueError(f"unknown sheet layout {value!r}; known: {', '.join(sheet_layouts.layouts())}")
        return value

    @model_validator(mode="after")
    def _drawn_one_way(self) -> "DeckSpec":
        if (self.design is None) == (self.front is None):
            raise ValueError("a deck gives either front (and back) layout files, or a design made in Python")
        if self.design is not None and (self.back or self.rows):
            raise ValueError("back and rows go with layout files (front:), not with a Python design")
        if self.design is not None and self.source is None:
            raise ValueError("a deck drawn by a design needs a source")
        if self.front is not None and self.source is None and self.rows is None:
            raise ValueError("a deck needs its items: source (a CSV or YAML file) or rows (made by game code)")
        return self

    def trim(self) -> Size:
        return named_sizes()[self.size] if isinstance(self.size, str) else self.size


@dataclass(frozen=True)
class CardFrame:
    """Geometry a design draws in: full-bleed canvas, trim rectangle, safe rectangle (mm)."""

    width: float
    height: float
    bleed: float
    safe: float

    @property
    def canvas(self) -> tuple[float, float]:
        return self.width + 2 * self.bleed, self.height + 2 * self.bleed

    @property
    def trim(self) -> tuple[float, float, float, float]:
        return self.bleed, self.bleed, self.width, self.height

    @property
    def safe_box(self) -> tuple[float, float, float, float]:
        inset = self.bleed + self.safe
        return inset, inset, self.width - 2 * self.safe, self.height - 2 * self.safe

    def new_scene(self, title: str) -> Scene:
        return Scene(*self.canvas, title=title)


class Deck:
    """A loaded, validated deck: implements the Component protocol."""

    kind = "cards"

    def __init__(self, game: Any, spec: DeckSpec, cards: Sequence[Card], design: DeckDesign | None = None):
        self.game = game
        self.game_id = game.id
        self.spec = spec
        self.id = spec.id
        self.title = spec.title
        self.cards = list(cards)
        self.design = design if design is not None else DESIGNS[str(spec.design)]
        self.has_back: bool = getattr(self.design, "has_back", True)
        # Files each face was drawn from (a layout deck records them; see generator.layout.deck)
        self.front_inputs: frozenset[Path] = frozenset()
        self.back_inputs: frozenset[Path] = frozenset()
        self.rows_inputs: frozenset[Path] = frozenset()
        size = spec.trim()
        self.frame = CardFrame(size.width, size.height, spec.bleed, spec.safe)
        self.back_hash = fingerprint(spec.model_dump(mode="json", exclude={"game_dir"}),
                                     getattr(self.design, "inputs_hash", ""))
        self._back: Scene | None = None
        self.pieces = [
            Piece(card.id, card.title, size.width, size.height, spec.bleed,
                  fingerprint(self.back_hash, _card_data(card)),
                  draw_front=(lambda c=card: self.design.draw_front(c, self.spec, self.frame)),
                  draw_back=self.back_scene if self.has_back else None, quantity=card.quantity)
            for card in self.cards]

    def back_scene(self) -> Scene:
        if self._back is None:
            self._back = self.design.draw_back(self.spec, self.frame)
        return self._back

    def item_count(self) -> int:
        return sum(card.quantity for card in self.cards)

    def draw_all(self) -> None:
        """Lay out every face (what ``check`` does): text that does not fit fails here."""
        from generator.errors import BuildError

        errors = []
        for piece in self.pieces:
            try:
                piece.front()
            except BuildError as err:
                errors.append(str(err))
        if self.has_back:
            try:
                self.back_scene()
            except BuildError as err:
                errors.append(str(err))
        if errors:
            raise BuildError("\n".join(errors))

    def jobs(self, options: BuildOptions, code_hash: str) -> Iterable[OutputJob]:
        game = self.game
        base = PurePosixPath(game.id) / "cards"
        trim = (self.frame.width, self.frame.height)
        deck_hash = fingerprint(code_hash, [p.data_hash for p in self.pieces], [p.quantity for p in self.pieces])
        paper = sheet_layouts.paper(options.paper)
        layout = sheet_layouts.layouts()[self.spec.sheet]
        spec = SheetSpec(game.title, self.title, paper, layout, sheet_layouts.unprintable_margin(),
                         guides=options.guides, back_offset=options.back_offset)
        if "pdf" in options.formats:
            yield OutputJob(
                base / f"{self.id}-sheets-{paper.id}.pdf", game.id, self.kind, f"{self.id} (all cards)", "pdf",
                fingerprint(deck_hash, options.key(), paper.model_dump()),
                lambda: render_pdf(sheet_pages(self.pieces, spec), title=f"{game.title} - {self.title}",
                                   duplex=True, subject=f"{paper.label} sheets, long-edge duplex"),
                paper=paper.id, trim_mm=trim, items=self.item_count())
        for piece in self.pieces:
            key = fingerprint(code_hash, piece.data_hash)
            folder = base / self.id
            if "pdf" in options.formats:
                yield OutputJob(folder / f"{piece.id}.pdf", game.id, self.kind, piece.id, "pdf", key,
                                (lambda p=piece: render_pdf(piece_pages(p), title=f"{game.title} - {p.id} {p.title}")),
                                trim_mm=trim)
            if "svg" in options.formats:
                yield OutputJob(folder / f"{piece.id}-front.svg", game.id, self.kind, piece.id, "svg", key,
                                (lambda p=piece: render_svg(p.front()).encode("utf-8")), trim_mm=trim)
            if "png" in options.formats:
                yield OutputJob(folder / f"{piece.id}-front.png", game.id, self.kind, piece.id, "png",
                                fingerprint(key, options.dpi),
                                (lambda p=piece: render_png(p.front(), dpi=options.dpi)), trim_mm=trim)
        if not self.has_back:
            return
        back_key = fingerprint(code_hash, self.back_hash)
        if "svg" in options.formats:
            yield OutputJob(base / self.id / "back.svg", game.id, self.kind, f"{self.id} back", "svg", back_key,
                            lambda: render_svg(self.back_scene()).encode("utf-8"), trim_mm=trim, items=0)
        if "png" in options.formats:
            yield OutputJob(base / self.id / "back.png", game.id, self.kind, f"{self.id} back", "png",
                            fingerprint(back_key, options.dpi),
                            lambda: render_png(self.back_scene(), dpi=options.dpi), trim_mm=trim, items=0)


def _card_data(card: Any) -> Any:
    return card.model_dump(mode="json") if isinstance(card, BaseModel) else vars(card)


def load_deck(game: Any, raw: dict, file: str, index: int) -> Deck:
    """Validate a deck entry of game.yaml and load its cards through its layouts or its design."""
    try:
        spec = DeckSpec.model_validate({**raw, "game_title": game.title, "game_dir": str(game.folder)})
    except ValidationError as err:
        raise DataError(validation_problems(file, err, raw, loc_prefix=("components", index))) from None
    if spec.front is not None:
        from generator.layout.deck import load_layout_deck

        return load_layout_deck(game, spec, raw, file, index)
    design = DESIGNS[str(spec.design)]
    if spec.source != getattr(design, "generated_source", None):
        source_file(game, raw, file, index, str(spec.source))
    cards = design.load_cards(game, spec, file)
    ids = [card.id for card in cards]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise DataError([Problem(file, f"deck {spec.id!r} has duplicate card ids: {', '.join(duplicates)}")])
    return Deck(game, spec, cards)
