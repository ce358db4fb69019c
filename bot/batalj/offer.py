"""The redeployment moves (step 5) a tap on an area may add to those already chosen: every move
the rules allow from the position the chosen moves lead to, and only those.

Candidates are made from what stands in the area once the chosen moves are made (a card moved
forward from the Reserve can then be reinforced; a card moved into an empty enemy Sector can
be moved back), and each is kept only when the chosen moves and it, sorted into the rules'
order, are played without a refusal by the rules' own check (``apply_moves``): the page offers
what ``pnpkit batalj redeploy`` would accept, never a move it would refuse.
"""

from __future__ import annotations

from bot.batalj.board import ENEMY_SECTORS, MAX_PIECES, NAMES, SWEDEN, SWEDISH_SECTORS, opposite
from bot.batalj.redeployment import Move, apply_moves, in_order
from bot.batalj.state import RuleError, Table
from bot.errors import ActionSyntaxError

#: Every area a Swedish Commander may be moved to (the rules check which hold a Swedish Soldier).
COMMANDER_AREAS = ("sr", *SWEDISH_SECTORS, *ENEMY_SECTORS)


def planned(table: Table, chosen: list[Move]) -> Table:
    """The table once the ``chosen`` moves are made, in the rules' order (cards left empty are
    not tidied yet: they may still be reinforced); RuleError when the rules refuse one."""
    work = table.clone()
    apply_moves(work, in_order(chosen))
    return work


def _candidates(t: Table, area: str) -> list[Move]:
    b = t.battle
    moves: list[Move] = []
    commanders = 0
    if area == "sr":
        reserve = b.reserves[SWEDEN]
        moves += [Move("forward", card, s) for card in reserve.cards for s in SWEDISH_SECTORS]
        commanders = reserve.commanders
    elif area in b.sectors and b.sectors[area].card and b.sectors[area].side in (SWEDEN, None):
        g = b.sectors[area]
        card = g.card or ""
        moves.append(Move("back", card))
        moves += [Move("retire", card, None, n) for n in range(1, g.soldiers + 1)]
        if area in SWEDISH_SECTORS:
            moves.append(Move("forward", card, opposite(area)))
            moves += [Move("reinforce", card, None, n) for n in range(1, MAX_PIECES - g.pieces + 1)]
        commanders = g.commanders
    moves += [Move("commander", area, to, n) for to in COMMANDER_AREAS if to != area for n in range(1, commanders + 1)]
    return moves


def allowed(table: Table, chosen: list[Move], move: Move) -> bool:
    """Whether the rules accept ``move`` after the ``chosen`` ones (all sorted into their order)."""
    try:
        planned(table, [*chosen, move])
    except (RuleError, ActionSyntaxError):
        return False
    return True


def offered(table: Table, chosen: list[Move], area: str) -> list[Move]:
    """The moves a tap on ``area`` offers after ``chosen``: those the rules allow, in their order."""
    try:
        after = planned(table, chosen)
    except (RuleError, ActionSyntaxError):
        return []
    return [m for m in _candidates(after, area) if allowed(table, chosen, m)]


def words(move: Move) -> str:
    """A move as its button says it (the log keeps the terminal's grammar)."""
    n = move.count
    if move.verb == "back":
        return f"{move.what}: one step back"
    if move.verb == "retire":
        return f"{move.what}: {n} Soldier{'s' if n > 1 else ''} to the Reserve"
    if move.verb == "forward":
        return f"{move.what}: forward to {NAMES[move.to or '']}"
    if move.verb == "reinforce":
        return f"{move.what}: +{n} Soldier{'s' if n > 1 else ''} from the Reserve"
    return f"{n} Commander{'s' if n > 1 else ''}: {NAMES[move.what]} to {NAMES[move.to or '']}"
