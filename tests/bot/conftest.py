"""Fixtures for the bot's tests; helpers live in tests/bot/helpers.py."""

from __future__ import annotations

import pytest

from tests.bot.helpers import TESTMAP


@pytest.fixture
def testmap() -> str:
    return TESTMAP
