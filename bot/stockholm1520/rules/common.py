"""Helpers shared by the rule sections: refusals, card draws, free spaces, records."""

from __future__ import annotations

from collections import deque
from contextlib import contextmanager
from contextvars import ContextVar
from typing import AbstractSet, Any, Iterator

from bot.errors import RuleError
from bot.records import Record, RecordKind
from bot.stockholm1520.board import RoadInfo
from bot.stockholm1520.state import Table, Unit


PHASE_HELP = {
    "setup": "place your six units first (place TYPE HEX, or place auto)",
    "round": "start the next round (next: the round and the Danish turn; or round)",
    "enemy": "let the Danes move (next, or enemy)",
    "player": "it is your turn (move, attack, upgrade; then next, or end-turn)",
    "regroup": "the round is over: regroup your units, then next (or end-turn)",
    "over": "the game is over",
}


def require_phase(t: Table, *phases: str) -> None:
    if t.pos.phase not in phases:
        raise RuleError(f"not now: {PHASE_HELP[t.pos.phase]}")


#: The records of the action being played (``recording``): what it did, for its result and the
#: game's log. They last as long as the action, not as the table.
_RECORDS: ContextVar[list[Record] | None] = ContextVar("records of the action", default=None)


@contextmanager
def recording() -> Iterator[list[Record]]:
    """Collect what the rules record while the block plays (an action, or a trial of one on a
    copy, whose records are its own): the list is the action's result."""
    records: list[Record] = []
    token = _RECORDS.set(records)
    try:
        yield records
    finally:
        _RECORDS.reset(token)


def record(kind: RecordKind, reason: str = "", **facts: Any) -> Record:
    """Record what the rules did (``recording``; a ``bot.records.Record``, its words its
    ``reason``); outside a recording nobody asks, so it is dropped."""
    entry = Record(kind, facts, reason, words_key="reason")
    records = _RECORDS.get()
    if records is not None:
        records.append(entry)
    return entry


def road_of(t: Table, unit: Unit) -> RoadInfo:
    """The road a Danish troop walks (every Danish troop has one, 2.0 step 1)."""
    if unit.zone is None or unit.road is None:
        raise RuleError(f"{unit.id} walks no road")
    return t.board.road(unit.zone, unit.road)


def blocking_hexes(t: Table, ignore: Unit | None = None) -> set[str]:
    """Spaces a Danish troop may not end on: every unit but propagandists (3.2), and Kristina."""
    taken = {u.hex for u in t.pos.units() if u is not ignore and u.type != "propagandist"}
    taken.add(t.board.kristina)
    return taken


def free_space_near(t: Table, start: str, ground: AbstractSet[str], taken: AbstractSet[str],
                    avoid: AbstractSet[str] = frozenset()) -> str | None:
    """``start`` if free, else the nearest free space (breadth-first, fixed neighbour order)
    over ``ground`` without crossing ``avoid``: where a unit appears when its space is taken."""
    if start not in taken and start in ground:
        return start
    seen = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for n in t.board.nbrs[here]:
            if n in seen or n not in ground or n in avoid:
                continue
            seen.add(n)
            if n not in taken:
                return n
            queue.append(n)
    return None


def round_over(t: Table) -> None:
    """All enemies defeated: victory in round 8, else the round ends with a regroup turn."""
    pos = t.pos
    if pos.round >= 8:
        pos.result, pos.phase = "won", "over"
        record("end", result="won",
               reason="Christian II and every Danish unit defeated in round 8: you win (2.0 step 5)")
        return
    pos.phase = "regroup"
    t.decks.end_round(t.rng)
    for u in pos.swedish:
        u.moved, u.done = 0, False
    record("end", result="round over",
           reason=f"round {pos.round} is over: every enemy is defeated; one turn to regroup (2.0 step 4)")
