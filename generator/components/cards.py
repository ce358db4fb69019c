"""The ``cards`` component kind: a deck is data (a card list) plus how its faces look.

A deck's entry in game.yaml names where its cards come from (``source`` or ``rows``) and
how they are drawn: layout files (``front``, ``back``; see ``generator.components.layout_deck``), or a
Python design that game code registers in ``DESIGNS`` for art no layout can express (it
loads and validates its cards and draws fronts and backs as Scenes). The files a deck
writes (sheets for home printing, one PDF per card for print shops, SVG and PNG, the back)
are those of every component (``generator.components.base``). ``generator.components.decks``
loads a deck entry either way.
"""

from __future__ import annotations

from dataclasses import asdict
from functools import partial
from pathlib import Path
from typing import Any, ClassVar, Iterable, Protocol, Sequence

from pydantic import BaseModel, Field, field_validator, model_validator

from generator.components.base import Component, SheetedSpec
from generator.draw.scene import Scene
from generator.kit.sizes import SIZE_WORDS, Size, find_size, named_sizes
from generator.layout.frame import CardFrame
from generator.pieces.faces import Face, Piece, fingerprint
from generator.pieces.outline import Outline, check_in_box
from generator.pieces.outline import parse as parse_outline


class Card(Protocol):
    """What the deck reads of a design's card (a frozen pydantic model, usually)."""

    @property
    def id(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def quantity(self) -> int: ...


class DeckDesign(Protocol):
    """How one kind of deck is read and drawn. A design whose cards are made rather than
    listed names the keyword its ``source`` takes in ``generated_source`` (else a file)."""

    def load_cards(self, game: Any, deck: "DeckSpec", file: str) -> Sequence[Card]: ...

    def draw_front(self, card: Any, deck: "DeckSpec", frame: "CardFrame") -> Scene: ...

    def draw_back(self, deck: "DeckSpec", frame: "CardFrame") -> Scene: ...


DESIGNS: dict[str, DeckDesign] = {}


def register_design(name: str, design: DeckDesign) -> None:
    DESIGNS[name] = design


class DeckSpec(SheetedSpec):
    """A deck's entry in game.yaml: drawn from layout files (``front``, ``back``) or by a
    Python design registered by game code (``design``). ``sheet`` (default cards) is the
    sheet layout, as for every component printed on sheets."""

    source: str | None = None  # type: ignore[assignment]  # a deck may take rows from game code instead
    rows: str | None = None         # rows made by game code (generator.layout.rows.register_rows)
    design: str | None = None
    front: str | None = None        # layout files (generator.layout), relative to game.yaml
    back: str | None = None
    size: str | Size = "poker"      # for a layout deck, the front layout's size unless given here
    bleed: float = Field(3.0, ge=0, le=10)
    safe: float = Field(3.0, ge=0, le=15)
    game_title: str = ""      # filled in from the game, not written in game.yaml
    game_dir: str = ""
    #: The cut line where it is not the trim box: hex-flat, hex-pointy, round, or {path: "M ... Z"}
    #: in mm of the trim box (generator.pieces.outline)
    outline: str | dict[str, str] | None = None

    @field_validator("outline")
    @classmethod
    def _known_outline(cls, value: str | dict[str, str] | None) -> str | dict[str, str] | None:
        parse_outline(value)
        return value

    def cut_outline(self) -> Outline | None:
        """The pieces' outline (None: the trim box's rectangle)."""
        return parse_outline(self.outline)

    @field_validator("design")
    @classmethod
    def _known_design(cls, value: str | None) -> str | None:
        if value is not None and value not in DESIGNS:
            raise ValueError(f"unknown design {value!r}; known: {', '.join(sorted(DESIGNS)) or 'none registered'}")
        return value

    @field_validator("size")
    @classmethod
    def _known_size(cls, value: str | Size) -> str | Size:
        if isinstance(value, str) and find_size(value) is None:
            raise ValueError(f"unknown size {value!r}; known: {', '.join(named_sizes())}; or {SIZE_WORDS}")
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
        outline = parse_outline(self.outline)
        if outline is not None and outline.kind == "path":
            size = self.trim()
            why = check_in_box(outline.ring(size.width, size.height), size.width, size.height)
            if why:
                raise ValueError(f"outline: {why}")
        return self

    def trim(self) -> Size:
        return (find_size(self.size) or named_sizes()["poker"]) if isinstance(self.size, str) else self.size


class Deck(Component):
    """A loaded, validated deck: one piece per card design, all sharing the deck's back
    (if its design draws one: ``has_back``).

    A card's files are keyed by its own data (its row), so one changed card redraws that
    card only; whatever else its drawing reads (troops.yaml for a zone card) is recorded
    on its face. ``front_inputs`` and ``back_inputs`` name files a face depends on that
    were read before drawing (a layout file bound at load time); ``key_extra`` is what else
    every face depends on, by value (a layout deck's palette and fonts from game.yaml)."""

    kind = "cards"
    noun = "cards"
    piece_files = True
    item_backs: ClassVar[bool] = False   # the back layout is bound to each item, not once for all

    def __init__(self, game: Any, spec: DeckSpec, cards: Sequence[Card], design: DeckDesign | None = None,
                 front_inputs: Iterable[Path] = (), back_inputs: Iterable[Path] = (), rows_inputs: Iterable[Path] = (),
                 key_extra: Any = None):
        super().__init__(game, spec)
        self.spec: DeckSpec = spec
        self.cards = list(cards)
        self.design = design if design is not None else DESIGNS[str(spec.design)]
        self.has_back: bool = getattr(self.design, "has_back", True)
        size = spec.trim()
        self.frame = CardFrame(size.width, size.height, spec.bleed, spec.safe)
        self.front_inputs = frozenset(front_inputs)
        self.back_inputs = frozenset(back_inputs)
        self.rows_inputs = frozenset(rows_inputs)   # what the cards were read from: each card's data covers it
        self.data_inputs = self.rows_inputs
        self.key_extra = key_extra
        self._shared_backs: dict[str, Face] = {}     # item backs drawn alike: one face (back_face_of)
        self.back = Face(lambda: self.design.draw_back(self.spec, self.frame), self.back_inputs) \
            if self.has_back else None
        self.pieces = [
            Piece(card.id, card.title, size.width, size.height, spec.bleed, fingerprint(_card_data(card)),
                  front=Face(partial(self.design.draw_front, card, self.spec, self.frame), self.front_inputs),
                  back=self.back_face_of(card), quantity=card.quantity, note=designer_note(card),
                  outline=spec.cut_outline())
            for card in self.cards]

    def back_face_of(self, card: Card) -> Face | None:
        """The back a card shows: the deck's one back, or, when its back layout sees each
        item's row (tiles; a back that names a column), its own: items whose backs are drawn
        alike share one face (and one back file)."""
        item_backs = getattr(self.design, "backs", None)
        if item_backs is None:
            return self.back
        card_id = getattr(card, "id")
        key = fingerprint(repr(item_backs[card_id]))
        if key not in self._shared_backs:
            draw = getattr(self.design, "draw_item_back")
            self._shared_backs[key] = Face(lambda: draw(card, self.spec, self.frame), self.back_inputs)
        return self._shared_backs[key]

    def back_scene(self) -> Scene:
        if self.back is None:
            raise ValueError(f"deck {self.id} has no back")
        return self.back.scene()

    def spec_key(self) -> Any:
        return [self.spec.model_dump(mode="json", exclude={"game_dir"}), asdict(self.frame), self.key_extra]



def designer_note(card: Any) -> str:
    """What of a card is our design rather than the rulebook's: its ``designed`` column (a layout
    item's) or field (a design's model), for the proof sheet; empty when it has none."""
    columns = getattr(card, "columns", None)
    value = columns.get("designed") if isinstance(columns, dict) else getattr(card, "designed", None)
    if value is None or value is False or value == "":
        return ""
    return "designed" if value is True else str(value)


def _card_data(card: Any) -> Any:
    return card.model_dump(mode="json") if isinstance(card, BaseModel) else vars(card)
