"""``bot reach UNIT``: where one of your units may move this turn and whom it could attack
from there (2.0 step 3, 3.1, 5.0), as text or marked on the board."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.stockholm1520.pathing import bfs
from bot.stockholm1520.rules.player import reachable, swedish_unit
from bot.stockholm1520.state import Table, Unit
from bot.stockholm1520.units import TROOPS


@dataclass
class Target:
    """A Danish unit the Swedish unit could attack this turn, the outcome and from where."""

    unit: Unit
    outcome: str                     # 'win' | 'trade' | 'loss' (the attacker's side, 5.0)
    spaces: list[str] = field(default_factory=list)


@dataclass
class Reach:
    unit: Unit
    left: int                        # spaces it may still move this turn
    spaces: dict[str, int]           # hex -> steps, the spaces it may end on
    targets: list[Target]
    done: bool                       # it attacked or was upgraded this turn


def reach(t: Table, unit_id: str) -> Reach:
    """Where ``unit_id`` may go and what it may attack. Outside the player's turn, as in its
    next turn (its movement unused)."""
    unit = swedish_unit(t, unit_id)
    if t.pos.phase not in ("player", "regroup"):
        t = t.clone()
        unit = swedish_unit(t, unit_id)
        unit.moved, unit.done = 0, False
    left = max(t.movement(unit) - unit.moved, 0)
    spaces = {} if unit.done else reachable(t, unit)
    stands = [unit.hex] + sorted(spaces, key=lambda h: (spaces[h], h))
    targets: dict[str, Target] = {}
    if not unit.done and t.pos.phase != "regroup":
        danes = {u.hex: u for u in t.pos.danish}
        for here in stands:
            for n in t.board.nbrs[here]:
                dane = danes.get(n)
                if dane is None:
                    continue
                target = targets.setdefault(dane.id, Target(dane, t.units.combat(unit.type, dane.type)))
                target.spaces.append(here)
    order = {"win": 0, "trade": 1, "loss": 2}
    return Reach(unit, left, spaces, sorted(targets.values(), key=lambda x: (order[x.outcome], x.unit.id)), unit.done)


def danish_threats(t: Table, against: str | None = None, without: str | None = None) -> set[str]:
    """The hexes a Danish troop could attack next turn: next to a space it could walk to with
    its movement (3.2; an Additional movement card counted, 6.2) over the ground Danes stand
    on, not through Swedish units. ``against``: a Swedish unit of that type standing there,
    which only a Dane that would not lose attacks (Danes never make a losing attack, 2.0
    step 2): a crossbowman beside pikemen that lose to it is not threatened by them.
    ``without``: a Danish unit left out (the one an attack about to be made destroys)."""
    board, pos = t.board, t.pos
    ground = board.danish_ground(pos.bridge_open)
    swedes = {u.hex for u in pos.swedish}
    hexes: set[str] = set()
    for dane in pos.danish:
        if dane.type not in TROOPS or dane.id == without:
            continue
        if against is not None and t.units.combat(dane.type, against) == "loss":
            continue
        spaces, _ = bfs(dane.hex, board.nbrs, ground, swedes, limit=t.movement(dane))
        for space in spaces:
            hexes.update(board.nbrs[space])
    return hexes & board.land


def attack_space(t: Table, found: Reach, target: Target) -> str:
    """Where ``found``'s unit attacks ``target`` from: where it stands when next to it, else a
    space it can walk to beside the target, chosen (designed: the rulebook leaves it to the
    player, 4.0 lets a unit move, then attack) as the one no other Dane could attack next turn
    (the target gone), then the fewest steps, then the lowest hex id. The list's button, a tap
    on the Dane and ``pnpkit bot attack`` all move the unit there."""
    if found.unit.hex in target.spaces:
        return found.unit.hex
    unsafe = danish_threats(t, found.unit.type, without=target.unit.id)
    return min(target.spaces, key=lambda h: (h in unsafe, found.spaces.get(h, 99), h))


def exposed(t: Table, found: Reach, target: Target) -> bool:
    """A winning attack leaves the unit on ``attack_space`` (4.0: attacking ends its movement):
    whether another Dane could attack it there next turn (the target gone)."""
    return attack_space(t, found, target) in danish_threats(t, found.unit.type, without=target.unit.id)


OUTCOME_WORDS = {"win": "you win", "trade": "both destroyed", "loss": "your unit is destroyed"}


def describe(r: Reach, threats: set[str] | None = None) -> list[str]:
    """``reach`` in words; with ``threats`` (``danish_threats``), which of its spaces, and the
    space it stands on, a Dane could attack next turn."""
    u = r.unit
    if r.done:
        return [f"{u.id} ({u.type} at {u.hex}) has attacked or been upgraded this turn: it stays (4.0)"]
    lines = [f"{u.id} ({u.type} at {u.hex}) may move {r.left} space{'s' if r.left != 1 else ''} this turn; "
             f"it may end on {len(r.spaces)} space{'s' if len(r.spaces) != 1 else ''}:"]
    for steps in sorted(set(r.spaces.values())):
        hexes = sorted(h for h, d in r.spaces.items() if d == steps)
        lines.append(f"  {steps} space{'s' if steps != 1 else ''}: {' '.join(hexes)}")
    if r.targets:
        lines.append("it could attack (5.0):")
        for tg in r.targets:
            where = ", ".join(("where it stands" if h == u.hex else h) for h in tg.spaces)
            lines.append(f"  {tg.unit.id} ({tg.unit.type} at {tg.unit.hex}): {OUTCOME_WORDS[tg.outcome]}; from {where}")
    else:
        lines.append("no Danish unit within reach to attack")
    if threats is not None:
        risky = sorted(h for h in r.spaces if h in threats)
        here = "where it stands a Dane could attack it next turn" if u.hex in threats else \
            "no Dane could attack it next turn where it stands"
        lines.append(f"Danish threats next turn: {here}; of its spaces, {len(risky)} could be attacked"
                     + (f": {' '.join(risky)}" if risky else ""))
    return lines


def highlight(r: Reach) -> list[dict[str, str]]:
    """The painter's marks (generator.hexart.position): the spaces with their steps, and the
    Danes it could attack with the outcome."""
    marks = [{"hex": h, "label": str(d), "kind": "reach"} for h, d in sorted(r.spaces.items())]
    marks += [{"hex": tg.unit.hex, "label": tg.outcome, "kind": "target"} for tg in r.targets]
    return marks


__all__ = ["Reach", "Target", "danish_threats", "describe", "highlight", "reach"]
