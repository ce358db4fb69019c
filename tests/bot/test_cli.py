"""The command line end to end on a saved game (CliRunner, tmp_path)."""

import json

import pytest
from click.testing import CliRunner

from bot.stockholm1520.cli import bot_group
from tests.bot.helpers import TESTGAME, position

GAME = str(TESTGAME)


@pytest.fixture
def run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()

    def invoke(*args, input=None):
        """A command on the test game (but ``ask``, which plays the real one unless told)."""
        extra = ["--game", GAME] if args[0] != "ask" and "--game" not in args else []
        return runner.invoke(bot_group, [*args, *extra], input=input, catch_exceptions=False)
    return invoke


def test_a_game_at_the_table(run, tmp_path):
    r = run("new", "--seed", "4", )
    assert r.exit_code == 0 and "Stockholm area" in r.output
    save = tmp_path / "stockholm1520.save.json"
    assert save.exists()
    assert run("place", "cavalry", "0705").exit_code == 0
    r = run("place", "cavalry", "0101")
    assert r.exit_code == 1 and "outside the Stockholm area" in r.output
    assert run("place", "auto").exit_code == 0
    r = run("round", "--drawn", "E-MOVE-B Z-A1-R", "--drawn", "Z-B1-G", "Z-C1-B", "Z-D1-R")
    assert r.exit_code == 0, r.output
    assert "A1-cav at 0502" in r.output
    r = run("enemy")
    assert r.exit_code == 0 and "Dane A1-cav: 0502 > 0602 > 0703 > 0803" in r.output and "why:" in r.output
    status = json.loads(run("status", "--json").output)
    assert status["phase"] in ("player", "regroup") and status["position"]["round"] == 1
    before = save.read_bytes()
    r = run("move", "cav1", "0101")
    assert r.exit_code == 1 and "outside the playfield" in r.output
    assert save.read_bytes() == before                       # refused: nothing changed
    r = run("move", "cav1", "0605", "--json")
    out = json.loads(r.output)
    assert out["ok"] and out["records"][0]["path"][-1] == "0605"
    log = run("log").output
    assert "1. place cavalry 0705" in log and "5. move cav1 0605" in log
    r = run("undo", "2", input="y\n")
    assert r.exit_code == 0 and "undone: enemy; move cav1 0605" in r.output
    assert "to take back: enemy; move cav1 0605" in r.output and "Take these back?" in r.output
    assert "move Swedish cavalry cav1 0605 > 0705" in r.output       # the pieces to put back
    assert json.loads(run("status", "--json").output)["phase"] == "enemy"
    assert json.loads(run("log", "--json").output)["log"][-1]["action"].startswith("round")


def test_new_refuses_to_overwrite_a_game(run):
    run("new", "--seed", "1", )
    r = run("new", "--seed", "2", )
    assert r.exit_code == 1 and "--force" in r.output
    assert run("new", "--seed", "2", "--force").exit_code == 0


def test_corrupt_save_is_an_error_not_a_traceback_and_is_left_alone(run, tmp_path):
    save = tmp_path / "stockholm1520.save.json"
    save.write_text("{garbage")
    r = run("status")
    assert r.exit_code == 2 and "not valid JSON" in r.output and "stockholm1520.save.json" in r.output
    assert "Traceback" not in r.output
    assert save.read_text() == "{garbage"
    r = run("status", "--json")
    assert json.loads(r.output)["ok"] is False


def test_missing_save_says_how_to_start(run):
    r = run("status")
    assert r.exit_code == 2 and "pnpkit bot new" in r.output


def test_play_walks_through_a_game_with_typed_input(run, tmp_path):
    r = run("play", "--seed", "3", "--save", "p.json",
            input="\nround\nmove cav1 0101\nenemy\nend-turn\nstatus\nundo\nquit\n")
    assert r.exit_code == 1, r.output           # a line was refused: the session fails, the game goes on
    assert "set up at" in r.output and "round 1 begins" in r.output
    assert "refused:" in r.output and "Dane " in r.output and "undone: end-turn" in r.output
    assert "1 line(s) refused in this session" in r.output
    data = json.loads((tmp_path / "p.json").read_text())
    assert data["log"][:3] == ["place auto", "round", "enemy"]


def test_ask_prints_the_turn_and_json(run, tmp_path):
    p = tmp_path / "pos.json"
    p.write_text(json.dumps(position([("pike1", "pikemen", "1405"), ("xbow1", "crossbowmen", "1305")],
                                     [("B1-cav", "cavalry", "1506", "B", 1)])))
    r = run("ask", str(p), "--game", GAME)
    assert r.exit_code == 0 and "B1-cav: 1506 > 1406 > 1306; attacks xbow1 (win)" in r.output
    out = json.loads(run("ask", str(p), "--game", GAME, "--json").output)
    assert out["result"] == "continue" and out["actions"][0]["attack"]["target"] == "xbow1"


def test_ask_with_a_bad_position_file(run, tmp_path):
    p = tmp_path / "pos.json"
    p.write_text('{"map": "stockholm1520", "swedish": [{"id": "a", "type": "cavalry"}]')
    r = run("ask", str(p))
    assert r.exit_code == 2 and "not valid JSON" in r.output
    p.write_text(json.dumps({"map": "stockholm1520", "swedish": [{"id": "a", "type": "cavalry", "hex": "0000"}]}))
    r = run("ask", str(p))
    assert r.exit_code == 2 and "swedish[0].hex" in r.output and "pos.json" in r.output


def test_simulate_prints_statistics(run):
    r = run("simulate", "--games", "5", "--seed", "1", )
    assert r.exit_code == 0 and "5 games" in r.output and "win rate" in r.output
    data = json.loads(run("simulate", "--games", "5", "--seed", "1", "--json").output)
    assert data["games"] == 5 and data["won"] + data["lost"] + data["stalled"] == 5


def test_every_command_has_json(run):
    for name, command in bot_group.commands.items():
        assert any(p.name == "as_json" for p in command.params), name


def test_show_writes_svg_and_png_of_the_position(run, tmp_path):
    run("new", "--seed", "4", )
    for args in (("place", "auto"), ("round",), ("enemy",)):
        assert run(*args).exit_code == 0
    r = run("show", "--out", str(tmp_path / "pos.svg"), "--dpi", "15")
    assert r.exit_code == 0, r.output
    svg = (tmp_path / "pos.svg").read_text()
    assert svg.startswith("<") and "svg" in svg[:200]
    for unit in ("cav1", "cav2", "xbow1", "xbow2", "pike1", "pike2"):      # the position, not a bare map
        assert f'aria-label="{unit}"' in svg, unit
    assert (tmp_path / "pos.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_ask_plays_the_position_in_the_game_it_is_given(run, tmp_path):
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps(position([], [("x", "pikemen", "0707", "D", 2)])))
    r = run("ask", str(pos), "--game", GAME, "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["result"] == "defeat"
    r = run("ask", str(pos))                   # the real game: its board is not the test map
    assert r.exit_code == 2 and "for map 'testmap'" in r.output and "--game DIR" in r.output


def test_the_documented_example_answer_is_what_ask_prints(run):
    from tests.bot.helpers import DATA
    doc = (DATA.parents[2] / "docs" / "bot-position-format.md").read_text(encoding="utf-8")
    r = run("ask", str(DATA / "position-example.json"))
    assert r.exit_code == 0
    assert r.output.strip() in doc, "docs/bot-position-format.md shows an out-of-date answer"


def test_changed_data_stops_a_saved_game_until_the_player_says_go_on(tmp_path, monkeypatch):
    import shutil
    monkeypatch.chdir(tmp_path)
    shutil.copytree(TESTGAME.parent.parent, tmp_path / "kit")
    folder = str(tmp_path / "kit" / "data" / "testgame")
    runner = CliRunner()

    def run(*args):
        return runner.invoke(bot_group, [*args, "--game", folder], catch_exceptions=False)

    assert run("new", "--seed", "4").exit_code == 0 and run("place", "auto").exit_code == 0
    save = tmp_path / "stockholm1520.save.json"
    with open(tmp_path / "kit" / "data" / "testgame" / "events.csv", "a", encoding="utf-8") as f:
        f.write("# a note\n")
    before = save.read_bytes()
    r = run("status")
    assert r.exit_code == 2 and "data/testgame/events.csv: changed" in r.output and "--data-changed-ok" in r.output
    r = run("status", "--data-changed-ok")
    assert r.exit_code == 0 and save.read_bytes() == before
    assert run("round", "--data-changed-ok").exit_code == 0          # a written save records the new data
    assert run("status").exit_code == 0


def test_a_save_names_its_game_so_later_commands_need_no_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(bot_group, ["new", "--seed", "2"]).exit_code == 0
    data = json.loads((tmp_path / "stockholm1520.save.json").read_text())
    assert data["game"] == "stockholm1520" and "data/stockholm1520/map.yaml" in data["data"]
    r = runner.invoke(bot_group, ["status", "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["game"] == "stockholm1520"


@pytest.mark.parametrize("doc,words", [
    ({"round": 2, "swedish": []}, "field 'danish': required but missing"),
    ({"danish": [], "swedish": []}, "field 'round': required but missing"),
    ({"round": 2, "swedish": [{"id": "cav1", "type": "cavalry", "hex": None}], "danish": []},
     "unit 'cav1': expected a hex id like \"0907\", got null"),
    ({"round": 2, "swedish": [], "danish": [], "defected_castles": [["Karlberg"]]}, "field 'defected_castles[0]'"),
    ([1, 2], "a position is a JSON object"),
])
def test_ask_refuses_a_bad_position_with_a_message_and_exit_2(run, tmp_path, doc, words):
    pos = tmp_path / "bad.json"
    pos.write_text(json.dumps(doc))
    r = run("ask", str(pos))
    assert r.exit_code == 2 and words in r.output and "Traceback" not in r.output


def test_ask_plays_another_board_with_its_game_and_says_so_for_map(run, tmp_path):
    pos = tmp_path / "p.json"
    pos.write_text(json.dumps(position([("c", "cavalry", "1306")], [("d", "cavalry", "1506", "B", 1)])))
    assert run("ask", str(pos), "--game", GAME).exit_code == 0
    r = run("ask", str(pos), "--map", "testmap.yaml")
    assert r.exit_code == 2 and "--game DIR" in r.output


def test_undo_of_an_enemy_turn_lists_the_pieces_and_asks_first(run, tmp_path):
    save = tmp_path / "stockholm1520.save.json"
    run("new", "--seed", "4")
    run("place", "auto")
    run("round", "--drawn", "E-MOVE-B Z-A1-R Z-B1-G Z-C1-B Z-D1-R")
    run("enemy")
    before = save.read_bytes()
    r = run("undo", input="n\n")
    assert r.exit_code == 0 and "nothing taken back" in r.output
    assert save.read_bytes() == before                          # answered no: nothing changed
    lines = r.output.splitlines()
    assert "to take back: enemy" in lines
    assert "  1. move Danish cavalry A1-cav 0803 > 0502" in lines     # back to where it stood
    assert any(line.startswith("  ") and "Danish crossbowmen B1-xbow" in line for line in lines)
    r = run("undo", "--json")
    assert r.exit_code == 1 and "--yes" in json.loads(r.output)["error"]
    assert save.read_bytes() == before
    r = run("undo", "--yes", "--json")
    out = json.loads(r.output)
    assert out["ok"] and out["undone"] == ["enemy"] and "move Danish cavalry A1-cav 0803 > 0502" in out["table"]
    assert json.loads(run("status", "--json").output)["phase"] == "enemy"
    r = run("undo", input="y\n")                              # the round start: its pieces come off
    assert "take Danish cavalry A1-cav off 0502" in r.output and "undone: round" in r.output


def test_play_takes_next_and_prints_the_checklist(run, tmp_path):
    r = run("play", "--seed", "3", "--save", "q.json", input="\n\nnext\nquit\n")
    assert r.exit_code == 0, r.output
    assert "On the table:" in r.output and "1. set the round marker to 1" in r.output
    log = json.loads((tmp_path / "q.json").read_text())["log"]
    assert log[:3] == ["place auto", "round", "enemy"] and log[3] == "end-turn"
