"""Batalj's companion page in a real headless browser at phone size: a battle's setup, rounds
of dice (typed on the dice buttons, or rolled by the bot), the choices after the dice, and a
redeployment by taps."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any, Iterator

import pytest

from bot.batalj.game import BattleGame
from bot.batalj.save import read_save, write_save
from tests.web.browser import Served, browser_or_skip, served
from tests.web.test_browser import shot, small_targets, tap, text

TOKEN = "batalj-token-456"


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "batalj.save.json"
    write_save(BattleGame(12, 3), path)
    return path


@pytest.fixture
def page(save: Path) -> Iterator[Served]:
    browser_or_skip()
    from bot.batalj.cli import BOT as BATALJ_BOT
    VIEW = BATALJ_BOT.page()
    yield from served(VIEW, save, TOKEN)


def place(d: Any, area: str, card: str, soldiers: int, commanders: int = 0) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    form = d.find_element(By.ID, "place")
    Select(form.find_element(By.NAME, "area")).select_by_value(area)
    form.find_element(By.NAME, "card").send_keys(card)
    for name, value in (("soldiers", soldiers), ("commanders", commanders)):
        box = form.find_element(By.NAME, name)
        box.clear()
        box.send_keys(str(value))
    tap(d, "#place button")
    assert d.execute_script(FIELDS_AS_ANSWERED), "a field kept what was typed in it before the answer"


#: Every field of the page shows what the answer wrote in it (nothing typed before it survives).
FIELDS_AS_ANSWERED = """return Array.from(document.querySelectorAll('#game input, #game select, #game textarea')).every(function (e) {
  if (e.tagName !== 'SELECT') return e.value === e.defaultValue && e.checked === e.defaultChecked;
  var chosen = Array.from(e.options).findIndex(function (o) { return o.defaultSelected; });
  return e.selectedIndex === (chosen < 0 ? 0 : chosen); });"""


def deploy_the_issues_army(d: Any) -> None:
    """The set-up of issue 36's battle (seed 12): left Uppland 3 1, centre Skåne 2, right Småland
    2, reserve Gotland 4, Artillery 2."""
    place(d, "s1", "Uppland", 3, 1)
    place(d, "s2", "Skåne", 2)
    place(d, "s3", "Småland", 2)
    place(d, "sr", "Gotland", 4)
    tap(d, "button[hx-vals*='artillery'][hx-vals*='2']")


def test_a_batalj_battle_by_taps_at_phone_size(page: Served, driver: Any, save: Path) -> None:
    from selenium.webdriver.common.by import By
    d = driver
    d.get(page.url())
    assert d.execute_script("return document.documentElement.scrollWidth") <= 390
    deploy_the_issues_army(d)
    assert small_targets(d) == []
    shot(d, "b1-setup")
    tap(d, "#ready")
    game = read_save(save)
    assert game.battle.phase == "fire"
    assert [shlex.split(line) for line in game.log[:4]] == [["place", "left", "Uppland", "3", "1"],
                                                             ["place", "centre", "Skåne", "2", "0"],
                                                             ["place", "right", "Småland", "2", "0"],
                                                             ["place", "reserve", "Gotland", "4", "0"]]
    # dice typed on the big buttons: a Cannon each side, so one die or two; three are refused with
    # the reason (who rolls), nothing changes
    assert "Swedish Cannon 1 (Styrka 2)" in text(d, "#rollers") and "enemy Cannon 1" in text(d, "#rollers")
    six = "//div[contains(@class,'dice')]/button[text()='6']"
    for _ in range(3):
        d.find_element(By.XPATH, six).click()
    assert d.find_element(By.ID, "dice").get_attribute("value") == "6,6,6"
    tap(d, "#roll-these")
    assert read_save(save).log == game.log
    assert "3 dice tapped: this step rolls 1 or 2" in text(d, ".error")
    shot(d, "b2-dice-refused")
    for _ in range(2):
        d.find_element(By.XPATH, six).click()
    tap(d, "#roll-these")
    assert read_save(save).log[len(game.log)] == "fire dice=6 enemy-dice=6"
    seen = {"question": 0, "redeploy": 0, "rolled": 0}
    for _ in range(40):
        game = read_save(save)
        if game.battle.phase == "over" or seen["redeploy"] >= 2:
            break
        if d.find_elements(By.ID, "question"):
            seen["question"] += 1
            assert small_targets(d) == []
            shot(d, "b3-question")
            tap(d, "#question button")
        elif d.find_elements(By.ID, "bot-rolls"):
            seen["rolled"] += 1
            tap(d, "#bot-rolls")
        elif d.find_elements(By.ID, "redeploy"):
            tap(d, "rect[data-tap='s2']")          # a Swedish Sector tapped on the board: its moves
            if d.find_elements(By.CSS_SELECTOR, "#offered button"):
                tap(d, "#offered button")
                assert "Moves, in the rules' order" in text(d, "#moves")
            assert small_targets(d) == []
            shot(d, "b4-redeploy")
            before = len(read_save(save).log)
            tap(d, "#redeploy")
            after = read_save(save)
            if d.find_elements(By.CSS_SELECTOR, ".error"):       # the rules refused the move: redeploy nothing
                assert len(after.log) == before
                tap(d, "#redeploy")
                after = read_save(save)
            assert after.log[-1].startswith("redeploy")
            seen["redeploy"] += 1
    assert seen["rolled"] >= 4 and seen["redeploy"] >= 1
    assert read_save(save).battle.round >= 2 or read_save(save).battle.phase == "over"
    tap(d, "#undo")
    assert "Put back on the table" in text(d, "#checklist") or "taken back" in d.page_source
    shot(d, "b5-undone")


def _play_to_the_end(d: Any, save: Path, bold: bool) -> BattleGame:
    """Tap through a battle: the first answer to every question, the bot's dice; ``bold``: every
    Sector attacks and each area's first forward move is taken; else no Sector attacks (each
    unticked) and nothing moves."""
    from selenium.webdriver.common.by import By
    for _ in range(120):
        game = read_save(save)
        if game.battle.phase == "over":
            return game
        if d.find_elements(By.ID, "question"):
            tap(d, "#question button")
        elif d.find_elements(By.ID, "bot-rolls"):
            if not bold:
                for box in d.find_elements(By.CSS_SELECTOR, "label.tick input:checked"):
                    box.click()
            tap(d, "#bot-rolls")
        elif d.find_elements(By.ID, "redeploy"):
            for area in ("s1", "s2", "s3", "sr") if bold else ():
                tap(d, f"rect[data-tap='{area}']")
                forward = d.find_elements(By.CSS_SELECTOR, "#offered button[value^='forward']")
                if forward:
                    tap(d, "#offered button[value^='forward']")
            tap(d, "#redeploy")
        else:
            raise AssertionError(f"no tap to make: {text(d, '#game')[:300]}")
    raise AssertionError("the battle did not end in 120 taps")


@pytest.mark.slow
@pytest.mark.parametrize("seed, bold, winner", [(12, True, "sweden"), (4, False, "enemy")])
def test_a_batalj_battle_is_played_by_taps_to_its_end(tmp_path: Path, driver: Any, seed: int, bold: bool,
                                                         winner: str) -> None:
    """Seed 12 (the issue's battle) is won by moving forward into the enemy Sectors left empty
    (offered on the Sector's tap); seed 4 is lost by never attacking (every Sector abstains)."""
    browser_or_skip()
    from bot.batalj.cli import BOT as BATALJ_BOT
    save = tmp_path / "battle.save.json"
    write_save(BattleGame(seed, 3), save)
    from selenium.webdriver.common.by import By
    for page in served(BATALJ_BOT.page(), save, TOKEN):
        d = driver
        d.get_log("browser")                                 # what earlier tests left in the console
        d.get(page.url())
        deploy_the_issues_army(d)
        tap(d, "#ready")
        game = _play_to_the_end(d, save, bold)
        said_in_console = [e["message"] for e in d.get_log("browser") if e["level"] in ("WARNING", "SEVERE")]
        assert said_in_console == [], said_in_console        # a whole battle's taps: no script error, no failed fetch
        assert game.battle.winner == winner
        said = text(d, "#game")
        assert ("Sweden wins" if winner == "sweden" else "the enemy wins") in said, said[:400]
        if bold:
            assert any(line.startswith("redeploy forward") for line in game.log), game.log
        else:
            assert "attack none" in game.log
        shot(d, f"b6-over-{winner}")
        assert d.find_element(By.CSS_SELECTOR, "#new-game").tag_name == "div"     # not folded away: the game is over
        tap(d, "#start-new")
        fresh = read_save(save)
        assert fresh.battle.phase == "setup" and fresh.log == []
        assert d.find_elements(By.ID, "place")
