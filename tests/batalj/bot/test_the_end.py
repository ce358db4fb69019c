"""A battle ends only by the rules (issue 37 item 1): "Repeat step 2-6 until the Reserve on
either side is empty". A stalled battle (nothing in any Sector, one Soldier in each Reserve)
goes on, cards played "anytime during the war" still count, and the players may end it by
agreement (`pnpkit batalj end --agreed`, a button on the page), which the save records."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from bot.batalj.ask import answer
from bot.batalj.cli import BOT, batalj_group
from bot.batalj.events import play_event
from bot.batalj.redeployment import enemy_redeployment
from bot.batalj.save import replay_save
from bot.web.view import Shown
from tests.batalj.bot.helpers import table, texts
from tests.batalj.bot.test_cli import started

STALLED = {"game": "batalj", "players": 3, "step": "redeploy", "round": 4,
           "sweden": {"reserve": {"soldiers": 1, "commanders": 0, "cannons": [], "cards": ["Gotland"]}},
           "enemy": {"reserve": {"soldiers": 1, "commanders": 0, "cannons": [2]}}}


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(batalj_group, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_a_stalled_position_is_answered_and_goes_on() -> None:
    result = answer(json.loads(json.dumps(STALLED)), "stalled.json", 0, [], None)
    assert result["result"] == "continue" and result["winner"] is None
    assert result["position"]["step"] == "fire" and result["position"]["round"] == 5
    assert any("pnpkit batalj end --agreed" in a["text"] for a in result["actions"])


def test_a_card_played_anytime_still_counts_in_a_stalled_battle() -> None:
    t = table(phase="redeploy", sr=(1, 0), er=(1, 0))
    enemy_redeployment(t)
    play_event(t, "supply", "")                 # "May be played anytime during the war"
    assert t.battle.reserves["sweden"].soldiers == 4 and t.battle.phase == "fire"
    play_event(t, "poltava", "")
    assert t.battle.reserves["enemy"].soldiers == 6 and "Poltava" in texts(t)


def test_the_players_end_a_battle_by_agreement_and_the_save_says_so(tmp_path: Path) -> None:
    save = started(tmp_path)
    s = ["--save", str(save)]
    code, out = run("end", *s)
    assert code == 2 and "pnpkit batalj end --agreed" in out and "a Reserve has no Soldier" in out
    code, out = run("end", "--agreed", *s)
    assert code == 0 and "by agreement" in out and "the battle is over: ended by agreement." in out, out
    assert json.loads(save.read_text(encoding="utf-8"))["log"][-1] == "end agreed"
    game = replay_save(save).game
    assert game is not None and (game.battle.phase, game.battle.winner, game.battle.ended) == ("over", None, "agreement")
    status = json.loads(run("status", "--json", *s)[1])
    assert status["phase"] == "over" and status["position"]["ended"] == "agreement"
    code, out = run("fire", *s)
    assert code == 1 and "the battle is over: it was ended by agreement" in out
    assert run("undo", *s)[0] == 0                      # taken back like any action
    assert json.loads(run("status", "--json", *s)[1])["phase"] == "fire"


def test_the_page_has_an_end_by_agreement_button(tmp_path: Path) -> None:
    game = replay_save(started(tmp_path)).game
    assert game is not None
    view = BOT.page()
    assert 'id="end-agreed"' in view.fragment(game, Shown()) and "hx-confirm" in view.fragment(game, Shown())
    after, shown = view.handle(game, {"op": "end"})
    assert after.battle.phase == "over" and after.log[-1] == "end agreed" and shown.changed
    assert 'id="end-agreed"' not in view.fragment(after, Shown())
