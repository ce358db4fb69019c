"""``status`` answered from its cache (bot/status_cache.py): the same answer a replay gives,
without importing the rules, the game's data or pydantic, and never once the save, a data
file or the game folder it was made from changed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.bot.cli_saves import bot, cache, played  # noqa: F401 - cache: a fixture
from tests.bot.helpers import TESTGAME


def test_the_kept_answer_is_the_answer_a_replay_gives(tmp_path: Path, cache: Path) -> None:
    save = played(tmp_path)
    assert len(list(cache.glob("*.json"))) == 1                  # kept when `next` wrote the save
    kept = [bot(save, "status", "--json"), bot(save, "status")]
    shutil.rmtree(cache)
    replayed = [bot(save, "status", "--json"), bot(save, "status")]
    assert kept == replayed
    code, out = replayed[0]
    status = json.loads(out)
    assert code == 0 and status["actions"] >= 3 and status["phase"] == "player" and status["decks"]


def test_a_kept_answer_needs_no_replay(tmp_path: Path) -> None:
    """A whole ``pnpkit bot status`` process after ``next`` imports neither the rules nor the
    game's data nor pydantic, and answers what the replay answers."""
    environment = {**os.environ, "PNPKIT_CACHE": str(tmp_path / "cache")}
    save = tmp_path / "s.json"
    command = [sys.executable, "-c", "import sys; from generator.cli.app import main; main()", "bot"]
    for args in (["new", "--seed", "5"], ["place", "auto"], ["next"]):
        subprocess.run([*command, *args, "--save", str(save)], env=environment, check=True, capture_output=True)
    heavy_names = ("pydantic", "yaml", "bot.stockholm1520.", "generator.loading.games", "generator.hexmap")
    probe = ("import json, sys\nfrom click.testing import CliRunner\nfrom generator.cli.app import main\n"
             f"r = CliRunner().invoke(main, ['bot', 'status', '--json', '--save', {str(save)!r}])\n"
             f"heavy = [m for m in sys.modules if m.startswith({heavy_names!r}) and m != 'bot.stockholm1520.cli']\n"
             "print(json.dumps([r.output, sorted(heavy)]))")
    done = subprocess.run([sys.executable, "-c", probe], env=environment, check=True, capture_output=True, text=True)
    output, heavy = json.loads(done.stdout)
    assert heavy == [] and json.loads(output)["actions"] >= 3
    environment["PNPKIT_CACHE"] = str(tmp_path / "empty")
    again = subprocess.run([*command, "status", "--json", "--save", str(save)], env=environment, check=True,
                           capture_output=True, text=True)
    assert json.loads(again.stdout) == json.loads(output)


def test_a_changed_data_file_is_noticed(tmp_path: Path, cache: Path) -> None:
    kit = tmp_path / "kit"
    shutil.copytree(TESTGAME.parent.parent, kit)
    game = kit / "data" / TESTGAME.name
    save = played(tmp_path, game)
    assert bot(save, "status", game=game)[0] == 0
    troops = game / "troops.yaml"
    troops.write_text(troops.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    code, out = bot(save, "status", game=game)
    assert code == 2 and "--data-changed-ok" in out and "troops.yaml: changed" in out


def test_an_edited_save_is_replayed(tmp_path: Path, cache: Path) -> None:
    save = played(tmp_path)
    saved = json.loads(save.read_text(encoding="utf-8"))
    saved["log"].append("move nobody 0101")
    save.write_text(json.dumps(saved), encoding="utf-8")
    code, out = bot(save, "status")
    assert code == 2 and "move nobody 0101" in out


def test_another_game_folder_is_not_answered_for(tmp_path: Path, cache: Path) -> None:
    """The same save played with another copy of its game: the answer kept for the first
    folder is not used (the copy's files are read, and found the same)."""
    save = played(tmp_path)
    kit = tmp_path / "kit"
    shutil.copytree(TESTGAME.parent.parent, kit)
    copy = kit / "data" / TESTGAME.name
    entry = next(cache.glob("*.json"))
    assert json.loads(entry.read_text(encoding="utf-8"))["folder"] == str(TESTGAME.resolve())
    answer = bot(save, "status", game=copy)
    assert json.loads(entry.read_text(encoding="utf-8"))["folder"] == str(copy.resolve())   # kept anew
    assert answer == bot(save, "status")


def test_a_save_that_is_a_named_pipe_is_not_waited_on(tmp_path: Path, cache: Path) -> None:
    """The cache never opens a save that is not a regular file (a named pipe waits for a writer
    for ever): the command says what it says of it without the cache."""
    save = tmp_path / "pipe.json"
    os.mkfifo(save)
    from bot.status_cache import cached_status
    from bot.stockholm1520.cli import BOT
    assert cached_status(BOT, save, {}) is None
