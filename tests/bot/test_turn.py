"""The terminal's quick turn (bot.stockholm1520.turn and its verbs): an attack that moves next to
its target first, a whole turn on one line, abbreviated unit ids, reach's Danish threats,
next --preview, and --terse saying when the round is over."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bot.stockholm1520.cli import bot_group
from bot.stockholm1520.save import read_save

SAVE = "stockholm1520.save.json"


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(bot_group, list(args))
    invoke("new", "--seed", "1")
    invoke("place", "auto")
    invoke("next")                               # the Danes' first turn: C5-pike at 0913, two steps from xbow2
    return invoke


def test_attack_moves_next_to_the_target_first(run, tmp_path: Path) -> None:
    r = run("attack", "xbow2", "C5-pike")
    assert r.exit_code == 0, r.output
    game = read_save(tmp_path / SAVE)
    assert game.log[-2:] == ["move xbow2 0912", "attack xbow2 C5-pike"]
    assert "attacks C5-pike (wins)" in r.output and all(u.id != "C5-pike" for u in game.pos.danish)


def test_an_attack_it_cannot_make_moves_nothing(run, tmp_path: Path) -> None:
    before = read_save(tmp_path / SAVE).log
    r = run("attack", "pike1", "C5-pike")
    assert r.exit_code == 1 and "not next to" in r.output
    assert read_save(tmp_path / SAVE).log == before


def test_a_whole_turn_on_one_line_all_or_nothing(run, tmp_path: Path) -> None:
    before = read_save(tmp_path / SAVE).log
    r = run("turn", "cav1>1006; xbow2 x C5-pike; pike1>1208 x A2-nobody")
    assert r.exit_code == 1 and "nothing of the turn was played" in r.output
    assert read_save(tmp_path / SAVE).log == before
    r = run("turn", "cav1>1006; xbow2 x C5-pike", "--json")
    data = json.loads(r.output)
    assert data["ok"] and data["actions"] == ["move cav1 1006", "move xbow2 0912", "attack xbow2 C5-pike"]
    assert read_save(tmp_path / SAVE).log[-3:] == data["actions"]
    r = run("turn", "garbage")
    assert r.exit_code == 2 and "xbow1>1006 x A2-pike" in r.output


def test_unit_ids_may_be_abbreviated(run, tmp_path: Path) -> None:
    from bot.errors import RuleError
    from bot.stockholm1520.turn import unit_id
    r = run("move", "xbow", "1006")
    assert r.exit_code == 1 and "xbow1 or xbow2" in r.output
    game = read_save(tmp_path / SAVE)
    assert unit_id(game, "xbow2") == "xbow2" and unit_id(game, "Xbow2") == "xbow2"
    with pytest.raises(RuleError, match="cav1 or cav2"):
        unit_id(game, "cavalry")
    game.pos.swedish = [u for u in game.pos.swedish if u.id != "cav2"]       # one cavalry left
    assert unit_id(game, "cav") == "cav1" and unit_id(game, "cavalry") == "cav1"
    assert unit_id(game, "nobody") == "nobody"                                # the rules say why
    assert run("reach", "xbow2").exit_code == 0 and run("move", "pike", "1108").exit_code == 1


def test_reach_shows_the_danish_threats(run) -> None:
    # C5-pike at 0913 beats cavalry and loses to crossbowmen: 0912 is threatened for cav2, not for
    # xbow2 (issue 36: Danes never make a losing attack)
    r = run("reach", "cav2")
    assert r.exit_code == 0 and "Danish threats next turn" in r.output and "0912" in r.output
    assert "0912" in json.loads(run("reach", "cav2", "--json").output)["threatened"]
    assert "0912" not in json.loads(run("reach", "xbow2", "--json").output)["threatened"]


def test_next_preview_saves_nothing(run, tmp_path: Path) -> None:
    before = (tmp_path / SAVE).read_bytes()
    r = run("next", "--preview")
    assert r.exit_code == 0 and r.output.startswith("preview: nothing saved") and "On the table" in r.output
    assert (tmp_path / SAVE).read_bytes() == before
    assert json.loads(run("next", "--preview", "--json").output)["preview"] is True


def test_terse_says_when_the_round_is_over(run, tmp_path: Path) -> None:
    for _ in range(12):
        game = read_save(tmp_path / SAVE)
        if game.pos.phase in ("regroup", "over"):
            break
        r = run("next", "--terse")
    assert "***" in r.output and ("round" in r.output.lower() or "lose" in r.output.lower() or "win" in r.output.lower())


def test_a_dane_that_would_lose_threatens_nobody(run, tmp_path: Path) -> None:
    """Danes never make a losing attack (2.0 step 2): a hex is threatened for a Swedish unit only
    by a Dane that would not lose to it, each Dane alone checked against each Swedish type; and
    `bot reach` says the same as the page."""
    from bot.stockholm1520.reach import danish_threats
    from bot.stockholm1520.units import SWEDISH_TYPES
    game = read_save(tmp_path / SAVE)
    seen = set()
    for dane in [u for u in game.pos.danish if u.type in ("cavalry", "crossbowmen", "pikemen")]:
        alone = game.table.clone()
        alone.pos.danish[:] = [u for u in alone.pos.danish if u.id == dane.id]
        for swede in SWEDISH_TYPES:
            loses = game.table.units.combat(dane.type, swede) == "loss"
            assert (not danish_threats(alone, swede)) == loses, (dane.id, swede)
            seen.add(loses)
    assert seen == {True, False}
    xbow = next(u for u in game.pos.swedish if u.id == "xbow2")
    data = json.loads(run("reach", "xbow2", "--json").output)
    assert set(data["threatened"]) <= danish_threats(game.table, xbow.type)
