"""Fewer commands per round: ``bot next`` plays up to the player's next turn and prints a
checklist for the table; a scripted round with the physical decks takes at most 8 commands and
the bot draws no card itself; ``bot reach`` and ``bot show`` (issue 14)."""

import json
import re

import pytest
from click.testing import CliRunner

from bot.stockholm1520.cli import bot_group
from tests.bot.helpers import TESTGAME

GAME = ["--game", str(TESTGAME)]

# The README's commands at the table, with the printed decks: one round of the test game.
ROUND = [
    ["next", "--drawn", "E-MOVE-G Z-D3-G Z-A1-G Z-C1-R Z-A1-B"],    # round 1 and the first Danish turn
    ["move", "cav1", "0804"], ["attack", "cav1", "A1-xbow"],
    ["move", "xbow1", "0603"], ["attack", "xbow1", "0602"],          # a Dane by its hex
    ["move", "cav2", "0508"], ["attack", "cav2", "D3-xbow"],
    ["next"],                                                          # your turn ends; the Danes' second turn
]


@pytest.fixture
def run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    return lambda *args, input=None: runner.invoke(bot_group, [*args, *GAME], input=input, catch_exceptions=False)


def test_a_scripted_round_with_physical_cards_takes_at_most_8_commands(run, no_virtual_draws):
    assert run("new", "--seed", "1", "--cards", "physical").exit_code == 0
    assert run("place", "auto").exit_code == 0
    outputs = []
    for command in ROUND:
        r = run(*command)
        assert r.exit_code == 0, (command, r.output)
        outputs.append(r.output)
    assert len(ROUND) <= 8
    status = json.loads(run("status", "--json").output)
    assert status["phase"] == "regroup" and status["position"]["round"] == 1 and status["cards"] == "physical"
    first = outputs[0].splitlines()
    assert first[0].startswith("E-MOVE-G: crossbowmen")                        # the event, then the table
    assert "  1. set the round marker to 1" in first
    assert "  2. put Danish crossbowmen A1-xbow on 0803" in first
    assert first[-1] == "-> it is your turn (move, attack, upgrade; then next, or end-turn)"
    last = outputs[-1].splitlines()
    assert "  1. take Swedish cavalry cav2 off 0508 (C1-cav attacked: both destroyed)" in last
    assert any(line.startswith("*** round 1 is over") for line in last)


def test_next_asks_for_the_cards_and_changes_nothing_without_them(run, tmp_path):
    run("new", "--seed", "1", "--cards", "physical")
    run("place", "auto")
    before = (tmp_path / "stockholm1520.save.json").read_bytes()
    r = run("next")
    assert r.exit_code == 1 and "This step draws 5 cards, in this order: 1. the event card" in r.output
    assert (tmp_path / "stockholm1520.save.json").read_bytes() == before


def test_next_from_the_regroup_turn_starts_the_round_and_terse_prints_only_table_actions(run, no_virtual_draws):
    run("new", "--seed", "1", "--cards", "physical")
    run("place", "auto")
    for command in ROUND:
        run(*command)
    r = run("next", "--terse", "--drawn", "E-MOVE-R Z-B1-R Z-A2-G Z-C2-B Z-D1-R")
    assert r.exit_code == 0
    lines = r.output.splitlines()
    assert lines[0] == "set the round marker to 2"
    assert all(line.split()[0] in ("set", "put", "take", "move", "mark", "castle", "the", "discard", "keep")
               for line in lines)
    assert "discard event card E-MOVE-R (1.2.2)" in lines              # the piles, printed decks (issue 23)
    assert any(line.startswith("the troops are placed: shuffle the zone cards drawn (Z-B1-R Z-A2-G Z-C2-B Z-D1-R)")
               for line in lines)
    log = json.loads(run("log", "--json").output)["log"]
    assert [e["action"].split()[0] for e in log[-3:]] == ["end-turn", "round", "enemy"]


def test_reach_lists_spaces_and_attacks_and_draws_them(run, tmp_path):
    run("new", "--seed", "1")
    run("place", "auto")
    run("next", "--drawn", "E-MOVE-G Z-D3-G Z-A1-G Z-C1-R Z-A1-B")
    r = run("reach", "cav1", "--png", str(tmp_path / "cav1.png"), "--dpi", "20")
    assert r.exit_code == 0
    lines = r.output.splitlines()
    assert lines[0] == "cav1 (cavalry at 0706) may move 3 spaces this turn; it may end on 28 spaces:"
    assert lines[1] == "  1 space: 0605 0606 0705"
    assert "  A1-xbow (crossbowmen at 0803): you win; from 0704, 0804, 0703, 0904" in lines
    assert "  A1-pike (pikemen at 0602): your unit is destroyed; from 0603, 0703" in lines
    assert (tmp_path / "cav1.png").read_bytes()[:4] == b"\x89PNG"
    marks = re.findall(r'aria-label="([^"]*)"', (tmp_path / "cav1.svg").read_text(encoding="utf-8"))
    # drawn, not only listed: the two Danes it beats, the one that beats it, the three 1-step spaces
    assert (marks.count("win"), marks.count("loss"), marks.count("1")) == (2, 1, 3)
    data = json.loads(run("reach", "cav1", "--json").output)
    assert data["spaces"]["0804"] == 2 and {"unit": "A1-xbow", "hex": "0803", "outcome": "win",
                                            "from": ["0704", "0804", "0703", "0904"]} in data["attacks"]
    assert run("reach", "A1-xbow").exit_code == 1                 # a Dane: not yours to move


def test_show_numbers_the_last_danish_moves(run, tmp_path):
    run("new", "--seed", "1")
    run("place", "auto")
    run("next", "--drawn", "E-MOVE-G Z-D3-G Z-A1-G Z-C1-R Z-A1-B")
    r = run("show", "--out", str(tmp_path / "p.svg"), "--dpi", "20")
    lines = r.output.splitlines()
    assert lines[1] == "last Danish moves (numbered on the arrows):"
    assert lines[2].startswith("  1. ") and lines[3].startswith("  2. ")


def test_next_asks_for_each_card_when_it_is_drawn_with_what_to_do_with_the_piles(run, no_virtual_draws):
    # Issue 23: at a terminal (--ask), each card is asked for at the moment the step draws it,
    # saying what to do with it once drawn; a wrong card is refused and asked again.
    assert run("new", "--seed", "1", "--cards", "physical").exit_code == 0
    assert run("place", "auto").exit_code == 0
    r = run("next", "--ask", input="Z-A1-R\nE-MOVE-G\nZ-D3-G\nZ-A1-G\nZ-C1-R\nZ-A1-B\n")
    assert r.exit_code == 0, r.output
    event = r.output.index("Draw the event card; then:")
    assert "discard it: \u201cAfter an event card is drawn, discard it unless stated otherwise\u201d (1.2.2)" in r.output[event:]
    assert "refused: Z-A1-R is not an event card" in r.output                   # asked again
    zone = r.output.index("Draw the zone card for the Danish troops; then:")
    assert "shuffle the zone discards back into the zone deck" in r.output[zone:]
    assert "On the table:" in r.output
    log = json.loads(run("log", "--json").output)["log"]
    assert log[1]["action"] == "round E-MOVE-G Z-D3-G Z-A1-G Z-C1-R Z-A1-B"


def test_a_refused_step_says_what_to_do_with_each_pile(run, no_virtual_draws):
    assert run("new", "--seed", "1", "--cards", "physical").exit_code == 0
    assert run("place", "auto").exit_code == 0
    r = run("next", "--no-ask")
    assert r.exit_code == 1
    assert "Once drawn, any other event card: discard it" in r.output and "(1.2.2)" in r.output
    assert "Once drawn, the zone card: put it on the zone discard pile" in r.output


def test_play_asks_for_each_physical_card_as_it_is_drawn(run, no_virtual_draws):
    assert run("new", "--seed", "1", "--cards", "physical").exit_code == 0
    r = run("play", input="place auto\nnext\nE-MOVE-G\nZ-D3-G\nZ-A1-G\nZ-C1-R\nZ-A1-B\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Draw the event card; then:" in r.output and "(1.2.2)" in r.output and "On the table:" in r.output
    log = json.loads(run("log", "--json").output)["log"]
    assert log[1]["action"] == "round E-MOVE-G Z-D3-G Z-A1-G Z-C1-R Z-A1-B"
