"""2.0 Game setup: six Swedish units, two of each type, anywhere within the Stockholm area."""

from __future__ import annotations

from generator.core.limits import excerpt

from bot.stockholm1520.rules.common import RuleError, record, require_phase
from bot.stockholm1520.state import Table, Unit
from bot.stockholm1520.units import TROOPS

PER_TYPE = 2


def _check_space(t: Table, hex_id: str) -> None:
    board = t.board
    if hex_id not in board.nbrs:
        raise RuleError(f"{hex_id} is not a hex of the board")
    if hex_id == board.kristina:
        raise RuleError(f"{hex_id} is Kristina's space (3.1)")
    if hex_id not in board.stockholm:
        raise RuleError(f"{hex_id} is outside the Stockholm area: set up within Stockholm (2.0 Game setup)")
    if hex_id not in board.passable:
        raise RuleError(f"{hex_id} is {board.terrain[hex_id]}: units cannot stand there")
    taken = t.pos.at(hex_id)
    if taken:
        raise RuleError(f"{hex_id} is occupied by {taken[0].id}: no two units on one space (2.0 step 3)")


def place(t: Table, troop: str, hex_id: str) -> None:
    """Put one unit of ``troop`` on ``hex_id``; the sixth unit ends the setup."""
    require_phase(t, "setup")
    if troop not in TROOPS:
        raise RuleError(f"the setup units are {', '.join(TROOPS)}, not {excerpt(troop)}")
    have = sum(1 for u in t.pos.swedish if u.type == troop)
    if have >= PER_TYPE:
        raise RuleError(f"both {troop} units are placed already (two of each type, 2.0 Game setup)")
    _check_space(t, hex_id)
    unit = Unit(t.pos.swedish_id(troop), troop, hex_id, "swedish")
    t.pos.swedish.append(unit)
    record("place", unit=unit.id, path=[hex_id], reason=f"{troop} {unit.id} set up at {hex_id} (2.0 Game setup)")
    _maybe_done(t)


def setup_spaces(t: Table) -> list[str]:
    """The spaces ``place`` accepts: the Stockholm area but Kristina's space and water."""
    board = t.board
    return [h for h in board.stockholm if h != board.kristina and h in board.passable]


def suggested_spaces(t: Table) -> list[str]:
    """Free setup spaces, nearest Kristina first: the bot's default formation."""
    board = t.board
    taken = {u.hex for u in t.pos.units()}
    free = [h for h in setup_spaces(t) if h not in taken]
    return sorted(free, key=lambda h: (board.distance(h, board.kristina), h))


def place_auto(t: Table) -> None:
    """Place every unit not placed yet on the suggested spaces (cavalry, crossbowmen, pikemen)."""
    require_phase(t, "setup")
    wanted = [tp for tp in TROOPS for _ in range(PER_TYPE - sum(1 for u in t.pos.swedish if u.type == tp))]
    spaces = suggested_spaces(t)
    if len(spaces) < len(wanted):
        raise RuleError("not enough free spaces in the Stockholm area for the remaining units")
    for troop, hex_id in zip(wanted, spaces):
        place(t, troop, hex_id)


def _maybe_done(t: Table) -> None:
    if len(t.pos.swedish) == len(TROOPS) * PER_TYPE:
        t.pos.phase = "round"
        record("note", reason="setup complete: start round 1 (round)")
