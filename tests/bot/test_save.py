"""The save file: versioned JSON, atomic writes, clear errors, files left untouched."""

import json

import pytest

from bot.stockholm1520.game import Game
from bot.stockholm1520.save import FORMAT, read_save, write_save
from generator.core.errors import DataError
from tests.bot.helpers import small_game


def saved_game(tmp_path):
    game = Game(9, small_game())
    for a in ("place auto", "round", "enemy"):
        game.apply(a)
    path = tmp_path / "g.save.json"
    write_save(game, path)
    return game, path


def test_save_and_load_round_trip(tmp_path):
    game, path = saved_game(tmp_path)
    data = json.loads(path.read_text())
    assert data["format"] == FORMAT and data["version"] == 3 and data["seed"] == 9
    assert data["log"] == ["place auto", "round", "enemy"]
    assert read_save(path, small_game()).pos.to_json() == game.pos.to_json()
    assert [p.name for p in tmp_path.iterdir()] == ["g.save.json"]     # no temp file left behind


@pytest.mark.parametrize("content,message", [
    ("{not json", "not valid JSON"),
    ('{"hello": 1}', "not a Stockholm 1520 save file"),
    ('[1, 2]', "not a Stockholm 1520 save file"),
    ('{"format": "pnpkit-stockholm1520-save", "version": 99}', "version 99"),
    ('{"format": "pnpkit-stockholm1520-save", "version": 2, "seed": "x", "game": "", "data": {}, "log": 3}', "seed"),
])
def test_corrupt_or_foreign_save_gives_a_clear_error_and_is_left_untouched(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(DataError, match=message) as err:
        read_save(path, small_game())
    assert "bad.json" in str(err.value)
    assert path.read_text() == content


def test_a_log_line_that_cannot_be_replayed_is_named(tmp_path):
    _, path = saved_game(tmp_path)
    data = json.loads(path.read_text())
    data["log"].append("move cav1 0101")
    path.write_text(json.dumps(data))
    with pytest.raises(DataError, match=r"log\[3\].*cannot be replayed"):
        read_save(path, small_game())


def test_write_is_atomic_old_file_survives_a_failed_write(tmp_path, monkeypatch):
    game, path = saved_game(tmp_path)
    before = path.read_bytes()
    import generator.core.atomic as atomic_module

    def boom(*args, **kwargs):
        raise OSError("disk full")
    monkeypatch.setattr(atomic_module.os, "replace", boom)
    game.apply("end-turn") if game.pos.phase == "player" else None
    with pytest.raises(OSError):
        write_save(game, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["g.save.json"]


def copied_kit(tmp_path):
    """A private copy of the test kit, to change its data."""
    import shutil
    from tests.bot.helpers import TESTGAME
    shutil.copytree(TESTGAME.parent.parent, tmp_path / "kit")
    return tmp_path / "kit" / "data" / "testgame"


def test_a_save_records_the_sha256_of_every_data_file_it_was_made_with(tmp_path):
    import hashlib
    from tests.bot.helpers import TESTGAME
    _, path = saved_game(tmp_path)
    data = json.loads(path.read_text())["data"]
    assert set(data) == {f"data/testgame/{name}" for name in ("game.yaml", "testmap.yaml", "zones.yaml", "counters.yaml",
                                                              "troops.yaml", "events.csv")}
    map_file = TESTGAME / "testmap.yaml"
    assert data["data/testgame/testmap.yaml"] == hashlib.sha256(map_file.read_bytes()).hexdigest()


def test_changed_data_is_named_and_refused_unless_asked_and_then_recorded_when_written(tmp_path):
    from bot.stockholm1520.gamedata import load_game_data
    folder = copied_kit(tmp_path)
    game = Game(9, load_game_data(folder))
    for a in ("place auto", "round", "enemy"):
        game.apply(a)
    path = tmp_path / "g.save.json"
    write_save(game, path)
    with (folder / "troops.yaml").open("a", encoding="utf-8") as f:
        f.write("# a designer's note\n")
    with pytest.raises(DataError, match="--data-changed-ok") as err:
        read_save(path, load_game_data(folder))
    assert "field 'data': data/testgame/troops.yaml: changed" in str(err.value)
    assert "testmap.yaml" not in str(err.value)
    before = path.read_bytes()
    again = read_save(path, load_game_data(folder), data_changed_ok=True)
    assert again.pos.to_json() == game.pos.to_json()
    assert path.read_bytes() == before                       # reading alone records nothing
    write_save(again, path)
    assert read_save(path, load_game_data(folder)).log == game.log


def test_a_save_of_another_game_is_refused():
    from bot.stockholm1520.save import SaveIn, check_data
    from tests.bot.helpers import real_game
    saved = SaveIn(seed=1, game="testgame", data={}, log=[])
    with pytest.raises(DataError, match="a save of the game 'testgame', not of 'stockholm1520'"):
        check_data(saved, real_game(), "g.json", data_changed_ok=True)
