"""A group with ``repeat``: drawn once per value of a list (or 0..n-1), each seeing its value and index."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.errors import DataError
from generator.loading.games import load_game

from tests.layout.test_format import _front, _own, _write_front


def test_a_group_repeats_over_a_count_with_the_value_and_its_index(kit: Path) -> None:
    _write_front(kit, "  - type: group\n    repeat: '{{ strength }}'\n    as: pip\n    x: '{{ 5 + pip * 4 }}'\n"
                      "    y: 10\n    layers:\n      - {type: text, x: 0, y: 0, text: '{{ pip }}/{{ pip_index }}'}\n")
    texts = _own(_front(kit, item=1))                      # Björn: strength 5
    assert [t.text for t in texts] == ["0/0", "1/1", "2/2", "3/3", "4/4"]
    assert [round(t.x - 3, 6) for t in texts] == [5, 9, 13, 17, 21]
    assert len(_own(_front(kit, item=0))) == 3             # Åsa: strength 3


def test_a_group_repeats_over_a_list_from_a_table_and_layers_inside_test_the_value(kit: Path) -> None:
    _write_front(kit, "  - type: group\n    repeat: \"{{ tables.houses | list }}\"\n    as: house_id\n"
                      "    y: '{{ 10 + house_id_index * 5 }}'\n    layers:\n"
                      "      - {type: text, x: 1, y: 0, text: '{{ house_id }}', when: \"{{ house_id != 'bear' }}\"}\n")
    texts = _own(_front(kit))
    assert [t.text for t in texts] == ["wolf", "raven"]
    assert [round(t.y - 3, 6) for t in texts] == [10, 20]


def test_a_literal_list_and_the_default_name(kit: Path) -> None:
    _write_front(kit, "  - type: group\n    repeat: [a, b]\n    layers:\n"
                      "      - {type: text, x: 1, y: 10, text: '{{ each }}{{ each_index }}'}\n")
    assert [t.text for t in _own(_front(kit))] == ["a0", "b1"]


@pytest.mark.parametrize("repeat, message", [
    ("'{{ 5000 }}'", "expected a list or a count from 0 to 1000, got 5000"),
    ("'{{ range(800) | list + range(800) | list }}'", "1,600 repetitions; a group repeats at most 1,000 times"),
    ("'{{ name }}'", "expected a list or a count from 0 to 1000, got"),
    ("'{{ strenght }}'", "no column or name 'strenght'"),
    ("'{{ range(40) | list }} x'", "expected one whole expression"),
])
def test_bad_repeats_name_the_field(kit: Path, repeat: str, message: str) -> None:
    _write_front(kit, f"  - type: group\n    repeat: {repeat}\n    layers:\n      - {{type: text, x: 1, y: 10, text: a}}\n")
    with pytest.raises(DataError) as err:
        load_game("heroes")
    assert "field 'layers.0.repeat'" in str(err.value) and message in str(err.value)


def test_nested_repeats_are_bounded_per_face(kit: Path) -> None:
    _write_front(kit, "  - type: group\n    repeat: 200\n    layers:\n      - type: group\n        repeat: 60\n"
                      "        layers:\n          - {type: rect, x: 1, y: 1, w: 1, h: 1, fill: ink}\n")
    with pytest.raises(DataError) as err:
        load_game("heroes")
    assert "more than 10,000 repetitions on one face" in str(err.value)


def test_as_may_not_take_a_reserved_name(kit: Path) -> None:
    _write_front(kit, "  - {type: group, repeat: 2, as: game, layers: []}\n")
    with pytest.raises(DataError) as err:
        load_game("heroes")
    assert "'as' may not take a name expressions already have" in str(err.value)
