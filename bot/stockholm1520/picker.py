"""The card picker of a game played with the physical decks: the next card a step draws, asked
at the moment it draws it (never a refusal afterwards), with what to do with the piles
(``bot.stockholm1520.piles``). The step is tried with the cards chosen so far (``bot next`` is
all or nothing: a try that lacks a card leaves the game unchanged); the card it lacks is the
question, with the cards it may be. The page (``bot.stockholm1520.web``) shows them as buttons,
the terminal (``pnpkit bot next`` at a terminal, or ``--ask``) asks for them one by one."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.stockholm1520.advance import Advance, advance
from bot.stockholm1520.game import Game
from bot.stockholm1520.piles import EMPTY_PILE, piles_for
from bot.stockholm1520.rules.draws import CardError

NEEDED = re.compile(r"more cards needed: the (?P<what>[^.]+)")
COUNT = re.compile(r"This step draws (\d+) card")


@dataclass
class CardQuestion:
    """The card a step draws next: what for, the cards it may be (id, title), the cards chosen
    so far, whether the draw pile is empty (the discards are shuffled in first), and what to do
    with the card once drawn (``piles``: one line per kind of card it may be)."""

    what: str
    options: list[tuple[str, str]]
    chosen: list[str]
    reshuffle: bool
    piles: list[str]
    number: int = 0                  # this card's place among those the step draws ("card 2 of 5"), and
    total: int = 0                   # how many it draws (as far as the cards chosen so far tell)

    def lines(self) -> list[str]:
        """The question in words, for the terminal: what to draw, the piles, the cards it may be."""
        head = [f"Draw the {self.what}" + (f" ({EMPTY_PILE})" if self.reshuffle else "") + "; then:"]
        return head + [f"  - {line}" for line in self.piles] + \
            ["  it may be: " + ", ".join(f"{i} ({t})" if t != i else i for i, t in self.options)]


def try_next(game: Game, chosen: list[str]) -> Advance | CardQuestion:
    """Play ``bot next`` with the cards chosen so far, or the next card it needs."""
    try:
        return advance(game, chosen)
    except CardError as err:
        found = NEEDED.match(str(err))
        if found is None:
            raise
        asked = question(game, found["what"], chosen)
        total = COUNT.search(str(err))
        asked.number, asked.total = len(chosen) + 1, int(total[1]) if total else 0
        return asked


def question(game: Game, what: str, chosen: list[str]) -> CardQuestion:
    decks = game.table.decks
    event = what.startswith("event")
    pile = decks.event if event else decks.zone
    titles = {i: c.title for i, c in (decks.event_cards if event else decks.zone_cards).items()}
    ids = [c for c in pile.draw]
    for c in chosen:
        if c in ids:
            ids.remove(c)
    reshuffle = not ids
    if reshuffle:
        ids = list(pile.discard)
    return CardQuestion(what, [(i, titles.get(i, i)) for i in sorted(set(ids))], list(chosen), reshuffle,
                        piles_for(decks, what))
