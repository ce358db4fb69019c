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


def swaps(d: Any) -> int:
    """How many answers the page has put in place (page.html's pnpkitSwap counts them on
    <body data-swaps>: the game part is changed in place, so no element of it goes stale)."""
    return int(d.execute_script("return Number(document.body.getAttribute('data-swaps') || 0)"))


def wait_swapped(d: Any, before: int, timeout: float = 15) -> None:
    """Wait until the page has put in place an answer after the ``before``-th."""
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(d, timeout, poll_frequency=0.02).until(lambda drv: swaps(drv) > before)


#: Records each answer page.html's pnpkitSwap puts in place (the served page's and the app's alike).
RECORD_ANSWERS = """if (!window.pnpkitAnswers && window.pnpkitSwap) { window.pnpkitAnswers = [];
  var swap = window.pnpkitSwap;
  window.pnpkitSwap = function (html) { window.pnpkitAnswers.push(String(html)); return swap.apply(this, arguments); }; }"""
#: The game part shown and the last answer as a fresh parse of it makes it, each written out the same
#: way: the definitions the page keeps apart left out, the board's zoom (the page's own) and classes
#: htmx adds while a request runs left out, each element's attributes in name order.
SHOWN_AND_ANSWER = """var answers = window.pnpkitAnswers || [];
if (!answers.length) return null;
var box = document.createElement('template'); box.innerHTML = answers[answers.length - 1];
function written(game) {
  var c = game.cloneNode(true);
  c.querySelectorAll('defs > [id]').forEach(function (e) { e.remove(); });
  [c].concat(Array.from(c.querySelectorAll('*'))).forEach(function (e) {
    if (e.hasAttribute('class')) {
      e.classList.remove('zoom', 'htmx-request', 'htmx-added', 'htmx-settling', 'htmx-swapping');
      if (!e.getAttribute('class')) e.removeAttribute('class');
    }
    var attrs = Array.from(e.attributes).map(function (a) { return [a.namespaceURI, a.name, a.value]; });
    attrs.forEach(function (a) { e.removeAttributeNS(a[0], a[1].split(':').pop()); });
    attrs.sort(function (a, b) { return a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0; });
    attrs.forEach(function (a) { e.setAttributeNS(a[0], a[1], a[2]); });
  });
  return c.outerHTML;
}
return [written(document.getElementById('game')), written(box.content.firstElementChild)];"""


def record_answers(d: Any) -> None:
    """From now on, keep each answer the page puts in place (for ``shows_the_answer``)."""
    d.execute_script(RECORD_ANSWERS)


def shows_the_answer(d: Any) -> None:
    """The game part the page shows is the last answer it put in place, element for element and
    attribute for attribute (page.html changes the board where it differs only: what it kept,
    changed and added must make the answer exactly)."""
    found = d.execute_script(SHOWN_AND_ANSWER)
    if found is None:
        return
    shown, answer = found
    if shown != answer:
        at = next((i for i, (a, b) in enumerate(zip(shown, answer)) if a != b), min(len(shown), len(answer)))
        raise AssertionError(f"the page shows another game part than its answer, from character {at}:\n"
                             f"shown:  {shown[max(0, at - 150):at + 150]}\nanswer: {answer[max(0, at - 150):at + 150]}")

