"""What to do with the piles when a card is drawn at the table, in the rulebook's own words
(Stockholm 1520: 1.2.2, 2.0 step 1, 6.2; the bot keeps its virtual piles the same way:
``bot.stockholm1520.decks``, docs/rules-notes.md "Zone deck piles", "Event deck piles").
The card picker says it when it asks for a card (``bot.stockholm1520.picker``), a step's list
of the cards it draws says it for each kind of card (``rules.draws.expected_cards``), and
``bot next``'s checklist says it for the cards the step drew (``pile_changes``)."""

from __future__ import annotations

from collections import Counter

from bot.stockholm1520.decks import Decks
from bot.stockholm1520.table import Change
from bot.records import Record

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


def pile_changes(before: Decks, after: Decks, records: list[Record]) -> list[Change]:
    """What to do with the piles after steps played with the printed decks (``bot next``'s
    checklist): each event card drawn discarded or kept aside, the zone cards shuffled back in
    once the round's troops are placed (or discarded, when drawn later in the round), and a
    Propaganda card shuffled back into the event deck when the round is over."""
    out = [Change("cards", f"discard event card {c} (1.2.2)")
           for c in (Counter(after.event.discard) - Counter(before.event.discard)).elements()]
    out += [Change("cards", f"keep event card {c} aside until the round is over (6.2 Propaganda)")
            for c in after.held if c not in before.held]
    placing = False
    shuffled: list[str] = []
    discarded: list[str] = []
    for r in records:
        if r["kind"] == "round":
            placing = True                      # the new round's zone cards, until its first Danish turn
        elif r["kind"] == "turn":
            placing = False
        elif r["kind"] == "card":
            (shuffled if placing else discarded).append(r["card"])
    if shuffled:
        out.append(Change("cards", f"the troops are placed: shuffle the zone cards drawn ({' '.join(shuffled)}) and "
                                   "the zone discard pile back into the zone deck (2.0 step 1)"))
    out += [Change("cards", f"put zone card {c} on the zone discard pile") for c in discarded]
    back = [c for c in before.held if c not in after.held]
    if back:
        out.append(Change("cards", f"the round is over: shuffle {' '.join(back)} back into the event deck (6.2)"))
    return out


def undo_pile_changes(undone: Decks, restored: Decks, records: list[Record]) -> list[str]:
    """What to do with the printed piles when steps are taken back (undo): each card those steps
    drew goes back to its deck, so that it can be drawn again (the page asks for it again)."""
    events = list((Counter(undone.event.discard) - Counter(restored.event.discard)).elements())
    events += [c for c in undone.held if c not in restored.held]
    zones = [r["card"] for r in records if r.get("kind") == "card" and r.get("card") not in undone.event_cards]
    out = [f"take event card {c} back (from the discard pile, or from aside) and put it on top of the event deck"
           for c in events]
    if zones:
        out.append(f"the zone cards drawn ({' '.join(zones)}): take back any still on the zone discard pile, shuffle "
                   "them into the zone deck; draw again when the page asks")
    return out


__all__ = ["EMPTY_PILE", "EVENT_DISCARD", "PROPAGANDA_ASIDE", "ZONE_DISCARD", "after_drawing", "pile_changes", "piles_for",
           "undo_pile_changes"]
