"""Parses kept in the user cache (``generator.core.usercache.kept``): a YAML file or an icon parsed
by one process is read back by the next, the same values with the same line numbers; a file
changed since, or an entry damaged, is parsed again."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.usercache import kept, user_cache
from generator.draw import icons
from generator.kit import datafiles


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache" / "pnpkit"


def test_kept_is_made_once_for_a_key_and_again_for_another(cache: Path) -> None:
    made: list[int] = []

    def make() -> dict:
        made.append(1)
        return {"n": len(made)}
    assert kept("things", "slot", b"one", make, dict) == {"n": 1}
    assert kept("things", "slot", b"one", make, dict) == {"n": 1} and len(made) == 1
    assert kept("things", "slot", b"two", make, dict) == {"n": 2}       # the slot's input changed
    assert kept("things", "slot", b"one", make, dict) == {"n": 3}       # one entry a slot: made again
    assert len(list((cache / "things").iterdir())) == 1


def test_a_damaged_or_foreign_entry_is_made_again(cache: Path) -> None:
    assert kept("things", "slot", b"key", lambda: [1, 2], list) == [1, 2]
    [entry] = (cache / "things").iterdir()
    entry.write_bytes(entry.read_bytes()[:40])                          # cut short
    assert kept("things", "slot", b"key", lambda: [3], list) == [3]
    assert kept("things", "slot", b"key", lambda: {"made": True}, dict) == {"made": True}   # a list is no dict


def test_a_cache_that_cannot_be_made_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.core import usercache

    monkeypatch.setattr(usercache, "_stand_in", None)
    (tmp_path / "a-file").write_text("not a folder")
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "a-file"))
    assert not user_cache("things").is_relative_to(tmp_path)        # a temporary folder instead
    assert kept("things", "slot", b"key", lambda: "made", str) == "made"


def _load(path: Path) -> object:
    datafiles._PARSED.clear()           # as a new process: nothing parsed in this one
    return datafiles.load_yaml(path)


def test_a_yaml_file_is_read_back_with_its_line_numbers_and_parsed_again_when_changed(cache: Path,
                                                                                      tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text("cards:\n  - id: a\n    cost: 2\n  - id: b\n", encoding="utf-8")
    first = _load(path)
    assert len(list((cache / "yaml").iterdir())) == 1
    second = _load(path)
    assert second == first == {"cards": [{"id": "a", "cost": 2}, {"id": "b"}]}
    assert second.lines["cards"] == 1 and second["cards"].lines == [2, 4] and second["cards"][1].line == 4
    path.write_text("cards:\n  - id: c\n", encoding="utf-8")
    assert _load(path) == {"cards": [{"id": "c"}]}


def test_a_yaml_file_in_error_is_never_kept(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("a: [1, 2\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(datafiles.DataError):
            _load(path)
    assert not (cache / "yaml").exists() or not list((cache / "yaml").iterdir())


def test_an_icon_is_read_back_as_parsed(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "shield.svg"
    path.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
                    '<path d="M1 1 L9 1 L5 9 Z" fill="currentColor"/></svg>', encoding="utf-8")
    icons._PARSED.clear()
    first = icons.load_icon(path)
    icons._PARSED.clear()
    second = icons.load_icon(path)
    assert second == first and second is not first and len(list((cache / "icons").iterdir())) == 1
