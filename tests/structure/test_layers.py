"""The architecture declared in pyproject.toml ([tool.importlinter]) holds, checked by the
ordinary test run on the import graph with the modules loaded by name (tests/structure/
layers.py), and no two packages import each other."""

from __future__ import annotations

import pytest

pytest.importorskip("importlinter", reason="import-linter needs Python 3.11 or newer (pip install '.[test]' there)")

from .layers import (ONE_REFERENCE, PLUGIN_GROUPS, REGISTRIES, broken_contracts, imports_between, package_circles,
                     plugin_targets, project_graph, registered_imports, registry_modules, upward_imports)


def test_contracts_hold() -> None:
    lines = broken_contracts(project_graph())
    assert lines == [], "\n".join(lines)


@pytest.mark.parametrize("name, low, high", upward_imports(), ids=lambda value: str(value)[:40])
def test_an_upward_import_breaks_each_layers_contract(name: str, low: str, high: str) -> None:
    lines = broken_contracts(project_graph(extra=[(low, high)]))
    assert f"{name}: broken" in lines, f"planting {low} -> {high} did not break {name!r}:\n" + "\n".join(lines)
    assert any(f"{low} -> {high}" in line for line in lines), "\n".join(lines)


def test_no_package_circles() -> None:
    graph = project_graph()
    found = package_circles(graph)
    shown = []
    for circle in found:
        shown.append(" <-> ".join(circle))
        for (a, b), imports in imports_between(graph, circle).items():
            more = f" (and {len(imports) - 1} more)" if len(imports) > 1 else ""
            shown.append(f"    {a} -> {b}: {imports[0][0]} -> {imports[0][1]}{more}")
    assert found == [], "packages that import each other, directly or through siblings:\n" + "\n".join(shown)


def test_a_planted_circle_is_found() -> None:
    graph = project_graph()
    root = sorted(m for m in graph.modules if "." not in m)[0]
    first, second = sorted(c for c in graph.find_children(root) if graph.find_children(c))[:2]
    a, b = sorted(graph.find_children(first))[0], sorted(graph.find_children(second))[0]
    found = package_circles(project_graph(extra=[(a, b), (b, a)]))
    assert any({first, second} <= set(circle) for circle in found), found


def test_registered_imports_are_found() -> None:
    """Every registry yields its imports (a renamed or emptied registry would make the
    checks pass for nothing), and they are in the graph."""
    edges = set(registered_imports())
    graph = project_graph()
    for registry in REGISTRIES:
        importer, modules = registry_modules(registry)
        if registry.entries != ONE_REFERENCE:
            assert modules, f"{registry.module}.{registry.attribute} names no module"
        for module in modules:
            assert (importer, module) in edges
            assert graph.direct_import_exists(importer=importer, imported=module)


def test_plugins_live_above_the_core() -> None:
    targets = plugin_targets()
    assert targets, f"no entry points in {PLUGIN_GROUPS}"
    assert [t for t in targets if not t.startswith(("games.", "bot."))] == []
    graph = project_graph()
    assert [t for t in targets if t not in graph.modules] == []
