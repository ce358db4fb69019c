"""Two bot commands on one save at once lose nothing: the save ends as one of the two orders
the commands could have run in, one after the other. And a save edited by hand: an illegal
position is refused naming its field; an illegal last line of the log can still be undone."""

from __future__ import annotations

import json
import multiprocessing
import os
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from bot.stockholm1520.cli import bot_group
from tests.bot.helpers import TESTGAME, small_game

FORK = multiprocessing.get_context("fork")
MOVES = (("move", "cav1", "0605"), ("move", "pike2", "1006"))
ENEMY_UNDO = (("enemy", "--json"), ("undo", "--yes", "--json"))


def _args(save: Path, command: tuple[str, ...]) -> list[str]:
    return [*command, "--game", str(TESTGAME), "--save", str(save)]


def _bot(save: Path, *command: str) -> tuple[int, str]:
    result = CliRunner().invoke(bot_group, _args(save, command))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def _child(save: Path, command: tuple[str, ...]) -> None:
    """One bot command in a forked process; its exit status is the command's."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    try:
        bot_group.main(_args(save, command), prog_name="pnpkit bot", standalone_mode=True)
    except SystemExit as done:
        os._exit(done.code if isinstance(done.code, int) else 1)
    except BaseException:
        os._exit(3)
    os._exit(0)


def _log(save: Path) -> list[str]:
    return json.loads(save.read_text(encoding="utf-8"))["log"]


def _serial(start: Path, first: tuple[str, ...], second: tuple[str, ...], tmp: Path) -> tuple[list[int], list[str]]:
    """Exit statuses and log when ``first`` then ``second`` run one after the other."""
    save = tmp / "serial.json"
    shutil.copyfile(start, save)
    codes = [_bot(save, *first)[0], _bot(save, *second)[0]]
    return codes, _log(save)


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A game at the Danish turn of round 1 (``enemy``), and at the player's turn after it (``player``)."""
    folder = tmp_path_factory.mktemp("saves")
    save = folder / "game.json"
    for command in (("new", "--seed", "4"), ("place", "cavalry", "0705"), ("place", "auto"),
                    ("round", "--drawn", "E-MOVE-B Z-A1-R", "--drawn", "Z-B1-G", "Z-C1-B", "Z-D1-R")):
        assert _bot(save, *command)[0] == 0, command
    shutil.copyfile(save, folder / "enemy.json")
    assert _bot(save, "enemy")[0] == 0
    shutil.copyfile(save, folder / "player.json")
    small_game()            # the game's data read once here, not in every fork
    return {"enemy": folder / "enemy.json", "player": folder / "player.json"}


@pytest.mark.skipif(sys.platform == "win32", reason="forks")
def test_ten_pairs_of_bot_commands_on_one_save(saves: dict[str, Path], tmp_path: Path) -> None:
    for pair in range(10):
        start, commands = (saves["player"], MOVES) if pair % 2 == 0 else (saves["enemy"], ENEMY_UNDO)
        orders = [_serial(start, commands[0], commands[1], tmp_path), _serial(start, commands[1], commands[0], tmp_path)]
        assert orders[0] != orders[1]
        save = tmp_path / f"pair{pair}.json"
        shutil.copyfile(start, save)
        runs = [FORK.Process(target=_child, args=(save, command)) for command in commands]
        for run in runs:
            run.start()
        for run in runs:
            run.join(60)
        codes, log = [run.exitcode for run in runs], _log(save)
        # which ran first is up to the lock; the statuses are given in the commands' order
        assert (codes, log) in [(orders[0][0], orders[0][1]), (orders[1][0][::-1], orders[1][1])], \
            f"pair {pair} {commands}: {codes} {log[-3:]}"


def _edited(saves: dict[str, Path], tmp_path: Path, edit) -> Path:
    data = json.loads(saves["player"].read_text(encoding="utf-8"))
    edit(data)
    save = tmp_path / "edited.json"
    save.write_text(json.dumps(data), encoding="utf-8")
    return save


def test_a_hand_edited_illegal_position_is_refused_naming_the_field(saves: dict[str, Path], tmp_path: Path) -> None:
    def off_the_map(data: dict) -> None:
        data["position"]["swedish"][0]["hex"] = "9999"
    save = _edited(saves, tmp_path, off_the_map)
    before = save.read_bytes()
    code, output = _bot(save, "status")
    assert code == 2 and "edited.json: field 'position.swedish[0].hex'" in output and "9999" in output
    assert "Traceback" not in output and save.read_bytes() == before


def test_a_legal_position_the_log_does_not_give_yields_to_the_log(saves: dict[str, Path], tmp_path: Path) -> None:
    """An older pnpkit may have written another position: the log is what counts."""
    def moved(data: dict) -> None:
        data["position"]["swedish"][0]["hex"] = "0605"
    save = _edited(saves, tmp_path, moved)
    code, output = _bot(save, "status", "--json")
    assert code == 0 and json.loads(output)["position"]["swedish"][0]["hex"] == "0705"


def test_an_illegal_last_log_line_can_be_undone(saves: dict[str, Path], tmp_path: Path) -> None:
    def bad_last_line(data: dict) -> None:
        data["log"].append("move cav1 0101")
    save = _edited(saves, tmp_path, bad_last_line)
    code, output = _bot(save, "status")
    assert code == 2 and "edited.json: field 'log[4]': action 5 'move cav1 0101' cannot be replayed" in output
    assert "`pnpkit bot undo 1` takes it back" in output
    code, output = _bot(save, "undo", "--json")
    assert code == 0 and json.loads(output)["undone"] == ["move cav1 0101"], output
    assert _log(save) == _log(saves["player"])
    assert _bot(save, "status")[0] == 0


def test_undo_takes_back_the_lines_before_an_illegal_last_one(saves: dict[str, Path], tmp_path: Path) -> None:
    def bad_last_line(data: dict) -> None:
        data["log"].append("attack nobody")
    save = _edited(saves, tmp_path, bad_last_line)
    code, output = _bot(save, "undo", "2", "--yes", "--json")
    assert code == 0 and json.loads(output)["undone"] == ["enemy", "attack nobody"], output
    assert _log(save) == _log(saves["enemy"])
