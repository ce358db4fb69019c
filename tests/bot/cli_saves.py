"""A game of the test game saved through the CLI, and a user cache of the test's own: what the
tests of what bot commands keep in the cache share (test_status_cache, test_kept_picture)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from bot.stockholm1520.cli import bot_group
from tests.bot.helpers import TESTGAME


def bot(save: Path, *args: str, game: Path = TESTGAME) -> tuple[int, str]:
    """``pnpkit bot ARGS --save SAVE --game GAME``: its exit code and output."""
    result = CliRunner().invoke(bot_group, [*args, "--save", str(save), "--game", str(game)], catch_exceptions=False)
    return result.exit_code, result.output


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user cache of the test's own; its folder of kept statuses."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("PNPKIT_CACHE", str(folder))
    return folder / "pnpkit" / "status"


def played(tmp_path: Path, game: Path = TESTGAME) -> Path:
    """A save after ``new --seed 5``, ``place auto`` and ``next``."""
    save = tmp_path / "s.json"
    for args in (("new", "--seed", "5"), ("place", "auto"), ("next",)):
        assert bot(save, *args, game=game)[0] == 0
    return save
