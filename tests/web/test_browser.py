"""The Stockholm 1520 companion page in a real headless browser at phone size (390 x 844):
a round played by taps, the token refused, two tabs at once. Screenshots go to
$PNPKIT_SCREENSHOTS when it is set (to look at them)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterator

import pytest

from bot.stockholm1520.game import Game
from bot.stockholm1520.gamedata import load_game_data
from bot.stockholm1520.reach import reach
from bot.stockholm1520.save import read_save, write_save
from tests.web.browser import Served, browser_or_skip, record_answers, served, shows_the_answer, swaps, wait_swapped

TOKEN = "phone-token-123"


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "game.save.json"
    write_save(Game(11, load_game_data(None)), path)
    return path


@pytest.fixture
def page(save: Path) -> Iterator[Served]:
    browser_or_skip()
    from bot.stockholm1520.cli import BOT as STOCKHOLM1520_BOT
    VIEW = STOCKHOLM1520_BOT.page()
    yield from served(VIEW, save, TOKEN)


def shot(d: Any, name: str) -> None:
    folder = os.environ.get("PNPKIT_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        d.save_screenshot(str(Path(folder) / f"{name}.png"))


def tap(d: Any, css: str) -> None:
    """Click what ``css`` finds and wait for the page's game part to be swapped."""
    from selenium.webdriver.common.by import By
    record_answers(d)
    before = swaps(d)
    target = d.find_element(By.CSS_SELECTOR, css)
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
    if target.tag_name == "polygon":            # an SVG hex: the click a finger makes, at its centre
        d.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", target)
    else:
        target.click()
    wait_swapped(d, before)
    shows_the_answer(d)


SMALL = """return Array.from(document.querySelectorAll(
  'button, select, summary, label.tick, input:not([type=hidden]):not([type=checkbox]):not([readonly])'))
  .filter(e => e.checkVisibility({contentVisibilityAuto: true, visibilityProperty: true}))
  .filter(e => { const r = e.getBoundingClientRect(); return r.width < 44 || r.height < 44; })
  .map(e => e.outerHTML.slice(0, 80));"""


def small_targets(d: Any) -> list[str]:
    """The tap targets shown smaller than 44 x 44 CSS px (the hexes aside: each has a button)."""
    return list(d.execute_script(SMALL))


def kept_definitions_only(d: Any) -> bool:
    """The board's definitions are held once, outside the swapped part (page.html's
    pnpkitKeepDefs): none left in #game after taps, no id twice, every ``<use>`` finds its own."""
    return bool(d.execute_script("""var ids = Array.from(document.querySelectorAll('[id]')).map(function (e) { return e.id; });
      var uses = Array.from(document.querySelectorAll('use')).map(function (u) { return (u.getAttribute('href') || u.getAttribute('xlink:href') || '').slice(1); });
      return document.querySelectorAll('#game defs [id]').length === 0 && new Set(ids).size === ids.length
        && document.querySelectorAll('#kept-defs defs > [id]').length > 0 && uses.every(function (id) { return ids.indexOf(id) >= 0; });"""))


#: The board and its art marked, to tell whether the next answer kept them in place (page.html's
#: pnpkitSwap: a tap changes the pieces that moved, the board's art and the rest are not drawn again).
MARK_BOARD = """window.markedBoard = document.getElementById('board');
window.markedArt = document.querySelector('#board image');"""
BOARD_KEPT = """return [document.getElementById('board') === window.markedBoard,
  document.querySelector('#board image') === window.markedArt];"""


def text(d: Any, css: str) -> str:
    from selenium.webdriver.common.by import By
    return str(d.find_element(By.CSS_SELECTOR, css).text)


def test_a_stockholm_round_by_taps_at_phone_size(page: Served, driver: Any, save: Path) -> None:
    d = driver
    d.get(page.url())
    assert d.execute_script("return document.documentElement.scrollWidth") <= 390      # nothing off the side
    shot(d, "1-setup")
    tap(d, "button[hx-vals*='place auto']")
    assert read_save(save).pos.phase == "round"
    d.execute_script(MARK_BOARD)
    tap(d, "#end-turn")                          # the round and the first Danish turn
    assert d.execute_script(BOARD_KEPT) == [True, True], "the board was drawn anew, not changed where it differs"
    game = read_save(save)
    assert game.pos.phase == "player" and game.log[-1].startswith("enemy")
    checklist = text(d, "#checklist")
    assert "On the table" in checklist and all(u.id in checklist for u in game.pos.danish)
    shot(d, "2-danes")
    # the checklist is kept with the save: a line ticked, the tab reloaded (a phone locked), both still there
    tap(d, "#checklist button.line")
    d.refresh()
    lines = d.find_elements("css selector", "#checklist button.line")
    assert [line.text.lstrip("✓ ") for line in lines] == [b.strip() for b in checklist.splitlines()[1:]]
    assert "ticked" in lines[0].get_attribute("class") and "ticked" not in lines[-1].get_attribute("class")
    shot(d, "2-danes-reloaded")

    # tap a unit: where it may go and the Danish threats; the zoom is kept over the tap
    unit = next(u for u in game.pos.swedish if reach(game.table, u.id).spaces)
    d.find_element("id", "zoom").click()
    tap(d, f"polygon[data-tap='{unit.hex}']")
    assert "zoom" in d.find_element("id", "board").get_attribute("class")
    d.find_element("id", "zoom").click()
    assert d.find_element("id", "game").get_attribute("data-sel") == unit.id
    assert unit.id in text(d, "#reach")
    assert small_targets(d) == []
    shot(d, "3-selected")

    # tap a hex: it moves there
    found = reach(game.table, unit.id)
    dest = max(found.spaces, key=lambda h: (found.spaces[h], h))
    tap(d, f"polygon[data-tap='{dest}']")
    game = read_save(save)
    assert game.log[-1] == f"move {unit.id} {dest}" and next(u for u in game.pos.swedish if u.id == unit.id).hex == dest
    assert kept_definitions_only(d)
    shot(d, "4-moved")

    # end the turn: the Danes move, numbered arrows and reasons
    tap(d, "#end-turn")
    game = read_save(save)
    assert game.pos.phase in ("player", "regroup", "over") and game.log[-1].startswith("enemy")
    if game.pos.phase != "over":
        assert "On the table" in text(d, "#checklist")
    moves = d.find_elements("css selector", "#moves details")
    if moves:
        moves[0].click()
        assert "decided by" in moves[0].text or moves[0].text
    assert small_targets(d) == []
    shot(d, "5-second-danish-turn")

    # undo: the pieces to put back
    tap(d, "#undo")
    assert "Put back on the table" in text(d, "#checklist")
    assert read_save(save).log[-1] == f"move {unit.id} {dest}"
    shot(d, "6-undone")


def test_a_finger_on_a_hex_finds_it(page: Served, driver: Any, save: Path) -> None:
    """The hexes a tap names are never painted (no fill, pointer-events all): a real pointer
    press at a unit's hex, hit-tested by the browser, still selects the unit on it."""
    from selenium.webdriver.common.action_chains import ActionChains
    d = driver
    d.get(page.url())
    tap(d, "button[hx-vals*='place auto']")
    tap(d, "#end-turn")                          # the round and the first Danish turn: the Swedes' turn
    game = read_save(save)
    unit = next(u for u in game.pos.swedish if reach(game.table, u.id).spaces)
    hexagon = d.find_element("css selector", f"polygon[data-tap='{unit.hex}']")
    assert hexagon.get_attribute("fill") == "none" and hexagon.get_attribute("pointer-events") == "all"
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", hexagon)
    before = swaps(d)
    ActionChains(d).move_to_element(hexagon).click().perform()
    wait_swapped(d, before)
    assert d.find_element("id", "game").get_attribute("data-sel") == unit.id


def test_on_a_laptop_the_board_and_the_controls_are_side_by_side(page: Served, driver: Any, save: Path) -> None:
    from bot.stockholm1520.cli import BOT as STOCKHOLM1520_BOT
    game = read_save(save)
    for line in ("place auto", "round", "enemy"):
        game.apply(line)
    write_save(game, save)
    d = driver
    d.set_window_size(1280, 800)
    inner = d.execute_script("return [window.innerWidth, window.innerHeight]")
    d.set_window_size(1280 + 1280 - inner[0], 800 + 800 - inner[1])        # a 1280 x 800 page
    d.get(page.url())
    tap(d, "#units button")
    shot(d, "9-laptop")
    board, end = (d.find_element("id", i).rect for i in ("board", "end-turn"))
    assert board["x"] + board["width"] <= end["x"]                      # side by side
    assert end["y"] + end["height"] <= d.execute_script("return window.innerHeight")    # no scrolling to act
    assert STOCKHOLM1520_BOT.page().title in d.title


def test_the_page_without_its_token_is_refused(page: Served, driver: Any, save: Path) -> None:
    before = save.read_bytes()
    driver.get(page.url(with_token=False))
    assert "needs its link with the token" in driver.find_element("tag name", "body").text
    driver.get(page.url().replace(TOKEN, "guess"))
    assert "needs its link with the token" in driver.find_element("tag name", "body").text
    # a form posted from a page without the token header is refused too
    driver.execute_script("fetch('/act', {method: 'POST', body: new URLSearchParams({op: 'line', line: 'place auto'})})"
                          ".then(r => document.title = 'status ' + r.status)")
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(driver, 10).until(lambda d: d.title.startswith("status"))
    assert driver.title == "status 403"
    assert save.read_bytes() == before


def test_two_tabs_at_once_lose_nothing(page: Served, driver: Any, save: Path) -> None:
    """Two tabs each move a unit at the same moment: both moves are in the save (the second
    waits for the save's lock, then reads what the first wrote), and a stale tab redrawn by
    its next tap shows both."""
    from selenium.webdriver.support.ui import WebDriverWait
    game = read_save(save)
    game.apply("place auto")
    game.apply("round")
    game.apply("enemy")
    write_save(game, save)
    first, second = [u for u in game.pos.swedish if reach(game.table, u.id).spaces][:2]
    d = driver
    d.get(page.url())
    tabs = [d.current_window_handle]
    d.switch_to.new_window("tab")
    d.get(page.url())
    tabs.append(d.current_window_handle)
    post = ("window.answer = null; fetch('/act', {method: 'POST', headers: {'X-Token': arguments[0]}, "
            "body: new URLSearchParams({op: 'tap', tap: arguments[1], sel: arguments[2]})})"
            ".then(r => r.text()).then(t => window.answer = t)")
    moves = {}
    for tab, unit in zip(tabs, (first, second)):
        found = reach(game.table, unit.id)
        dest = next(h for h in sorted(found.spaces) if h not in moves.values())
        moves[unit.id] = dest
        d.switch_to.window(tab)
        d.execute_script(post, TOKEN, dest, unit.id)        # not waited for: both are in flight
    for tab in tabs:
        d.switch_to.window(tab)
        WebDriverWait(d, 15).until(lambda d: d.execute_script("return window.answer !== null"))
    after = read_save(save)
    assert sorted(after.log[-2:]) == sorted(f"move {u} {h}" for u, h in moves.items())
    assert {u.id: u.hex for u in after.pos.swedish if u.id in moves} == moves
    # each tab still shows the position before both moves: its next tap is refused, not applied,
    # and it is shown the position now (both moves); the tap after that acts
    tap(d, f"polygon[data-tap='{moves[second.id]}']")
    assert "this page is behind: here is the position now" in text(d, ".error")
    d.switch_to.window(tabs[0])
    tap(d, f"polygon[data-tap='{moves[first.id]}']")
    assert "this page is behind" in text(d, ".error") and read_save(save).log == after.log
    tap(d, f"polygon[data-tap='{moves[first.id]}']")
    assert d.find_element("id", "game").get_attribute("data-sel") == first.id
    shot(d, "7-two-tabs")

    # two tabs racing on End turn: one Danish turn is played, the other tab is told it is behind
    tap(d, "#end-turn")
    played = read_save(save).log
    assert played[-1].startswith("enemy") and played[:len(after.log)] == after.log
    d.switch_to.window(tabs[1])
    tap(d, "#end-turn")
    assert "this page is behind: here is the position now" in text(d, ".error")
    assert read_save(save).log == played
    shot(d, "7-end-turn-refused")


def test_every_failed_request_is_said_in_the_page(tmp_path: Path, driver: Any) -> None:
    """A tap whose request fails (the save unreadable: 409; too large: 413; the server failing:
    500; the server stopped) says so in the page, in words with what to do."""
    browser_or_skip()
    from bot.stockholm1520.cli import BOT as STOCKHOLM1520_BOT
    path = tmp_path / "game.save.json"
    game = Game(5, load_game_data(None))
    game.apply("place auto")
    write_save(game, path)
    view = STOCKHOLM1520_BOT.page()
    page = Served(view, path, TOKEN)
    d = driver
    d.get(page.url())
    said = "return document.getElementById('trouble').hidden ? '' : document.getElementById('trouble').textContent"

    def failing(css: str) -> str:
        from selenium.webdriver.support.ui import WebDriverWait
        d.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))",
                         d.find_element("css selector", css))
        WebDriverWait(d, 15, poll_frequency=0.02).until(lambda d: d.execute_script(said))
        return str(d.execute_script(said))

    try:
        d.execute_script("document.getElementById('game').setAttribute('data-sel', 'x'.repeat(5000))")
        assert "too large" in failing("polygon[data-tap]")
        handle = view.handle
        view.handle = lambda game, form: 1 / 0          # type: ignore[method-assign]
        assert "went wrong on the server (the terminal says what): reload the page" in failing("#end-turn")
        view.handle = handle                            # type: ignore[method-assign]
        path.write_text("{not json")
        assert "could not be read" in failing("#end-turn") and "game.save.json" in str(d.execute_script(said))
        write_save(game, path)
        shot(d, "8-error-shown")
    finally:
        page.stop()
    assert "does not answer" in failing("#end-turn") and "serve" in str(d.execute_script(said))
    shot(d, "8-server-stopped")


def test_physical_cards_are_picked_with_what_to_do_with_the_piles(tmp_path: Path, driver: Any) -> None:
    # Issue 23: the picker asks for each card exactly when a step draws it, with what to do with
    # the piles in the rulebook's words (1.2.2, 2.0 step 1, 6.2).
    browser_or_skip()
    from bot.stockholm1520.cli import BOT as STOCKHOLM1520_BOT
    VIEW = STOCKHOLM1520_BOT.page()
    path = tmp_path / "physical.save.json"
    game = Game(3, load_game_data(None), physical_deck=True)
    game.apply("place auto")
    write_save(game, path)
    for served_page in served(VIEW, path, TOKEN):
        d = driver
        d.get(served_page.url())
        tap(d, "#end-turn")                                  # "Play on: round": the round draws its event card
        assert text(d, "#picker h2") == "Draw the event card"
        piles = text(d, "#piles")
        assert "discard it: \u201cAfter an event card is drawn, discard it unless stated otherwise\u201d (1.2.2)" in piles
        assert "keep it aside until the round is over" in piles and "(6.2 Propaganda)" in piles
        shot(d, "picker-event")
        tap(d, "#picker button")                             # the first card offered
        assert text(d, "#picker h2").startswith("Draw the zone card")
        assert "shuffle the zone discards back into the zone deck" in text(d, "#piles")
        assert "(2.0 step 1)" in text(d, "#piles")
        shot(d, "picker-zone")
        # Undo in the picker takes back the last card answered, not the last saved action (issue 36)
        first_zone = text(d, "#picker h2")
        chosen = text(d, "#picker")
        tap(d, "#picker button")
        tap(d, "#undo")
        assert text(d, "#picker h2") == first_zone and text(d, "#picker") == chosen
        assert "taken back: put it back on top of its pile" in text(d, "#done")
        assert read_save(path).log == ["place auto"]
        for _ in range(12):                                  # the rest of the round's cards, one tap each
            if not d.find_elements("css selector", "#picker button"):
                break
            tap(d, "#picker button")
        assert not d.find_elements("css selector", "#piles")
        assert read_save(path).pos.phase == "player"
        assert "shuffle the zone cards drawn" in d.find_element("id", "checklist").text    # the piles, after
        shot(d, "picker-done")


@pytest.mark.slow
def test_a_stockholm_game_is_played_by_taps_to_its_end(tmp_path: Path, driver: Any,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 5 (a game the bot's Swedish player loses in its first round), played on the page by
    the taps of ``bot simulate``'s Swedish player (benchmarks/companion_taps.py): every move,
    attack and end of turn made by a tap, to the end, each answer shown exactly as it came, and
    the page says so and offers a new game."""
    browser_or_skip()
    import benchmarks.companion_taps as bench
    from benchmarks.companion_taps import new_save, play
    click = bench.click

    def checked(d: Any, css: Any) -> None:
        record_answers(d)
        click(d, css)
        shows_the_answer(d)
    monkeypatch.setattr(bench, "click", checked)
    from bot.stockholm1520.cli import BOT as STOCKHOLM1520_BOT
    save = new_save(tmp_path, 5)
    for served_page in served(STOCKHOLM1520_BOT.page(), save, TOKEN):
        driver.get_log("browser")                            # what earlier tests left in the console
        taps, game = play(driver, served_page.url(), save, rounds=0, until_over=True)
        # a whole game's taps and the page say nothing in the console (a script error, a failed fetch)
        said = [entry["message"] for entry in driver.get_log("browser") if entry["level"] in ("WARNING", "SEVERE")]
        assert said == [], said
        assert game.pos.phase == "over" and game.pos.result in ("won", "lost")
        assert taps.kinds["move"] and taps.kinds["end of turn"] and sum(taps.by_round.values()) < 80
        assert "the game is over" in text(driver, ".status")
        assert driver.find_element("id", "new-game").tag_name == "div"
        assert small_targets(driver) == []
        shot(driver, "10-game-over")
