"""2.0 step 2 Enemy's turn, 4.0 Movement, 5.0 Combat: the Danish army's fixed behaviour.

Order (2.0): troops that can kill a Swedish unit this turn move first; then by zone letter,
then road number; on one road the troop furthest along moves first. Each troop walks its own
road toward Kristina; a Swedish unit it cannot beat on the road is passed by the quickest way
round, back to the road at the nearest point (4.0); a unit it kills is no block: it walks up
to it. A troop off its road (lineup space, mid-detour, the ship's) rejoins it at the nearest
point of the stretch its quickest way leads to. A road blocked completely means moving as
close to Kristina as possible (2.0). Along its way, the first time it stands next to a Swedish
unit it can kill (a win or a trade, never a losing fight) it attacks, which ends its move (5.0).
Then the propagandists walk one space toward a castle (6.2); then the ship sails on (6.2).

Each decision names the procedure's step that made it (``rules.procedure``: ORDER, ATTACK,
REJOIN, ...); the road's costs and ways round its blocks come from the search below the rules
(``search.roads``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import AbstractSet, Any, Callable, NamedTuple

from bot.stockholm1520.board import RoadInfo
from bot.stockholm1520.memo import key_of
from bot.stockholm1520.pathing import bfs, nearest, path_to
from bot.stockholm1520.rules.common import RuleError, blocking_hexes, free_space_near, record, require_phase, road_of, round_over
from bot.stockholm1520.rules.new_round import spawn_propagandist
from bot.stockholm1520.rules.procedure import (ALONG, AROUND, ATTACK, CHRISTIAN, CLOSEST, NO_SHARING, ORDER,
                                               PROPAGANDIST, REJOIN, SHIP, Step)
from bot.stockholm1520.search.roads import DETOUR_WIDTH, INF, RoadValues, corridor_ground, road_values
from bot.stockholm1520.state import Table, Unit
from bot.stockholm1520.units import SHORT, TROOPS


#: Which Swedish unit a Danish troop prefers to attack among several (rules-notes: targets).
TARGET_ORDER = {"cavalry": 0, "crossbowmen": 1, "pikemen": 2, "militia": 3}


@dataclass
class Plan:
    """A troop's move this turn: the hexes it walks (start included) and what it attacks."""

    path: list[str]
    target: str | None = None        # a Swedish unit id, or 'kristina'
    outcome: str | None = None       # 'win' | 'trade' | 'defeat'
    notes: list[str] = field(default_factory=list)
    #: The steps of the decision procedure (rules/procedure.py, docs/bot.md) that decided it,
    #: by number.
    steps: list[int] = field(default_factory=list)

    def by(self, step: Step) -> None:
        if not self.steps or self.steps[-1] != step.number:
            self.steps.append(step.number)


def best_target(t: Table, unit: Unit, here: str, swedish_at: dict[str, Unit]) -> tuple[str, str] | None:
    """The attack a troop standing on ``here`` makes, if any: Kristina first (2.0 step 6), then
    a Swedish unit it beats, then one it trades with; never a losing attack (2.0 step 2)."""
    nbrs = t.board.nbrs[here]
    if t.board.kristina in nbrs:
        return "kristina", "defeat"
    if swedish_at.keys().isdisjoint(nbrs):
        return None
    best = None
    for order, n in enumerate(nbrs):
        s = swedish_at.get(n)
        if s is None:
            continue
        outcome = t.units.combat(unit.type, s.type)
        if outcome == "loss":
            continue
        key = (0 if outcome == "win" else 1, TARGET_ORDER.get(s.type, 9), order)
        if best is None or key < best[0]:
            best = (key, s.id, outcome)
    return (best[1], best[2]) if best else None


@dataclass
class _Walk:
    """What one troop's move is planned against: its road, who stands where, and where it may go."""

    t: Table
    unit: Unit
    road: RoadInfo
    swedish_at: dict[str, Unit]
    others: set[str]                          # spaces of the other Danish troops
    enterable: Callable[[str], bool]          # ground it may walk, not through Swedes nor Kristina
    ground: AbstractSet[str]                  # the Danes' ground (the bridge when open) ...
    closed: AbstractSet[str]                  # ... less these (Swedes, Kristina): ``enterable``
    near: AbstractSet[str]                    # ``enterable`` within DETOUR_WIDTH spaces of its road


def _walk_for(t: Table, unit: Unit) -> _Walk:
    board, pos = t.board, t.pos
    ground = board.danish_ground(pos.bridge_open)
    swedish_at = {u.hex: u for u in pos.swedish}

    def enterable(h: str) -> bool:
        # Danes pass over other Danes but never over a Swedish unit (rules-notes: passing).
        return h in ground and h not in swedish_at and h != board.kristina

    road = road_of(t, unit)
    # Going round a block stays within DETOUR_WIDTH spaces of the road (rules-notes: choke):
    # the corridor's ground without Swedish units nor Kristina (a set: the searches test it most).
    closed = {*swedish_at, board.kristina}
    near = corridor_ground(t, road) - closed
    others = {u.hex for u in pos.danish if u is not unit and u.type != "propagandist"}
    return _Walk(t, unit, road, swedish_at, others, enterable, ground, closed, near)


class MoveQuery(NamedTuple):
    """All a Danish troop's move depends on: the troop, its movement, the bridge, the Swedish
    units and the other Danish troops' spaces. The memo's key."""

    unit: str
    type: str
    hex: str
    zone: str | None
    road: int | None
    movement: int
    bridge_open: bool
    swedish: frozenset[tuple[str, str, str]]          # (hex, type, id)
    danes: frozenset[str]                             # the other Danish troops' spaces


def plan_move(t: Table, unit: Unit) -> Plan:
    """Where ``unit`` (a Danish troop) goes this turn, against the current position: kept in
    the game's searches on its ``MoveQuery`` (``can_kill`` and the turn itself, and the
    policy's trial turns, often plan the same move). The Plan is shared: never change it."""
    plans = t.data.searches.store("danish moves", 20000)
    pos = t.pos
    key = key_of(MoveQuery, (unit.id, unit.type, unit.hex, unit.zone, unit.road, t.movement(unit), pos.bridge_open,
                             frozenset((u.hex, u.type, u.id) for u in pos.swedish),
                             frozenset(u.hex for u in pos.danish if u is not unit and u.type != "propagandist")))
    found = plans.get(key)
    if found is None:
        found = plans[key] = _plan_move(t, unit)
    return found


def _plan_move(t: Table, unit: Unit) -> Plan:
    walk = _walk_for(t, unit)
    plan = Plan([unit.hex])
    hit = best_target(t, unit, unit.hex, walk.swedish_at)
    if hit:
        plan.target, plan.outcome = hit
        plan.by(ATTACK)
        return plan
    moves = t.movement(unit)
    if moves > 0:
        values = road_values(t, unit, walk.near)
        if values.ringed:
            plan.notes.append(f"every space next to Kristina is held by a Swedish unit: it follows road "
                              f"{walk.road.name} as far as it goes, as close to Kristina as the road allows (2.0 step 2)")
        _walk_on(walk, plan, values, moves)
    if plan.target is None and plan.path[-1] in walk.others:
        blocked_at = plan.path[-1]
        while len(plan.path) > 1 and plan.path[-1] in walk.others:
            plan.path.pop()
        plan.notes.append(f"stops at {plan.path[-1]}: {blocked_at} is taken by another Danish troop "
                          f"(Danish troops never share a space, 2.0)")
        plan.by(NO_SHARING)
    return plan


def _walk_on(walk: _Walk, plan: Plan, values: RoadValues, moves: int) -> None:
    """Spend ``moves`` spaces along the road (or round its blocks), attacking the first Swedish
    unit it can kill next to it (5.0)."""
    while moves > 0:
        step = _next_stretch(walk, plan, values, moves)
        if step is None:
            return
        stretch, final, why = step
        plan.by(why)
        if not stretch:
            return
        for h in stretch:
            if moves == 0:
                break
            plan.path.append(h)
            moves -= 1
            if h not in walk.others:
                hit = best_target(walk.t, walk.unit, h, walk.swedish_at)
                if hit:
                    plan.target, plan.outcome = hit
                    plan.by(ATTACK)
                    return
        if final:
            return


def _next_stretch(walk: _Walk, plan: Plan, values: RoadValues, moves: int) -> tuple[list[str], bool, Step] | None:
    """The spaces to walk next from where the troop stands, whether its move ends after them,
    and the procedure's step that chose them; None when it waits (next to the ring round
    Kristina, at the end of its road)."""
    t, road, enterable = walk.t, walk.road, walk.enterable
    P, last = road.path, len(road.path) - 1
    cur = plan.path[-1]
    i = road.index.get(cur)
    if values.ringed and cur in values.goals and not (i is not None and i + 1 < last and enterable(P[i + 1])):
        plan.notes.append(f"waits at {cur}, next to the Swedish ring round Kristina: its road goes no further")
        plan.by(CLOSEST)
        return None
    if i is not None and values.cost[i] == INF:
        ahead = next((P[k] for k in range(i + 1, last) if not enterable(P[k])), None)
        if ahead in t.board.bridge and not any(u.hex == ahead for u in t.pos.swedish):
            # Blocked by terrain (the closed bridge on its road, 6.2) with no way round near the
            # road: it does not walk on into the dead end but heads for the next crossing.
            return _closest(walk, cur, moves, plan.notes, i), True, CLOSEST
    if i is not None and i + 1 < last and enterable(P[i + 1]) and i not in values.detour:
        return [P[i + 1]], False, ALONG
    detour = _detour(walk, cur, i, values, plan.notes)
    if detour is None:
        return _closest(walk, cur, moves, plan.notes, i), True, CLOSEST
    return detour, False, (REJOIN if i is None else AROUND)


def _why_blocked(t: Table, h: str) -> str:
    s = next((u for u in t.pos.swedish if u.hex == h), None)
    if s is not None:
        return f"Swedish {s.type} {s.id}"
    if h in t.board.bridge and not t.pos.bridge_open:
        return "the closed bridge (6.2 Bridge)"
    if h == t.board.kristina:
        return "Kristina"
    return "impassable ground"


def _detour(walk: _Walk, cur: str, i: int | None, values: RoadValues, notes: list[str]) -> list[str] | None:
    """The way round a block, or back onto the road from off it (4.0). On the road, the first
    step is the quickest way round's (``RoadValues.detour``); from there, and from anywhere
    off the road, the troop returns to its road at the nearest possible moment (``_rejoin``).
    None when the road ahead cannot be reached at all."""
    t, road = walk.t, walk.road
    P, last = road.path, len(road.path) - 1
    if i is None:
        found = _rejoin(walk, cur, values)
        if found is None:
            return None
        goal, seg = found
        off = [h for h in seg if h not in road.index]
        if goal in road.index:
            notes.append(f"off its road: back onto road {road.name} at {goal}, the nearest point of its way"
                         + (f", by {', '.join(off)}" if off else "") + " (4.0)")
        else:
            notes.append(f"off its road: the quickest way to Kristina is by {', '.join(off)} (4.0)")
        return seg
    way = values.detour.get(i)
    if way is None:
        return None
    seg = [way[0]]
    if way[0] not in road.index:
        found = _rejoin(walk, way[0], values)
        seg += found[1] if found is not None else way[1:]
    goal = seg[-1]
    off = [h for h in seg if h not in road.index]
    blocked = next((P[k] for k in range(i + 1, last) if not walk.enterable(P[k])), P[i + 1])
    if goal in road.index:
        notes.append(f"road {road.name} blocked at {blocked} by {_why_blocked(t, blocked)}: passing by "
                     f"{', '.join(off)}, back on the road at {goal} (4.0)")
    else:
        notes.append(f"road {road.name} blocked at {blocked} by {_why_blocked(t, blocked)}: the quickest way "
                     f"round to Kristina is by {', '.join(off)} (4.0)")
    return seg


def _rejoin(walk: _Walk, start: str, values: RoadValues) -> tuple[str, list[str]] | None:
    """Off its road (a lineup space, half-way round a block, landed by the ship), a troop heads
    along its road: its quickest way back (least steps to a road space + that space's cost)
    picks the stretch of road between blocks it cannot pass; it rejoins that stretch at its
    nearest point (fewest steps, then furthest along), "at the nearest possible moment"
    (4.0). The end of a way round the road's last stretch counts as a road space. Searched
    within DETOUR_WIDTH of the road first; a troop further off (the ship's) walks to its road
    over any ground. The goal and the path to it (``start`` excluded), or None."""
    road = walk.road
    P, last = road.path, len(road.path) - 1
    nbrs = walk.t.board.nbrs
    for ground, closed in ((walk.near, frozenset()), (walk.ground, walk.closed)):
        dist, parent = bfs(start, nbrs, ground, closed)
        options = [(dist[P[k]] + values.cost[k], dist[P[k]], -k, P[k]) for k in range(last)
                   if P[k] in dist and values.cost[k] < INF and P[k] != start]
        options += [(dist[g], dist[g], -last, g) for g in values.ends if g in dist and g != start]
        if options:
            break
    else:
        return None
    goal = min(options)[3]
    k = road.index.get(goal)
    if k is not None:
        lo = max((w for w in values.walls if w < k), default=-1) + 1
        hi = min((w for w in values.walls if w > k), default=last)
        goal = min((dist[P[m]], -m, P[m]) for m in range(lo, hi)
                   if P[m] in dist and values.cost[m] < INF and P[m] != start)[2]
    return goal, path_to(goal, parent, start)[1:]


def _closest(walk: _Walk, cur: str, moves: int, notes: list[str], i: int | None) -> list[str]:
    """Choke point blocked completely: move as close as possible to Kristina over the ground
    (units ignored), fewest steps on a tie, leaving the road if necessary (2.0 step 2)."""
    t, board, pos = walk.t, walk.t.board, walk.t.pos
    dist, parent = bfs(cur, board.nbrs, walk.ground, walk.closed, limit=moves)
    order = {h: k for k, h in enumerate(dist)}
    options = [h for h in dist if h == cur or h not in walk.others]
    best = min(options, key=lambda h: (board.ground_distance(h, pos.bridge_open), dist[h], order[h]))
    road = road_of(t, walk.unit)
    start = i + 1 if i is not None else 0
    blocked = next((h for h in road.path[start:-1] if not walk.enterable(h)), None)
    where = f"at {blocked} by {_why_blocked(t, blocked)}" if blocked else ""
    if best == cur:
        notes.append(f"road {road.name} is blocked completely {where}".rstrip() +
                     ": it waits here, as close to Kristina as it can get (2.0 step 2)")
        return []
    notes.append(f"road {road.name} is blocked completely {where}".rstrip() +
                 f" (a choke point): moves as close as possible to Kristina, to {best} (2.0 step 2)")
    return path_to(best, parent, cur)[1:]


def can_kill(t: Table, unit: Unit) -> bool:
    """2.0: 'If an enemy troop can kill one of your units, they move first.' A troop walks at
    most its movement and attacks next to where it stands, so with no Swedish unit it would
    attack (nor Kristina) within its movement + 1 spaces it cannot: answered without planning
    its move (the same answer, sooner)."""
    near = t.board.around(unit.hex, t.movement(unit) + 1)
    if t.board.kristina not in near and not any(
            s.hex in near and t.units.combat(unit.type, s.type) != "loss" for s in t.pos.swedish):
        return False
    return plan_move(t, unit).target is not None


def move_order(t: Table) -> list[tuple[Unit, bool]]:
    """Troops in the order they move, each with whether it moves first as a killer."""
    troops = [u for u in t.pos.danish if u.type in TROOPS]
    killers = {u.id for u in troops if can_kill(t, u)}

    def key(u: Unit) -> tuple[Any, ...]:
        road = road_of(t, u)
        return (u.id not in killers, u.zone, u.road, -road.index.get(u.hex, -1), u.id)

    return [(u, u.id in killers) for u in sorted(troops, key=key)]


def _movement_words(t: Table, unit: Unit) -> str:
    extra = ", +1 this round (Additional movement, 6.2)" if unit.type in t.pos.extra_move else ""
    return f"{unit.type} move {t.units.moves[unit.type]} (3.2){extra}"


def enemy_turn(t: Table) -> str:
    """Play one enemy turn; returns 'continue', 'round over', 'won' or 'defeat'."""
    require_phase(t, "enemy")
    pos = t.pos
    pos.turn += 1
    record("turn", round=pos.round, turn=pos.turn, reason=f"round {pos.round}, enemy turn {pos.turn} (2.0 step 2)")
    for unit, killer in move_order(t):
        if unit not in pos.danish:
            continue
        plan = plan_move(t, unit)
        if _execute(t, unit, plan, killer) == "defeat":
            return "defeat"
    for prop in sorted((u for u in pos.danish if u.type == "propagandist"), key=lambda u: u.id):
        if prop in pos.danish:
            move_propagandist(t, prop)
    for christian in (u for u in pos.danish if u.type == "christian"):
        record("danish", unit=christian.id, path=[christian.hex], attack=None, steps=[CHRISTIAN.number],
               reason="Christian II is a stationary non-combat unit: he stays (3.2)")
    sail_ship(t)
    for u in pos.swedish:
        u.moved, u.done = 0, False
    if not pos.swedish and pos.enemies_left():
        # Nobody is left to defeat the Danes, so the round can never end (rules-notes: no defenders).
        pos.result, pos.phase = "lost", "over"
        record("end", result="defeat", reason="no Swedish unit is left to defend Stockholm: the round can "
               "never end and Kristina will fall, so the game is lost (rules-notes, 2.0 step 6)")
        return "defeat"
    if not pos.enemies_left():
        round_over(t)
        return pos.result or "round over"
    pos.phase = "player"
    return "continue"


def _execute(t: Table, unit: Unit, plan: Plan, killer: bool) -> str | None:
    """Walk the planned path and make the planned attack, recording both with their reasons."""
    start = unit.hex
    unit.hex = plan.path[-1]
    steps = len(plan.path) - 1
    reasons = []
    if killer:
        if plan.target == "kristina":
            reasons.append("moves first: it can reach Kristina this turn (2.0 step 2)")
        elif plan.target:
            reasons.append("moves first: it can kill a Swedish unit this turn (2.0 step 2)")
        else:
            reasons.append("moves early: at the start of the turn it could kill a Swedish unit "
                           "(2.0 step 2), but by its move that chance was gone")
    if steps:
        reasons.append(f"{steps} space{'s' if steps != 1 else ''} toward Kristina on road "
                       f"{unit.zone}{unit.road} ({_movement_words(t, unit)})")
    elif not plan.target:
        reasons.append("does not move")
    reasons.extend(plan.notes)
    attack = _attack(t, unit, plan, reasons) if plan.target else None
    decided = ([ORDER.number] if killer else []) + plan.steps
    record("danish", unit=unit.id, type=unit.type, path=list(plan.path), attack=attack,
           reason="; ".join(reasons) if reasons else f"stays at {start}", steps=decided)
    if plan.target == "kristina":
        record("end", result="defeat", reason="Kristina was attacked: you lose (2.0 step 6)")
        return "defeat"
    return None


def _attack(t: Table, unit: Unit, plan: Plan, reasons: list[str]) -> dict[str, str]:
    """The planned attack on Kristina (the game is lost) or on a Swedish unit (5.0)."""
    pos = t.pos
    if plan.target == "kristina":
        reasons.append(f"attacks Kristina at {t.board.kristina}: the game is lost (2.0 step 6)")
        pos.result, pos.phase = "lost", "over"
        return {"target": "kristina", "outcome": "defeat"}
    target = pos.unit(plan.target or "")
    if target is None:
        raise RuleError(f"{unit.id} attacks {plan.target}, which is not on the board")
    pos.swedish.remove(target)
    if plan.outcome == "win":
        why = (f"{unit.type} beats {target.type} (5.0)" if target.type in TROOPS
               else "a Danish troop beats the militia (rules-notes: militia)")
        reasons.append(f"attacks {target.type} {target.id} at {target.hex}: {why}; stays at {unit.hex} (5.0)")
        return {"target": target.id, "outcome": "win"}
    pos.danish.remove(unit)
    reasons.append(f"attacks {target.type} {target.id} at {target.hex}: same type, both destroyed (5.0); "
                   f"a Swedish unit dies, so the Danes accept the trade (2.0 step 2)")
    return {"target": target.id, "outcome": "trade"}


def move_propagandist(t: Table, prop: Unit) -> None:
    """6.2: its spaces a turn (one, in the kit's counters.yaml) toward the nearest castle not
    yet defected; on arrival the castle defects, propaganda +1, and the card is replayed (a
    new propagandist)."""
    board, pos = t.board, t.pos
    swedish = {u.hex for u in pos.swedish}
    ground = board.danish_ground(pos.bridge_open)
    goals = [h for c in board.castles if c.name not in pos.defected_castles for h in c.hexes if h not in swedish]
    ok = lambda h: h in ground and h not in swedish and h != board.kristina  # noqa: E731
    path = nearest(prop.hex, board.nbrs, ok, goals) if goals else None
    if not path or len(path) < 2:
        record("danish", unit=prop.id, type="propagandist", path=[prop.hex], attack=None, steps=[PROPAGANDIST.number],
               reason="propagandist: no free way to a castle that has not defected, so it waits (6.2)")
        return
    castle_at = {h: c for c in board.castles for h in c.hexes}
    walk = path[1:1 + t.movement(prop)]
    steps = next((walk[:k + 1] for k, h in enumerate(walk) if h in castle_at), walk)
    prop.hex = steps[-1]
    castle = castle_at.get(prop.hex)
    if castle is None:
        n = len(steps)
        record("danish", unit=prop.id, type="propagandist", path=path[:1 + n], attack=None, steps=[PROPAGANDIST.number],
               reason=f"propagandist walks {n} space{'s' if n != 1 else ''} toward the nearest castle not yet "
                      f"defected ({_castle_of(t, path[-1])}, {len(path) - 1 - n} more) (6.2)")
        return
    pos.defected_castles.append(castle.name)
    pos.propaganda += 1
    pos.danish.remove(prop)
    record("danish", unit=prop.id, type="propagandist", path=path[:1 + len(steps)], attack=None,
           steps=[PROPAGANDIST.number],
           reason=f"propagandist reaches castle {castle.name}: it defects for good, propaganda {pos.propaganda} "
                  f"(6.2); the Propaganda card is replayed")
    spawn_propagandist(t, replayed=True)


def _castle_of(t: Table, hex_id: str) -> str:
    c = next((c for c in t.board.castles if hex_id in c.hexes), None)
    return c.name if c else hex_id


def sail_ship(t: Table) -> None:
    """6.2 Ship: it lands after 5 enemy turns; its troop appears on the port (rules-notes)."""
    pos = t.pos
    ship = pos.ship
    if ship is None:
        return
    ship.turns_left -= 1
    if ship.turns_left > 0:
        where = t.board.ship_at(ship.turns_left)
        record("ship", unit="ship", path=[where] if where else [], steps=[SHIP.number],
               reason=(f"the ship sails on to {where}; " if where else "the ship sails on; ")
               + f"it lands with {ship.troop} in {ship.turns_left} turn{'s' if ship.turns_left != 1 else ''} (6.2 Ship)")
        return
    board = t.board
    ground = board.danish_ground(pos.bridge_open)
    taken = blocking_hexes(t)
    hex_id = free_space_near(t, board.port, ground, taken)
    pos.ship = None
    if hex_id is None:
        record("ship", unit="ship", path=[], steps=[SHIP.number], reason="the ship found no free space to land: its troop is lost")
        return
    unit = Unit(pos.new_id(f"ship-{SHORT[ship.troop]}"), ship.troop, hex_id, "danish", ship.zone, ship.road)
    pos.danish.append(unit)
    record("spawn", unit=unit.id, path=[hex_id], steps=[SHIP.number],
           reason=f"the ship lands: {ship.troop} {unit.id} at {hex_id}"
                  + ("" if hex_id == board.port else f" (the port {board.port} is taken)")
                  + f"; it heads for road {ship.zone}{ship.road} toward Kristina (6.2 Ship)")


__all__ = ["Plan", "best_target", "enemy_turn", "move_order", "plan_move"]
