"""The Danes' road search: for one road, the troop's type, the bridge and the Swedish units
on the road's corridor, what every road space still costs to Kristina and the quickest way
round each block (a dynamic programme over the road, back from its end, with one cost field
per block). The rules' enemy turn (``rules.enemy``) walks these values; each is a function
of its ``RoadQuery`` alone, kept in the game's searches (``search.memo``) on it.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import AbstractSet, NamedTuple

from bot.errors import RuleError
from bot.stockholm1520.board import Board, RoadInfo
from bot.stockholm1520.memo import key_of
from bot.stockholm1520.state import Table, Unit

#: How far from its road a troop may go to pass a block; beyond that the road counts as blocked
#: completely at a choke point (rules-notes: choke points).
DETOUR_WIDTH = 2

INF = float("inf")
#: The cost of a Swedish unit a troop kills standing on its road when the road is cut further
#: on (blocked completely): finite, so the troop still walks its road up to that unit (2.0).
CUT = 10.0 ** 6


@dataclass
class RoadValues:
    """For one road and the current Swedish positions: ``cost[j]`` = spaces still to walk from
    road space j to a space next to Kristina when following the road and passing blocks the
    quickest way (INF when the road ahead is blocked completely); ``detour[j]`` = the way
    round when the next road space is blocked. A consistent cost-to-go: every step a troop
    takes lowers it, so a troop never walks back and forth around a block."""

    cost: list[float]
    detour: dict[int, list[str]]
    #: Every space next to Kristina is held (rules-notes 22): the goal is then to stand as far
    #: along the road as it goes, next to the ring (``goals``), not a space next to her.
    ringed: bool = False
    goals: tuple[str, ...] = ()
    #: Spaces off the road where a way round ends (a space next to Kristina, or next to the
    #: ring, reached round a block on the road's last stretch): a troop off its road may
    #: head for them as for a road space, at cost 0.
    ends: tuple[str, ...] = ()
    #: Road indices the troop cannot pass: Swedish units it does not kill, the closed bridge.
    #: They cut the road into stretches; a troop off its road rejoins the nearest point of
    #: the stretch its quickest way leads to.
    walls: tuple[int, ...] = ()


class RoadQuery(NamedTuple):
    """All that a road's values depend on: the road, the troop's type, the bridge and the
    Swedish units on the road's corridor (within DETOUR_WIDTH; those further off change
    nothing). The memo's key (a tuple: hashed and compared at C speed)."""

    zone: str
    road: int
    troop: str
    bridge_open: bool
    swedish: frozenset[tuple[str, str]]          # (hex, type)


def road_values(t: Table, unit: Unit, near: AbstractSet[str]) -> RoadValues:
    """Remaining cost along the road of ``unit`` (a Danish troop); the goal is any free space
    next to Kristina (a troop there attacks her), so a road whose last space is held can still
    be finished round it. ``near``: where the troop may walk, the road's corridor ground less
    the Swedish units and Kristina (``corridor_ground``; the walk has it already): a function
    of the query too. Kept in the game's searches on its ``RoadQuery``."""
    values = t.data.searches.store("road values", 4096)
    zone, number = unit.zone, unit.road
    if zone is None or number is None:
        raise RuleError(f"{unit.id} walks no road")
    corridor = t.board.corridor(zone, number, DETOUR_WIDTH)
    query = key_of(RoadQuery, (zone, number, unit.type, t.pos.bridge_open,
                               frozenset((u.hex, u.type) for u in t.pos.swedish if u.hex in corridor)))
    found = values.get(query)
    if found is None:
        found = values[query] = _road_values(t, query, near)
    return found


def corridor_ground(t: Table, road: RoadInfo) -> frozenset[str]:
    """The Danes' ground within DETOUR_WIDTH of ``road`` (kept per bridge state)."""
    found = t.data.searches.store("corridor ground", 256)
    key = (road.zone, road.number, t.pos.bridge_open)
    if key not in found:
        found[key] = t.board.corridor(road.zone, road.number, DETOUR_WIDTH) & t.board.danish_ground(t.pos.bridge_open)
    return found[key]


def _road_values(t: Table, query: RoadQuery, near: AbstractSet[str]) -> RoadValues:
    """The values of ``query`` (a function of it alone, with the game's board and units)."""
    board, units = t.board, t.units
    road = board.road(query.zone, query.road)
    enterable = near.__contains__
    P, last = road.path, len(road.path) - 1
    ring = [h for h in board.nbrs[board.kristina] if h in board.passable]
    goals = [h for h in ring if enterable(h)]
    ringed = not goals
    if ringed:
        # Kristina is ringed: the troop still follows its road as far as it goes, to a road
        # space next to the ring (where it attacks a ring unit it can kill); if the road's own
        # spaces there are held too, to a space next to the ring within reach of the road.
        touching = lambda h: any(n in ring for n in board.nbrs[h])  # noqa: E731
        goals = [P[k] for k in range(last) if enterable(P[k]) and touching(P[k])]
        if not goals:
            goals = sorted({n for r in ring for n in board.nbrs[r]
                            if n not in ring and n != board.kristina and enterable(n)})
    goal_set, ring_set = set(goals), set(ring)
    cost = [INF] * len(P)
    detour: dict[int, list[str]] = {}
    swedish = dict(query.swedish)

    def kills(h: str) -> bool:
        holder = swedish.get(h)
        return holder is not None and units.combat(query.troop, holder) != "loss"

    block: int | None = None          # the first blocked road space ahead of j
    prey = False                      # ... held by a Swedish unit this troop kills
    field: tuple[dict[str, tuple[float, int, int]], dict[str, str]] | None = None
    for j in range(last - 1, -1, -1):
        if j + 1 < last and P[j + 1] not in near:
            block, field = j + 1, None
            prey = kills(P[j + 1])
        # A Swedish unit the troop kills does not block its road (2.0, 4.0): the troop walks on
        # up to it and attacks when it comes next to it. Its space costs what it would cost
        # free, so the road before it keeps a finite cost and a troop off the road rejoins
        # the road before it, not past it.
        standing = P[j] in near
        if not standing and not kills(P[j]):
            continue
        if P[j] in goal_set or (not standing and not ringed and P[j] in ring_set):
            cost[j] = 0
            continue
        along = 1 + cost[j + 1] if j + 1 < last else INF
        cost[j] = along
        if block is None or prey:
            if not standing and cost[j] == INF:
                cost[j] = CUT
            continue                  # the road ahead is free, or it walks up to the unit to kill it
        # A block ahead: going round it may start here, if that is strictly quicker than
        # walking on to the block first (never just to cut a bend of a free road).
        if field is None:
            # The way round never walks back along the road: road spaces before the block
            # are left out (a troop steps off its road there, it does not retrace it).
            behind = set(P[:block])
            sources = [((cost[k], 0, k), P[k]) for k in range(block + 1, last) if cost[k] < INF and enterable(P[k])]
            sources += [((0, 0, last), g) for g in goals if g not in behind]
            field = _cost_field(board, sources, near - behind)
        best, toward = field
        first = [(best[n], n) for n in board.nbrs[P[j]] if n in best]
        if first:
            (total, steps, k), n = min(first)
            if total + 1 < along:
                cost[j] = total + 1
                if standing:
                    walk, h = [n], n
                    while h in toward:
                        h = toward[h]
                        walk.append(h)
                    detour[j] = walk
        if not standing and cost[j] == INF:
            cost[j] = CUT
    ends = tuple(sorted({w[-1] for w in detour.values() if w[-1] not in road.index}))
    walls = tuple(k for k in range(last) if not enterable(P[k]) and not kills(P[k]))
    return RoadValues(cost, detour, ringed, tuple(goals) if ringed else (), ends, walls)


def _cost_field(board: Board, sources: list[tuple[tuple[float, int, int], str]],
                enterable: AbstractSet[str]) -> tuple[dict[str, tuple[float, int, int]], dict[str, str]]:
    """Cheapest (total cost, steps, road index) from every hex to one of the ``sources`` (road
    spaces past a block, with their road cost, or spaces next to Kristina) over ``enterable``
    hexes, and each hex's next step toward it. One search per block serves every road space
    before it."""
    best: dict[str, tuple[float, int, int]] = {}
    toward: dict[str, str] = {}
    heap: list[tuple[tuple[float, int, int], int, str, str | None]] = []
    push, pop, nbrs = heapq.heappush, heapq.heappop, board.nbrs
    for order, (key, h) in enumerate(sources):
        push(heap, (key, order, h, None))
    seq = len(sources)
    while heap:
        key, _, h, nxt = pop(heap)
        if h in best:
            continue
        best[h] = key
        if nxt is not None:
            toward[h] = nxt
        total, steps, k = key
        for n in nbrs[h]:
            if n not in best and n in enterable:
                seq += 1
                push(heap, ((total + 1, steps + 1, k), seq, n, h))
    return best, toward


__all__ = ["CUT", "DETOUR_WIDTH", "INF", "RoadQuery", "RoadValues", "corridor_ground", "road_values"]
