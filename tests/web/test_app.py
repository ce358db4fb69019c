"""The companion page's web application (bot.web.app) without a browser: the token, the
save's lock, errors as messages, the size of what it sends."""

from __future__ import annotations

import gzip
import json
import warnings
from pathlib import Path

import pytest

from bot.stockholm1520.game import Game
from bot.stockholm1520.gamedata import load_game_data
from bot.stockholm1520.save import read_save, write_save

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from bot.stockholm1520.cli import BOT as STOCKHOLM1520_BOT
from bot.web.app import make_app
VIEW = STOCKHOLM1520_BOT.page()

TOKEN = "s3cret-token"
POST = {"X-Token": TOKEN}
LOCAL = "http://localhost"       # the page answers only at the hosts it serves on


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "game.save.json"
    game = Game(5, load_game_data(None))
    game.apply("place auto")
    write_save(game, path)
    return path


@pytest.fixture
def client(save: Path) -> TestClient:
    return TestClient(make_app(VIEW, save, TOKEN), base_url=LOCAL)


def test_requests_without_the_token_are_refused(client: TestClient, save: Path) -> None:
    before = save.read_bytes()
    assert client.get("/").status_code == 403
    assert client.get("/?t=wrong").status_code == 403
    assert client.get("/board.svg").status_code == 403
    assert client.post("/act", data={"op": "next"}).status_code == 403
    # the token in the URL is not enough for a POST: another site's form could carry it
    assert client.post(f"/act?t={TOKEN}", data={"op": "next"}).status_code == 403
    assert client.put("/act", headers=POST).status_code == 403
    assert "token" in client.get("/").text
    assert save.read_bytes() == before


def test_the_page_and_its_assets_with_the_token(client: TestClient) -> None:
    page = client.get(f"/?t={TOKEN}")
    assert page.status_code == 200 and 'id="game"' in page.text
    assert f'"X-Token": "{TOKEN}"' in page.text
    assert "cdn" not in page.text.lower() and "https://" not in page.text
    script = client.get(f"/static/htmx.min.js?t={TOKEN}")
    assert script.status_code == 200 and b'version:"2.0.11"' in script.content
    board = client.get("/board.svg")                    # the cookie the page set
    assert board.status_code == 200 and board.headers["content-type"].startswith("image/svg+xml")
    assert b"<svg" in board.content[:400]


def test_a_page_is_under_300_kb_as_sent(client: TestClient) -> None:
    client.get(f"/?t={TOKEN}")
    after = client.post("/act", data={"op": "next"}, headers={**POST, "Accept-Encoding": "gzip"})
    sent = 0
    for url in (f"/?t={TOKEN}", f"/static/htmx.min.js?t={TOKEN}", "/board.svg"):
        r = client.get(url, headers={"Accept-Encoding": "gzip"})
        assert r.headers.get("content-encoding") == "gzip"
        sent += len(gzip.compress(r.content))
    assert sent < 300_000, sent
    assert len(gzip.compress(after.content)) < 100_000


def test_a_refused_move_is_a_message_and_changes_nothing(client: TestClient, save: Path) -> None:
    before = save.read_bytes()
    r = client.post("/act", data={"op": "tap", "tap": "0101", "sel": "cav1"}, headers=POST)
    assert r.status_code == 200
    assert 'class="error"' in r.text and "Traceback" not in r.text
    assert save.read_bytes() == before


def test_unknown_requests_and_lines_are_refused_with_a_message(client: TestClient, save: Path) -> None:
    before = save.read_bytes()
    for form in ({"op": "nonsense"}, {"op": "line", "line": "round E-X"}, {"op": "tap", "tap": "zz"}):
        r = client.post("/act", data=form, headers=POST)
        assert r.status_code == 200 and 'class="error"' in r.text, form
    assert save.read_bytes() == before


def test_end_turn_plays_the_danes_and_lists_the_table(client: TestClient, save: Path) -> None:
    r = client.post("/act", data={"op": "next"}, headers=POST)
    assert 'id="checklist"' in r.text and "On the table" in r.text
    game = read_save(save)
    assert game.log[-1].startswith("enemy") and game.pos.phase == "player"
    for unit in game.pos.danish:
        assert f"{unit.id} on {unit.hex}" in r.text


def test_undo_takes_back_the_danish_turn_and_lists_what_to_put_back(client: TestClient, save: Path) -> None:
    client.post("/act", data={"op": "next"}, headers=POST)
    r = client.post("/act", data={"op": "undo"}, headers=POST)
    assert "Put back on the table" in r.text
    assert read_save(save).log == ["place auto"]


def test_a_broken_save_is_a_message_not_a_traceback(client: TestClient, save: Path) -> None:
    save.write_text("{ not json", encoding="utf-8")
    page = client.get(f"/?t={TOKEN}")
    assert page.status_code == 409 and "Traceback" not in page.text and str(save.name) in page.text
    act = client.post("/act", data={"op": "next"}, headers=POST)
    assert act.status_code == 409 and "Traceback" not in act.text


def test_an_unexpected_error_is_a_short_message(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> None:
        raise KeyError("boom")
    monkeypatch.setattr(VIEW, "fragment", broken)
    r = client.post("/act", data={"op": "next"}, headers=POST)
    assert r.status_code == 500 and "boom" not in r.text and "Traceback" not in r.text


def test_the_save_stays_a_save(client: TestClient, save: Path) -> None:
    client.post("/act", data={"op": "next"}, headers=POST)
    assert json.loads(save.read_text(encoding="utf-8"))["format"] == "pnpkit-stockholm1520-save"


def test_access_rules() -> None:
    from bot.web.access import allowed, url
    assert allowed("tok", "GET", "tok", None) and allowed("tok", "GET", None, None, "tok")
    assert allowed("tok", "POST", None, "tok")
    assert not allowed("tok", "POST", "tok", None) and not allowed("tok", "POST", None, None)
    assert not allowed("tok", "DELETE", None, "tok") and not allowed("tok", "GET", "to", None)
    assert url("192.168.1.5", 8520, "abc") == "http://192.168.1.5:8520/?t=abc"


def test_the_lan_url_as_a_qr_code() -> None:
    from bot.web.serve import qr_text
    text = qr_text("http://192.168.1.5:8520/?t=abc")
    lines = text.strip("\n").splitlines()
    assert len(lines) > 10 and len(set(len(line) for line in lines)) == 1      # a square of blocks
    assert set("".join(lines)) <= set(" █▀▄")


def test_serve_refuses_a_missing_save_before_listening(tmp_path: Path) -> None:
    from click.testing import CliRunner
    from bot.stockholm1520.cli import bot_group
    result = CliRunner().invoke(bot_group, ["serve", "--save", str(tmp_path / "none.json")])
    assert result.exit_code == 2 and "no saved game here" in result.output
    assert "serve" in bot_group.commands
    assert "--lan" in CliRunner().invoke(bot_group, ["serve", "--help"]).output


def test_tapping_a_dane_moves_next_to_it_and_attacks_in_one_step(tmp_path: Path) -> None:
    from bot.stockholm1520.advance import advance
    from bot.stockholm1520.reach import reach
    path = tmp_path / "attack.save.json"
    game = Game(1, load_game_data(None))
    game.apply("place auto")
    advance(game)
    write_save(game, path)
    target = next(tg for tg in reach(game.table, "xbow2").targets if tg.unit.id == "C5-pike")
    assert next(u for u in game.pos.swedish if u.id == "xbow2").hex not in target.spaces      # not next to it yet
    client = TestClient(make_app(VIEW, path, TOKEN), base_url=LOCAL)
    r = client.post("/act", data={"op": "tap", "tap": target.unit.hex, "sel": "xbow2"}, headers=POST)
    assert 'class="error"' not in r.text
    after = read_save(path)
    assert after.log[-2:] == [f"move xbow2 {min(target.spaces)}", "attack xbow2 C5-pike"]
    assert all(u.id != "C5-pike" for u in after.pos.danish)


def test_a_refused_attack_after_the_move_keeps_neither(tmp_path: Path) -> None:
    path = tmp_path / "attack.save.json"
    game = Game(1, load_game_data(None))
    game.apply("place auto")
    write_save(game, path)
    client = TestClient(make_app(VIEW, path, TOKEN), base_url=LOCAL)
    r = client.post("/act", data={"op": "tap", "tap": "0913", "sel": "xbow2"}, headers=POST)
    assert 'class="error"' in r.text and read_save(path).log == ["place auto"]


def test_physical_cards_are_asked_for_one_at_a_time_when_a_step_draws(tmp_path: Path) -> None:
    path = tmp_path / "physical.save.json"
    game = Game(3, load_game_data(None), physical_deck=True)
    game.apply("place auto")
    write_save(game, path)
    client = TestClient(make_app(VIEW, path, TOKEN), base_url=LOCAL)
    r = client.post("/act", data={"op": "next"}, headers=POST)
    assert 'id="picker"' in r.text and "Draw the event card" in r.text
    assert "discard it: \u201cAfter an event card is drawn, discard it unless stated otherwise\u201d (1.2.2)" in r.text
    assert "keep it aside until the round is over, then shuffle it back into the event deck" in r.text
    assert read_save(path).log == ["place auto"]                  # nothing played yet
    chosen: list[str] = []
    for _ in range(20):
        import re
        picker = re.search(r'<div class="checklist cards" id="picker">(.*?)</form></div>', r.text, re.S)
        if picker is None:
            break
        assert f"Card {len(chosen) + 1} of " in picker.group(1)
        card_id = re.findall(r'name="card" value="([^"]+)"', picker.group(1))[0]
        r = client.post("/act", data={"op": "next", "cards": " ".join(chosen), "card": card_id}, headers=POST)
        chosen.append(card_id)
        if 'id="picker"' in r.text:                                # a zone card next: its pile said too
            assert "Draw the zone card" in r.text and "shuffle the zone discards back into the zone deck" in r.text
            assert "<b>Zone A</b>" in r.text and 'class="card-red"' in r.text       # grouped by zone, in its colour
    after = read_save(path)
    assert after.pos.phase == "player" and 'id="checklist"' in r.text
    assert after.log[1].split()[1:] + (after.log[2].split()[1:] if len(after.log) > 2 else []) == chosen
    undone = client.post("/act", data={"op": "undo"}, headers=POST).text       # the printed cards go back too
    assert f"take event card {chosen[0]} back" in undone and "the zone cards drawn (" in undone


def test_a_command_in_a_terminal_between_two_taps_is_seen(client: TestClient, save: Path) -> None:
    client.post("/act", data={"op": "next"}, headers=POST)          # the page's game kept in memory
    game = read_save(save)
    write_save(game.undo(len(game.log) - 1), save)                   # `pnpkit bot undo 2` in a terminal
    r = client.post("/act", data={"op": "undo"}, headers=POST)
    assert read_save(save).log == [] and "place auto" in r.text       # the page undid what the save held


def test_each_answer_says_its_server_time(client: TestClient) -> None:
    r = client.post("/act", data={"op": "select", "sel": ""}, headers=POST)
    assert r.headers["Server-Timing"].startswith("app;dur=")


def test_an_action_made_on_another_position_is_refused_never_applied(client: TestClient, save: Path) -> None:
    """Every POST of the page carries the position it was made on (``at``): two tabs pressing
    End turn on the same position play one Danish turn, and the second tab is told it is behind
    and shown the position now; an undo followed by another action is another position too."""
    import re
    from bot.web.view import position_mark
    at = re.search(r'data-at="([^"]+)"', client.get(f"/?t={TOKEN}").text)
    assert at is not None and at.group(1) == position_mark(read_save(save).log)
    first = client.post("/act", data={"op": "next", "at": at.group(1)}, headers=POST)
    log = read_save(save).log
    assert first.status_code == 200 and log[-1].startswith("enemy")
    second = client.post("/act", data={"op": "next", "at": at.group(1)}, headers=POST)
    assert second.status_code == 200 and "this page is behind: here is the position now" in second.text
    assert read_save(save).log == log
    now = re.search(r'data-at="([^"]+)"', second.text)
    assert now is not None and now.group(1) == position_mark(log)
    assert position_mark(["a", "b"]) != position_mark(["a", "c"])         # the same length, another position


def test_an_attack_that_can_cost_the_unit_asks_first_a_sure_win_does_not(tmp_path: Path) -> None:
    """Issue 36: one tap on a Dane attacked even when the combat table (5.0) says the attacker
    dies; now the page asks "Attack anyway?" and nothing changes until it is confirmed."""
    path = tmp_path / "g.save.json"
    game = Game(1, load_game_data(None))
    for line in ("place auto", "round", "enemy"):                 # C5-pike (beats cavalry) at 0913
        game.apply(line)
    write_save(game, path)
    client = TestClient(make_app(VIEW, path, TOKEN), base_url="http://localhost")
    log = read_save(path).log
    asked = client.post("/act", data={"op": "tap", "tap": "0913", "sel": "cav2"}, headers=POST)
    assert "Attack anyway?" in asked.text and "your unit is destroyed" in asked.text
    assert read_save(path).log == log
    done = client.post("/act", data={"op": "tap", "tap": "0913", "sel": "cav2", "confirm": "1"}, headers=POST)
    assert done.status_code == 200 and read_save(path).log[-1] == "attack cav2 C5-pike"
    client.post("/act", data={"op": "undo"}, headers=POST)
    client.post("/act", data={"op": "undo"}, headers=POST)
    won = client.post("/act", data={"op": "tap", "tap": "0913", "sel": "xbow2"}, headers=POST)   # xbow beats pike
    assert "Attack anyway?" not in won.text and read_save(path).log[-1] == "attack xbow2 C5-pike"
    again = client.post("/act", data={"op": "tap", "tap": "1109", "sel": "pike1"}, headers=POST)
    assert "pike1 put down" in again.text


def test_the_checklist_is_kept_beside_the_save_for_its_position_only(client: TestClient, save: Path) -> None:
    import re
    from bot.web.checklist import path_for
    client.post("/act", data={"op": "next"}, headers=POST)
    client.post("/act", data={"op": "tick", "index": "0"}, headers=POST)
    page = client.get(f"/?t={TOKEN}").text                        # a reload
    assert "On the table" in page and len(re.findall(r'class="line ticked"', page)) == 1
    write_save(read_save(save).undo(1), save)                     # a terminal's undo: another position
    assert "On the table" not in client.get(f"/?t={TOKEN}").text
    path_for(save).write_text("{not json")                        # the page's memory only: ignored if unreadable
    assert client.get(f"/?t={TOKEN}").status_code == 200


def test_the_board_url_is_keyed_by_the_game_and_its_art(client: TestClient, tmp_path: Path) -> None:
    """Issue 36: both servers default to port 8520 and the board was cached at one URL for an
    hour, so a Batalj battle showed its pieces over the Stockholm map: the page now names its
    board by its content, and each game's board has its own URL."""
    import hashlib
    import re
    from bot.batalj.cli import BOT as BATALJ_BOT
    from bot.batalj.game import BattleGame
    from bot.batalj.save import write_save as write_battle
    href = re.search(r'<image href="(/board\.svg\?v=[0-9a-f]{16})"', client.get(f"/?t={TOKEN}").text)
    assert href is not None
    art = client.get(href.group(1)).content
    assert href.group(1).endswith(hashlib.sha256(art).hexdigest()[:16])
    battle = tmp_path / "battle.json"
    write_battle(BattleGame(3, 3), battle)
    other = TestClient(make_app(BATALJ_BOT.page(), battle, TOKEN), base_url="http://localhost")
    found = re.search(r'<image href="(/board\.svg\?v=[0-9a-f]{16})"', other.get(f"/?t={TOKEN}").text)
    assert found is not None and found.group(1) != href.group(1)


def test_selecting_a_unit_keeps_the_picture_where_it_is(client: TestClient, save: Path) -> None:
    """Issue 36: the board's crop and scale jumped at every tap; a selection no longer moves it."""
    import re
    client.post("/act", data={"op": "next"}, headers=POST)
    box = re.compile(r'<svg[^>]*viewBox="([^"]+)"')
    before = box.search(client.post("/act", data={"op": "select", "sel": ""}, headers=POST).text)
    for unit in read_save(save).pos.swedish:
        after = box.search(client.post("/act", data={"op": "select", "sel": unit.id}, headers=POST).text)
        assert before is not None and after is not None and after.group(1) == before.group(1), unit.id


def test_a_new_game_is_started_from_the_page(client: TestClient, save: Path) -> None:
    page = client.get(f"/?t={TOKEN}").text
    assert 'id="new-game"' in page and "<details" in page                  # folded while a game goes on
    r = client.post("/act", data={"op": "new", "seed": "77", "cards": "physical"}, headers=POST)
    game = read_save(save)
    assert r.status_code == 200 and game.seed == 77 and game.log == [] and game.physical_deck
    assert "pnpkit bot new --seed 77 --cards physical starts the same one" in r.text
    bad = client.post("/act", data={"op": "new", "seed": "7x"}, headers=POST)
    assert "a seed is a whole number" in bad.text and read_save(save).seed == 77


def test_a_save_rewritten_in_place_at_the_same_size_and_time_is_read_again(client: TestClient, save: Path,
                                                                           tmp_path: Path) -> None:
    """The page knows the save by its bytes: a command that rewrites it in place (same file,
    same size, the same tick of the clock) is still seen."""
    import os

    client.post("/act", data={"op": "next"}, headers=POST)          # the page's game kept in memory
    game = read_save(save)
    other = tmp_path / "other.save.json"
    write_save(game.undo(len(game.log) - 1), other)                  # the position a terminal's undo leaves
    before, text = save.stat(), other.read_bytes()
    assert len(text) < before.st_size
    with save.open("r+b") as kept:                                   # in place: the same inode
        kept.write(text + b" " * (before.st_size - len(text)))
    os.utime(save, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert (save.stat().st_ino, save.stat().st_size, save.stat().st_mtime_ns) == \
        (before.st_ino, before.st_size, before.st_mtime_ns)
    r = client.post("/act", data={"op": "undo"}, headers=POST)
    assert read_save(save).log == [] and "place auto" in r.text
