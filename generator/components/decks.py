"""Loading a deck entry of game.yaml (``kind: cards``, and the kinds read like a deck):
through its layout files (``generator.components.layout_deck``) or a Python design that
game code registered (``generator.components.cards.DESIGNS``)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import ValidationError

from generator.components.base import source_file
from generator.components.cards import DESIGNS, Deck, DeckSpec
from generator.components.layout_deck import load_layout_deck
from generator.datafiles import validation_problems
from generator.errors import DataError, Problem


def load_deck(game: Any, raw: dict, file: str, index: int, spec_model: type[DeckSpec] = DeckSpec,
              make: type[Deck] | None = None) -> Deck:
    """Validate a deck entry of game.yaml and load its cards through its layouts or its design.
    A kind read like a deck validates its entry as its own ``spec_model`` (which may add keys)
    and is made as ``make`` (a Deck subclass, from layout files)."""
    try:
        spec = spec_model.model_validate({**raw, "game_title": game.title, "game_dir": str(game.folder)})
    except ValidationError as err:
        raise DataError(validation_problems(file, err, raw, loc_prefix=("components", index))) from None
    if spec.front is not None:
        return load_layout_deck(game, spec, raw, file, index, make=make or Deck)
    design = DESIGNS[str(spec.design)]
    if spec.source != getattr(design, "generated_source", None):
        source_file(game, raw, file, index, str(spec.source))
    cards = design.load_cards(game, spec, file)
    ids = [card.id for card in cards]
    duplicates = sorted(i for i, n in Counter(ids).items() if n > 1)     # linear: a deck may hold 40,000
    if duplicates:
        raise DataError([Problem(file, f"deck {spec.id!r} has duplicate card ids: {', '.join(duplicates)}")])
    return Deck(game, spec, cards)
