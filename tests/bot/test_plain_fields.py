"""The offline app checks a save's fields with the standard library (each bot's
``savefile.plain_fields``), the terminal with pydantic (``bot.save_fields``): a save moved
between them must be accepted or refused alike, naming the same field. Every mutation below is
tried on both bots' saves with both checks."""

from __future__ import annotations

import copy
from typing import Any, Callable

import pytest

from generator.core.errors import DataError

from bot.batalj import savefile as batalj_file
from bot.batalj.save import SAVE as BATALJ_SAVE
from bot.stockholm1520 import savefile as stockholm_file
from bot.stockholm1520.save import SAVE as STOCKHOLM_SAVE

BATALJ = {"format": "pnpkit-batalj-save", "version": 2, "seed": 4, "players": 3,
          "enemy_deck": [{"id": "E1", "pieces": "3s1c"}, {"id": "E2", "pieces": "2s1a"}], "log": ["ready"]}
STOCKHOLM = {"format": "pnpkit-stockholm1520-save", "version": 3, "seed": 4, "game": "stockholm1520",
             "data": {"data/stockholm1520/game.yaml": "ab"}, "log": ["place auto"], "cards": "virtual"}

Mutation = Callable[[dict[str, Any]], None]


def _set(key: str, value: Any) -> Mutation:
    return lambda d: d.__setitem__(key, value)


def _drop(key: str) -> Mutation:
    return lambda d: d.pop(key)


def _card(index: int, key: str, value: Any) -> Mutation:
    return lambda d: d["enemy_deck"][index].__setitem__(key, value)


COMMON = {"seed as text": _set("seed", "4"), "seed a bool": _set("seed", True), "seed past 64 bits": _set("seed", 2**63),
          "seed a float": _set("seed", 4.0), "no seed": _drop("seed"), "log a text": _set("log", "ready"),
          "log of numbers": _set("log", [1]), "no log": _drop("log"), "unknown key": _set("extra", 1),
          "nothing wrong": lambda d: None}
BATALJ_ONLY = {"one player": _set("players", 1), "seven players": _set("players", 7), "players as text": _set("players", "3"),
               "empty deck": _set("enemy_deck", []), "huge deck": _set("enemy_deck", [{"id": "E", "pieces": "1s"}] * 201),
               "card without id": lambda d: d["enemy_deck"][0].pop("id"), "card with more": _card(0, "colour", "red"),
               "bad pieces": _card(1, "pieces", "3x"), "empty id": _card(0, "id", ""), "long id": _card(0, "id", "x" * 41),
               "deck a dict": _set("enemy_deck", {"id": "E"}), "card a text": _set("enemy_deck", ["3s"]),
               "pieces and a newline": _card(0, "pieces", "3s\n")}
STOCKHOLM_ONLY = {"bad game id": _set("game", "Stock holm"), "game a number": _set("game", 1),
                  "game id and a newline": _set("game", "stockholm1520\n"),
                  "data of numbers": _set("data", {"a": 1}), "data a list": _set("data", ["a"]),
                  "cards both": _set("cards", "both"), "no cards": _drop("cards"), "no data": _drop("data")}

CASES = [("batalj", name, m) for name, m in {**COMMON, **BATALJ_ONLY}.items()] + \
        [("stockholm1520", name, m) for name, m in {**COMMON, **STOCKHOLM_ONLY}.items()]


def _verdict(check: Callable[[Any, str], Any], document: dict[str, Any]) -> str:
    """"ok", or the top-level field the first problem names."""
    try:
        check(document, "save.json")
    except DataError as err:
        field = err.problems[0].field or ""
        return "refused " + field.split(".")[0].split("[")[0]
    return "ok"


@pytest.mark.parametrize("game,name,mutation", CASES, ids=[f"{g}-{n}" for g, n, _ in CASES])
def test_the_apps_check_and_the_terminals_agree(game: str, name: str, mutation: Mutation) -> None:
    document = copy.deepcopy(BATALJ if game == "batalj" else STOCKHOLM)
    mutation(document)
    plain = batalj_file.plain_fields if game == "batalj" else stockholm_file.plain_fields
    terminal = (BATALJ_SAVE if game == "batalj" else STOCKHOLM_SAVE).validate
    assert _verdict(plain, document) == _verdict(terminal, document)
    if name == "nothing wrong":
        assert _verdict(plain, document) == "ok"
