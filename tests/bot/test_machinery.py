"""One bot machinery (issue 40): every Stockholm verb answers through the shared report path
(one JSON object, values escaped, the documented keys; refusals exit 1 with ``{"ok": false}``),
``play`` answers as the single commands do, one ``take_back`` for every undo, and a verb that
resolves a unit's abbreviation replays the save once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bot.errors import RuleError
from bot.replay import take_back
from bot.stockholm1520.cli import bot_group
from tests.bot.helpers import TESTGAME


def run(save: Path, *args: str, input: str | None = None) -> tuple[int, str]:
    r = CliRunner().invoke(bot_group, [*args, "--save", str(save), "--game", str(TESTGAME)], input=input,
                           catch_exceptions=False)
    return r.exit_code, r.output


def answer(save: Path, *args: str) -> dict[str, Any]:
    code, out = run(save, *args, "--json")
    assert code == 0, out
    assert out.count("\n") == 1, out                 # one JSON object, one line
    data: dict[str, Any] = json.loads(out)
    assert data["ok"] is True
    return data


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "s.json"
    answer(path, "new", "--seed", "3")
    answer(path, "place", "auto")
    answer(path, "next")
    return path


STANDING = {"phase", "result", "next", "position"}

#: Each of Stockholm's own verbs, the arguments it is given on the saved game, and the keys of its answer.
VERBS: list[tuple[list[str], set[str]]] = [
    (["next", "--preview"], {"preview", "actions", "table", "records"} | STANDING),
    (["move", "cav1", "0705"], {"action", "records"} | STANDING),
    (["turn", "cav1>0705"], {"actions", "records"} | STANDING),
    (["reach", "cav1"], {"unit", "left", "spaces", "attacks", "threatened", "files"}),
    (["end-turn"], {"action", "records"} | STANDING),
]


@pytest.mark.parametrize("args,keys", VERBS,
                         ids=[v[0][0] for v in VERBS])
def test_each_verb_answers_its_documented_keys(save: Path, args: list[str], keys: set[str]) -> None:
    data = answer(save, *args)
    assert keys | {"ok"} <= data.keys(), sorted(data)


@pytest.mark.parametrize("args", [["move", "cav1", "9999"], ["attack", "cav1", "nobody"], ["turn", "cav1>9999"],
                                  ["upgrade", "cav1", "pikemen"], ["round"]])
def test_a_refused_verb_exits_1_with_an_error_object(save: Path, args: list[str]) -> None:
    before = save.read_bytes()
    code, out = run(save, *args, "--json")
    assert code in (1, 2), out
    data = json.loads(out)
    assert data["ok"] is False and data["error"]
    assert save.read_bytes() == before


def test_a_hostile_unit_name_is_escaped_in_every_json_answer(save: Path) -> None:
    code, out = run(save, "reach", "cav\u202e1", "--json")
    assert code == 1 and "\u202e" not in out and json.loads(out)["ok"] is False


def test_play_json_answers_like_the_single_commands_and_a_refusal_exits_1(tmp_path: Path) -> None:
    save = tmp_path / "p.json"
    code, out = run(save, "play", "--seed", "3", "--json", input="place auto\nnext\nmove cav1 9999\nundo\nquit\n")
    assert code == 1, out
    lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    assert lines[0] == {"ok": True, "event": "new", "seed": 3, "save": str(save)}
    placed, advanced, refused, undone = lines[1:5]
    assert {"ok", "action", "records"} | STANDING <= placed.keys() and placed["action"] == "place auto"
    assert {"actions", "table", "records"} | STANDING <= advanced.keys()
    assert refused["ok"] is False and "9999" in refused["error"]
    assert {"undone", "table"} | STANDING <= undone.keys() and undone["undone"] == [advanced["actions"][-1]]
    assert json.loads(save.read_text())["log"][-1] == advanced["actions"][-2]


def test_play_without_refusals_exits_0(tmp_path: Path) -> None:
    code, out = run(tmp_path / "p.json", "play", "--seed", "3", input="place auto\nquit\n")
    assert code == 0, out


def test_move_by_an_abbreviation_replays_the_save_once(save: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.stockholm1520.save as saves
    calls: list[Path] = []
    real = saves.replay_save
    monkeypatch.setattr(saves, "replay_save", lambda path, *a, **k: calls.append(path) or real(path, *a, **k))
    answer(save, "move", "cav1", "0705")
    assert len(calls) == 1


def test_take_back_says_what_it_took_back_and_refuses_more_than_there_is(save: Path) -> None:
    from bot.stockholm1520.cli import BOT
    game = BOT.load(save, game_dir=TESTGAME)
    taken = take_back(game, 2)
    assert taken.undone == game.log[-2:] and taken.after.log == game.log[:-2] and len(taken.records) == 2
    assert take_back(game, len(game.log)).after.log == []
    with pytest.raises(RuleError, match=f"only {len(game.log)} action"):
        take_back(game, len(game.log) + 1)
    with pytest.raises(RuleError, match="nothing to undo"):
        take_back(taken.after.undo(len(taken.after.log)))


# -- one save format: one bound on the log, for both bots ------------------------------------------

@pytest.mark.parametrize("bot", ["stockholm1520", "batalj"])
def test_a_log_past_the_bound_is_refused_naming_the_field(tmp_path: Path, bot: str) -> None:
    from bot.batalj.cli import batalj_group
    from bot.save import MAX_LOG_ACTIONS
    save = tmp_path / "s.json"
    group, new = ((bot_group, ["new", "--seed", "3", "--game", str(TESTGAME)]) if bot == "stockholm1520"
                  else (batalj_group, ["new", "--players", "3", "--seed", "3"]))
    assert CliRunner().invoke(group, [*new, "--save", str(save)]).exit_code == 0
    data = json.loads(save.read_text())
    data["log"] = ["x"] * (MAX_LOG_ACTIONS + 1)
    save.write_text(json.dumps(data))
    extra = ["--game", str(TESTGAME)] if bot == "stockholm1520" else []
    r = CliRunner().invoke(group, ["status", "--save", str(save), "--json", *extra])
    assert r.exit_code == 2, r.output
    error = json.loads(r.output)["error"]
    assert "log" in error and f"{MAX_LOG_ACTIONS:,}" in error and f"{MAX_LOG_ACTIONS + 1:,} actions" in error


def test_an_action_past_the_bound_is_refused(save: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.replay
    log = json.loads(save.read_text())["log"]
    monkeypatch.setattr(bot.replay, "MAX_LOG_ACTIONS", len(log))
    before = save.read_bytes()
    code, out = run(save, "end-turn", "--json")
    assert code == 1 and "the most a save holds" in json.loads(out)["error"]
    assert save.read_bytes() == before


# -- one typed record -------------------------------------------------------------------------------

def test_every_record_of_both_bots_is_typed_and_written_in_its_documented_shape() -> None:
    from typing import get_args

    from bot.batalj.simulate import play_battle
    from bot.batalj.strength_table import load_strength_deck
    from bot.records import Record, RecordKind
    from bot.stockholm1520.gamedata import load_game_data
    from bot.stockholm1520.simulate import play_game

    played: list[Any] = []
    play_game(4, load_game_data(), check=played.append, player="random")
    battle = play_battle(4, 3, load_strength_deck())
    kinds = set(get_args(RecordKind))
    for game, words in ((played[-1], {"reason"}), (battle, {"text", "rule"})):
        records = [r for step in game.records for r in step]
        assert records and all(isinstance(r, Record) and r.kind in kinds for r in records)
        for r in records:
            shape = json.loads(json.dumps(r.to_json()))
            assert shape["kind"] == r.kind and (words <= shape.keys() or r.kind == "note" and not r.words)
            assert dict(r) == shape                      # read as a mapping, a record is its JSON


def test_records_in_json_answers_are_their_json(save: Path) -> None:
    data = answer(save, "move", "cav1", "0705")
    assert data["records"] and all({"kind", "reason"} <= r.keys() for r in data["records"])
    log = answer(save, "log")
    assert all("kind" in r for e in log["log"] for r in e["records"])
