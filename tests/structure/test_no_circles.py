"""No import circles among the project's modules (issue 21): a circle is a place where two
layers lean on each other, so neither can be read, tested or moved alone. Every import
counts, at the top of a module, inside a function or under ``TYPE_CHECKING``: they are read
from the source, not from what happens to be loaded.

A package and its own submodules importing each other (``pkg/__init__`` naming
``pkg.sub``, which imports ``pkg``) is no circle of layers: Python runs the package first."""

from __future__ import annotations

import ast
from pathlib import Path

from .graphs import strongly_connected
from .test_imports import project_modules

def imported_modules(path: Path, name: str, modules: dict[str, Path]) -> set[str]:
    """The project modules the file (module ``name``) imports: for ``from pkg import x``,
    ``pkg.x`` when that is a module, else ``pkg``; relative imports made absolute."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[: len(package) - node.level + 1] + ([node.module] if node.module else [])) \
                if node.level else node.module or ""
            for alias in node.names:
                target = f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                if target in modules and target != name:
                    found.add(target)
    return found


def circles(modules: dict[str, Path]) -> list[list[str]]:
    """Every import circle (a strongly connected set of two or more modules), each sorted,
    leaving out a package with its own submodules."""
    edges = {name: set(imported_modules(path, name, modules)) for name, path in modules.items()}
    return sorted(component for component in strongly_connected(edges)
                  if not all(m == min(component) or m.startswith(min(component) + ".") for m in component))


def test_no_import_circles_in_generator_bot_and_games() -> None:
    found = circles(project_modules())
    assert not found, "import circles (each a set of modules that import each other, directly or not):\n" + \
        "\n".join(" <-> ".join(c) for c in found)


def test_the_walk_finds_a_circle_through_a_function_import(tmp_path: Path) -> None:
    """The check sees a circle of three modules closed by an import inside a function, and
    leaves a package importing its own submodule alone. The probes are written outside the
    checkout: a file in it would be seen by tests that copy it."""
    (tmp_path / "a.py").write_text("from generator._probe import b\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("import generator._probe.c\n", encoding="utf-8")
    (tmp_path / "c.py").write_text("def f():\n    from generator._probe.a import x\n", encoding="utf-8")
    (tmp_path / "__init__.py").write_text("from generator._probe import a\n", encoding="utf-8")
    (tmp_path / "d.py").write_text("from generator.draw.scene import Scene\n", encoding="utf-8")
    probes = {f"generator._probe.{n}": tmp_path / f"{n}.py" for n in "abcd"}
    found = circles({**project_modules(), **probes, "generator._probe": tmp_path / "__init__.py"})
    assert ["generator._probe.a", "generator._probe.b", "generator._probe.c"] in found
    assert not [c for c in found if "generator._probe.d" in c]
