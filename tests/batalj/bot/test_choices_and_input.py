"""The bot at the table: the dice first, then the players' choices (a question, answered with
`choose`, the same in --json); bad input exits 2, rule refusals 1; names as people type them;
enemy cards kept where laid; the enemy's Commander moves as net moves; undo lists the table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.batalj.redeployment import enemy_commanders, net_moves, parse_moves, swedish_redeployment
from bot.batalj.state import RuleError
from tests.batalj.bot.helpers import table, texts
from tests.batalj.bot.test_cli import run


def started(tmp_path: Path, enemy: str = "3s,2s1c,4s1a,2s") -> list[str]:
    s = ["--save", str(tmp_path / "b.json")]
    assert run("new", "--players", "3", "--seed", "7", *s)[0] == 0
    for args in (["place", "left", "Östergötland", "3", "1"], ["place", "centre", "Skåne", "2"],
                 ["place", "reserve", "Gotland", "4"], ["artillery", "2"]):
        assert run(*args, *s)[0] == 0, args
    assert run("ready", "--enemy", enemy, *s)[0] == 0
    return s


def test_bad_input_exits_2_and_rule_refusals_exit_1(tmp_path: Path) -> None:
    s = started(tmp_path)
    for args, said in ((["play", "foo"], "foo is not a battle card"), (["play", "narva", "e9"], "'e9' is not a Sector"),
                       (["fire", "--dice", "7"], "whole numbers 1-6"), (["fire", "--targets", "x1"], "not an area"),
                       (["play", "incursion", "horse"], "'horse' is not a piece"),
                       (["choose", "maybe"], "'maybe' is not an answer")):
        code, out = run(*args, *s, "--json")
        assert code == 2 and said in json.loads(out)["error"], (args, out)
    code, out = run("play", "narva", "s1", *s)
    assert code == 1 and "names a Sector holding enemy pieces" in out
    code, out = run("fire", "--targets", "er", "--dice", "1", "--enemy-dice", "6", *s)     # no traceback
    assert code == 1 and "Cannons cannot reach as far as the Reserves" in out
    save = tmp_path / "p.json"
    assert run("new", "--players", "2", "--save", str(save))[0] == 0
    code, out = run("place", "middle", "Uppland", "3", "--save", str(save))
    assert code == 2 and "'middle' is not an area" in out


def test_roll_first_then_choose_a_loss_at_a_time(tmp_path: Path) -> None:
    s = started(tmp_path)
    assert run("fire", "--dice", "6", "--enemy-dice", "6", *s)[0] == 0
    assert run("attack", "--none", *s)[0] == 0                      # an explicit attack with no area
    code, out = run("counter", "--dice", "2", *s, "--json")       # enemy e1 (3 pieces) rolls 2 on s1
    answer = json.loads(out)
    assert code == 0 and answer["records"][0]["roll"] == 2          # the dice are shown before the choice
    question = answer["question"]
    assert question["kind"] == "loss" and question["options"] == ["soldier", "commander"]
    assert "loss 1 of 2" in question["text"] and answer["next"].startswith("answer: pnpkit batalj choose")
    assert run("redeploy", *s)[0] == 1                               # nothing else until it is answered
    code, out = run("choose", "soldier", *s, "--json")
    answer = json.loads(out)
    assert answer["question"]["text"].count("loss 2 of 2") == 1     # the next loss, asked in its turn
    code, out = run("choose", "commander", *s)
    assert code == 0 and "1 Swedish Soldier(s) removed, 1 Commander(s) retreat" in out
    code, out = run("undo", *s)                                      # back to the first question
    assert code == 0 and "undone: choose commander" in out and "loss 2 of 2" in out


def test_names_as_people_type_them(tmp_path: Path) -> None:
    s = started(tmp_path)
    for args in (["fire", "--dice", "6", "--enemy-dice", "6"], ["attack", "--none"], ["counter", "--dice", "6,6,6"]):
        assert run(*args, *s)[0] == 0, args
    code, out = run("redeploy", "reinforce Narnia 1", *s)
    assert code == 2 and "no Province card 'Narnia'" in out
    code, out = run("redeploy", "retire ostergotland 1; reinforce s2 1", *s)
    assert code == 0 and "1 Soldier(s) from Östergötland" in out and "to Skåne (Swedish centre (s2))" in out
    assert run("play", "Förrådståg", *s)[0] == 0


def test_entered_enemy_cards_stay_where_they_were_laid(tmp_path: Path) -> None:
    s = started(tmp_path, "1s,2s1c,3s,4s")
    position = json.loads(run("status", "--json", *s)[1])["position"]
    assert [position["sectors"][e]["soldiers"] for e in ("e1", "e2", "e3")] == [1, 2, 3]
    assert position["sectors"]["e2"]["commanders"] == 1 and position["reserves"]["enemy"]["soldiers"] == 4


def test_enemy_commanders_move_as_net_moves_never_five_in_a_sector() -> None:
    t = table(phase="redeploy", sectors={"s1": ("sweden", 1, 0), "s2": ("sweden", 3, 0), "e1": ("enemy", 3, 1),
                                         "e2": ("enemy", 2, 1)}, er=(3, 1))
    enemy_commanders(t)
    moves = [r["text"] for r in t.records]
    assert moves == ["An enemy Commander from enemy Reserve (er) to enemy centre (e2): the front facing the most "
                     "Swedish Soldiers (3)."]
    assert t.battle.sectors["e2"].pieces == 4 and t.battle.sectors["e1"].pieces == 4
    assert net_moves({"er": 2, "e1": 1}, {"er": 0, "e1": 1, "e2": 2}) == [("er", "e2"), ("er", "e2")]


def test_a_card_moves_with_its_pieces_only_when_it_carries_some(tmp_path: Path) -> None:
    s = started(tmp_path)
    for args in (["fire", "--dice", "6", "--enemy-dice", "6"], ["attack", "--none"], ["counter", "--dice", "6,6,6"]):
        assert run(*args, *s)[0] == 0
    code, out = run("redeploy", "back Skåne", *s)
    assert code == 0 and "with its 2 piece(s)" in out
    t = table(phase="redeploy", sectors={"s1": ("sweden", 2, 0)})
    t.battle.reserves["sweden"].cards.append("Gotland")
    swedish_redeployment(t, parse_moves("forward gotland s2"))
    assert "Gotland one step forward, Swedish Reserve (sr) to Swedish centre (s2) (it carries no piece)." in texts(t)


def test_undo_lists_what_to_put_back(tmp_path: Path) -> None:
    s = started(tmp_path)
    assert run("fire", "--dice", "6", "--enemy-dice", "6", *s)[0] == 0
    assert run("attack", "--from", "s1", "--dice", "2", *s)[0] == 0      # two enemy pieces off e1
    code, out = run("undo", *s)
    assert code == 0 and "on the table (now -> again):" in out
    assert "enemy right flank (e1): 1 red Soldier -> 3 red Soldiers" in out
    table_json = json.loads(run("attack", "--from", "s1", "--dice", "2", *s, "--json")[1])
    assert table_json["ok"]
    assert json.loads(run("undo", *s, "--json")[1])["table"] == ["enemy right flank (e1): 1 red Soldier -> "
                                                                  "3 red Soldiers"]


def test_a_version_1_save_replays_as_it_was_played(tmp_path: Path) -> None:
    """An old battle (choices named with the step or taken by default) is read and replayed
    without questions; its entered enemy cards were shuffled then, and still are."""
    save = tmp_path / "old.json"
    save.write_text(json.dumps({"format": "pnpkit-batalj-save", "version": 1, "seed": 7, "players": 3,
                                "enemy_deck": [{"id": "a", "pieces": "2s"}],
                                "log": ["place s1 A 3 1", "place sr B 4", "ready enemy=3s,2s1c,4s1a,2s", "fire",
                                        "attack", "counter"]}), encoding="utf-8")
    status = json.loads(run("status", "--save", str(save), "--json")[1])
    assert status["ok"] and status["question"] is None and status["phase"] == "redeploy"
    assert json.loads(save.read_text(encoding="utf-8"))["version"] == 1


def test_an_enemy_cannon_is_named_with_an() -> None:
    t = table(phase="fire", sectors={"e1": ("enemy", 2, 0)}, cannons=([], [2]))
    t.entered = {"sweden": [], "enemy": [1]}
    from bot.batalj.artillery import artillery_fire
    artillery_fire(t)
    assert "no Sector holds a Swedish piece" in texts(t)
    with pytest.raises(RuleError, match="no enemy Cannon of Styrka 3"):
        from bot.batalj.events import BATTLE_CARDS, burst
        burst(t, BATTLE_CARDS["burst"], "enemy:3")


def test_at_a_terminal_the_step_prompts_for_each_choice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from bot.batalj import cli
    s = started(tmp_path)
    for args in (["fire", "--dice", "6", "--enemy-dice", "6"], ["attack", "--none"]):
        assert run(*args, *s)[0] == 0
    monkeypatch.setattr(cli, "interactive", lambda: True)
    result = CliRunner().invoke(cli.batalj_group, ["counter", "--dice", "2", *s], input="x9\nsoldier\ncommander\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.index("rolls 2") < out.index("? Enemy attack") < out.index("answers: soldier (remove a Soldier)")
    assert "'x9' is not an answer" in out and "1 Swedish Soldier(s) removed, 1 Commander(s) retreat" in out
    log = json.loads(run("log", "--json", *s)[1])["log"]
    assert [e["action"] for e in log][-3:] == ["counter dice=2", "choose soldier", "choose commander"]


def test_enemy_hits_cannot_be_sent_to_a_reserve(tmp_path: Path) -> None:
    s = started(tmp_path)
    code, out = run("fire", "--hits-on", "sr", "--dice", "6", "--enemy-dice", "1", *s)
    assert code == 1 and "Cannons cannot reach as far as the Reserves" in out


def test_the_rules_examples_of_losses_chosen_by_the_players() -> None:
    """"You have three Soldiers and one Commander, and are required to loose two pieces. You may
    choose to remove one Soldier and retreat the Commander"; "if you have one Soldier and one
    Commander in a Sector and remove the Soldier as the single loss, you MUST retreat the Commander"."""
    from bot.batalj.losses import remove_losses
    from bot.batalj.state import NeedChoice
    t = table(phase="counter", sectors={"s1": ("sweden", 3, 1), "s2": ("sweden", 1, 1)})
    t.asks = True
    with pytest.raises(NeedChoice, match="loss 1 of 2"):
        remove_losses(t, "s1", 2, True, "Enemy attack")
    t = table(phase="counter", sectors={"s1": ("sweden", 3, 1), "s2": ("sweden", 1, 1)})
    t.asks, t.answers = True, ["soldier", "commander"]
    remove_losses(t, "s1", 2, True, "Enemy attack")
    assert (t.battle.sectors["s1"].soldiers, t.battle.sectors["s1"].commanders) == (2, 0)
    t.answers = ["soldier"]
    remove_losses(t, "s2", 1, True, "Enemy attack")
    assert t.battle.sectors["s2"].pieces == 0 and t.battle.reserves["sweden"].commanders == 2
    assert "a Commander is never left alone in a Sector" in texts(t)


def test_too_many_dice_are_refused_before_the_step_rolls_or_asks(tmp_path: Path) -> None:
    """A die too many is refused at once, naming how many the step rolls: never after a question
    (when only undo could take the step back)."""
    s = started(tmp_path)
    before = json.loads(run("log", *s, "--json")[1])
    code, out = run("fire", "--dice", "2,3", *s)
    assert code == 1 and "more dice than this step rolls: it rolls 1 (one for a Swedish Cannon)" in out
    code, out = run("fire", "--enemy-dice", "2,3,4", *s)
    assert code == 1 and "the enemy's dice" in out
    assert json.loads(run("log", *s, "--json")[1]) == before
    for args in (["fire", "--dice", "6", "--enemy-dice", "6"], ["attack", "--none"]):
        assert run(*args, *s)[0] == 0
    code, out = run("counter", "--dice", "2,6,6,6,6", *s)
    assert code == 1 and "more dice than this step rolls" in out
    assert run("counter", "--dice", "2", "--keep-commanders", *s)[0] == 0
