"""A group with ``each`` draws its layers once per element of a list (a board's roads from a table)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.draw.scene import PathItem, TextItem
from generator.errors import DataError
from generator.games import load_game

FRONT = "layouts/hero-front.yaml"


def _front_items(kit: Path, layers: str) -> list:
    (kit / FRONT).write_text(f"extends: frame.yaml\nlayers:\n{layers}", encoding="utf-8")
    return load_game("heroes").components[0].pieces[0].front().items[2:]   # after the frame's two rectangles


def test_each_element_draws_the_group_once_with_its_values(kit: Path) -> None:
    items = _front_items(kit, """\
  - type: group
    each: "{{ [{'x': 10, 'word': 'one'}, {'x': 30, 'word': 'two'}] }}"
    as: spot
    layers:
      - {type: line, x1: "{{ spot.x }}", y1: 5, x2: "{{ spot.x }}", y2: 20, stroke: ink}
      - {type: text, x: "{{ spot.x }}", y: 30, text: "{{ spot.word }} {{ name }}", size: 8}
""")
    lines = [i for i in items if isinstance(i, PathItem)]
    texts = [i for i in items if isinstance(i, TextItem)]
    assert [line.commands[0][1] for line in lines] == [pytest.approx(13), pytest.approx(33)]   # 3 mm bleed
    assert [t.text for t in texts] == ["one Åsa the Bold", "two Åsa the Bold"]


def test_each_over_a_range_and_a_mapping(kit: Path) -> None:
    items = _front_items(kit, """\
  - type: group
    each: "{{ range(4) | list }}"
    layers:
      - {type: text, x: 5, y: "{{ 10 + it * 5 }}", text: "n{{ it }}", size: 8}
  - type: group
    each: "{{ {'a': 'first', 'b': 'second'} }}"
    as: word
    layers:
      - {type: text, x: 5, y: 60, text: "{{ word }}", size: 8}
""")
    assert [i.text for i in items] == ["n0", "n1", "n2", "n3", "first", "second"]


def test_each_that_is_not_a_list_is_reported_with_its_line(kit: Path) -> None:
    with pytest.raises(DataError) as err:
        _front_items(kit, """\
  - type: group
    each: "{{ name }}"
    layers: []
""")
    message = str(err.value)
    assert "field 'layers.0.each'" in message and "expected a list, got str" in message


def test_each_must_be_an_expression_and_as_a_free_name(kit: Path) -> None:
    with pytest.raises(DataError) as err:
        _front_items(kit, "  - {type: group, each: roads, layers: []}\n")
    assert "each: expected an expression giving a list" in str(err.value)
    with pytest.raises(DataError) as err:
        _front_items(kit, "  - {type: group, each: \"{{ [1] }}\", as: item, layers: []}\n")
    assert "as: expected a name" in str(err.value)
