"""The exported app's Python, run under Node with the npm package of Pyodide (not by taps),
decides as the terminal does: for 50 seeds per bot, a game played in the terminal (the bot's
own decisions between random legal Swedish moves) is read back by the app's session in
Pyodide, which replays every action with the browser's copy of the rules and the policy; the
log, what every action did in words, the page shown and the save written back must be the
terminal's, byte for byte."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.app.conftest import the_bot

pytestmark = pytest.mark.slow
SEEDS = range(1, 51)
ACTIONS = {"stockholm1520": 14, "batalj": 24}       # actions per game: several bot turns each
RUNNER = Path(__file__).with_name("run_python.js")

#: Run in Pyodide: each case's save opened by the app's session, its game replayed there.
IN_PYODIDE = """
import json
from pathlib import Path
from bot.web.browser import open_session
job = json.loads(JOB)
out = []
for n, case in enumerate(job["cases"]):
    save = Path("/home/pyodide/cases") / str(n) / case["name"]
    save.parent.mkdir(parents=True)
    save.write_text(case["save"])
    session = open_session(case["game"], Path(case["baked"]), save)
    game = session.load()
    again = save.with_name("again.json")
    session.view.bot.write(game, again)
    out.append({"log": list(game.log), "records": [session.view.bot.records_text(r, True) for r in game.records],
                "page": session.page()[1], "save": json.loads(again.read_text())})
json.dumps(out)
"""


def stockholm_game(seed: int) -> Any:
    from bot.stockholm1520.policy import random_action
    bot = the_bot("stockholm1520")
    game = bot.new_game(seed)
    game.apply("place auto", atomic=False)
    rng = random.Random(seed)
    while len(game.log) < ACTIONS["stockholm1520"] and game.pos.phase != "over":
        phase = game.pos.phase
        game.apply("round" if phase == "round" else "enemy" if phase == "enemy" else random_action(game.table, rng))
    return game


def batalj_game(seed: int) -> Any:
    from bot.batalj.policy import army, next_line
    bot = the_bot("batalj")
    game = bot.new_game(seed, players=3)
    for line in army(3):
        game.apply(line, atomic=False)
    rng = random.Random(seed)
    while len(game.log) < ACTIONS["batalj"] and game.battle.phase != "over":
        pending = game.table.pending                 # the players' choice the rules wait for: any option
        game.apply(f"choose {rng.choice(pending.question.options)}" if pending else next_line(game.table))
    return game


PLAY = {"stockholm1520": stockholm_game, "batalj": batalj_game}


def in_the_terminal(game_id: str, save: Path) -> dict[str, Any]:
    """What the terminal's session (the server's, with its validation) says of ``save``."""
    from bot.web.session import PageSession
    bot = the_bot(game_id)
    session = PageSession(bot.page(), save)
    game = session.load()
    return {"log": list(game.log), "records": [bot.records_text(r, True) for r in game.records],
            "page": session.page()[1], "save": json.loads(save.read_text())}


@pytest.fixture(scope="module")
def compared(apps: Any, pyodide_dir: Path, node: str, tmp_path_factory: pytest.TempPathFactory
             ) -> dict[str, Any]:
    """Every case played in the terminal and read back in Pyodide: one Node process for all the
    bots whose app exports (a bot that cannot: the exception, raised by its test)."""
    from bot.web.bundle import BAKED, ImpureImport
    from bot.web.offline.export import ROOT
    work = tmp_path_factory.mktemp("node")
    cases, terminal, found, zips = [], [], {}, []
    for game_id in PLAY:
        try:
            zips.append(str(apps[game_id] / "app.zip"))
        except ImpureImport as err:
            found[game_id] = err
            continue
        bot = the_bot(game_id)
        for seed in SEEDS:
            save = work / f"{game_id}-{seed}.json"
            bot.write(PLAY[game_id](seed), save)
            terminal.append((game_id, seed, in_the_terminal(game_id, save)))
            cases.append({"game": game_id, "baked": f"{ROOT}/{BAKED}/{game_id}", "name": bot.default_save,
                          "save": save.read_text()})
    if cases:
        job = work / "job.json"
        job.write_text(json.dumps({"pyodide": str(pyodide_dir), "zips": zips, "root": ROOT, "python": IN_PYODIDE,
                                   "input": {"cases": cases}}))
        done = subprocess.run([node, str(RUNNER), str(job)], capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr[-3000:]
        for (game_id, seed, mine), theirs in zip(terminal, json.loads(done.stdout), strict=True):
            found.setdefault(game_id, []).append((seed, mine, theirs))
    return found


@pytest.mark.parametrize("game_id", list(PLAY))
def test_the_app_decides_as_the_terminal_over_50_seeds(compared: dict[str, Any], game_id: str) -> None:
    if isinstance(compared[game_id], Exception):
        raise compared[game_id]
    mine = compared[game_id]
    assert [seed for seed, _, _ in mine] == list(SEEDS)
    for seed, terminal, browser in mine:
        assert len(terminal["log"]) >= 8, seed                       # several of the bot's decisions each
        assert browser["log"] == terminal["log"], seed
        for n, (said, ours) in enumerate(zip(browser["records"], terminal["records"], strict=True), start=1):
            assert said == ours, f"seed {seed}, action {n} ({terminal['log'][n - 1]})"
        assert 'id="game"' in terminal["page"] and browser["page"] == terminal["page"], seed
        assert browser["save"] == terminal["save"], seed
