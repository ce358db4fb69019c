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
from generator.core.errors import DataError, Problem
from generator.kit.datafiles import validation_problems


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
        return standee_checked(load_layout_deck(game, spec, raw, file, index, make=make or Deck), raw, file, index)
    design = DESIGNS[str(spec.design)]
    if spec.source != getattr(design, "generated_source", None):
        source_file(game, raw, file, index, str(spec.source))
    cards = design.load_cards(game, spec, file)
    ids = [card.id for card in cards]
    duplicates = sorted(i for i, n in Counter(ids).items() if n > 1)     # linear: a deck may hold 40,000
    if duplicates:
        raise DataError([Problem(file, f"deck {spec.id!r} has duplicate card ids: {', '.join(duplicates)}")])
    return standee_checked(Deck(game, spec, cards), raw, file, index)


def standee_checked(deck: Deck, raw: Any, file: str, index: int) -> Deck:
    """The deck, once its ``standee:`` halves lie within each of its strips (the halves are
    mm from a strip's top, so they cannot pass its height)."""
    halves = deck.standee_halves
    if halves is None:
        return deck
    for piece in deck.pieces:
        for side, span in (("front", halves.front), ("back", halves.back)):
            if span is not None and span[1] > piece.height + 1e-6:
                raise DataError([Problem(file, f"standee {side}: [{span[0]:g}, {span[1]:g}] mm from the strip's top "
                                         f"passes its height, {piece.height:g} mm ({piece.id})",
                                         line=getattr(raw, "lines", {}).get("standee"),
                                         field=f"components.{index}.standee.{side}")])
    return deck
