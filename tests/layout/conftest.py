"""A kit holding only the worked example of docs/layout-format.md, for tests that change it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import game_kit

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "heroes"


@pytest.fixture
def kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A kit folder with the shared sheets and the example game ``heroes``; returns the game's folder."""
    return game_kit(tmp_path, monkeypatch, "heroes", copy_of=EXAMPLE)


def replace_in(path: Path, old: str, new: str) -> str:
    """Change one exact piece of a file (the test fails if it is not there); returns the new text."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    return text


def line_of(text: str, fragment: str) -> int:
    """1-based line of the first line holding ``fragment``."""
    return next(i for i, line in enumerate(text.splitlines(), start=1) if fragment in line)
