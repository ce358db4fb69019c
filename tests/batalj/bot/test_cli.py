"""`pnpkit batalj ...` at the table: a battle started, placed, played a round, refused, undone,
answered in JSON, simulated."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from bot.batalj.cli import batalj_group


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(batalj_group, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def started(tmp_path: Path) -> Path:
    save = tmp_path / "b.json"
    s = ["--save", str(save)]
    assert run("new", "--players", "3", "--seed", "7", *s)[0] == 0
    for args in (["place", "left", "Uppland", "3", "1"], ["place", "centre", "Skåne", "2"],
                 ["place", "right", "Småland", "2"], ["place", "reserve", "Gotland", "4"], ["artillery", "2"]):
        assert run(*args, *s)[0] == 0, args
    code, out = run("ready", "--enemy", "3s,2s1c,4s1a,2s", *s)
    assert code == 0, out
    return save


def test_new_place_ready_and_a_full_round(tmp_path: Path) -> None:
    save = started(tmp_path)
    s = ["--save", str(save)]
    status = json.loads(run("status", "--json", *s)[1])
    enemy = status["position"]["reserves"]["enemy"]
    assert status["phase"] == "fire" and enemy["cannons"] == [2]
    assert sum(status["position"]["sectors"][e]["soldiers"] for e in ("e1", "e2", "e3")) + enemy["soldiers"] == 11
    code, out = run("fire", "--dice", "6", "--enemy-dice", "6", *s)
    assert code == 0 and "a miss" in out and "rule: Artillery" in out
    assert run("attack", "--dice", "4,4,4,4", *s)[0] == 0
    code, out = run("counter", *s)
    assert code == 0, out
    code, out = run("redeploy", *s)
    assert code == 0 and "The enemy never retreats" in out and "Round 2" in out
    log = json.loads(run("log", "--json", *s)[1])["log"]
    assert [e["action"].split()[0] for e in log][-4:] == ["fire", "attack", "counter", "redeploy"]


def test_a_refused_entry_changes_nothing_and_says_why(tmp_path: Path) -> None:
    save = started(tmp_path)
    before = save.read_bytes()
    code, out = run("attack", "--save", str(save))
    assert code == 1 and "step 3" in out
    code, out = run("fire", "--targets", "s1", "--dice", "1", "--save", str(save), "--json")
    assert code == 1 and json.loads(out) == {"ok": False, "error": json.loads(out)["error"]}
    assert "holding enemy pieces" in json.loads(out)["error"]
    assert save.read_bytes() == before


def test_undo_replays_the_same_dice(tmp_path: Path) -> None:
    save = started(tmp_path)
    s = ["--save", str(save)]
    first = json.loads(run("fire", "--json", *s)[1])
    code, out = run("undo", *s)
    assert code == 0 and "undone: fire" in out
    again = json.loads(run("fire", "--json", *s)[1])
    assert first["records"] == again["records"] and first["position"] == again["position"]


def test_json_errors_and_exit_codes(tmp_path: Path) -> None:
    code, out = run("status", "--save", str(tmp_path / "none.json"), "--json")
    assert code == 2 and "no battle saved here" in json.loads(out)["error"]
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "pnpkit-batalj-save", "version": 1, "seed": 1, "players": 3, '
                   '"enemy_deck": [{"id": "a", "pieces": "2s"}], "log": ["place s1 A 2", "fire"]}', encoding="utf-8")
    code, out = run("status", "--save", str(bad), "--json")
    assert code == 2 and "action 2 'fire' cannot be replayed" in json.loads(out)["error"]
    code, out = run("new", "--players", "9", "--json")
    assert code == 2 and json.loads(out)["ok"] is False


def test_simulate_same_seed_same_output() -> None:
    a = run("simulate", "--battles", "8", "--seed", "4", "--json")
    b = run("simulate", "--battles", "8", "--seed", "4", "--json")
    assert a == b and a[0] == 0
    result = json.loads(a[1])
    assert sum(result["wins"].values()) == 8 and result["rounds"]["min"] >= 1
    assert run("simulate", "--battles", "8", "--seed", "5", "--json")[1] != a[1]


def test_the_docs_example_battle_runs(tmp_path: Path) -> None:
    """The commands of docs/batalj-bot.md, in order, are all accepted (seed 12)."""
    doc = (Path(__file__).resolve().parents[3] / "docs" / "batalj-bot.md").read_text(encoding="utf-8")
    save = ["--save", str(tmp_path / "doc.json")]
    import shlex
    lines = [line.split("#")[0].strip() for line in doc.split("```sh")[1].split("```")[0].splitlines()]
    commands = [shlex.split(line)[2:] for line in lines if line.startswith("pnpkit batalj")
                and not line.startswith(("pnpkit batalj show",          # the picture: test_show.py
                                         "pnpkit batalj serve"))]        # serves until stopped: tests/web
    assert [c[0] for c in commands][:3] == ["new", "place", "place"] and "redeploy" in [c[0] for c in commands]
    for args in commands:
        code, out = run(*args, *save)
        assert code == 0, (args, out)


#: The keys every Batalj verb that plays a step answers with --json (docs/batalj-bot.md, "For scripts").
STEP_KEYS = {"ok", "action", "records", "phase", "round", "winner", "question", "next", "position"}


def test_every_step_verb_answers_the_documented_json(tmp_path: Path) -> None:
    """place, artillery, ready, fire, attack, choose, counter, redeploy and end: one JSON object
    each, the same keys, every record in Batalj's shape (kind, text, rule)."""
    save = tmp_path / "b.json"
    s = ["--save", str(save), "--json"]
    assert run("new", "--players", "3", "--seed", "7", *s)[0] == 0
    steps = [["place", "left", "Uppland", "3", "1"], ["place", "reserve", "Gotland", "4"], ["artillery", "2"],
             ["ready", "--enemy", "3s,2s1c,4s1a,2s"], ["fire", "--dice", "6", "--enemy-dice", "6"],
             ["attack"], ["counter"], ["redeploy"], ["end", "--agreed"]]
    seen = set()
    for args in steps:
        code, out = run(*args, *s)
        data = json.loads(out)
        while code == 0 and data.get("question"):                 # a choice the step waits for: answered
            seen.add("choose")
            code, out = run("choose", data["question"]["options"][0], *s)
            data = json.loads(out)
        assert code == 0 and out.count("\n") == 1, (args, out)
        assert STEP_KEYS <= data.keys(), (args, sorted(data))
        assert all({"kind", "text", "rule"} <= r.keys() for r in data["records"]), args
        seen.add(args[0])
    assert {"place", "artillery", "ready", "fire", "attack", "counter", "redeploy", "end"} <= seen
