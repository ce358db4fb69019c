"""The browser the page tests drive: Debian's chromium at phone size, started once for the
session (a browser takes a second or two to start) and shared by every test; each test starts
from a blank page at phone size, without cookies, with the tabs it opened closed."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from tests.web.browser import PHONE, start_driver


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    d = start_driver()
    try:
        yield d
    finally:
        d.quit()


@pytest.fixture
def driver(browser: Any) -> Iterator[Any]:
    first = browser.window_handles[0]
    for handle in browser.window_handles[1:]:
        browser.switch_to.window(handle)
        browser.close()
    browser.switch_to.window(first)
    browser.set_window_size(*PHONE)
    browser.get("about:blank")
    browser.execute_cdp_cmd("Network.clearBrowserCookies", {})     # no token left from another test's page
    yield browser
