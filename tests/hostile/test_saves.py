"""A save is read within bounds: a huge number, deep nesting or a device gives a clear error."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.stockholm1520.save import read_save
from generator.core.errors import DataError
from generator.kit.datafiles import load_json


def _problem(path: Path) -> str:
    with pytest.raises(DataError) as caught:
        read_save(path)
    return str(caught.value)


def test_a_seed_with_thousands_of_digits(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    save.write_text('{"format": "pnpkit-stockholm1520-save", "version": 2, "seed": ' + "9" * 5000 + "}",
                    encoding="utf-8")
    message = _problem(save)
    assert "s.json: not valid JSON" in message and "digits" in message and len(message) < 300


def test_deep_nesting_in_a_save(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    save.write_text('{"log": ' + "[" * 50000 + "]" * 50000 + "}", encoding="utf-8")
    assert "s.json: nested more than 64 levels deep" in _problem(save)


def test_a_device_is_not_read_whole() -> None:
    with pytest.raises(DataError) as caught:
        load_json(Path("/dev/zero"))
    assert "/dev/zero: not a regular file" in str(caught.value)


def test_a_file_over_the_size_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import generator.core.limits as limits

    big = tmp_path / "big.json"
    big.write_text("[" + "0," * 1000 + "0]", encoding="utf-8")
    monkeypatch.setattr(limits, "MAX_DATA_FILE_BYTES", 1024)
    monkeypatch.setattr(limits.read_bounded, "__defaults__", (1024,))
    with pytest.raises(DataError) as caught:
        load_json(big)
    assert "big.json: larger than" in str(caught.value)


def _bot(tmp_path: Path, *args: str) -> tuple[int, str, str]:
    from click.testing import CliRunner

    from generator.cli.app import main

    result = CliRunner().invoke(main, ["bot", *args, "--save", str(tmp_path / "game.json")])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def test_json_errors_of_the_command_line_are_json_on_stdout(tmp_path: Path) -> None:
    import json

    for args, says in ((["new", "--seed", "abc", "--json"], "Invalid value for '--seed'"),
                       (["new", "--seed", "9" * 5000, "--json"], "at most 19 digits"),
                       (["undo", "0", "--json"], "0 is not in the range")):
        code, stdout, _ = _bot(tmp_path, *args)
        answer = json.loads(stdout)
        assert code == 2 and answer["ok"] is False and says in answer["error"], stdout
        assert len(answer["error"]) < 200
    assert not (tmp_path / "game.json").exists()


def test_a_seed_of_thousands_of_digits_is_not_echoed(tmp_path: Path) -> None:
    code, stdout, stderr = _bot(tmp_path, "new", "--seed", "9" * 5000)
    assert code == 2 and "expected a whole number of at most 19 digits" in stderr and len(stderr) < 400


def test_a_map_of_dev_zero_is_refused(tmp_path: Path) -> None:
    from tests.hostile.conftest import ROOT, STOCKHOLM, Kit
    import shutil

    kit = Kit(tmp_path / "kit")
    shutil.copytree(ROOT / STOCKHOLM, kit.path(STOCKHOLM))
    kit.replace(f"{STOCKHOLM}/counters.yaml", "map: map.yaml", "map: /dev/zero")
    for output in kit.check_and_build_refuse("stockholm1520"):
        assert "data/stockholm1520/counters.yaml" in output and "'/dev/zero' is an absolute path" in output
    kit.replace(f"{STOCKHOLM}/counters.yaml", "map: /dev/zero", "map: zero.yaml")
    kit.path(f"{STOCKHOLM}/zero.yaml").symlink_to("/dev/zero")
    for output in kit.check_and_build_refuse("stockholm1520"):
        assert "'zero.yaml' leads outside the kit folder" in output
