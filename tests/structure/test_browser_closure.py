"""The browser's rule (docs/architecture.md): the offline app's code, the import closure of its
entry (``bot.web.browser`` and each bot's ``bot.<game>.browser``), runs on the standard
library, our own modules and jinja2 + markupsafe alone, on the data baked at export time.

Checked twice: statically (``bot.web.bundle``'s AST walk refuses any other import), and by
running the bundle as the app ships it (``browser_files`` written to a folder) in a CPython
started without site-packages (``-I -S``), away from the kit (only the baked files, the working
folder a temporary one), with a meta-path finder that refuses every other top-level module.
There a page session plays taps through ``act()``, and every answer must be the server's for
the same save; and the decisions of the games ``simulate`` plays (50 seeds) must be the
terminal's (benchmarks/bot_decisions.py's hashes).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.web.bundle import BAKED, ImpureImport, browser_files, check_pure, closure, entries

GAMES = ("batalj", "stockholm1520")
SEEDS = range(50)

#: Run in the child: the finder first, then the job read from stdin, the answers as JSON on stdout.
CHILD = r'''
import importlib.abc, json, sys
ALLOWED = set(sys.stdlib_module_names) | {"__main__", "bot", "generator", "games", "jinja2", "markupsafe"}

class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] not in ALLOWED:
            raise ImportError(f"the browser has no {name}")
        return None

sys.meta_path.insert(0, Refuse())
root = sys.argv[1]
sys.path.insert(0, root)
from pathlib import Path
job = json.loads(sys.stdin.read())
from bot.web import browser
baked = Path(root) / job["baked"]
if "seeds" in job:
    rows = browser.decision_digests(job["game"], baked, range(*job["seeds"]))
    print(json.dumps({"rows": rows}))
    raise SystemExit(0)
session = browser.open_session(job["game"], baked, Path(job["save"]), seed=job["seed"])
answers = [list(session.page())] + [list(session.act(form)) for form in job["forms"]]
status, art, kind = session.board()
outside = sorted({m.split(".")[0] for m in sys.modules} - ALLOWED)
print(json.dumps({"answers": answers, "board": [status, len(art), kind], "outside": outside,
                  "speedups": "markupsafe._speedups" in sys.modules}))
'''

#: The taps played: a Batalj battle's setup and a step, a Stockholm 1520 setup and a Danish turn.
FORMS: dict[str, list[dict[str, str]]] = {
    "batalj": [{"op": "place", "area": "s1", "card": "Uppland", "soldiers": "3", "commanders": "1"},
               {"op": "place", "area": "s2", "card": "Dalarna", "soldiers": "2", "commanders": "1"},
               {"op": "place", "area": "sr", "card": "Småland", "soldiers": "4", "commanders": "1"},
               {"op": "artillery", "styrka": "2"},
               {"op": "ready"},
               {"op": "tap", "tap": "s1"},
               {"op": "roll", "bot": "1"},
               {"op": "roll", "dice": "9,9"},                       # refused: said on the page
               {"op": "undo"},
               {"op": "tick", "index": "0"},
               {"op": "roll", "bot": "1", "at": "0.stale"}],       # made on another position: refused
    "stockholm1520": [{"op": "line", "line": "place auto"},
                      {"op": "next"},
                      {"op": "select", "sel": "cavalry1"},
                      {"op": "tick", "index": "1"},
                      {"op": "undo"},
                      {"op": "next"},
                      {"op": "line", "line": "end-turn"},
                      {"op": "next", "at": "0.stale"}],
}
SEED = 7


def _terminal_bot(game: str) -> Any:
    if game == "batalj":
        from bot.batalj.cli import BataljBot
        return BataljBot()
    from bot.stockholm1520.cli import StockholmBot
    return StockholmBot()


def _written(files: dict[str, bytes], root: Path) -> Path:
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root


@pytest.fixture(scope="session")
def apps(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each bot's app folder, as the export writes it (made once)."""
    made = {}
    for game in GAMES:
        made[game] = _written(browser_files(game), tmp_path_factory.mktemp(f"app-{game}"))
    return made


@pytest.fixture(scope="session")
def rules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each bot's rules and policy alone (no page), as an app folder (made once)."""
    return {game: _written(browser_files(game, page=False), tmp_path_factory.mktemp(f"rules-{game}"))
            for game in GAMES}


def _child(root: Path, job: dict[str, Any], cwd: Path) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-I", "-S", "-c", CHILD, str(root)], input=json.dumps(job),
                          capture_output=True, text=True, cwd=cwd, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return dict(json.loads(done.stdout))


@pytest.mark.parametrize("game", GAMES)
def test_the_closure_imports_only_the_standard_library_ours_and_jinja(game: str) -> None:
    check_pure(closure(entries(game)))


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_and_policy_import_only_the_standard_library_and_ours(game: str) -> None:
    check_pure(closure(entries(game, page=False)))


def test_an_impure_import_is_named_with_the_module_making_it() -> None:
    """The check is not blind: the terminal's CLI (click, pydantic...) is refused, by name."""
    with pytest.raises(ImpureImport, match=r"click \(imported by bot\.batalj\.cli"):
        check_pure(closure(("bot.batalj.cli",)))


def test_the_bundle_holds_sources_templates_jinja_and_the_baked_data_sorted() -> None:
    files = browser_files("batalj")
    assert list(files) == sorted(files)
    assert "bot/web/browser.py" in files and "bot/batalj/browser.py" in files and "bot/batalj/cli.py" not in files
    assert "bot/web/templates/page.html" in files and "bot/batalj/templates/batalj.html" in files
    assert "jinja2/__init__.py" in files and "markupsafe/__init__.py" in files
    assert not any(name.endswith((".so", ".pyd", ".c")) for name in files)
    assert f"{BAKED}/batalj/board.svg" in files
    assert browser_files("batalj") == files                       # the same bytes each time


@pytest.mark.parametrize("game", GAMES)
def test_the_apps_page_answers_as_the_servers_for_the_same_save(game: str, apps: dict[str, Path],
                                                                 tmp_path: Path) -> None:
    from bot.savelock import save_lock
    from bot.web.session import PageSession

    root = apps[game]
    phone, terminal = tmp_path / "phone", tmp_path / "terminal"
    phone.mkdir()
    terminal.mkdir()
    got = _child(root, {"game": game, "baked": f"{BAKED}/{game}", "save": str(phone / "game.json"), "seed": SEED,
                        "forms": FORMS[game]}, cwd=phone)
    assert got["outside"] == [] and not got["speedups"]            # markupsafe's pure-Python escape

    bot = _terminal_bot(game)
    save = terminal / "game.json"
    bot.write(bot.new_game(SEED), save)
    session = PageSession(bot.page(), save, lock=save_lock)
    want = [list(session.page())] + [list(session.act(form)) for form in FORMS[game]]
    status, art, kind = session.board()

    assert [a[0] for a in got["answers"]] == [a[0] for a in want]
    for n, (mine, theirs) in enumerate(zip(got["answers"], want)):
        assert mine[1] == theirs[1], f"answer {n} ({(['page'] + FORMS[game])[n]}) differs"
    assert got["board"] == [status, len(art), kind] and status == 200
    assert (phone / "game.json").read_bytes() == save.read_bytes()
    played = json.loads(save.read_text())["log"]
    assert len(played) >= 4, played                                 # the taps played, not only refused
    assert any("this page is behind" in html for _, html in got["answers"])


@pytest.mark.parametrize("game", GAMES)
def test_the_apps_decisions_are_the_terminals_over_50_seeds(game: str, rules: dict[str, Path],
                                                           tmp_path: Path) -> None:
    from benchmarks.bot_decisions import hashes

    got = _child(rules[game], {"game": game, "baked": f"{BAKED}/{game}", "seeds": [SEEDS.start, SEEDS.stop]},
                 cwd=tmp_path)["rows"]
    want = [[player, seed, digest] for _, player, seed, digest in hashes(SEEDS, (game,))]
    assert len(got) >= len(SEEDS) and got == want


def test_the_child_refuses_what_the_browser_lacks(apps: dict[str, Path], tmp_path: Path) -> None:
    """The finder is not blind: a module outside the rule fails to import in the child."""
    root = tmp_path / "app"
    shutil.copytree(apps["batalj"], root)
    (root / "bot" / "web" / "browser.py").write_text("import yaml\n")
    done = subprocess.run([sys.executable, "-I", "-S", "-c", CHILD, str(root)], input="{}", capture_output=True,
                          text=True, cwd=tmp_path, timeout=120)
    assert done.returncode != 0 and "the browser has no yaml" in done.stderr


def test_the_walk_follows_imports_in_functions_but_not_type_checking_or_terminal_only_ones() -> None:
    import ast

    from bot.web.bundle import _imports, terminal_lines

    source = (b"from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pydantic\n"
              b"def f():\n    import yaml\n    import PIL  # terminal only: never run in the app\n")
    found = set(_imports(ast.parse(source), "bot.x", False, terminal_lines(source)))
    assert "yaml" in found and "pydantic" not in found and "PIL" not in found
