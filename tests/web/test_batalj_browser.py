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
from tests.web.test_browser import shot, tap, text

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


def test_a_batalj_battle_by_taps_at_phone_size(page: Served, driver: Any, save: Path) -> None:
    from selenium.webdriver.common.by import By
    d = driver
    d.get(page.url())
    assert d.execute_script("return document.documentElement.scrollWidth") <= 390
    place(d, "s1", "Uppland", 3, 1)
    place(d, "s2", "Skåne", 2)
    place(d, "s3", "Småland", 2)
    place(d, "sr", "Gotland", 4)
    tap(d, "button[hx-vals*='artillery'][hx-vals*='2']")
    shot(d, "b1-setup")
    tap(d, "#ready")
    game = read_save(save)
    assert game.battle.phase == "fire"
    assert [shlex.split(line) for line in game.log[:4]] == [["place", "left", "Uppland", "3", "1"],
                                                             ["place", "centre", "Skåne", "2", "0"],
                                                             ["place", "right", "Småland", "2", "0"],
                                                             ["place", "reserve", "Gotland", "4", "0"]]
    # dice typed on the big buttons: one Cannon, one die; two are refused with the reason, nothing changes
    six = "//div[contains(@class,'dice')]/button[text()='6']"
    d.find_element(By.XPATH, six).click()
    d.find_element(By.XPATH, six).click()
    assert d.find_element(By.ID, "dice").get_attribute("value") == "6,6"
    tap(d, "#roll-these")
    assert read_save(save).log == game.log
    assert text(d, ".error")
    shot(d, "b2-dice-refused")
    d.find_element(By.XPATH, six).click()
    tap(d, "#roll-these")
    assert read_save(save).log[len(game.log)] == "fire dice=6"
    seen = {"question": 0, "redeploy": 0, "rolled": 0}
    for _ in range(40):
        game = read_save(save)
        if game.battle.phase == "over" or seen["redeploy"] >= 2:
            break
        if d.find_elements(By.ID, "question"):
            seen["question"] += 1
            shot(d, "b3-question")
            tap(d, "#question button")
        elif d.find_elements(By.ID, "bot-rolls"):
            seen["rolled"] += 1
            tap(d, "#bot-rolls")
        elif d.find_elements(By.ID, "redeploy"):
            tap(d, "rect[data-tap='sr']")          # the Swedish Reserve tapped on the board: its moves
            moves = d.find_elements(By.CSS_SELECTOR, "button[hx-vals*='\"add\"']")
            if moves:
                tap(d, "button[hx-vals*='\"add\"']")
                assert "Moves:" in text(d, "#moves")
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
