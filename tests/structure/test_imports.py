"""The generic core names no game: no module of ``generator`` imports a game package or
the bot, directly or through another module (issue: games as folders). Imports inside
functions count too: they are read from the source, not from what happens to be loaded."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GENERIC = "generator"
GAME_PACKAGES = ("games", "bot")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_names(path: Path, name: str) -> set[str]:
    """Every module an ``import`` or ``from ... import`` in the file (module ``name``) names,
    in absolute form."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def project_modules() -> dict[str, Path]:
    found = {}
    for top in (GENERIC, *GAME_PACKAGES):
        for path in (ROOT / top).rglob("*.py"):
            found[module_name(path)] = path
    return found


def import_chains(modules: dict[str, Path] | None = None) -> dict[str, list[str]]:
    """For each game module reachable from a generic module: the chain of imports to it
    (``modules``: the project's, by name)."""
    modules = modules or project_modules()
    edges = {name: sorted(n for n in imported_names(path, name) if n in modules) for name, path in modules.items()}
    bad: dict[str, list[str]] = {}
    for start in sorted(m for m in modules if m == GENERIC or m.startswith(GENERIC + ".")):
        seen = {start: [start]}
        queue = [start]
        while queue:
            current = queue.pop(0)
            for nxt in edges[current]:
                if nxt in seen:
                    continue
                seen[nxt] = seen[current] + [nxt]
                if nxt.split(".")[0] in GAME_PACKAGES:
                    bad.setdefault(start, seen[nxt])
                    continue
                queue.append(nxt)
    return bad


def test_generic_core_imports_no_game_module() -> None:
    chains = import_chains()
    assert not chains, "generic modules that reach game code:\n" + "\n".join(
        " -> ".join(chain) for chain in chains.values())


def test_the_walk_finds_a_game_import(tmp_path: Path) -> None:
    """The checker itself sees an import of game code, relative or absolute. The probe module
    is written outside the checkout: a file in it would be seen by tests that copy it."""
    absolute = tmp_path / "_probe_absolute.py"
    absolute.write_text("def f():\n    from games.stockholm1520 import cards\n", encoding="utf-8")
    relative = tmp_path / "_probe_relative.py"
    relative.write_text("from . import _probe_absolute\n", encoding="utf-8")
    modules = {**project_modules(), "generator._probe_absolute": absolute, "generator._probe_relative": relative}
    chains = import_chains(modules)
    assert chains["generator._probe_absolute"][-1].startswith("games.stockholm1520")
    assert chains["generator._probe_relative"][:2] == ["generator._probe_relative", "generator._probe_absolute"]
