"""Unit ids are never reused (issue 23): a new unit never takes an id used earlier in the game,
Swedish or Danish; a save of version 2 (before this rule) replays with the ids it was played
with, and is written back as version 2."""

import json
import shutil
from pathlib import Path

from bot.stockholm1520.game import Game
from bot.stockholm1520.rules.player import attack, upgrade
from bot.stockholm1520.save import read_save, write_save
from tests.bot.helpers import DATA, small_game, table

OLD_SAVE = DATA / "save-v2-reused-id.json"      # seed 0 on the test game, written by pnpkit before the rule


def test_an_upgraded_militia_does_not_take_a_dead_units_id():
    # cav1 dies attacking a pikeman (5.0: a loss), then militia1 trains into cavalry (3.1).
    t = table([("cav1", "cavalry", "1305"), ("cav2", "cavalry", "0303"), ("militia1", "militia", "0705")],
              [("p", "pikemen", "1405", "B", 1)], phase="player")
    attack(t, "cav1", "p")
    assert t.pos.unit("cav1") is None
    upgrade(t, "militia1", "cavalry")
    assert sorted(u.id for u in t.pos.swedish) == ["cav2", "cav3"]


def test_a_game_saved_before_the_rule_reuses_ids_as_it_was_played(tmp_path):
    save = tmp_path / "old.save.json"
    shutil.copy(OLD_SAVE, save)
    game = read_save(save, small_game())
    assert game.edition == 2 and game.log[-1] == "upgrade militia1 cavalry"
    assert "cav2" in {u.id for u in game.pos.swedish}          # the dead cav2's id, as it was played
    assert any(r.get("unit") == "cav2" for r in game.records[-1])
    write_save(game, save)                                       # written back: still version 2, same log
    data = json.loads(save.read_text())
    assert data["version"] == 2 and data["log"] == json.loads(OLD_SAVE.read_text())["log"]


def test_the_same_log_played_now_gives_the_new_cavalry_a_fresh_id():
    log = json.loads(OLD_SAVE.read_text())["log"]
    game = Game(0, small_game()).replayed(log)
    assert game.edition == 3
    assert sorted(u.id for u in game.pos.swedish) == ["cav1", "cav3", "pike1", "xbow2"]
    spawned = [r["unit"] for records in game.records for r in records if r["kind"] == "spawn"]
    assert len(spawned) == len(set(spawned)) > 8                # no Dane takes a dead Dane's id either


def test_new_saves_are_version_3(tmp_path):
    game = Game(0, small_game())
    game.apply("place auto")
    write_save(game, tmp_path / "g.json")
    assert json.loads((tmp_path / "g.json").read_text())["version"] == 3
