"""The save file: versioned JSON, atomic writes, clear errors, files left untouched."""

import json

import pytest

from bot.game import Game
from bot.save import FORMAT, read_save, write_save
from generator.errors import DataError
from tests.bot.helpers import TESTMAP


def saved_game(tmp_path):
    game = Game(9, TESTMAP)
    for a in ("place auto", "round", "enemy"):
        game.apply(a)
    path = tmp_path / "g.save.json"
    write_save(game, path)
    return game, path


def test_save_and_load_round_trip(tmp_path):
    game, path = saved_game(tmp_path)
    data = json.loads(path.read_text())
    assert data["format"] == FORMAT and data["version"] == 1 and data["seed"] == 9
    assert data["log"] == ["place auto", "round", "enemy"]
    assert read_save(path).pos.to_json() == game.pos.to_json()
    assert [p.name for p in tmp_path.iterdir()] == ["g.save.json"]     # no temp file left behind


@pytest.mark.parametrize("content,message", [
    ("{not json", "not valid JSON"),
    ('{"hello": 1}', "not a Stockholm 1520 save file"),
    ('[1, 2]', "not a Stockholm 1520 save file"),
    ('{"format": "pnpkit-stockholm1520-save", "version": 99}', "version 99"),
    ('{"format": "pnpkit-stockholm1520-save", "version": 1, "seed": "x", "map": "", "log": 3}', "seed"),
])
def test_corrupt_or_foreign_save_gives_a_clear_error_and_is_left_untouched(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(DataError, match=message) as err:
        read_save(path)
    assert "bad.json" in str(err.value)
    assert path.read_text() == content


def test_a_log_line_that_cannot_be_replayed_is_named(tmp_path):
    _, path = saved_game(tmp_path)
    data = json.loads(path.read_text())
    data["log"].append("move cav1 0101")
    path.write_text(json.dumps(data))
    with pytest.raises(DataError, match=r"log\[3\].*cannot be replayed"):
        read_save(path)


def test_write_is_atomic_old_file_survives_a_failed_write(tmp_path, monkeypatch):
    game, path = saved_game(tmp_path)
    before = path.read_bytes()
    import generator.atomic as atomic_module

    def boom(*args, **kwargs):
        raise OSError("disk full")
    monkeypatch.setattr(atomic_module.os, "replace", boom)
    game.apply("end-turn") if game.pos.phase == "player" else None
    with pytest.raises(OSError):
        write_save(game, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["g.save.json"]
