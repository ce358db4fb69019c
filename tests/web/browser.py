"""A real headless browser for the companion page's tests: Debian's chromium driven by
Selenium through Debian's chromedriver (no browser download), and the page served by uvicorn
in a thread, on a free port of 127.0.0.1."""

from __future__ import annotations

import shutil
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
DRIVER = ("/usr/bin/chromedriver",)
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage")
PHONE = (390, 844)


def _found(paths: tuple[str, ...], name: str) -> str | None:
    return next((p for p in paths if Path(p).exists()), None) or shutil.which(name)


def browser_or_skip() -> tuple[str, str]:
    """Chromium and its driver, or the test skipped saying what is missing (.ci/run installs them)."""
    chromium, driver = _found(CHROMIUM, "chromium"), _found(DRIVER, "chromedriver")
    if chromium is None or driver is None:
        pytest.skip("no chromium/chromedriver here (apt-get install chromium chromium-driver; .ci/run does)")
    try:
        import selenium  # noqa: F401
    except ImportError:
        pytest.skip("selenium is not installed (pip install -e '.[test]')")
    return chromium, driver


def start_driver(size: tuple[int, int] = PHONE) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    chromium, driver = browser_or_skip()
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--window-size={size[0]},{size[1]}")
    d = webdriver.Chrome(service=Service(driver), options=options)
    d.set_window_size(*size)
    return d


class Served:
    """The page of ``save`` served in a thread until ``stop``."""

    def __init__(self, view: Any, save: Path, token: str) -> None:
        import uvicorn

        from bot.web.app import make_app
        from bot.web.serve import bind
        self.sock = bind("127.0.0.1", 0)
        self.port = self.sock.getsockname()[1]
        self.token = token
        self.server = uvicorn.Server(uvicorn.Config(make_app(view, save, token), log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.05)

    def url(self, with_token: bool = True) -> str:
        return f"http://127.0.0.1:{self.port}/" + (f"?t={self.token}" if with_token else "")

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def served(view: Any, save: Path, token: str) -> Iterator[Served]:
    s = Served(view, save, token)
    try:
        yield s
    finally:
        s.stop()
