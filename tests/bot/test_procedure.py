"""The decision procedure (bot/stockholm1520/procedure.py) is the one docs/bot.md lists, every Danish action
names the steps that decided it, and ``bot ask --explain`` prints them."""

import json
import re
from pathlib import Path

from click.testing import CliRunner

from bot.stockholm1520.cli import bot_group
from bot.stockholm1520.rules.procedure import STEPS, describe
from bot.stockholm1520.rules.enemy import enemy_turn
from tests.bot.helpers import DATA, TESTGAME, danish_moves, played, position, table

DOC = Path(__file__).resolve().parents[2] / "docs" / "bot.md"


def test_docs_bot_md_lists_every_step_of_the_procedure_in_order():
    text = DOC.read_text(encoding="utf-8")
    listed = re.findall(r"^(\d+)\. \*\*(.+?)\*\* \((.+?)\): (.+)$", text, flags=re.M)
    assert [(int(n), name.lower(), rule, words) for n, name, rule, words in listed] == \
        [(s.number, s.name.lower(), s.rule, s.words) for s in STEPS]


def test_each_troop_records_the_steps_that_decided_its_move():
    # Road D1 on the test board: the lineup troop joins its road (3), walks it (4) and attacks (2).
    t = table(swedish=[("x", "crossbowmen", "0304")], danish=[("c", "cavalry", "0102", "D", 1)])
    log = played(enemy_turn, t)
    assert danish_moves(log)["c"]["steps"] == [1, 3, 4, 2]       # it moves first: it can kill (1)
    # Going round pikemen it cannot beat (5); on the road blocked completely it waits (6).
    t = table(swedish=[("p", "pikemen", "0304")], danish=[("c", "cavalry", "0203", "D", 1)])
    log = played(enemy_turn, t)
    assert danish_moves(log)["c"]["steps"] == [5]
    t = table(swedish=[("p1", "pikemen", "0309"), ("p2", "pikemen", "1309")],
              danish=[("c", "cavalry", "0310", "C", 1)])
    log = played(enemy_turn, t)
    assert danish_moves(log)["c"]["steps"] == [6]
    # A troop whose last space is taken by another Dane stops short (7).
    t = table(danish=[("back", "cavalry", "0502", "A", 1), ("front", "pikemen", "0602", "A", 1)])
    log = played(enemy_turn, t)
    assert danish_moves(log)["back"]["steps"] == [4, 7]


def test_ask_explain_prints_which_step_decided(tmp_path):
    runner = CliRunner()
    plain = runner.invoke(bot_group, ["ask", str(DATA / "position-example.json")])
    explained = runner.invoke(bot_group, ["ask", str(DATA / "position-example.json"), "--explain"])
    assert plain.exit_code == explained.exit_code == 0
    assert "decided by" not in plain.output
    assert "   decided by: step 1 (move order), step 4 (along its road), step 2 (attack) (docs/bot.md)" \
        in explained.output.splitlines()
    assert "decided by: step 8 (propagandists)" in explained.output
    assert "decided by: step 10 (the ship)" in explained.output
    answer = json.loads(runner.invoke(bot_group, ["ask", str(DATA / "position-example.json"), "--json"]).output)
    danish = [a for a in answer["actions"] if a["kind"] == "danish"]
    assert len(danish) == 4 and all(a["steps"] for a in danish)
    pos = tmp_path / "p.json"
    pos.write_text(json.dumps(position(swedish=[("p", "pikemen", "0304")], danish=[("c", "cavalry", "0203", "D", 1)])))
    r = runner.invoke(bot_group, ["ask", str(pos), "--explain", "--game", str(TESTGAME)])
    assert f"decided by: {describe([5])}" in r.output
