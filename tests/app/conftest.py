"""The offline app's tests: Pyodide from npm once per machine (in the user cache, as the
export uses it), both bots' apps exported once per session, one Node process for every seed,
and the browser the page tests share (tests/web/conftest.py's, started once)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.web.conftest import browser, driver  # noqa: F401  (the shared headless browser)

#: The bots with an app: (game id, the bot's CLI object's module).
APPS = {"stockholm1520": "bot.stockholm1520.cli", "batalj": "bot.batalj.cli"}


def the_bot(game: str) -> Any:
    import importlib
    return importlib.import_module(APPS[game]).BOT


@pytest.fixture(scope="session")
def pyodide_dir() -> Path:
    """The cached npm package of the pinned Pyodide, fetched when missing; the test is skipped
    saying why when npm or the registry cannot be reached (.ci/run installs node and npm)."""
    from bot.web.offline import pyodide
    try:
        return pyodide.ensure()
    except pyodide.Unavailable as err:
        pytest.skip(f"Pyodide is not available: {err}")


@pytest.fixture(scope="session")
def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.skip("no node here (apt-get install nodejs npm; .ci/run does)")
    return found


class Apps:
    """Each bot's app, Pyodide bundled, exported by the verb's code the first time a test asks
    for it, then kept for the session."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.made: dict[str, Path] = {}

    def __getitem__(self, game: str) -> Path:
        if game not in self.made:
            from bot.web.offline.export import AppSpec, export
            bot = the_bot(game)
            export(AppSpec(game, bot.title, bot.command, bot.default_save), self.root / game)
            self.made[game] = self.root / game
        return self.made[game]


@pytest.fixture(scope="session")
def apps(pyodide_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Apps:
    return Apps(tmp_path_factory.mktemp("apps"))


@pytest.fixture
def served_app(apps: Apps) -> Iterator[Any]:
    """A function serving an exported app from 127.0.0.1 (http.server in a thread) until the test ends."""
    from tests.app.static_server import StaticServer
    started: list[StaticServer] = []

    def serve(game: str) -> StaticServer:
        server = StaticServer(apps[game])
        started.append(server)
        return server

    yield serve
    for server in started:
        server.stop()
