"""Draw and discard piles for the zone and event decks, shuffled by the game's seeded RNG.

Cards are drawn either from the top of the shuffled virtual pile or, when the player enters
the ids printed on the physical cards (``--drawn``), by taking that card out of the pile:
the bot tracks both piles either way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games.stockholm1520.carddata import EventCard, ZoneCard


class DrawError(ValueError):
    """A ``--drawn`` card id that cannot be drawn now (unknown, wrong deck, not in the pile)."""


@dataclass
class Pile:
    """One deck: ``draw`` (top is the end of the list) and ``discard``."""

    name: str
    draw: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)

    def copy(self) -> "Pile":
        return Pile(self.name, list(self.draw), list(self.discard))

    def shuffle_in(self, rng: random.Random, cards: list[str] | None = None) -> None:
        """Put the discards (or ``cards``) back into the draw pile and shuffle it."""
        if cards is None:
            cards, self.discard = self.discard, []
        self.draw.extend(cards)
        self.draw.sort()          # shuffle from a canonical order: same seed, same deck
        rng.shuffle(self.draw)

    def take(self, rng: random.Random, wanted: str | None) -> str:
        """Draw the top card, or the card ``wanted``; reshuffle the discards when empty."""
        if not self.draw and self.discard:
            self.shuffle_in(rng)
        if wanted is None:
            if not self.draw:
                raise DrawError(f"the {self.name} deck is empty")
            return self.draw.pop()
        if wanted in self.draw:
            index = len(self.draw) - 1 - self.draw[::-1].index(wanted)
            return self.draw.pop(index)
        if wanted in self.discard:
            raise DrawError(f"card {wanted} is in the {self.name} discard pile: it was drawn already")
        raise DrawError(f"card {wanted} is not in the {self.name} draw pile")


class Decks:
    """Both decks plus the Propaganda cards held out until the round ends (6.2), and where the
    cards come from: ``physical``, the player draws every card from the printed decks (the whole
    game: ``bot new --cards physical``); ``round_entered``, this round's cards were entered
    (``--drawn``), so the rest of the round is drawn by hand too (bot.stockholm1520.rules.draws)."""

    def __init__(self, zone_cards: list[ZoneCard], event_cards: list[EventCard], physical: bool = False) -> None:
        self.zone_cards = {c.id: c for c in zone_cards}
        self.event_cards = {c.id: c for c in event_cards}
        self.zone = Pile("zone", [c.id for c in zone_cards])
        self.event = Pile("event", [c.id for c in event_cards for _ in range(max(c.quantity, 0))])
        self.held: list[str] = []
        self.physical = physical
        self.round_entered = False

    @property
    def by_hand(self) -> bool:
        """The player draws the cards now (physical decks, or a round whose cards were entered)."""
        return self.physical or self.round_entered

    def copy(self) -> "Decks":
        other = Decks.__new__(Decks)
        other.zone_cards, other.event_cards = self.zone_cards, self.event_cards
        other.zone, other.event, other.held = self.zone.copy(), self.event.copy(), list(self.held)
        other.physical, other.round_entered = self.physical, self.round_entered
        return other

    def shuffle_all(self, rng: random.Random) -> None:
        self.zone.shuffle_in(rng, [])
        self.event.shuffle_in(rng, [])

    def draw_zone(self, rng: random.Random, wanted: str | None = None) -> ZoneCard:
        if wanted is not None and wanted not in self.zone_cards:
            raise DrawError(f"{wanted} is not a zone card of this game"
                            + (" (it is an event card)" if wanted in self.event_cards else ""))
        card = self.zone.take(rng, wanted)
        self.zone.discard.append(card)
        return self.zone_cards[card]

    def draw_event(self, rng: random.Random, wanted: str | None = None) -> EventCard:
        if wanted is not None and wanted not in self.event_cards:
            raise DrawError(f"{wanted} is not an event card of this game"
                            + (" (it is a zone card)" if wanted in self.zone_cards else ""))
        card = self.event.take(rng, wanted)
        if self.event_cards[card].kind == "propaganda":
            self.held.append(card)            # out until the round is over (6.2)
        else:
            self.event.discard.append(card)   # "After an event card is drawn, discard it" (1.2.2)
        return self.event_cards[card]

    def end_round(self, rng: random.Random) -> None:
        """Propaganda cards go back into the event deck, which is reshuffled (6.2)."""
        if self.held:
            held, self.held = self.held, []
            self.event.shuffle_in(rng, held)

    def to_json(self) -> dict:
        return {"zone": {"draw": len(self.zone.draw), "discard": list(self.zone.discard)},
                "event": {"draw": len(self.event.draw), "discard": list(self.event.discard)},
                "held": list(self.held)}
