"""A save is read within bounds: a huge number, deep nesting or a device gives a clear error."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.save import read_save
from generator.errors import DataError
from generator.datafiles import load_json


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
    import generator.limits as limits

    big = tmp_path / "big.json"
    big.write_text("[" + "0," * 1000 + "0]", encoding="utf-8")
    monkeypatch.setattr(limits, "MAX_DATA_FILE_BYTES", 1024)
    monkeypatch.setattr(limits.read_bounded, "__defaults__", (1024,))
    with pytest.raises(DataError) as caught:
        load_json(big)
    assert "big.json: larger than" in str(caught.value)
