"""The typed seams are made once: one strict base for the models of a kit's files
(``generator.core.models.Strict``), not a private copy per module."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.structure.source_scan import scan

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("generator", "games", "bot")
THE_BASE = Path("generator/core/models.py")


def _only_forbids_extra(node: ast.ClassDef) -> bool:
    """A class whose whole body (docstring aside) is ``model_config = ConfigDict(extra="forbid")``."""
    body = [s for s in node.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    if len(body) != 1 or not isinstance(body[0], ast.Assign):
        return False
    value = body[0].value
    return (isinstance(value, ast.Call) and getattr(value.func, "id", "") == "ConfigDict"
            and [(k.arg, getattr(k.value, "value", None)) for k in value.keywords] == [("extra", "forbid")])


def strict_bases(root: Path, packages: tuple[str, ...] = PACKAGES) -> list[str]:
    """``file:line class`` of each strict base model defined outside ``generator.core.models``."""
    return scan(root, packages, THE_BASE, lambda node: node.name if isinstance(node, ast.ClassDef)
                and _only_forbids_extra(node) else None)


def test_one_strict_base_model() -> None:
    found = strict_bases(ROOT)
    assert not found, "strict base models besides generator.core.models.Strict:\n" + "\n".join(found)


def test_the_scan_sees_a_copy(tmp_path: Path) -> None:
    (tmp_path / "generator").mkdir()
    (tmp_path / "generator" / "probe.py").write_text(
        'from pydantic import BaseModel, ConfigDict\n\n\nclass _Strict(BaseModel):\n'
        '    """Mine."""\n    model_config = ConfigDict(extra="forbid")\n', encoding="utf-8")
    assert strict_bases(tmp_path, ("generator",)) == ["generator/probe.py:4 _Strict"]


def role_lists(root: Path, packages: tuple[str, ...] = PACKAGES) -> list[str]:
    """``file:line`` of each literal set of role names, or tuple or list of three or more,
    outside ``generator.pieces.roles``: a list of roles kept apart from the one table (a branch
    on two roles, ``role in ("sheets", "duplex-sheets")``, is a branch, not a list)."""
    from typing import get_args

    from generator.pieces.roles import Role

    names = set(get_args(Role)) - {""}

    def listed(node: ast.AST) -> str | None:
        many = isinstance(node, (ast.Set, ast.Tuple, ast.List)) and len(node.elts) >= (
            2 if isinstance(node, ast.Set) else 3)
        return "" if many and all(isinstance(e, ast.Constant) and e.value in names
                                  for e in node.elts) else None     # type: ignore[attr-defined]
    return scan(root, packages, Path("generator/pieces/roles.py"), listed)


def test_roles_are_listed_in_one_table() -> None:
    found = role_lists(ROOT)
    assert not found, "lists of output roles besides generator.pieces.roles.ROLES:\n" + "\n".join(found)


def test_the_scan_sees_a_list_of_roles(tmp_path: Path) -> None:
    (tmp_path / "generator").mkdir()
    (tmp_path / "generator" / "probe.py").write_text('HOME = frozenset({"sheets", "tiles"})\nFORMATS = ("pdf", "svg")\n',
                                                      encoding="utf-8")
    assert role_lists(tmp_path, ("generator",)) == ["generator/probe.py:1"]


def test_every_role_has_its_meaning() -> None:
    from typing import get_args

    from generator.pieces.roles import HOME_PRINT_ROLES, PIECE_ROLES, ROLES, Role, role_of

    assert list(ROLES) == list(get_args(Role)) and all(m.means for m in ROLES.values())
    assert PIECE_ROLES < HOME_PRINT_ROLES and "fullsize" not in HOME_PRINT_ROLES     # a print shop's file
    assert role_of("duplex-sheets") == "duplex-sheets" and role_of("poster") == "" and role_of(None) == ""


WALL_CLOCKS = {"perf_counter", "monotonic", "time", "perf_counter_ns", "monotonic_ns", "time_ns"}


def _reads_wall_clock(node: ast.AST, names: set[str]) -> bool:
    return any((isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in WALL_CLOCKS
                and getattr(n.func.value, "id", "") == "time") or (isinstance(n, ast.Name) and n.id in names)
               for n in ast.walk(node))


def wall_clock_budgets(folder: Path) -> list[str]:
    """``file:line`` of each assert in the tests under ``folder`` that compares a wall-clock
    time (``time.perf_counter()``, ``monotonic()``, ``time()``, or a name set from one): a
    budget a loaded machine breaks. CPU time (``time.process_time()``) or steps bound work."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            timed: set[str] = set()
            for node in ast.walk(function):
                if isinstance(node, ast.Assign) and _reads_wall_clock(node.value, timed):
                    timed.update(t.id for t in node.targets if isinstance(t, ast.Name))
            for node in ast.walk(function):
                if isinstance(node, ast.Assert) and _reads_wall_clock(node.test, timed):
                    found.append(f"{path.relative_to(folder.parent)}:{node.lineno}")
    return found


def test_no_wall_clock_budget_in_the_tests() -> None:
    found = wall_clock_budgets(ROOT / "tests")
    assert not found, "tests asserting a wall-clock time (bound CPU time or steps instead):\n" + "\n".join(found)


def test_the_scan_sees_a_wall_clock_budget(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_probe.py").write_text(
        "import time\n\n\ndef test_fast():\n    started = time.perf_counter()\n    took = time.perf_counter() - started\n"
        "    assert took < 5\n\n\ndef test_cpu():\n    started = time.process_time()\n"
        "    assert time.process_time() - started < 5\n", encoding="utf-8")
    assert wall_clock_budgets(tests) == ["tests/test_probe.py:7"]
