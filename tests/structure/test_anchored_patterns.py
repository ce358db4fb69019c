"""A pattern that checks a whole value matches it whole. In Python's ``re``, ``$`` also matches
before a final newline: ``re.match(r"^[a-z]+$", "batalj\\n")`` accepts the newline, where
pydantic's ``pattern=`` (its own regex engine) refuses it. Found in the offline app's save check,
which then accepted saves the terminal refused; the same held for colours, names, sizes and
numbers typed into kits. So every pattern ending in ``$`` is used with ``fullmatch``, never
``match`` or ``search`` (a pattern for pydantic keeps its ``$``: there it means the end)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bot", "generator", "games")


def _ends_at_dollar(node: ast.AST) -> bool:
    if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        return False
    text = node.value
    return text.endswith("$") and not text.endswith("\\$") or "$|" in text


def _multiline(call: ast.Call) -> bool:
    return any("M" in ast.unparse(arg) or "MULTILINE" in ast.unparse(arg) for arg in call.args[1:]) or \
        any("M" in ast.unparse(k.value) for k in call.keywords if k.arg == "flags")


def _is_re(call: ast.AST, *names: str) -> bool:
    return (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr in names
            and isinstance(call.func.value, ast.Name) and call.func.value.id == "re")


def anchored_names(source: str) -> set[str]:
    """The names ``source`` binds to a compiled pattern that ends in ``$``."""
    anchored: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and _is_re(node.value, "compile"):
            call = node.value
            assert isinstance(call, ast.Call)
            if call.args and _ends_at_dollar(call.args[0]) and not _multiline(call):
                anchored.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return anchored


def partial_matches(source: str, anchored: set[str] | None = None) -> list[tuple[int, str]]:
    """(line, what) for each ``match``/``search`` in ``source`` of a pattern that ends in ``$``:
    one it compiles, one named in ``anchored`` (compiled elsewhere and imported), or a literal."""
    anchored = anchored_names(source) | (anchored or set())
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr in ("match", "search"):
            owner = node.func.value
            if isinstance(owner, ast.Name) and owner.id in anchored:
                found.append((node.lineno, f"{owner.id}.{node.func.attr}"))
            elif _is_re(node, "match", "search") and node.args and _ends_at_dollar(node.args[0]) and not _multiline(node):
                found.append((node.lineno, f"re.{node.func.attr}"))
    return found


def test_the_check_finds_a_partial_match_and_passes_a_whole_one() -> None:
    bad = 'import re\nNAME = re.compile(r"^[a-z]+$")\nok = NAME.match(x)\nre.search(r"^a$", y)\n'
    good = 'import re\nNAME = re.compile(r"^[a-z]+$")\nok = NAME.fullmatch(x)\nLINES = re.compile(r"^a$", re.M)\nLINES.search(y)\n'
    assert [what for _, what in partial_matches(bad)] == ["NAME.match", "re.search"]
    assert partial_matches("from x import NAME\nNAME.match(y)\n", {"NAME"}) == [(2, "NAME.match")]
    assert partial_matches(good) == []
    assert re.match(r"^[a-z]+$", "batalj\n") and not re.fullmatch(r"^[a-z]+$", "batalj\n")   # why


def test_every_pattern_that_ends_in_dollar_is_matched_whole() -> None:
    sources = {path: path.read_text(encoding="utf-8")
               for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))}
    anchored = set().union(*(anchored_names(text) for text in sources.values()))
    found = [f"{path.relative_to(ROOT)}:{line}: {what}"
             for path, text in sources.items() for line, what in partial_matches(text, anchored)]
    assert found == [], "use fullmatch (a final newline passes match):\n" + "\n".join(found)
