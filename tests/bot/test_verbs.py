"""The verbs both bots answer alike (bot/verbs.py): the same keys and the same text for
status, log, undo, show and simulate; the same exit codes; saves whose last line no longer
replays taken back by undo; a long value never echoed whole."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bot.batalj.cli import batalj_group
from bot.stockholm1520.cli import bot_group
from tests.bot.helpers import TESTGAME

LONG = "f" * 5000


def stockholm(save: Path, *args: str) -> tuple[int, str]:
    extra = ["--game", str(TESTGAME)] if args[0] not in ("simulate",) else []
    r = CliRunner().invoke(bot_group, [*args, "--save", str(save), *extra] if args[0] != "simulate"
                           else list(args), catch_exceptions=False)
    return r.exit_code, r.output


def batalj(save: Path, *args: str) -> tuple[int, str]:
    r = CliRunner().invoke(batalj_group, [*args, "--save", str(save)] if args[0] != "simulate" else list(args),
                           catch_exceptions=False)
    return r.exit_code, r.output


def stockholm_game(tmp_path: Path) -> Path:
    save = tmp_path / "s.json"
    assert stockholm(save, "new", "--seed", "3")[0] == 0
    assert stockholm(save, "place", "auto")[0] == 0
    assert stockholm(save, "next")[0] == 0
    return save


def batalj_game(tmp_path: Path) -> Path:
    save = tmp_path / "b.json"
    assert batalj(save, "new", "--players", "3", "--seed", "7")[0] == 0
    for args in (["place", "left", "Uppland", "3", "1"], ["place", "reserve", "Gotland", "4"]):
        assert batalj(save, *args)[0] == 0
    assert batalj(save, "ready", "--enemy", "3s,2s1c,4s1a,2s")[0] == 0
    return save


BOTH = [(stockholm, stockholm_game), (batalj, batalj_game)]


def answer(run: Any, save: Path, *args: str) -> dict[str, Any]:
    code, out = run(save, *args, "--json")
    assert code == 0, out
    data: dict[str, Any] = json.loads(out)
    return data


@pytest.mark.parametrize("run,start", BOTH, ids=["stockholm1520", "batalj"])
def test_status_log_and_undo_answer_alike(tmp_path: Path, run: Any, start: Any) -> None:
    save = start(tmp_path)
    status = answer(run, save, "status")
    assert {"ok", "seed", "game", "actions", "phase", "next", "position"} <= status.keys()
    log = answer(run, save, "log")
    assert [e["n"] for e in log["log"]] == list(range(1, status["actions"] + 1))
    assert {"action", "records"} <= log["log"][0].keys() and log["seed"] == status["seed"]
    code, text = run(save, "log")
    assert code == 0 and text.startswith(f"1. {log['log'][0]['action']}\n")
    undone = answer(run, save, "undo", "--yes")
    assert undone["undone"] == [log["log"][-1]["action"]] and {"table", "phase", "next", "position"} <= undone.keys()
    assert answer(run, save, "status")["actions"] == status["actions"] - 1


@pytest.mark.parametrize("run,start", BOTH, ids=["stockholm1520", "batalj"])
def test_show_answers_the_files_it_wrote(tmp_path: Path, run: Any, start: Any, monkeypatch: Any) -> None:
    from generator.draw.scene import Scene
    import bot.batalj.show as show
    monkeypatch.setattr(show, "board_scene", lambda: (Scene(426, 386), 3.0))     # drawing the board is not tested here
    save = start(tmp_path)
    out = tmp_path / "pos.svg"
    files = answer(run, save, "show", "--out", str(out))["files"]
    assert str(out) in files and all(Path(f).stat().st_size > 0 for f in files)


@pytest.mark.parametrize("run,args", [(stockholm, ["--games", "2"]), (batalj, ["--battles", "2"])],
                         ids=["stockholm1520", "batalj"])
def test_simulate_answers_ok_and_its_figures(tmp_path: Path, run: Any, args: list[str]) -> None:
    code, out = run(tmp_path, "simulate", *args, "--json")
    assert code == 0 and json.loads(out)["ok"] is True


@pytest.mark.parametrize("run,start,bad,refused", [
    (stockholm, stockholm_game, ["move", "cav1", "zz"], ["move", "cav1", "0101"]),
    (batalj, batalj_game, ["fire", "--dice", "7"], ["counter"]),
], ids=["stockholm1520", "batalj"])
def test_bad_input_exits_2_a_refusal_1(tmp_path: Path, run: Any, start: Any, bad: list[str],
                                       refused: list[str]) -> None:
    save = start(tmp_path)
    before = save.read_bytes()
    assert run(save, *bad)[0] == 2
    assert run(save, *refused)[0] == 1
    assert save.read_bytes() == before


@pytest.mark.parametrize("run,start,command", [
    (stockholm, stockholm_game, ["move", "cav1", LONG]), (stockholm, stockholm_game, ["attack", "cav1", LONG]),
    (stockholm, stockholm_game, ["move", LONG, "0705"]), (stockholm, stockholm_game, ["undo", LONG]),
    (stockholm, stockholm_game, ["next", LONG]),
    (batalj, batalj_game, ["fire", "--dice", LONG]), (batalj, batalj_game, ["artillery", LONG]),
    (batalj, batalj_game, ["play", "narva", LONG]), (batalj, batalj_game, ["redeploy", "back " + LONG]),
], ids=lambda v: v[0] if isinstance(v, list) else None)
def test_a_long_value_on_the_command_line_is_quoted_short(tmp_path: Path, run: Any, start: Any,
                                                          command: list[str]) -> None:
    save = start(tmp_path)
    for extra in ([], ["--json"]):
        code, out = run(save, *command, *extra)
        assert code in (1, 2) and len(out) < 1000 and "f" * 100 not in out, out[:300]


@pytest.mark.parametrize("command", [["fire", "--dice", "g" * 150], ["artillery", "g" * 150],
                                     ["play", "narva", "g" * 150], ["redeploy", "back " + "g" * 150]],
                         ids=lambda v: v[0])
def test_a_value_under_the_guard_s_length_is_quoted_as_an_excerpt_too(tmp_path: Path, command: list[str]) -> None:
    """The last-step guard cuts words over 200 characters; Batalj's own refusals quote at most
    the excerpt's 60, as Stockholm's do."""
    save = batalj_game(tmp_path)
    code, out = batalj(save, *command)
    assert code in (1, 2) and "g" * 61 not in out, out[:300]


@pytest.mark.parametrize("run,start", BOTH, ids=["stockholm1520", "batalj"])
def test_a_last_line_that_no_longer_replays_is_named_short_and_undo_takes_it_back(
        tmp_path: Path, run: Any, start: Any) -> None:
    save = start(tmp_path)
    data = json.loads(save.read_text())
    good = list(data["log"])
    data["log"] = good + ["place " + "x" * 1_000_000]
    save.write_text(json.dumps(data))
    code, out = run(save, "status")
    assert code == 2 and f"log[{len(good)}]" in out and "undo 1" in out and len(out) < 1000
    code, out = run(save, "undo", "--yes")
    assert code == 0, out[:500]
    assert json.loads(save.read_text())["log"] == good
    assert run(save, "status")[0] == 0


def test_a_tampered_batalj_save_names_the_file_and_the_field(tmp_path: Path) -> None:
    save = batalj_game(tmp_path)
    data = json.loads(save.read_text())
    data["enemy_deck"][1]["pieces"] = ""
    save.write_text(json.dumps(data))
    code, out = batalj(save, "status")
    assert code == 2 and str(save) in out and "enemy_deck[1].pieces" in out
