"""Comments in the data files point only at files that exist (issue 14): a path in a comment
is found from the repository, the kit, or the file's own game folder."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = [ROOT / "data", ROOT / "tests" / "bot" / "kit" / "data"]
PATH = re.compile(r"(?<![\w/.-])([A-Za-z0-9_][A-Za-z0-9_./-]*\.(?:md|yaml|csv|py|txt|svg|json))\b")


def _comments(path: Path) -> list[tuple[int, str]]:
    found = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if "#" in line:
            found.append((n, line[line.index("#"):]))
    return found


def _exists(name: str, path: Path) -> bool:
    """Found from the repository, the kit, the game folder or the file's folder; a bare file
    name anywhere in the file's game folder."""
    game = next((p for p in path.parents if p.parent.name == "data"), path.parent)
    kit = game.parent.parent
    if any((base / name).exists() for base in (ROOT, kit, game, path.parent)):
        return True
    return "/" not in name and any(game.rglob(name))


def test_paths_in_data_comments_exist():
    files = [p for folder in FOLDERS for p in folder.rglob("*") if p.suffix in (".yaml", ".csv")]
    assert len(files) > 10
    missing = [f"{p.relative_to(ROOT)}:{n}: {name}" for p in files for n, text in _comments(p)
               for name in PATH.findall(text) if not _exists(name, p)]
    assert not missing, "comments point at files that do not exist:\n" + "\n".join(missing)
