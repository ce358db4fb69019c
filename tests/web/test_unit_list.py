"""The list of Swedish units beside the board (issue 36): every move, attack and upgrade the
rules allow is one button, a tap on it plays exactly what the board's taps play, an attack
that can cost the unit still asks first, the buttons are large enough at phone width, the list
stays short, and every value reaches a button through the JSON encoder."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any, Iterator

import pytest

from bot.stockholm1520.game import Game
from bot.stockholm1520.gamedata import load_game_data
from bot.stockholm1520.reach import danish_threats, reach
from bot.stockholm1520.simulate import play_game
from bot.stockholm1520.turn import approach
from bot.stockholm1520.save import read_save, write_save
from bot.stockholm1520.unit_list import Option, moves_shown, unit_rows
from bot.web.view import Shown
from tests.web.browser import browser_or_skip, served
from tests.web.test_attribute_values import HOSTILE, json_attributes
from tests.web.test_browser import shot, small_targets, tap, text

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

TOKEN = "list-token"
POST = {"X-Token": TOKEN}


def _game(seed: int = 1) -> Game:
    """Seed 1's first player turn: C5-pike at 0913, which xbow2 beats and cav2 loses to (5.0)."""
    game = Game(seed, load_game_data(None))
    for line in ("place auto", "round", "enemy"):
        game.apply(line)
    return game


def _saved(folder: Path, name: str, game: Game) -> Path:
    path = folder / f"{name}.save.json"
    write_save(game, path)
    return path


def _view() -> Any:
    from bot.stockholm1520.cli import BOT
    return BOT.page()


@pytest.fixture
def first_turn(tmp_path: Path, driver: Any) -> Iterator[tuple[Any, Path, Game]]:
    """Seed 1's first player turn (``_game``) saved and served, the browser on its page: (the
    browser, the save, the game as saved)."""
    browser_or_skip()
    game = _game()
    path = _saved(tmp_path, "g", game)
    for page in served(_view(), path, TOKEN):
        driver.get(page.url())
        yield driver, path, game


def _client(path: Path) -> TestClient:
    from bot.web.app import make_app
    return TestClient(make_app(_view(), path, TOKEN), base_url="http://localhost")


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_list_offers_every_move_and_attack_the_rules_allow_once(seed: int) -> None:
    game = _game(seed)
    rows = {row.unit.id: row for row in unit_rows(game.table)}
    for unit in game.pos.swedish:
        found = reach(game.table, unit.id)
        if found.done or not (found.spaces or found.targets):
            assert unit.id not in rows
            continue
        options = rows[unit.id].shown + rows[unit.id].more
        moves = [o.hex for o in options if not o.target and not o.troop]
        assert sorted(moves) == sorted(found.spaces)                        # every space, once
        assert sorted(o.target for o in options if o.target) == sorted(tg.unit.id for tg in found.targets)
        wide = len([o for o in options if o.target or o.troop])                 # every attack shown, the best moves
        assert rows[unit.id].shown[:wide] == [o for o in options if o.target or o.troop]
        assert len(rows[unit.id].shown) - wide == min(moves_shown(wide), len(moves))
        for option in options:                                                # each from a space it may attack from
            if option.target:
                target = next(tg for tg in found.targets if tg.unit.id == option.target)
                assert (option.hex or unit.hex) in target.spaces


def _attack_options(seeds: range) -> list[tuple[Game, Option]]:
    """Every attack the list offers in the player turns of whole simulated games (the bot's
    Swedish player), with the game it was offered in (a copy)."""
    found: list[tuple[Game, Option]] = []
    seen: set[tuple[int, int]] = set()
    data = load_game_data(None)

    def offered(game: Game) -> None:
        if game.pos.phase != "player" or (game.seed, len(game.log)) in seen:
            return
        seen.add((game.seed, len(game.log)))
        copy = None
        for row in unit_rows(game.table):
            for option in row.shown + row.more:
                if option.target:
                    if copy is None:
                        copy = game.restart()
                        copy.table, copy.log = game.table.clone(), list(game.log)
                    found.append((copy, option))
    for seed in seeds:
        play_game(seed, data, check=offered)
    return found


def test_an_attack_from_the_list_ends_where_the_board_s_tap_and_the_terminal_s_attack_end() -> None:
    """One choice of the space an attack is made from (``reach.attack_space``): the list's
    button, a tap on the Dane on the board and ``pnpkit bot attack`` move the unit alike."""
    attacks = _attack_options(range(1, 6))
    assert len(attacks) > 100
    for game, option in attacks:
        move = approach(game, option.unit, option.target)
        assert (move.hex if move else "") == option.hex, (game.seed, len(game.log), option)


def test_an_attack_that_wins_is_marked_when_a_dane_could_strike_the_unit_where_it_ends() -> None:
    """The list's ⚠: a winning attack leaves the unit where it attacked from (4.0), moved there or
    standing; marked when another Dane could attack that space next turn (the target gone)."""
    attacks = _attack_options(range(1, 6))
    standing = [(g, o) for g, o in attacks if not o.hex and o.outcome == "win"]
    assert standing
    for game, option in attacks:
        unit = next(u for u in game.pos.swedish if u.id == option.unit)
        ends = option.hex or unit.hex
        threatened = ends in danish_threats(game.table, unit.type, without=option.target)
        assert option.risky == (option.outcome == "win" and threatened), (game.seed, len(game.log), option)


def test_each_button_plays_what_the_rules_allow_all_or_none(tmp_path: Path) -> None:
    game = _game()
    path = _saved(tmp_path, "g", game)
    client = _client(path)
    for row in unit_rows(game.table):
        for option in (row.shown + row.more)[:6]:
            write_save(game, path)
            r = client.post("/act", data={"op": "act", "unit": option.unit, "hex": option.hex, "target": option.target,
                                          "troop": option.troop, "confirm": "1"}, headers=POST)
            assert r.status_code == 200 and 'class="error"' not in r.text, (option, r.text[:300])
            played = read_save(path).log[len(game.log):]
            expected = ([f"move {option.unit} {option.hex}"] if option.hex else []) + \
                ([f"attack {option.unit} {option.target}"] if option.target else [])
            assert played == expected
    # a button the rules refuse (a space out of reach) changes nothing and says why
    write_save(game, path)
    r = client.post("/act", data={"op": "act", "unit": "xbow2", "hex": "0913", "target": "C5-pike", "confirm": "1"},
                    headers=POST)
    assert 'class="error"' in r.text and read_save(path).log == game.log
    r = client.post("/act", data={"op": "act", "unit": "xbow2", "hex": "<b>99", "target": ""}, headers=POST)
    assert "&#39;&lt;b&gt;99&#39; is not a hex of the board" in r.text and read_save(path).log == game.log


def test_a_militia_s_upgrade_buttons_walk_it_in_and_upgrade_it(tmp_path: Path) -> None:
    """A militia outside the training zone: each upgrade button walks it to the zone first, then
    upgrades it (3.1), all or none; one the rules refuse changes nothing. The first such turn of
    the bot's Swedish player's games (seeds 1-5) is played."""
    path = tmp_path / "militia.save.json"
    found: list[Game] = []

    def militia_outside(game: Game) -> None:
        if found or game.pos.phase != "player":
            return
        if any(o.troop and o.hex for row in unit_rows(game.table) for o in row.shown + row.more):
            write_save(game, path)
            found.append(read_save(path))
    data = load_game_data(None)
    for seed in range(1, 6):
        play_game(seed, data, check=militia_outside)
    assert found, "no militia outside the training zone in five games"
    game = found[0]
    upgrades = [o for row in unit_rows(game.table) for o in row.shown + row.more if o.troop]
    assert {o.troop for o in upgrades} == {"cavalry", "crossbowmen", "pikemen"}
    client = _client(path)
    for option in upgrades:
        write_save(game, path)
        r = client.post("/act", data={"op": "act", "unit": option.unit, "hex": option.hex, "target": "",
                                      "troop": option.troop}, headers=POST)
        assert r.status_code == 200 and 'class="error"' not in r.text, (option, r.text[:300])
        assert read_save(path).log[len(game.log):] == \
            ([f"move {option.unit} {option.hex}"] if option.hex else []) + [f"upgrade {option.unit} {option.troop}"]
    write_save(game, path)                                      # a troop that is none: nothing played
    militia = upgrades[0]
    r = client.post("/act", data={"op": "act", "unit": militia.unit, "hex": militia.hex, "target": "",
                                  "troop": "dragoons"}, headers=POST)
    assert "upgrade to one of" in r.text and read_save(path).log == game.log


def test_the_list_is_written_through_the_json_encoder() -> None:
    game = _game()
    dane = next(u for u in game.pos.danish if u.id == "C5-pike")
    for hostile in HOSTILE:
        dane.id = hostile                         # a card id of a kit, as hostile as it may be
        page = _view().fragment(game, Shown())
        assert "</script><script>" not in page
        acts = [v for v in json_attributes(page) if v["op"] == "act"]
        assert {v["target"] for v in acts if v["target"]} == {hostile}
        assert all(set(v) == {"op", "unit", "hex", "target", "troop"} for v in acts)


def test_a_move_from_the_list_is_the_board_s_two_taps_in_one(tmp_path: Path, driver: Any) -> None:
    browser_or_skip()
    game = _game()
    by_board, by_list = _saved(tmp_path, "board", game), _saved(tmp_path, "list", game)
    row = next(r for r in unit_rows(game.table) if r.unit.id == "pike1")
    dest = next(o.hex for o in row.shown if not o.target)
    d, boards, done = driver, {}, {}
    for path in (by_board, by_list):
        for page in served(_view(), path, TOKEN):
            d.get(page.url())
            if path == by_board:
                tap(d, f"polygon[data-tap='{row.unit.hex}']")           # the unit, then its space
                tap(d, f"polygon[data-tap='{dest}']")
            else:
                css = f"#units .unit-row[data-row='pike1'] button[aria-label='pike1: {row.unit.hex} -> {dest}']"
                d.execute_script("arguments[0].scrollIntoView({block: 'center'})", d.find_element("css selector", css))
                before = d.execute_script("return scrollY")
                tap(d, css)
                assert d.execute_script("return scrollY") == before                 # the page stays where the finger was
            done[path] = text(d, "#done")
            d.get(page.url())                                               # the board as it stands, unselected
            boards[path] = d.find_element("id", "board").get_attribute("innerHTML")
    assert read_save(by_list).log == read_save(by_board).log == game.log + [f"move pike1 {dest}"]
    assert done[by_list] == done[by_board] and boards[by_list] == boards[by_board]


def test_an_attack_from_the_list_that_can_cost_the_unit_asks_first(first_turn: tuple[Any, Path, Game]) -> None:
    d, path, game = first_turn
    assert d.execute_script("return document.documentElement.scrollWidth") <= 390      # nothing off the side
    # cavalry loses to pikemen (5.0): asked, nothing played until confirmed
    tap(d, "#units .unit-row[data-row='cav2'] button.opt.danger")
    assert "Attack anyway?" in text(d, "#confirm") and "your unit is destroyed" in text(d, "#confirm")
    assert read_save(path).log == game.log
    assert d.execute_script("const r = document.getElementById('attack-anyway').getBoundingClientRect();"
                            "return 0 <= r.top && r.bottom <= window.innerHeight")      # in view, where the finger was
    shot(d, "list-attack-anyway")
    tap(d, "#attack-anyway")
    log = read_save(path).log
    assert log[len(game.log):] == ["move cav2 0912", "attack cav2 C5-pike"]
    assert "cav2 is destroyed" in text(d, "#done")
    tap(d, "#undo")
    tap(d, "#undo")
    assert read_save(path).log == game.log
    # crossbowmen beat pikemen: a sure win is one tap, no question
    tap(d, "#units .unit-row[data-row='xbow2'] button.opt.main")
    assert not d.find_elements("id", "confirm")
    assert read_save(path).log[-1] == "attack xbow2 C5-pike"


def test_the_list_is_large_enough_to_tap_and_short_enough_to_scan(first_turn: tuple[Any, Path, Game]) -> None:
    d, path, game = first_turn
    rows = d.find_elements("css selector", "#units .unit-row")
    assert [r.get_attribute("data-row") for r in rows] == [r.unit.id for r in unit_rows(game.table)]
    assert small_targets(d) == []
    # a unit's best few and "more" in at most two lines of buttons, so six units stay under a phone's screen
    for row in rows:
        assert row.rect["height"] <= 2 * 44 + 40, row.text
    more = d.find_element("css selector", "#units details.more summary")
    more.click()                                                            # opened in the page: no request
    assert more.find_element("xpath", "..").get_attribute("open") is not None
    assert small_targets(d) == []
    shot(d, "list-phone")
    # a unit selected on the board shows its whole list opened
    unit = rows[0].get_attribute("data-row")
    tap(d, f"#units button[data-unit='{unit}']")
    opened = d.find_element("css selector", f"#units .unit-row[data-row='{unit}'] details.more")
    assert opened.get_attribute("open") is not None
    assert json.loads(d.find_element("css selector", f"#units .unit-row[data-row='{unit}'] details.more button.opt")
                      .get_attribute("hx-vals"))["unit"] == unit


def test_the_event_card_picker_puts_the_likeliest_cards_first(tmp_path: Path) -> None:
    import re
    game = Game(3, load_game_data(None), physical_deck=True)
    game.apply("place auto")
    path = _saved(tmp_path, "physical", game)
    r = _client(path).post("/act", data={"op": "next"}, headers=POST)
    assert "Draw the event card" in r.text
    offered = re.findall(r'name="card" value="([^"]+)">[^<]*<small>(\d+) of (\d+)</small>', r.text)
    pile = game.table.decks.event.draw
    assert sorted(card for card, _, _ in offered) == sorted(set(pile))                  # each card once
    assert [int(n) for _, n, _ in offered] == sorted((pile.count(c) for c in set(pile)), reverse=True)
    assert {int(total) for _, _, total in offered} == {len(pile)} and int(offered[0][1]) == 2
