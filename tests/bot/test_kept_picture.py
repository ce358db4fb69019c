"""``show`` drawn from what was kept when the save was written (bot/status_cache.py,
``Bot.picture``): the same files and answer a replay gives, without importing the rules or
the game's data, and never once the save, a data file, the game folder or the code it was
made from changed, or what was kept is damaged."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from bot import status_cache
from bot.stockholm1520.cli import BOT
from tests.loads import counted_loads
from tests.bot.cli_saves import bot, cache, played  # noqa: F401 - cache: a fixture
from tests.bot.helpers import TESTGAME


def shown(save: Path, out: Path, game: Path = TESTGAME) -> tuple[int, dict, bytes, bytes]:
    """``show --json``: its exit code, its answer (the files by their suffix), the SVG and the PNG."""
    code, output = bot(save, "show", "--json", "--dpi", "30", "--out", str(out), game=game)
    answer = json.loads(output)
    answer["files"] = [Path(f).suffix for f in answer.get("files", [])]
    return code, answer, out.read_bytes(), out.with_suffix(".png").read_bytes()


def replays(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The saves the bot replays from now on."""
    return counted_loads(monkeypatch, BOT)


def test_the_picture_kept_draws_what_a_replay_draws(tmp_path: Path, cache: Path, monkeypatch) -> None:
    save = played(tmp_path)
    entry = json.loads(next(cache.glob("*.json")).read_text(encoding="utf-8"))
    assert entry["picture"]["position"]["last_moves"] and len(list(cache.glob("*.pickle"))) == 1
    loaded = replays(monkeypatch)
    kept = shown(save, tmp_path / "kept.svg")
    assert loaded == []                                         # drawn from what `next` kept
    shutil.rmtree(cache)
    replayed = shown(save, tmp_path / "replayed.svg")
    assert loaded == [save]
    assert kept == replayed
    code, answer, svg, png = kept
    assert code == 0 and answer["last_moves"] and b"<svg" in svg[:400] and png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(list(cache.glob("*.pickle"))) == 1               # the replay kept it again
    assert shown(save, tmp_path / "again.svg") == kept and loaded == [save]


def test_a_whole_show_process_reads_neither_the_rules_nor_the_game_s_data(tmp_path: Path) -> None:
    """A ``show`` process after ``next``, the board kept, imports neither the rules, nor the
    game's data, nor pydantic; with no board kept it registers the game's code to draw the
    board (its roads): the same picture as a show that replays the save."""
    environment = {**os.environ, "PNPKIT_CACHE": str(tmp_path / "cache")}
    save = tmp_path / "s.json"
    command = [sys.executable, "-c", "import sys; from generator.cli.app import main; main()", "bot"]
    for args in (["new", "--seed", "5"], ["place", "auto"], ["next"]):
        subprocess.run([*command, *args, "--save", str(save)], env=environment, check=True, capture_output=True)
    out = tmp_path / "p.svg"
    subprocess.run([*command, "show", "--save", str(save), "--out", str(out)], env=environment, check=True,
                   capture_output=True)                         # the board drawn once: kept
    heavy_names = ("bot.stockholm1520.", "generator.loading.games", "pydantic", "yaml", "generator.kit.datafiles")
    probe = ("import json, sys\nfrom click.testing import CliRunner\nfrom generator.cli.app import main\n"
             f"r = CliRunner().invoke(main, ['bot', 'show', '--json', '--save', {str(save)!r}, '--out', {str(out)!r}])\n"
             f"heavy = [m for m in sys.modules if m.startswith({heavy_names!r}) "
             "and m not in ('bot.stockholm1520.cli', 'bot.stockholm1520.show', 'bot.stockholm1520.board_cache')]\n"
             "print(json.dumps([r.output, sorted(heavy)]))")
    done = subprocess.run([sys.executable, "-c", probe], env=environment, check=True, capture_output=True, text=True)
    output, heavy = json.loads(done.stdout)
    assert heavy == [] and json.loads(output)["files"] == [str(out), str(out.with_suffix(".png"))]
    pictures = []
    for forget in (["boards"], ["boards", "status"]):           # no board kept; then nothing kept
        for folder in forget:
            shutil.rmtree(tmp_path / "cache" / "pnpkit" / folder, ignore_errors=True)
        subprocess.run([*command, "show", "--dpi", "30", "--save", str(save), "--out", str(out)], env=environment,
                       check=True, capture_output=True)
        pictures.append((out.read_bytes(), out.with_suffix(".png").read_bytes()))
    assert pictures[0] == pictures[1]


def test_a_changed_save_data_file_or_folder_is_replayed(tmp_path: Path, cache: Path, monkeypatch) -> None:
    kit = tmp_path / "kit"
    shutil.copytree(TESTGAME.parent.parent, kit)
    game = kit / "data" / TESTGAME.name
    save = played(tmp_path, game)
    loaded = replays(monkeypatch)
    shown(save, tmp_path / "kept.svg", game)
    assert loaded == []
    other = kit.parent / "other"                                # the same game in another folder
    shutil.copytree(kit, other)
    assert shown(save, tmp_path / "other.svg", other / "data" / TESTGAME.name)[0] == 0 and len(loaded) == 1
    troops = game / "troops.yaml"                               # a data file changed
    troops.write_text(troops.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    code, out = bot(save, "show", "--out", str(tmp_path / "changed.svg"), game=game)
    assert code == 2 and "troops.yaml: changed" in out and len(loaded) == 2
    saved = json.loads(save.read_text(encoding="utf-8"))        # the save changed
    saved["log"].append("move nobody 0101")
    save.write_text(json.dumps(saved), encoding="utf-8")
    code, out = bot(save, "show", "--out", str(tmp_path / "edited.svg"), game=other / "data" / TESTGAME.name)
    assert code == 2 and "move nobody 0101" in out and len(loaded) == 3


def test_other_code_is_replayed(tmp_path: Path, cache: Path, monkeypatch) -> None:
    save = played(tmp_path)
    loaded = replays(monkeypatch)
    monkeypatch.setattr(status_cache, "code_stamp", lambda: "another pnpkit")
    assert shown(save, tmp_path / "p.svg")[0] == 0 and loaded == [save]


def test_damaged_objects_are_replayed_removed_and_kept_anew(tmp_path: Path, cache: Path, monkeypatch) -> None:
    save = played(tmp_path)
    kept = shown(save, tmp_path / "kept.svg")
    loaded = replays(monkeypatch)
    (pickled,) = cache.glob("*.pickle")
    for damage in (b"", b"\x80\x05not a pickle", pickled.read_bytes()[:-40]):
        pickled.write_bytes(damage)
        assert shown(save, tmp_path / "kept.svg") == kept       # replayed, the same picture
        assert pickled.read_bytes() not in (damage, b"")         # and the objects kept again
    assert len(loaded) == 3
    entry = next(cache.glob("*.json"))
    document = json.loads(entry.read_text(encoding="utf-8"))
    del document["picture"]                                     # an entry of a pnpkit that kept no picture
    entry.write_text(json.dumps(document), encoding="utf-8")
    assert shown(save, tmp_path / "kept.svg") == kept and len(loaded) == 4


def test_a_picture_that_cannot_be_made_leaves_the_command_and_the_status_alone(tmp_path: Path, cache: Path,
                                                                              monkeypatch) -> None:
    def broken(game: object) -> None:
        raise KeyError("a bug in the picture")
    monkeypatch.setattr(BOT, "picture", broken)
    save = played(tmp_path)                                     # `next` wrote its save, and its status
    entry = json.loads(next(cache.glob("*.json")).read_text(encoding="utf-8"))
    assert "picture" not in entry and entry["answer"] and not list(cache.glob("*.pickle"))
