"""One walk over the project's sources for the structure tests that look for a shape of code
(a second strict base model, a list of roles, a raw manifest read): each gives what it looks for."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Callable, Iterable

#: What a scan says of a node it looks for (``"_Strict"``, a key), or None for a node it passes.
Match = Callable[[ast.AST], "str | None"]


def scan(root: Path, packages: Iterable[str], skip: Path, match: Match) -> list[str]:
    """``file:line`` (and what ``match`` said of it) of every node of the packages' Python files
    under ``root`` that ``match`` names, ``skip`` (the one file allowed it) left out."""
    found = []
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            rel = path.relative_to(root)
            if rel == skip:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                said = match(node)
                if said is not None:
                    found.append(f"{rel}:{getattr(node, 'lineno', 0)}" + (f" {said}" if said else ""))
    return found
