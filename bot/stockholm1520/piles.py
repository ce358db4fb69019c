"""What to do with the piles when a card is drawn at the table, in the rulebook's own words
(Stockholm 1520: 1.2.2, 2.0 step 1, 6.2; the bot keeps its virtual piles the same way:
``bot.stockholm1520.decks``, docs/rules-notes.md "Zone deck piles", "Event deck piles").
The card picker says it when it asks for a card (``bot.stockholm1520.picker``), and a step's
list of the cards it draws says it for each kind of card (``rules.draws.expected_cards``)."""

from __future__ import annotations

from bot.stockholm1520.decks import Decks

EVENT_DISCARD = ("discard it: \u201cAfter an event card is drawn, discard it unless stated otherwise\u201d (1.2.2)")
PROPAGANDA_ASIDE = ("keep it aside until the round is over, then shuffle it back into the event deck: \u201cAfter "
                    "the round is over, reshuffle the card into the event deck\u201d (6.2 Propaganda)")
ZONE_DISCARD = ("put it on the zone discard pile; once the round's troops are placed, shuffle the zone discards "
                "back into the zone deck: \u201cAfter this you may reshuffle the cards into the deck\u201d (2.0 step 1)")
EMPTY_PILE = "the draw pile is empty: shuffle its discards back in first, then draw"


def after_drawing(decks: Decks, card_id: str) -> str:
    """What to do with the card ``card_id`` once it is drawn and read."""
    event = decks.event_cards.get(card_id)
    if event is None:
        return ZONE_DISCARD
    return PROPAGANDA_ASIDE if event.kind == "propaganda" else EVENT_DISCARD


def piles_for(decks: Decks, what: str) -> list[str]:
    """What to do with the card drawn for ``what`` ('event card', 'zone card for ...'), one line
    per kind of card it may be: 'Propaganda (E-PROP): keep it aside ...', 'any other: discard it ...'."""
    if not what.startswith("event"):
        return [f"the zone card: {ZONE_DISCARD}"]
    propaganda = sorted(i for i, c in decks.event_cards.items() if c.kind == "propaganda")
    lines = [f"Propaganda ({' '.join(propaganda)}): {PROPAGANDA_ASIDE}"] if propaganda else []
    return lines + [f"{'any other event card' if propaganda else 'the event card'}: {EVENT_DISCARD}"]


__all__ = ["EMPTY_PILE", "EVENT_DISCARD", "PROPAGANDA_ASIDE", "ZONE_DISCARD", "after_drawing", "piles_for"]
