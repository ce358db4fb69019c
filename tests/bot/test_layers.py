"""The bots' layers: the shared machinery (bot/*.py) knows no game; Stockholm 1520's searches
(bot/stockholm1520/search/) are below its rules, used by them, the policy, the simulation and
the bench, and import none of those."""

from __future__ import annotations

import ast
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


def test_the_shared_machinery_imports_no_game() -> None:
    for path in BOT.glob("*.py"):
        games = {m for m in _imports(path) if m.startswith(("bot.stockholm1520", "bot.batalj"))}
        assert not games, f"{path.name} imports {games}"


def test_the_search_is_below_the_rules() -> None:
    above = ("bot.stockholm1520.rules", "bot.stockholm1520.policy", "bot.stockholm1520.simulate",
             "bot.stockholm1520.bench", "bot.stockholm1520.game", "bot.stockholm1520.cli")
    for path in (BOT / "stockholm1520" / "search").glob("*.py"):
        wrong = {m for m in _imports(path) if m.startswith(above)}
        assert not wrong, f"search/{path.name} imports {wrong}"
