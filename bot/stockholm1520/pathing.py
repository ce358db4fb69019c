"""Breadth-first searches with the board's fixed neighbour order: the same path every run,
which a bot that explains itself needs (GUIDE: Hexes)."""

from __future__ import annotations

from typing import AbstractSet, Callable, Iterable


def bfs(start: str, nbrs: dict[str, tuple[str, ...]], allowed: AbstractSet[str],
        blocked: AbstractSet[str] = frozenset(), limit: int | None = None) -> tuple[dict[str, int], dict[str, str]]:
    """Steps from ``start`` to every hex reachable through the hexes of ``allowed`` not in
    ``blocked`` (``start`` itself always counts), at most ``limit`` steps; plus each hex's
    predecessor. Sets, not a predicate: a trial turn repeats these searches thousands of times."""
    dist = {start: 0}
    parent: dict[str, str] = {}
    frontier = [start]          # one ring of steps at a time: the same order as a queue
    d = 0
    while frontier and (limit is None or d < limit):
        d += 1
        step = []
        for here in frontier:
            for n in nbrs[here]:
                if n in dist or n not in allowed or n in blocked:
                    continue
                dist[n] = d
                parent[n] = here
                step.append(n)
        frontier = step
    return dist, parent


def path_to(goal: str, parent: dict[str, str], start: str) -> list[str]:
    """The hexes from ``start`` (included) to ``goal`` following ``parent`` links."""
    path = [goal]
    while path[-1] != start:
        path.append(parent[path[-1]])
    return path[::-1]


def nearest(start: str, nbrs: dict[str, tuple[str, ...]], ok: Callable[[str], bool],
            goals: Iterable[str]) -> list[str] | None:
    """Shortest path (start included) to the first goal reached, None when none is reachable."""
    goal_set = set(goals)
    if start in goal_set:
        return [start]
    parent: dict[str, str] = {}
    seen = {start}
    frontier = [start]
    while frontier:             # ``bfs``'s order: the first goal it meets is the nearest, ties to the first found
        step = []
        for here in frontier:
            for n in nbrs[here]:
                if n in seen:
                    continue
                if n in goal_set:
                    parent[n] = here
                    return path_to(n, parent, start)
                if ok(n):
                    seen.add(n)
                    parent[n] = here
                    step.append(n)
        frontier = step
    return None
