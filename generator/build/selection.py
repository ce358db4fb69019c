"""``pnpkit build --rows/--where``: a game's decks narrowed to the items the build draws.

A deck's items are its rows (``generator.layout.rows``); its pieces are made one per item, in
order, so an item and its piece are picked together. Components without items (a map, a
board, a reference sheet) are left whole: ``--only`` leaves them out.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any, Mapping

from generator.components.cards import Deck
from generator.core.errors import InputError
from generator.layout.selection import Selection


def narrowed(game: Any, selection: Selection | None) -> Any:
    """The game with each deck holding the items ``selection`` picks (the game itself when
    there is none); InputError (bad input, exit 2) when the selection names a column no deck of the game has."""
    if selection is None:
        return game
    decks = [c for c in game.components if isinstance(c, Deck)]
    missing = selection.columns() - {name for deck in decks for card in deck.cards for name in _columns(card)}
    if decks and missing:
        known = sorted({name for deck in decks for card in deck.cards for name in _columns(card)})
        raise InputError(f"{selection}: no deck of {game.title} has a column {', '.join(sorted(missing))!r}; "
                         f"its decks' columns: {', '.join(known) or 'none'}")
    return replace(game, components=[_narrowed_deck(c, selection) if isinstance(c, Deck) else c
                                     for c in game.components])


def _narrowed_deck(deck: Deck, selection: Selection) -> Deck:
    kept = [(card, piece) for number, (card, piece) in enumerate(zip(deck.cards, deck.pieces), start=1)
            if selection.picks(_number(card, number), _columns(card))]
    narrowed = copy.copy(deck)
    narrowed.cards = [card for card, _ in kept]
    narrowed.pieces = [piece for _, piece in kept]
    return narrowed


def _number(card: Any, number: int) -> int:
    """The item's row number: a layout deck's row's ``index`` (copies drawn apart share it)."""
    place = getattr(card, "place", None)
    return int(place.get("index", number)) if isinstance(place, Mapping) else number


def _columns(card: Any) -> Mapping[str, Any]:
    columns = getattr(card, "columns", None)
    if isinstance(columns, Mapping):
        return columns
    dump = getattr(card, "model_dump", None)
    return dump() if callable(dump) else dict(vars(card))

