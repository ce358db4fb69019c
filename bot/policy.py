"""A simple defensive Swedish player for ``simulate``: good enough to test the engine over
thousands of games and to compare data changes, not a strong player.

Each player turn is planned three ways on a copy of the game: *hunt* (attack an adjacent
enemy it beats; else walk next to the most dangerous enemy it beats, preferring spaces no other
Dane would strike, and attack; else walk toward prey), *hold* (attack from where it stands,
close in on Kristina) and *ring* (fill the spaces next to Kristina). The Danes' answer to each
plan is played on the copy and the plan that loses least (defeat, units lost, enemies killed,
how close the Danes stand) is kept. A militia goes to the training zone and becomes the type
the army lacks most. ``random_action`` is a random legal player for testing.
"""

from __future__ import annotations

from bot.actions import Action, Attack, EndTurn, Move, Upgrade
from bot.pathing import bfs
from bot.rules.enemy import plan_move
from bot.rules.player import reachable
from bot.state import Table, Unit
from bot.units import BEATS, TROOPS, combat

GUARD_RADIUS = 2
INF = float("inf")


def _danger(t: Table, enemy: Unit) -> float:
    return t.board.ground_distance(enemy.hex, True)


MODES = ("hunt", "hold", "ring")


def next_action(t: Table) -> Action:
    """One legal action for the current position (EndTurn when nothing is worth doing).

    In a player turn the policy plans the whole turn twice, hunting and holding, plays the
    Danes' answer to each on a copy, and keeps the plan that loses least."""
    if t.pos.phase != "player":
        return _greedy(t, "hunt")
    sig = _signature(t)
    plan = _PLAN.get("plan")
    if plan and _PLAN.get("sigs") and _PLAN["sigs"][0] == sig:
        _PLAN["sigs"].pop(0)
        return plan.pop(0)
    # A position met before at the start of a turn means a stand-off: go and fight.
    seen = _PLAN.setdefault("seen", set())
    if _PLAN.get("round") != (id(t.board), t.pos.round):
        seen.clear()
        _PLAN["round"] = (id(t.board), t.pos.round)
    where = (tuple((u.id, u.hex) for u in t.pos.swedish), tuple((u.id, u.hex) for u in t.pos.danish))
    modes = ("charge",) if where in seen else MODES
    seen.add(where)
    best = None
    for mode in modes:
        actions, sigs, score = _plan_turn(t, mode)
        if best is None or score > best[2]:
            best = (actions, sigs, score)
    actions, sigs, _ = best
    _PLAN.update(plan=actions[1:], sigs=sigs[1:])
    return actions[0]


_PLAN: dict = {}


def _signature(t: Table) -> tuple:
    pos = t.pos
    return (id(t.board), pos.round, pos.turn, pos.phase,
            tuple((u.id, u.hex, u.moved, u.done) for u in pos.swedish), tuple((u.id, u.hex) for u in pos.danish))


def _plan_turn(t: Table, mode: str) -> tuple[list[Action], list[tuple], float]:
    """A whole player turn in ``mode`` on a copy, scored by the Danes' answer."""
    from bot.rules import perform
    from bot.rules.enemy import enemy_turn
    work = t.clone()
    actions: list[Action] = []
    sigs: list[tuple] = []
    for _ in range(60):
        act = _greedy(work, mode)
        sigs.append(_signature(work))
        actions.append(act)
        perform(work, act)
        if isinstance(act, EndTurn) or work.pos.phase != "player":
            break
    kills = len(t.pos.danish) - len(work.pos.danish)
    ours = len(work.pos.swedish)
    if work.pos.phase == "enemy":
        enemy_turn(work)
    if work.pos.result == "lost":
        return actions, sigs, -10_000.0
    if work.pos.result == "won":
        return actions, sigs, 10_000.0
    lost = ours - len(work.pos.swedish)
    board = work.board
    distance = sum(min(board.ground_distance(e.hex, True), 12) for e in work.pos.danish if e.type in TROOPS)
    return actions, sigs, 30.0 * kills - 25.0 * lost + distance


def _greedy(t: Table, mode: str) -> Action:
    for unit in t.pos.swedish:
        if unit.done:
            continue
        act = _unit_action(t, unit, mode)
        if act is not None:
            return act
    return EndTurn()


def _kill_options(t: Table, unit: Unit) -> list[Unit]:
    result = []
    for e in t.pos.danish:
        outcome = combat(unit.type, e.type)
        if outcome == "win" or (outcome == "trade" and (_danger(t, e) <= GUARD_RADIUS or unit.type == "militia"
                                                          and e.type in TROOPS and _danger(t, e) <= 4)):
            result.append(e)
    return sorted(result, key=lambda e: (_danger(t, e), e.id))


def _danish_paths(t: Table) -> dict[str, list[str]]:
    """Where every Danish troop would walk next turn if the Swedes stood still (cached for
    the position): the policy's idea of where the danger is."""
    key = (id(t.board), tuple((u.id, u.hex) for u in t.pos.swedish), tuple((u.id, u.hex) for u in t.pos.danish),
           t.pos.bridge_open, tuple(t.pos.extra_move))
    if _PATHS.get("key") != key:
        paths = {}
        for e in t.pos.danish:
            if e.type in TROOPS:
                paths[e.id] = plan_move(t, e).path
        _PATHS.clear()
        _PATHS.update(key=key, paths=paths)
    return _PATHS["paths"]


_PATHS: dict = {}


def _exposed(t: Table, unit: Unit, hex_id: str, target: Unit | None = None) -> int:
    """How many Danish troops other than ``target`` would pass next to ``hex_id`` next turn
    and could kill ``unit`` there."""
    paths = _danish_paths(t)
    count = 0
    for e in t.pos.danish:
        if e is target or e.type not in TROOPS or combat(e.type, unit.type) == "loss":
            continue
        walk = paths.get(e.id, [e.hex])
        if any(h == hex_id or t.board.adjacent(h, hex_id) for h in walk):
            count += 1
    return count


def _unit_action(t: Table, unit: Unit, mode: str = "hunt") -> Action | None:
    board, pos = t.board, t.pos
    if pos.phase == "player":
        for e in _kill_options(t, unit):
            if board.adjacent(unit.hex, e.hex):
                return Attack(unit.id, e.id)
    if unit.type == "militia":
        return _militia(t, unit)
    spaces = reachable(t, unit)
    if mode == "ring":
        return _to_ring(t, unit, spaces)
    if pos.phase == "player" and mode in ("hunt", "charge"):
        for e in _kill_options(t, unit):
            near = [h for h in spaces if board.adjacent(h, e.hex)]
            if near:   # rather a space where no other Dane can kill it back
                if mode == "charge":
                    return Move(unit.id, min(near, key=lambda h: (spaces[h], h)))
                return Move(unit.id, min(near, key=lambda h: (_exposed(t, unit, h, e), spaces[h], h)))
        # walk toward the nearest enemy it beats
        prey = [e for e in pos.danish if combat(unit.type, e.type) == "win"]
        if prey and spaces:
            goal = min(prey, key=lambda e: (_danger(t, e), e.id))
            far = _land_distances(t, goal.hex)
            careful = mode != "charge"
            best = min(spaces, key=lambda h: (careful and _exposed(t, unit, h) > 0, far.get(h, INF), spaces[h], h))
            if far.get(best, INF) < far.get(unit.hex, INF) or (_exposed(t, unit, unit.hex) and not _exposed(t, unit, best)):
                return Move(unit.id, best)
            return None
    # guard: close in on Kristina
    home = _land_distances(t, board.kristina)
    here = home.get(unit.hex, INF)
    if here > GUARD_RADIUS and spaces:
        best = min(spaces, key=lambda h: (_exposed(t, unit, h) > 0, home.get(h, INF), spaces[h], h))
        if home.get(best, INF) < here or (_exposed(t, unit, unit.hex) and not _exposed(t, unit, best)):
            return Move(unit.id, best)
    return None


def _to_ring(t: Table, unit: Unit, spaces: dict[str, int]) -> Action | None:
    """Close the ring: a unit not next to Kristina walks to the nearest free space next to her."""
    board = t.board
    ring = [h for h in board.nbrs[board.kristina] if h in board.passable and h in board.playfield]
    if unit.hex in ring or unit.moved:
        return None
    free = [h for h in ring if h in spaces]
    if free:
        return Move(unit.id, min(free, key=lambda h: (spaces[h], h)))
    home = _land_distances(t, board.kristina)
    best = min(spaces, key=lambda h: (home.get(h, INF), spaces[h], h), default=None)
    if best is not None and home.get(best, INF) < home.get(unit.hex, INF):
        return Move(unit.id, best)
    return None


def _land_distances(t: Table, goal: str) -> dict[str, int]:
    """Steps from every playfield space to ``goal`` over land, units ignored: walking by hex
    distance alone gets stuck on a shore."""
    board = t.board
    cache = _LAND.setdefault(id(board), {})
    if goal not in cache:
        ground = board.passable & board.playfield
        cache[goal], _ = bfs(goal, board.nbrs, lambda h: h in ground)
    return cache[goal]


_LAND: dict[int, dict[str, dict[str, int]]] = {}


def _militia(t: Table, unit: Unit) -> Action | None:
    board, pos = t.board, t.pos
    if unit.hex in board.training:
        counts = {tp: sum(1 for u in pos.swedish if u.type == tp) for tp in TROOPS}
        wanted = {tp: sum(1 for e in pos.danish if e.type == BEATS[tp]) for tp in TROOPS}
        troop = min(TROOPS, key=lambda tp: (counts[tp] - wanted[tp], TROOPS.index(tp)))
        return Upgrade(unit.id, troop)
    spaces = reachable(t, unit)
    free = [h for h in board.training if h not in {u.hex for u in pos.units()}]
    if not spaces or not free:
        return None
    def to_training(h: str) -> float:
        return min(_land_distances(t, f).get(h, INF) for f in free)

    best = min(spaces, key=lambda h: (to_training(h), spaces[h], h))
    if to_training(best) < to_training(unit.hex):
        return Move(unit.id, best)
    return None


def random_action(t: Table, rng) -> Action:
    """A random legal action (seeded ``rng``): a Swedish player that explores odd positions,
    for testing the engine's invariants rather than for playing well."""
    pos = t.pos
    units = [u for u in pos.swedish if not u.done]
    rng.shuffle(units)
    for unit in units:
        if pos.phase == "player":
            targets = [e for e in pos.danish if t.board.adjacent(unit.hex, e.hex)]
            if targets and rng.random() < 0.7:
                return Attack(unit.id, rng.choice(targets).id)
        if unit.type == "militia" and unit.hex in t.board.training and rng.random() < 0.5:
            return Upgrade(unit.id, rng.choice(TROOPS))
        spaces = sorted(reachable(t, unit))
        if spaces and rng.random() < 0.6:
            return Move(unit.id, rng.choice(spaces))
    return EndTurn()
