"""Pax Baltica's data as the tests read it, and a private kit holding the game for tests that break it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import game_kit
import yaml

from generator.kit.datafiles import read_csv

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "data" / "paxbaltica"


def blocks() -> list[dict[str, str]]:
    """Every row of blocks.csv, as written."""
    return [record for _, record in read_csv(GAME / "blocks.csv")]


def data(name: str) -> Any:
    return yaml.safe_load((GAME / name).read_text(encoding="utf-8"))


def find(nation: str, name: str, reformed: bool | None = None) -> list[dict[str, str]]:
    """The blocks of ``nation`` named ``name`` (reformed or not, when asked)."""
    found = [b for b in blocks() if b["nation"] == nation and b["name"] == name]
    if reformed is not None:
        found = [b for b in found if (b["reform"] == "reformed") == reformed]
    return found


def one(nation: str, name: str, reformed: bool | None = None) -> dict[str, str]:
    found = find(nation, name, reformed)
    assert len(found) == 1, f"{nation} {name} (reformed={reformed}): {len(found)} blocks"
    return found[0]


@pytest.fixture
def pax_kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A kit with the shared sheets and a copy of paxbaltica; returns the game's folder."""
    return game_kit(tmp_path, monkeypatch, "paxbaltica", copy_of=GAME)
