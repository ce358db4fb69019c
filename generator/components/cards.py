"""The ``cards`` component kind: a deck is data (a card list) plus a design.

A deck's entry in game.yaml names where its cards come from (``source``) and which design
draws them (``design``). Designs register themselves in ``DESIGNS``; they load and
validate their cards and draw fronts and backs as Scenes. The files a deck writes (sheets
for home printing, one PDF per card for print shops, SVG and PNG, the back) are those of
every component (``generator.components.base``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import Any, Iterable, Protocol, Sequence

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from generator.components.base import Component, Face, Piece, fingerprint, source_file
from generator.components.sizes import Size, named_sizes
from generator.datafiles import validation_problems
from generator.draw.scene import Scene
from generator.errors import DataError, Problem
from generator.printing import layouts as sheet_layouts


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


class DeckSpec(BaseModel):
    """A deck's entry in game.yaml."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: str
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    title: str
    rule: str = ""
    source: str
    design: str
    size: str | Size = "poker"
    bleed: float = Field(3.0, ge=0, le=10)
    safe: float = Field(3.0, ge=0, le=15)
    layout: str = "cards"
    game_title: str = ""      # filled in from the game, not written in game.yaml
    game_dir: str = ""

    @field_validator("design")
    @classmethod
    def _known_design(cls, value: str) -> str:
        if value not in DESIGNS:
            raise ValueError(f"unknown design {value!r}; known: {', '.join(sorted(DESIGNS))}")
        return value

    @field_validator("size")
    @classmethod
    def _known_size(cls, value: str | Size) -> str | Size:
        if isinstance(value, str) and value not in named_sizes():
            raise ValueError(f"unknown size {value!r}; known: {', '.join(named_sizes())} or {{width, height}} in mm")
        return value

    @field_validator("layout")
    @classmethod
    def _known_layout(cls, value: str) -> str:
        if value not in sheet_layouts.layouts():
            raise ValueError(f"unknown sheet layout {value!r}; known: {', '.join(sheet_layouts.layouts())}")
        return value

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


class Deck(Component):
    """A loaded, validated deck: one piece per card design, all sharing the deck's back
    (if its design draws one: ``has_back``).

    A card's files are keyed by its own data (its row), so one changed card redraws that
    card only; whatever else its drawing reads (troops.yaml for a zone card) is recorded
    on its face. ``front_inputs`` and ``back_inputs`` name files a face depends on that
    were read before drawing (a layout file bound at load time)."""

    kind = "cards"
    noun = "cards"
    piece_files = True

    def __init__(self, game: Any, spec: DeckSpec, cards: Sequence[Card], design: DeckDesign | None = None,
                 front_inputs: Iterable[Path] = (), back_inputs: Iterable[Path] = ()):
        super().__init__(game, spec)
        self.spec: DeckSpec = spec
        self.cards = list(cards)
        self.design = design if design is not None else DESIGNS[spec.design]
        self.has_back: bool = getattr(self.design, "has_back", True)
        size = spec.trim()
        self.frame = CardFrame(size.width, size.height, spec.bleed, spec.safe)
        self.front_inputs = frozenset(front_inputs)
        self.back_inputs = frozenset(back_inputs)
        self.back = Face(lambda: self.design.draw_back(self.spec, self.frame), self.back_inputs) \
            if self.has_back else None
        self.pieces = [
            Piece(card.id, card.title, size.width, size.height, spec.bleed, fingerprint(_card_data(card)),
                  front=Face(partial(self.design.draw_front, card, self.spec, self.frame), self.front_inputs),
                  back=self.back, quantity=card.quantity)
            for card in self.cards]

    def back_scene(self) -> Scene:
        if self.back is None:
            raise ValueError(f"deck {self.id} has no back")
        return self.back.scene()

    def spec_key(self) -> Any:
        return [self.spec.model_dump(mode="json", exclude={"game_dir"}), asdict(self.frame)]

    def sheet_name(self) -> str:
        return self.spec.layout


def _card_data(card: Any) -> Any:
    return card.model_dump(mode="json") if isinstance(card, BaseModel) else vars(card)


def load_deck(game: Any, raw: dict, file: str, index: int) -> Deck:
    """Validate a deck entry of game.yaml and load its cards through its design."""
    try:
        spec = DeckSpec.model_validate({**raw, "game_title": game.title, "game_dir": str(game.folder)})
    except ValidationError as err:
        raise DataError(validation_problems(file, err, raw, loc_prefix=("components", index))) from None
    design = DESIGNS[spec.design]
    if spec.source != getattr(design, "generated_source", None):
        source_file(game, raw, file, index, spec.source)
    cards = design.load_cards(game, spec, file)
    ids = [card.id for card in cards]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise DataError([Problem(file, f"deck {spec.id!r} has duplicate card ids: {', '.join(duplicates)}")])
    return Deck(game, spec, cards)
