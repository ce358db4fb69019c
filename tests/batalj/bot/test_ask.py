"""`pnpkit batalj ask POSITION.json`: what the enemy army does from a battle's position (issue 21
item 4): the same answer as the battle played to that position, Stockholm's output shape, and
every problem of a bad position named by line and field (exit 2)."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from bot.batalj.ask import answer
from bot.batalj.cli import batalj_group
from bot.batalj.game import BattleGame
from bot.batalj.positions import position_from_json, position_to_json
from bot.batalj.state import RuleError

EXAMPLE = Path(__file__).parent / "data" / "position-counter.json"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(batalj_group, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def battle_at(step: str, seed: int = 4) -> BattleGame:
    """A battle played (the players' choices by default) up to ``step``."""
    game = BattleGame(seed, 3, asks=False)
    for line in ("place s1 Uppland 3 1", "place s2 Skåne 3", "place s3 Småland 2", "place sr Gotland 4",
                 "artillery 2", "ready enemy=3s1c,2s,4s1a,3s", "fire dice=6 enemy-dice=6", "attack dice=6,6,6,6"):
        if game.battle.phase == step:
            break
        game.apply(line)
    assert game.battle.phase == step
    return game


@pytest.mark.parametrize("step,line,dice", [("counter", "counter dice=2,1,1", [2, 1, 1]),
                                            ("fire", "fire enemy-dice=1", [1])])
def test_the_answer_is_what_the_battle_does_at_that_step(step: str, line: str, dice: list[int]) -> None:
    game = battle_at(step)
    position = json.loads(json.dumps(position_to_json(game.battle)))
    result = answer(position, "p.json", seed=9, dice=dice)
    game.table.rng = random.Random(9)                      # the same die for ties
    records = game.apply(line)
    if step == "fire":                                     # the battle fires Sweden's Cannons too (no hit: a 6)
        records = [r for r in records if not r["text"].startswith("Swedish Cannon")]
    assert [a["text"] for a in result["actions"]] == [r["text"] for r in records]
    assert [a["roll"] for a in result["actions"]] == [r.get("roll") for r in records]
    assert result["position"] == json.loads(json.dumps(position_to_json(game.battle)))
    assert result["result"] == "continue" and result["won"] is False


def test_the_enemy_redeploys_as_the_battle_does_after_sweden_redeploys_nothing() -> None:
    game = battle_at("counter")
    game.apply("counter dice=3,3,3")
    position = json.loads(json.dumps(position_to_json(game.battle)))
    assert position["step"] == "redeploy"
    result = answer(position, "p.json", seed=2)
    game.table.rng = random.Random(2)
    records = game.apply("redeploy")[1:]                   # after "Sweden does not redeploy."
    assert [a["text"] for a in result["actions"]] == [r["text"] for r in records]
    assert result["position"]["step"] == "fire" and result["position"]["round"] == game.battle.round == 2
    assert result["position"] == json.loads(json.dumps(position_to_json(game.battle)))


def test_the_enemy_is_laid_from_its_cards_in_hand_and_the_answer_can_be_asked_again(tmp_path: Path) -> None:
    ready = {"players": 2, "step": "ready",
             "sweden": {"s1": {"soldiers": 3, "commanders": 1, "card": "Uppland"},
                        "reserve": {"soldiers": 4, "cannons": [2], "cards": ["Gotland"]}},
             "hand": ["3s1c", "2s", "4s1a"]}
    result = answer(ready, "p.json", seed=5)
    after = result["position"]
    enemy = after["enemy"]
    assert after["step"] == "fire" and after["round"] == 1 and "hand" not in after
    pieces = sum(enemy[e]["soldiers"] for e in ("e1", "e2", "e3") if e in enemy) + enemy["reserve"]["soldiers"]
    assert pieces == 9 and enemy["reserve"]["cannons"] == [2] and "e3" not in enemy    # three cards: e3 empty
    path = tmp_path / "after.json"
    path.write_text(json.dumps(after))
    code, out = run("ask", str(path), "--dice", "1", "--json")
    assert code == 0, out
    again = json.loads(out)
    assert set(again) >= {"ok", "actions", "result", "won", "position"}              # Stockholm's shape
    assert again["actions"][0]["text"].startswith("Enemy Cannon 1 (Styrka 2) rolls 1: a hit.")


def test_the_example_position_of_the_docs_answers_in_text_and_json() -> None:
    code, out = run("ask", str(EXAMPLE), "--dice", "2,6,1")
    assert code == 0, out
    assert out.splitlines()[0] == ("Enemy attack from enemy right flank (e1) on Swedish left flank (s1): 4 pieces, "
                                   "rolls 2: 2 hit(s).")
    assert "   rule: The enemy attacks: always, if he can" in out
    assert out.splitlines()[-1].startswith("result: continue; next: step 5")
    data = json.loads(EXAMPLE.read_text())
    assert position_to_json(position_from_json(data, "x").battle) == data


def test_the_battle_ends_when_the_enemy_takes_the_last_swedish_reserve_soldier() -> None:
    position = {"players": 2, "step": "counter", "round": 3,
                "sweden": {"reserve": {"soldiers": 1}},
                "enemy": {"s2": {"soldiers": 3, "commanders": 1}, "reserve": {"soldiers": 2}}}
    result = answer(position, "p.json", dice=[1, 6])
    assert result["result"] == "over" and result["winner"] == "enemy" and result["won"] is False
    assert result["position"]["step"] == "over"


def test_more_dice_than_the_enemy_rolls_are_refused() -> None:
    with pytest.raises(RuleError, match="3 dice given, but the enemy rolls 2 at this step"):
        answer(json.loads(EXAMPLE.read_text()) | {"step": "fire"}, "p.json", dice=[1, 1, 1])


def test_a_bad_position_names_each_line_and_field_and_what_was_expected(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{\n  "players": 3,\n  "step": "attack",\n  "sweden": {\n'
                   '    "s1": {"soldiers": 2, "commanders": 3, "card": "Uppland"},\n'
                   '    "reserve": {"soldiers": 3, "cannons": [4]}\n  },\n'
                   '  "enemy": {\n    "s1": {"soldiers": 1},\n    "e2": {"commanders": 1},\n'
                   '    "reserve": {"soldiers": 0, "cannons": [1]}\n  },\n  "hand": ["3s"],\n'
                   '  "played": ["tea"]\n}\n')
    code, out = run("ask", str(bad))
    assert code == 2
    for expected in (f"{bad}:3: field 'step': expected ready (step 1",
                     "(step 3 is Sweden's attack: the enemy's answer to it is its counter-attack)",
                     f"{bad}:5: field 'sweden.s1': at most FOUR pieces (Soldiers and Commanders) in a Sector, got 5",
                     f"{bad}:6: field 'sweden.reserve.cannons[0]': a Swedish Cannon has the Styrka of its Artillery "
                     "card, 1, 2 or 3, got 4",
                     f"{bad}:10: field 'enemy.e2.commanders': a Commander may NEVER be left alone in a Sector",
                     f"{bad}:11: field 'enemy.reserve.soldiers': both armies must always have at least one SOLDIER",
                     f"{bad}:11: field 'enemy.reserve.cannons[0]': the enemy Artillery always has Styrka 2, got 1",
                     f"{bad}:13: field 'hand': the enemy holds its strength cards in hand only at step ready",
                     f"{bad}:14: field 'played[0]': expected a battle card (supply, fortune,"):
        assert expected in out, (expected, out)
    assert "Traceback" not in out


@pytest.mark.parametrize("change,expected", [
    (lambda p: p.pop("players"), "field 'players': required but missing: the number of players, 2-6"),
    (lambda p: p["sweden"]["s2"].update(soldiers="3"), "field 'sweden.s2.soldiers': expected a whole number, got \"3\""),
    (lambda p: p["enemy"].update(s1={"soldiers": 1}), "field 'enemy.s1': Swedish left flank (s1) holds Swedish pieces too"),
    (lambda p: p["sweden"]["s2"].update(card="Uppland"), "field 'sweden.s2.card': Province card Uppland is already at sweden.s1.card"),
    (lambda p: p.update(enemy=None), "field 'enemy': required but missing: the enemy army"),
    (lambda p: p.update(extra=1), "field 'extra': unknown field (check the spelling)"),
    (lambda p: p.update(step="ready", round=2), "field 'round': the battle has not begun at step ready"),
    (lambda p: p.update(step="ready"), "field 'hand': the enemy draws one card more than the players: 4 strength cards"),
])
def test_each_kind_of_problem_is_said_by_its_field(tmp_path: Path, change, expected) -> None:
    data = copy.deepcopy(json.loads(EXAMPLE.read_text()))
    change(data)
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data, indent=2))
    code, out = run("ask", str(path))
    assert code == 2 and expected in out, out


def test_not_json_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text('{\n  "players": 3,\n  "step": fire\n}\n')
    code, out = run("ask", str(path))
    assert code == 2 and f"{path}:3: not valid JSON" in out
