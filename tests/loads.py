"""The saves a bot replays, counted: tests of what a command keeps between runs (a kept status,
a kept picture) assert it replays nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest


def counted_loads(monkeypatch: pytest.MonkeyPatch, bot: Any) -> list[Path]:
    """The saves ``bot`` loads (replays) from now on, in order."""
    loaded: list[Path] = []
    load = bot.load

    def counted(save: Path, **options: object) -> object:
        loaded.append(save)
        return load(save, **options)
    monkeypatch.setattr(bot, "load", counted)
    return loaded
