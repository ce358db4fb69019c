"""The app's Python side in the browser, called by its glue (bot/web/static/offline/app.js):
the save folder written from the browser's storage, the page's session opened on it
(``bot.web.browser.open_session``: the server's session and the same bot code), and each
answer handed back as JSON text (no Python object crosses to JavaScript). Standard library
only, like everything the app runs."""

from __future__ import annotations

import json
import re
import shutil
from html import unescape
from pathlib import Path
from typing import Any

_state: dict[str, Any] = {}


def start(game_id: str, baked: str, saves: str, save_name: str, folder: str, seed: str | None = None) -> None:
    """Open the game kept in the browser (``folder``: JSON of the save folder's files by name,
    or null); without one, a new game (of ``seed``, else of a seed of this phone's own)."""
    here = Path(saves)
    here.mkdir(parents=True, exist_ok=True)
    for name, text in (json.loads(folder) or {}).items():
        if "/" not in name and name not in ("", ".", ".."):
            (here / name).write_text(text, encoding="utf-8")
    save = here / save_name
    _state.update(game=game_id, baked=baked, save=save,
                  session=_open(game_id, baked, save, int(seed) if seed else None))     # text: 19 digits pass JSON whole


def _open(game_id: str, baked: str, save: Path, seed: int | None = None) -> Any:
    from bot.web.browser import open_session
    return open_session(game_id, Path(baked), save, seed)


def page() -> str:
    """The whole page: [status, html]."""
    status, body = _state["session"].page()
    return json.dumps([status, body])


def act(form: str) -> str:
    """One tap (the form as JSON): [status, the page's fragment]."""
    values = {str(k): str(v) for k, v in json.loads(form).items()}
    status, body = _state["session"].act(values)
    return json.dumps([status, body])


def board() -> str:
    """The board's art: [status, SVG text]."""
    status, art, _ = _state["session"].board()
    return json.dumps([status, art.decode("utf-8") if isinstance(art, bytes) else str(art)])


def folder() -> str:
    """The save folder's files (the save, its checklist) as JSON, to keep in the browser."""
    here = Path(_state["save"]).parent
    return json.dumps({p.name: p.read_text(encoding="utf-8") for p in sorted(here.iterdir())
                       if p.is_file() and not p.name.startswith(".")})


def save_text() -> str:
    return Path(_state["save"]).read_text(encoding="utf-8")


def import_save(text: str) -> str:
    """Take ``text`` as the save when it loads as a game of this bot; else why not (the game
    kept as it was)."""
    save = Path(_state["save"])
    trial = save.parent.parent / "import" / save.name
    shutil.rmtree(trial.parent, ignore_errors=True)
    trial.parent.mkdir(parents=True)
    trial.write_text(text, encoding="utf-8")
    if not text.strip():
        return "the file is empty."
    session = _open(_state["game"], _state["baked"], trial)
    status, body = session.page()
    if status != 200:
        return _words(body).replace(str(trial), "the file")
    for old in save.parent.iterdir():            # the old game's checklist goes with it
        old.unlink()
    shutil.copyfile(trial, save)
    _state["session"] = _open(_state["game"], _state["baked"], save)
    return ""


def warm(game_id: str) -> None:
    """Every template of the page compiled now (the shared ones and the game's own), so that
    Pyodide's snapshot taken next holds them: a later start renders without compiling."""
    import importlib
    from bot.web.pages import SHARED, environment

    game = importlib.import_module(f"bot.{game_id}")
    for folder in (SHARED, Path(str(game.__file__)).parent / "templates"):
        if folder.is_dir():
            env = environment(folder)
            for name in env.list_templates():
                env.get_template(name)


def compile_all(root: str, out: str) -> None:
    """The bytecode of the app's Python under ``root``, zipped into ``out`` (paths relative to
    ``root``): unchecked, as the bundle under one digest never changes (app.js keeps it under
    that digest); another interpreter ignores it by its magic number."""
    import compileall
    import py_compile
    import zipfile

    compileall.compile_dir(root, quiet=1, force=True, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        for path in sorted(Path(root).rglob("*.pyc")):
            archive.write(path, path.relative_to(root).as_posix())


def _words(html: str) -> str:
    """What a problem page says, as text (the main part only)."""
    main = re.search(r"<main>(.*)</main>", html, re.S)
    text = unescape(re.sub(r"<[^>]+>", " ", main.group(1) if main else html))
    return " ".join(text.split())[:400]
