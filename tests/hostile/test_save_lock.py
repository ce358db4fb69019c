"""The save is locked while a bot command reads and writes it; a read-only save is not
rewritten; a save that is a symlink is written through."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from filelock import FileLock

import bot.savelock
from bot.stockholm1520.cli import bot_group
from tests.bot.helpers import TESTGAME


def _bot(save: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(bot_group, [*args, "--game", str(TESTGAME), "--save", str(save)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def _log(save: Path) -> list[str]:
    return json.loads(save.read_text(encoding="utf-8"))["log"]


def test_a_read_only_save_is_not_rewritten(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    assert _bot(save, "new", "--seed", "4")[0] == 0
    before = save.read_bytes()
    save.chmod(0o444)
    try:
        code, output = _bot(save, "place", "cavalry", "0705")
    finally:
        save.chmod(0o644)
    assert code == 2 and "game.json: the save file is read-only: nothing was written" in output
    assert save.read_bytes() == before


def test_a_symlinked_save_is_written_through(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    assert _bot(real, "new", "--seed", "4")[0] == 0
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert _bot(link, "place", "cavalry", "0705")[0] == 0
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert _log(real) == ["place cavalry 0705"]


def test_a_command_waits_for_the_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "game.json"
    assert _bot(save, "new", "--seed", "4")[0] == 0
    before = save.read_bytes()
    monkeypatch.setattr(bot.savelock, "LOCK_WAIT_S", 0.3)
    with FileLock(str(tmp_path / ".game.json.lock")):
        code, output = _bot(save, "place", "cavalry", "0705")
    assert code == 2 and "another bot command has held this save for 0.3 s" in output
    assert save.read_bytes() == before
    assert _bot(save, "place", "cavalry", "0705")[0] == 0      # free again


def test_two_commands_at_once_both_count(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    assert _bot(save, "new", "--seed", "4")[0] == 0
    command = [str(Path(sys.executable).parent / "pnpkit")]
    args = ["bot", "place", "cavalry", "{hex}", "--game", str(TESTGAME), "--save", str(save)]
    runs = [subprocess.Popen([*command, *[a.format(hex=h) for a in args]], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, cwd=Path(__file__).resolve().parents[2])
            for h in ("0705", "0706")]
    outputs = [run.communicate(timeout=120)[0].decode() for run in runs]
    assert all(run.returncode == 0 for run in runs), outputs
    assert sorted(_log(save)) == ["place cavalry 0705", "place cavalry 0706"]


def test_show_and_status_answer_what_was_kept_without_the_lock_and_wait_for_it_to_replay(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``show`` and ``status`` never write the save: the picture and status kept for the save's
    bytes (bot.status_cache) are answered while another command holds the lock; a command that
    must replay the save waits."""
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))
    save = tmp_path / "game.json"
    assert _bot(save, "new", "--seed", "4")[0] == 0
    monkeypatch.setattr(bot.savelock, "LOCK_WAIT_S", 0.3)
    out = tmp_path / "p.svg"
    with FileLock(str(tmp_path / ".game.json.lock")):
        assert _bot(save, "show", "--dpi", "20", "--out", str(out))[0] == 0 and out.is_file()
        assert _bot(save, "status")[0] == 0                     # status too: its answer kept
        for kept in (tmp_path / "cache").rglob("*.pickle"):
            kept.unlink()                                       # nothing kept: show replays the save
        code, output = _bot(save, "show", "--dpi", "20", "--out", str(out))
        assert code == 2 and "another bot command has held this save for 0.3 s" in output
        for kept in (tmp_path / "cache").rglob("*.json"):
            kept.unlink()
        code, output = _bot(save, "status")
    assert code == 2 and "another bot command has held this save for 0.3 s" in output
