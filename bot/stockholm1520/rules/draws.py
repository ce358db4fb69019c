"""Card draws: from the bot's seeded virtual decks, or the physical cards the player drew.

With the physical deck the bot never draws a card of its own: the game was started with
physical cards (``bot new --cards physical``), or this round's cards were entered
(``--drawn``); then every draw of a step (the event card, the zone card a Propaganda or Ship
card needs, the troops' zone cards, a replayed Propaganda card's zone card) takes the next card
the player entered, and a step that needs more cards, or fewer, is refused with the list of
cards it draws, in order. Replaying a save is lenient (``with_cards``' ``lenient``): saves
written before this rule may hold a virtual draw in a round whose cards were entered.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import Callable, Iterable

from games.stockholm1520.carddata import EventCard, ZoneCard

from bot.stockholm1520.decks import DrawError
from bot.stockholm1520.piles import piles_for
from bot.stockholm1520.rules.common import RuleError, record, recording
from bot.stockholm1520.state import Table


class CardError(RuleError):
    """The cards entered do not fit the step (too few, too many, a wrong card)."""


@dataclass
class Entry:
    """The cards entered for the step being played: ``cards`` (None: the bot draws from its
    virtual decks) and how many are used; on a trial copy that counts a step's draws,
    ``probe`` (what each card is drawn for); ``lenient`` while a save's log is replayed."""

    cards: list[str] | None
    used: int = 0
    probe: list[str] | None = None
    lenient: bool = False


#: The step being played's entry: it lasts as long as the step, not as the table.
_ENTRY: ContextVar[Entry | None] = ContextVar("cards entered", default=None)


def _entry(t: Table, drawn: Iterable[str] | None, lenient: bool) -> Entry:
    """Cards for the next step: those entered, or (physical deck) none yet, or virtual."""
    entered = [d.upper() for d in drawn] if drawn else []
    return Entry(entered if entered or t.decks.by_hand else None, lenient=lenient)


def _unused(entry: Entry | None) -> None:
    if entry is not None and entry.cards is not None and entry.used < len(entry.cards):
        raise CardError(f"more cards entered than this step draws: {' '.join(entry.cards[entry.used:])} not used")


def start_draws(t: Table, drawn: Iterable[str] | None, lenient: bool = False) -> None:
    """Begin a step's draws by hand (a rule section played alone); ``finish_draws`` ends it."""
    _ENTRY.set(_entry(t, drawn, lenient))


def finish_draws(t: Table) -> None:
    entry = _ENTRY.get()
    _ENTRY.set(None)
    _unused(entry)


def _wanted(what: str) -> str | None:
    """The id of the next card entered, None to draw a virtual one; CardError when the
    physical cards entered run out."""
    entry = _ENTRY.get()
    if entry is None:
        return None
    if entry.probe is not None:
        entry.probe.append(what)
    if entry.cards is None:
        return None
    if entry.used >= len(entry.cards):
        if entry.probe is not None or entry.lenient:
            return None
        raise CardError(f"more cards needed: the {what}")
    card = entry.cards[entry.used]
    entry.used += 1
    return card


def draw_zone(t: Table, purpose: str) -> ZoneCard:
    """Draw a zone card (virtual, or the next id the player entered)."""
    try:
        card = t.decks.draw_zone(t.rng, _wanted(f"zone card for {purpose}"))
    except DrawError as err:
        raise CardError(str(err)) from None
    record("card", card=card.id, reason=f"zone card {card.id} drawn for {purpose}")
    return card


def draw_event(t: Table) -> EventCard:
    try:
        card = t.decks.draw_event(t.rng, _wanted("event card"))
    except DrawError as err:
        raise CardError(str(err)) from None
    return card


def with_cards(t: Table, drawn: Iterable[str] | None, step: Callable[[Table], object], fresh_round: bool = False,
               lenient: bool = False) -> None:
    """Play ``step`` (a new round, an enemy turn) with the cards entered. ``fresh_round``: a new
    round, whose entered cards make the whole round physical. A CardError names the cards the
    step draws, in order. ``lenient``: a save's log replayed (saves written before this rule
    may hold a virtual draw in a round whose cards were entered)."""
    entered = [d.upper() for d in drawn] if drawn else []
    if fresh_round:
        t.decks.round_entered = bool(entered)
    before = t.clone() if (entered or t.decks.by_hand) and not lenient else None
    entry = _entry(t, entered, lenient)
    token = _ENTRY.set(entry)
    try:
        step(t)
        _unused(entry)
    except CardError as err:
        if before is None:
            raise
        raise CardError(f"{err}. {expected_cards(before, entered, step, fresh_round)}") from None
    finally:
        _ENTRY.reset(token)


def draws_of(t: Table, entered: list[str], step: Callable[[Table], object], fresh_round: bool) -> list[str]:
    """What each card ``step`` draws is for, in order: found by playing the step on a copy
    with virtual cards (the entered event card kept, as it decides how many follow)."""
    probe = t.clone()
    first = entered[0] if entered else None
    entry = Entry([first] if fresh_round and first in probe.decks.event.draw else [], probe=[])
    token = _ENTRY.set(entry)
    try:
        with recording():              # the probe's records are its own, not the step's
            step(probe)
    except RuleError:
        pass
    finally:
        _ENTRY.reset(token)
    return entry.probe or []


def expected_cards(t: Table, entered: list[str], step: Callable[[Table], object], fresh_round: bool) -> str:
    """'This step draws 6 cards, in this order: ...; you entered 5: ...'."""
    wanted = draws_of(t, entered, step, fresh_round)
    if not wanted:
        order = "draws no card"
    else:
        groups: list[tuple[str, int, int]] = []          # (what, first number, last number)
        for n, what in enumerate(wanted, start=1):
            if groups and groups[-1][0] == what:
                groups[-1] = (what, groups[-1][1], n)
            else:
                groups.append((what, n, n))
        parts = [f"{a}. the {what}" if a == b else f"{a}-{b}. {b - a + 1} {what.replace('zone card', 'zone cards', 1)}"
                 for what, a, b in groups]
        order = f"draws {len(wanted)} card{'s' if len(wanted) != 1 else ''}, in this order: {'; '.join(parts)}"
    got = f"you entered {len(entered)}: {' '.join(entered)}" if entered else "you entered none"
    kinds = sorted({"event card" if what.startswith("event") else "zone card" for what in wanted})
    piles = "".join(f" Once drawn, {line}." for kind in kinds for line in piles_for(t.decks, kind))
    return f"This step {order}; {got}. Enter them all, in that order, with --drawn.{piles}"


__all__ = ["CardError", "draw_event", "draw_zone", "draws_of", "expected_cards", "finish_draws", "start_draws", "with_cards"]
