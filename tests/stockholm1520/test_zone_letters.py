"""The reference sheet says the move order the bot plays, and the board shows what it names
(issue 37 item 3): troops move "according to their zone name in alphabetical order" (rules 2.0),
and the rulebook's zones are named by letter ("There are 4 zones (A, B, C, D)", 6.1); the
kit's zones also carry district names (zones.yaml), so the sheet says "by zone letter" and the
board prints each zone's letter beside its district name."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import yaml

from bot.stockholm1520.decks import Decks
from bot.stockholm1520.positions import position_from_json
from bot.stockholm1520.rules.enemy import move_order
from bot.stockholm1520.state import Table
from tests.bot.helpers import real_game

DATA = Path(__file__).resolve().parents[2] / "data" / "stockholm1520"


def _load(name: str) -> Any:
    return yaml.safe_load((DATA / name).read_text(encoding="utf-8"))


def _zones() -> dict[str, dict[str, Any]]:
    return _load("zones.yaml")["zones"]


def _order_line() -> str:
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
        elif isinstance(node, str) and node.startswith("Order:"):
            found.append(node)

    walk(_load("reference.yaml"))
    assert len(found) == 1, found
    return found[0]


def test_the_bot_moves_troops_by_zone_letter() -> None:
    game = real_game()
    entries = {zone: game.board.roads[(zone, 1)] for zone in _zones()}
    danish = [{"id": f"{zone}1-pike", "type": "pikemen", "hex": road.path[0], "zone": zone, "road": 1}
              for zone, road in sorted(entries.items(), reverse=True)]
    pos = position_from_json({"round": 1, "swedish": [], "danish": danish}, "test", game)
    decks = Decks(list(game.zone_cards), list(game.event_cards))
    order = [u.zone for u, _ in move_order(Table(game, pos, decks, random.Random(0)))]
    assert order == sorted(_zones())


def test_the_reference_sheet_says_zone_letter_in_the_bot_s_order() -> None:
    line = _order_line()
    assert f"by zone letter ({', '.join(sorted(_zones()))}" in line, line
    assert "alphabetical" not in line and "zone name" not in line, line


def test_the_board_prints_each_zone_s_letter_beside_its_name() -> None:
    labels = [label["text"] for label in _load("map.yaml")["labels"]]
    for letter, zone in _zones().items():
        named = [text for text in labels if zone["name"] in text]
        assert named == [f"{zone['name']} ({letter})"], (letter, named)
