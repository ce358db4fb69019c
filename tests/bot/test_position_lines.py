"""A position's missing field names its line (issue 37 item 2): the line where the object it
is missing from starts (line 1 for a field of the position itself), in both bots' positions,
as docs/batalj-bot.md promises: "the file, the line, the field"."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from bot.batalj.positions import position_from_json as batalj_position
from bot.positionfile import read_position_file
from bot.stockholm1520.positions import position_from_json as stockholm_position
from generator.core.errors import DataError
from tests.bot.helpers import small_game

ROOT = Path(__file__).resolve().parents[2]
STOCKHOLM = json.loads((ROOT / "tests" / "bot" / "data" / "position-example.json").read_text(encoding="utf-8"))
BATALJ = json.loads((ROOT / "tests" / "batalj" / "bot" / "data" / "position-counter.json").read_text(encoding="utf-8"))
STOCKHOLM["map"] = "testmap"
STOCKHOLM["ship"] = None
STOCKHOLM["defected_castles"] = []
STOCKHOLM["swedish"] = [{"id": "cav1", "type": "cavalry", "hex": "1306"}, {"id": "pike1", "type": "pikemen",
                                                                           "hex": "1405"}]
STOCKHOLM["danish"] = [{"id": "B1-cav", "type": "cavalry", "hex": "1506", "zone": "B", "road": 1}]


def _read_stockholm(data: Any, source: str, lines: Any) -> Any:
    return stockholm_position(data, source, small_game(), lines)


BOTS: dict[str, tuple[dict[str, Any], Callable[[Any, str, Any], Any]]] = {
    "stockholm": (STOCKHOLM, _read_stockholm), "batalj": (BATALJ, batalj_position)}


def _problems(tmp_path: Path, bot: str, data: Any) -> list[Any]:
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    read = BOTS[bot][1]
    parsed, lines = read_position_file(path)
    with pytest.raises(DataError) as caught:
        read(parsed, str(path), lines)
    return caught.value.problems


def _keys(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every key of every object in ``value``."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*path, key)
            yield from _keys(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _keys(item, (*path, i))


def _without(data: Any, path: tuple[Any, ...]) -> Any:
    data = copy.deepcopy(data)
    holder = data
    for key in path[:-1]:
        holder = holder[key]
    del holder[path[-1]]
    return data


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_every_missing_field_names_a_line(tmp_path: Path, bot: str) -> None:
    example = BOTS[bot][0]
    missing = 0
    for path in _keys(example):
        try:
            problems = _problems(tmp_path, bot, _without(example, path))
        except pytest.fail.Exception:       # an optional field: the position still reads
            continue
        for p in problems:
            if "required but missing" in p.message:
                missing += 1
                assert p.line is not None, f"{bot}: {p}"
    assert missing >= 4, missing


@pytest.mark.parametrize("bot, path, field, line", [
    ("batalj", ("step",), "step", 1),
    ("batalj", ("players",), "players", 1),
    ("batalj", ("enemy",), "enemy", 1),
    ("batalj", ("sweden", "reserve", "soldiers"), "sweden.reserve.soldiers", "reserve"),
    ("stockholm", ("round",), "round", 1),
    ("stockholm", ("swedish", 1, "hex"), "swedish[1].hex", "pike1"),
    ("stockholm", ("danish", 0, "id"), "danish[0].id", "1506"),
])
def test_a_missing_field_is_named_at_the_line_its_object_starts(tmp_path: Path, bot: str, path: tuple[Any, ...],
                                                                 field: str, line: int | str) -> None:
    data = _without(BOTS[bot][0], path)
    text = json.dumps(data, indent=2, ensure_ascii=False).splitlines()
    if isinstance(line, str):       # the object's line: the first "{" above a value of it (or its key's line)
        n = next(n for n, t in enumerate(text, start=1) if f'"{line}"' in t)
        while not text[n - 1].rstrip().endswith("{"):
            n -= 1
        line = n
    shown = [str(p) for p in _problems(tmp_path, bot, data) if p.field == field]
    assert shown and f"p.json:{line}: field '{field}': " in shown[0] and "required but missing" in shown[0], shown
