"""No message says "1 texts": a count put before a plural noun in an f-string goes through
``generator.core.words.counted`` (issue 33), unless the count cannot be one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.core.words import counted

ROOT = Path(__file__).resolve().parents[2]
# ``{len(x)} nouns`` or ``{count} items``: a number written straight before a plural
BARE_COUNT = re.compile(r"\{(len\([^{}]*\)|[a-z_]*count[a-z_]*|n)\} ([a-z]+s)\b")
NEVER_ONE = {   # file: counts that are always more than one where they are said
    "generator/kit/workbooks.py": "a workbook of one sheet needs no name",
    "generator/layout/rows.py": "more than MAX_ITEMS items",
    "generator/reference/content.py": "more rows than a block takes, or a row's cells against the columns",
    "generator/reference/flowables.py": "widths or alignments against the columns: said as written",
    "generator/hexmap/model.py": "a repr for the developer",
    "generator/printing/packed_sheets.py": "more components than a name of 70 characters lists",
    "generator/printing/notes.py": "a file list shown only for more than one file",
}


def test_counts_before_plurals_go_through_counted() -> None:
    found = []
    for path in sorted((ROOT / "generator").rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if relative in NEVER_ONE:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if BARE_COUNT.search(line):
                found.append(f"{relative}:{number}: {line.strip()}")
    assert not found, "a count before a plural that can be 1 (use counted):\n" + "\n".join(found)


@pytest.mark.parametrize(("n", "noun", "said"), [(1, "texts", "1 text"), (2, "texts", "2 texts"), (0, "games", "0 games"),
                                                  (1, "hexes", "1 hex"), (1, "boxes", "1 box"), (1, "items", "1 item")])
def test_counted(n: int, noun: str, said: str) -> None:
    assert counted(n, noun) == said
