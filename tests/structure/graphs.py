"""Strongly connected sets of a directed graph: the one walk the structure tests use to find
import circles, between modules (test_no_circles.py) and between packages (layers.py)."""

from __future__ import annotations

from collections.abc import Mapping


def strongly_connected(edges: Mapping[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected sets of two or more nodes, each sorted, without
    recursion, visiting nodes and their edges in sorted order."""
    nodes = sorted(set(edges) | {n for targets in edges.values() for n in targets})
    successors = {node: sorted(edges.get(node, ())) for node in nodes}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in nodes:
        if start in index:
            continue
        work = [(start, 0)]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, at = work[-1]
            if at < len(successors[node]):
                work[-1] = (node, at + 1)
                nxt = successors[node][at]
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found
