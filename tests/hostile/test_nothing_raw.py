"""Nothing raw to a terminal (issue 34 item 7): a value pnpkit echoes from a file (a position's
unit id, a kit CSV's text, a save's log line, a key) reaches stdout and stderr with its control
and bidirectional characters escaped (``\\x1b``, ``\\u202e``); with ``--json`` the JSON text
escapes them as ``\\uXXXX`` and decodes to the value unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli.app import main
from generator.core.limits import visible, visible_json
from tests.hostile.conftest import GAME, Kit

ROOT = Path(__file__).resolve().parents[2]
STOCKHOLM_POSITION = ROOT / "tests" / "bot" / "data" / "position-example.json"
BATALJ_POSITION = ROOT / "tests" / "batalj" / "bot" / "data" / "position-counter.json"

#: An escape sequence that retitles a terminal, a bell, and a right-to-left override.
HOSTILE = "\x1b]0;owned\x07"
RLO = "\u202e"


def assert_nothing_raw(text: str) -> None:
    """No character a terminal acts on or a reader cannot see (but line breaks and tabs)."""
    raw = sorted({f"U+{ord(ch):04X}" for ch in text if not ch.isprintable() and ch not in "\n\t"})
    assert not raw, f"raw characters {raw} in: {text[:400]!r}"


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def test_the_escaper_shows_each_character_and_json_keeps_the_value() -> None:
    value = f"{HOSTILE}Sk\u00e5ne{RLO}x\u2066\U000e0041\x00"
    assert visible(value) == "\\x1b]0;owned\\x07Sk\u00e5ne\\u202ex\\u2066\\U000e0041\\x00"
    assert visible("two\nlines\tand a tab") == "two\nlines\tand a tab"
    text = visible_json({"id": value, "k": [value]}, indent=2)
    assert_nothing_raw(text)
    assert json.loads(text) == {"id": value, "k": [value]}
    assert "\u00e5" in text                                    # letters stay letters


@pytest.mark.parametrize("as_json", [False, True])
def test_a_unit_id_of_a_position_is_escaped_in_the_answer(tmp_path: Path, as_json: bool) -> None:
    data = json.loads(STOCKHOLM_POSITION.read_text(encoding="utf-8"))
    for unit in data["swedish"] + data["danish"]:
        unit["id"] = f"{HOSTILE}{unit['id']}{RLO}"
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = _run("bot", "ask", str(path), *(["--json"] if as_json else []))
    assert code == 0, out + err
    assert_nothing_raw(out + err)
    if as_json:
        ids = {a["unit"] for a in json.loads(out)["actions"]}
        assert f"{HOSTILE}B1-xbow{RLO}" in ids                  # the decoded value is the id as given
    else:
        assert "\\x1b]0;owned\\x07B1-xbow\\u202e" in out


@pytest.mark.parametrize("as_json", [False, True])
def test_a_refused_unit_id_and_key_of_a_position_are_escaped(tmp_path: Path, as_json: bool) -> None:
    data = json.loads(STOCKHOLM_POSITION.read_text(encoding="utf-8"))
    data["swedish"][0]["id"] = HOSTILE + RLO
    data["swedish"][0]["hex"] = "9999"
    data["swedish"][1][f"{RLO}colour{HOSTILE}"] = 1
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = _run("bot", "ask", str(path), *(["--json"] if as_json else []))
    assert code == 2
    assert_nothing_raw(out + err)
    said = json.loads(out)["error"] if as_json else err
    assert "\\x1b]0;owned\\x07\\u202e" in said and "\\u202ecolour" in said


def test_a_province_card_of_a_batalj_position_is_escaped(tmp_path: Path) -> None:
    data = json.loads(BATALJ_POSITION.read_text(encoding="utf-8"))
    data["sweden"]["reserve"]["cards"] = [f"Got{RLO}land{HOSTILE}"]
    data["sweden"]["s3"] = {"soldiers": 0, "card": f"{RLO}Dal"}
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for args in ((), ("--json",)):
        code, out, err = _run("batalj", "ask", str(path), *args)
        assert code == 2
        assert_nothing_raw(out + err)
        assert "\\u202e" in out + err


def test_a_log_line_of_a_save_is_escaped(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    assert _run("bot", "new", "--seed", "3", "--save", str(save))[0] == 0
    data = json.loads(save.read_text(encoding="utf-8"))
    data["log"].append(f"move {HOSTILE}cav1{RLO} 0909")
    save.write_text(json.dumps(data), encoding="utf-8")
    for verb in ("status", "log"):
        for args in ((), ("--json",)):
            code, out, err = _run("bot", verb, "--save", str(save), *args)
            assert_nothing_raw(out + err)
            assert code != 0 or "\\u202e" in out


def test_a_right_to_left_override_in_a_kit_text_is_escaped(kit: Kit) -> None:
    kit.replace(f"{GAME}/cards/cards.csv", "Scout,3", f"Sc{RLO}out{HOSTILE},3")
    for output in kit.check_and_build_refuse("mygame"):
        assert_nothing_raw(output)
        assert "\\u202e" in output
