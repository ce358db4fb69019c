"""Batalj keeps its status and its picture as Stockholm does (bot/status_cache.py, issue 40):
``status`` and ``show`` answer what a replay answers without one, and a changed save or a
changed file of the game's folder (the board's layout) is replayed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from bot.batalj.cli import BOT, batalj_group
from tests.loads import counted_loads

ROOT = Path(__file__).resolve().parents[3]


def batalj(save: Path, *args: str) -> tuple[int, str]:
    r = CliRunner().invoke(batalj_group, [*args, "--save", str(save)], catch_exceptions=False)
    return r.exit_code, r.output


@pytest.fixture
def kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A kit of Batalj's own folder (its board may be edited), the working directory, and a
    user cache of the test's own."""
    root = tmp_path / "kit"
    shutil.copytree(ROOT / "data" / "batalj", root / "data" / "batalj")
    monkeypatch.chdir(root)
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))
    return root


def replays(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The saves the bot replays from now on."""
    return counted_loads(monkeypatch, BOT)


def started(kit: Path) -> Path:
    save = kit / "b.json"
    assert batalj(save, "new", "--players", "3", "--seed", "7")[0] == 0
    assert batalj(save, "place", "left", "Uppland", "3", "1")[0] == 0
    return save


def test_status_and_show_are_answered_without_a_replay_as_a_replay_answers(kit: Path, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    save = started(kit)
    loaded = replays(monkeypatch)
    kept = [batalj(save, "status", "--json"), batalj(save, "status"),
            batalj(save, "show", "--json", "--dpi", "20", "--out", str(tmp_path / "kept.png"))]
    assert loaded == []                                      # every answer kept when `place` wrote the save
    shutil.rmtree(tmp_path / "cache")
    replayed = [batalj(save, "status", "--json"), batalj(save, "status"),
                batalj(save, "show", "--json", "--dpi", "20", "--out", str(tmp_path / "replayed.png"))]
    assert loaded == [save]                                  # the first replay keeps the answer again
    assert kept[:2] == replayed[:2] and json.loads(kept[0][1])["actions"] == 1
    assert (tmp_path / "kept.png").read_bytes() == (tmp_path / "replayed.png").read_bytes()


def test_an_edited_board_or_save_is_replayed(kit: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = started(kit)
    loaded = replays(monkeypatch)
    layout = kit / "data" / "batalj" / "layouts" / "battlefield.yaml"
    layout.write_text(layout.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert batalj(save, "show", "--dpi", "20", "--out", str(tmp_path / "a.png"))[0] == 0
    assert loaded == [save]
    data = json.loads(save.read_text())
    data["log"] = data["log"][:0]
    save.write_text(json.dumps(data))
    code, out = batalj(save, "status", "--json")
    assert code == 0 and json.loads(out)["actions"] == 0 and loaded == [save, save]
