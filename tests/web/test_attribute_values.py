"""Values reach the page's attributes through a JSON encoder and then HTML escaping (issue 34
item 8): a Province card's name typed at the terminal holding ``"``, ``\\`` or ``</script>``
stays one value of the request a button sends, and never rewrites it (a name once made the
"back" button send ``undo``)."""

from __future__ import annotations

import json
import re
import shlex
from html.parser import HTMLParser
from pathlib import Path

import pytest

from bot.batalj.cli import BOT as BATALJ_BOT
from bot.batalj.game import BattleGame
from bot.web.pages import render
from bot.web.view import Shown

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "bot").glob("**/templates/*.html"))
JSON_ATTRIBUTES = ("hx-vals", "hx-headers")
HOSTILE = ['x", "op": "undo', 'a\\b"c', "</script><script>alert(1)</script>", "O'Neill\\"]


class Attributes(HTMLParser):
    """Every JSON attribute of a page, as a browser decodes it."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str, str]] = []          # (tag, attribute, value)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found += [(tag, k, v or "") for k, v in attrs if k in JSON_ATTRIBUTES]


def json_attributes(page: str) -> list[dict[str, str]]:
    parser = Attributes()
    parser.feed(page)
    return [json.loads(value) for _, _, value in parser.found]


def test_every_template_writes_json_attributes_through_tojson() -> None:
    assert TEMPLATES
    for path in TEMPLATES:
        text = path.read_text(encoding="utf-8")
        for attribute, quote, value in re.findall(r"(hx-vals|hx-headers)=(['\"])(.*?)\2", text):
            filled = "{{" in value or "{%" in value
            assert not filled or re.fullmatch(r"\{\{ \{.*\} \| tojson \}\}", value), \
                f"{path.name}: {attribute}={value}: a value goes in through | tojson, never by string joining"
            assert quote == "'", f"{path.name}: {attribute} in single quotes (tojson escapes ' but not \")"


def test_tojson_keeps_a_hostile_value_one_value() -> None:
    for name in HOSTILE:
        page = render("page.html", title="t", token=name, body="")
        assert json_attributes(page) == [{"X-Token": name}]
        assert "</script><script>" not in page


def _redeploying() -> BattleGame:
    game = BattleGame(4, 3, asks=False)
    for line in (f"place s1 {shlex.quote(HOSTILE[0])} 3 1", f"place s2 {shlex.quote(HOSTILE[1])} 3",
                 f"place s3 {shlex.quote(HOSTILE[2])} 2", f"place sr {shlex.quote(HOSTILE[3])} 4", "artillery 2",
                 "ready enemy=3s1c,2s,4s1a,3s", "fire dice=6 enemy-dice=6", "attack dice=6,6,6,6", "counter"):
        game.apply(line)
    assert game.battle.phase == "redeploy"
    return game


class Forms(HTMLParser):
    """Every form of a page as a browser sends it: its hidden fields, and each button's own
    name and value (what a tap on it adds)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[dict[str, str], list[tuple[str, str]]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append(({}, []))
        elif self.forms and tag == "input" and found.get("type") == "hidden":
            self.forms[-1][0][found.get("name", "")] = found.get("value", "")
        elif self.forms and tag == "button" and "name" in found:
            self.forms[-1][1].append((found["name"], found.get("value", "")))


def sent(page: str) -> list[tuple[dict[str, str], list[tuple[str, str]]]]:
    parser = Forms()
    parser.feed(page)
    return parser.forms


@pytest.mark.parametrize("area", ["s1", "s2", "s3", "sr"])
def test_a_card_name_stays_inside_its_button_s_request(area: str) -> None:
    game = _redeploying()
    gathered = f"back {shlex.quote(HOSTILE[0])}"
    page = BATALJ_BOT.page().fragment(game, Shown(selected=area, extra={"moves": gathered}))
    assert "</script><script>" not in page
    values = json_attributes(page)                 # each parses: no value broke its JSON
    assert {v["op"] for v in values} <= {"undo", "end", "tap"}
    assert [v for v in values if v["op"] == "undo"] == [{"op": "undo"}]
    forms = {fields.get("op"): (fields, buttons) for fields, buttons in sent(page)}
    # the moves offered, each a button of one form whose fields the name cannot rewrite
    fields, buttons = forms["add"]
    assert fields == {"op": "add", "sel": area, "moves": gathered}
    assert all(name == "move" for name, _ in buttons)
    assert forms["redeploy"][0] == {"op": "redeploy", "moves": gathered}


def test_a_move_naming_a_hostile_card_is_one_button_value() -> None:
    page = BATALJ_BOT.page().fragment(_redeploying(), Shown(selected="s1", extra={"moves": ""}))
    [(fields, buttons)] = [form for form in sent(page) if form[0].get("op") == "add"]
    assert fields == {"op": "add", "sel": "s1", "moves": ""}
    assert any(value == f"back {shlex.quote(HOSTILE[0])}" for name, value in buttons if name == "move"), buttons
