"""2.0 step 3 Player's turn (and the regroup turn of step 4): moves, attacks, militia upgrades.

Each unit moves its spaces a turn (3.1: the kit's troops.yaml and counters.yaml), inside the
green outline (1.1),
over passable ground; units may pass over friends, never over enemies, and never end on an
occupied space. Attacking ends that unit's movement (4.0, 5.0).
"""

from __future__ import annotations

from generator.core.limits import excerpt

from bot.stockholm1520.pathing import bfs
from bot.stockholm1520.rules.common import RuleError, record, require_phase, round_over
from bot.stockholm1520.state import Table, Unit
from bot.stockholm1520.units import TROOPS


def swedish_unit(t: Table, unit_id: str) -> Unit:
    unit = next((u for u in t.pos.swedish if u.id == unit_id), None)
    if unit is None:
        if any(u.id == unit_id for u in t.pos.danish):
            raise RuleError(f"{unit_id} is a Danish unit: you move the Swedish units")
        names = ", ".join(u.id for u in t.pos.swedish) or "none"
        raise RuleError(f"no Swedish unit {excerpt(unit_id)} (yours: {names})")
    return unit


def _walks(t: Table, unit: Unit, left: int) -> tuple[dict[str, int], dict[str, str]]:
    """Steps and predecessors of every space ``unit`` can walk to with ``left`` spaces (over
    land, past friends, not past enemies; ``bfs``). Only the Danish units within
    ``left`` spaces can change it: kept in the table's memo on those (a trial turn's moves are
    searched again when the game plays them). Shared: never change them."""
    board = t.board
    near = board.around(unit.hex, left)
    walks = t.data.searches.store("swedish walks", 20000)
    key = (unit.hex, left, frozenset(u.hex for u in t.pos.danish if u.hex in near))
    found = walks.get(key)
    if found is None:
        found = walks[key] = bfs(unit.hex, board.nbrs, board.land, {u.hex for u in t.pos.danish}, limit=left)
    return found


def reachable(t: Table, unit: Unit) -> dict[str, int]:
    """Spaces ``unit`` can end on this turn with the steps it takes (passing over friends)."""
    board, pos = t.board, t.pos
    dist, _ = _walks(t, unit, max(t.movement(unit) - unit.moved, 0))
    taken = {u.hex for u in pos.units()} | {board.kristina}
    return {h: d for h, d in dist.items() if h not in taken}


def move(t: Table, unit_id: str, dest: str) -> None:
    require_phase(t, "player", "regroup")
    board, pos = t.board, t.pos
    unit = swedish_unit(t, unit_id)
    if unit.done:
        raise RuleError(f"{unit.id} has attacked or been upgraded this turn: it cannot move again (4.0)")
    if dest not in board.nbrs:
        raise RuleError(f"{dest} is not a hex of the board")
    if dest == unit.hex:
        raise RuleError(f"{unit.id} is already at {dest}")
    if dest not in board.passable:
        raise RuleError(f"{dest} is {board.terrain[dest]}: no unit can stand there")
    if dest not in board.playfield:
        raise RuleError(f"{dest} is outside the playfield (the green outline, 1.1)")
    if dest == board.kristina:
        raise RuleError(f"{dest} is Kristina's space: no two units on one space (2.0 step 3)")
    here = pos.at(dest)
    if here:
        who = here[0]
        raise RuleError(f"{dest} is occupied by {who.side.capitalize()} {who.type} {who.id}: "
                        f"units may pass over friends but not stop on an occupied space (2.0 step 3)")
    left = t.movement(unit) - unit.moved
    if left <= 0:
        raise RuleError(f"{unit.id} has used all {t.movement(unit)} of its spaces this turn (3.1)")
    dist, parent = _walks(t, unit, left)
    if dest not in dist:            # search further only to say why
        dist, parent = bfs(unit.hex, board.nbrs, board.land, {u.hex for u in pos.danish})
    if dest not in dist:
        raise RuleError(f"no way from {unit.hex} to {dest} over land inside the playfield "
                        f"(water or Danish units in the way; units cannot pass enemies, 2.0 step 3)")
    steps = dist[dest]
    extra = ", 6.2" if unit.type in pos.extra_move else ""
    if steps > left:
        straight = board.distance(unit.hex, dest)
        detour = f" (water or enemies force a way of {steps}; straight it is {straight})" if straight < steps else ""
        raise RuleError(f"too far: {dest} is {steps} spaces from {unit.hex}{detour}; {unit.type} "
                        f"{unit.id} has {left} left this turn (moves {t.movement(unit)}, 3.1{extra})")
    path = [dest]
    while path[-1] != unit.hex:
        path.append(parent[path[-1]])
    path.reverse()
    unit.hex = dest
    unit.moved += steps
    record("swedish", unit=unit.id, path=path,
           reason=f"{unit.id} moves {steps} ({unit.moved} of {t.movement(unit)} used this turn)")


def danish_target(t: Table, ref: str) -> Unit:
    """The Danish unit a player attacks, by its id or by the hex it stands on."""
    danes = t.pos.danish
    target = next((u for u in danes if u.id == ref), None)
    if target is not None:
        return target
    there = [u for u in danes if u.hex == ref]
    if len(there) == 1:
        return there[0]
    if there:
        raise RuleError(f"{ref} holds {' and '.join(u.id for u in there)}: name the one to attack")
    names = ", ".join(f"{u.id} at {u.hex}" for u in danes) or "none"
    raise RuleError(f"no Danish unit {excerpt(ref)}, by id or hex (on the board: {names})")


def attack(t: Table, unit_id: str, target_id: str) -> None:
    require_phase(t, "player")
    pos = t.pos
    unit = swedish_unit(t, unit_id)
    if unit.done:
        raise RuleError(f"{unit.id} has already attacked or been upgraded this turn (4.0)")
    target = danish_target(t, target_id)
    if not t.board.adjacent(unit.hex, target.hex):
        raise RuleError(f"{target.id} at {target.hex} is not next to {unit.id} at {unit.hex}: "
                        f"units attack adjacent enemies only (5.0)")
    outcome = t.units.combat(unit.type, target.type)
    unit.done = True
    if outcome == "win":
        pos.danish.remove(target)
        if target.type == "propagandist":
            why = "a propagandist loses to every unit (6.2)"
        elif target.type == "christian":
            why = "any Swedish troop kills Christian II (3.2)"
        else:
            why = f"{unit.type} beats {target.type} (5.0)"
        text = f"{unit.id} destroys {target.id}: {why}; {unit.id} stays at {unit.hex} (5.0)"
    elif outcome == "trade":
        pos.danish.remove(target)
        pos.swedish.remove(unit)
        why = ("the militia destroys the unit it attacks and dies with it (3.1)" if unit.type == "militia"
               else "same type: both destroyed (5.0)")
        text = f"{unit.id} and {target.id} are both destroyed: {why}"
    else:
        pos.swedish.remove(unit)
        text = f"{unit.id} is destroyed: {target.type} beats {unit.type} (5.0)"
    record("swedish", unit=unit.id, path=[unit.hex], attack={"target": target.id, "outcome": outcome}, reason=text)
    if pos.round >= 8 and not pos.enemies_left():
        round_over(t)


def upgrade(t: Table, unit_id: str, troop: str) -> None:
    """3.1, 6.1: a militia in the training zone becomes a troop of the player's choice; that
    ends its turn (rules-notes: upgrade)."""
    require_phase(t, "player", "regroup")
    pos = t.pos
    unit = swedish_unit(t, unit_id)
    if unit.type != "militia":
        raise RuleError(f"{unit.id} is {unit.type}: only the militia can be upgraded (3.1)")
    if troop not in TROOPS:
        raise RuleError(f"upgrade to one of {', '.join(TROOPS)}, not {excerpt(troop)}")
    if unit.hex not in t.board.training:
        raise RuleError(f"{unit.id} at {unit.hex} is not in the training zone "
                        f"({', '.join(sorted(t.board.training))}) (3.1)")
    new_id = pos.swedish_id(troop)
    old = unit.id
    unit.id, unit.type, unit.done = new_id, troop, True
    unit.moved = t.movement(unit)
    record("swedish", unit=new_id, path=[unit.hex],
           reason=f"militia {old} trained into {troop} {new_id} at {unit.hex} (3.1, 6.1)")


def end_turn(t: Table) -> None:
    """End the player's turn: back to the enemy (2.0 step 3), or the round is over (step 4);
    the regroup turn ends the round."""
    require_phase(t, "player", "regroup")
    pos = t.pos
    if pos.phase == "regroup":
        pos.phase = "round"
        record("note", reason=f"regroup done: start round {pos.round + 1} (round)")
        return
    for u in pos.swedish:
        u.moved, u.done = 0, False
    if pos.enemies_left():
        pos.phase = "enemy"
        record("note", reason="Danish units remain: the enemy's turn (2.0 step 3)")
    else:
        round_over(t)
