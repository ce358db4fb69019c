"""The generic core spells no game: no word naming a thing only Stockholm 1520 has appears in
the source of ``generator`` (code, strings, comments). Its facts live in its data files and
its art in ``games/stockholm1520``, registered from there."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STOCKHOLM_ONLY = re.compile(r"kristina|propagandist|christian|stockholm", re.IGNORECASE)


def game_words(folder: Path) -> list[str]:
    """``file:line: text`` (relative to ``folder``) of every line under it naming a Stockholm-only thing."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if STOCKHOLM_ONLY.search(line):
                found.append(f"{path.relative_to(folder)}:{number}: {line.strip()}")
    return found


def test_generator_names_no_stockholm_thing() -> None:
    found = game_words(ROOT / "generator")
    assert not found, "generic modules naming Stockholm 1520's things:\n" + "\n".join(found)


def test_the_scan_sees_a_game_word(tmp_path: Path) -> None:
    """The scan itself finds such a word, in any case, in a string or a comment."""
    (tmp_path / "probe.py").write_text('LABEL = "Kristina\'s space"  # the goal\n# the PROPAGANDIST walks\n',
                                       encoding="utf-8")
    assert game_words(tmp_path) == ["probe.py:1: LABEL = \"Kristina's space\"  # the goal",
                                    "probe.py:2: # the PROPAGANDIST walks"]
