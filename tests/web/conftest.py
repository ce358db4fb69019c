"""The browser the page tests drive: Debian's chromium at phone size, quit after each test."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from tests.web.browser import start_driver


@pytest.fixture
def driver() -> Iterator[Any]:
    d = start_driver()
    try:
        yield d
    finally:
        d.quit()
