"""A map whose geography is ours carries the designed mark in its title (issue 38): its file's
``designed`` names ``title``; a map of the rulebook's carries none; a bad value is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.errors import DataError
from generator.hexart.board import draw_map
from generator.hexmap.loader import load_map
from tests.hexmap.conftest import SMALL, write_map

WITH_CARTOUCHE = SMALL + "decor: {panel: bottom, cartouche: panel}\n"


def _marks(path: Path) -> int:
    from generator.draw.ink import drawn

    scene = draw_map(load_map(path))
    return len({id(g) for d in drawn(scene.items) for g in d.groups if g.name == "icon designed"})


def test_a_map_whose_geography_is_ours_marks_its_title(tmp_path: Path) -> None:
    path = write_map(tmp_path, WITH_CARTOUCHE + 'designed: "title: the rules give no map"\n')
    assert _marks(path) == 1


def test_a_map_of_the_rulebook_carries_no_mark(tmp_path: Path) -> None:
    assert _marks(write_map(tmp_path, WITH_CARTOUCHE)) == 0


def test_a_designed_value_naming_no_field_of_the_map_is_refused_at_its_line(tmp_path: Path) -> None:
    path = write_map(tmp_path, WITH_CARTOUCHE + 'designed: "titel: ours"\n')
    with pytest.raises(DataError) as err:
        load_map(path)
    assert "'titel'" in str(err.value) and "designed" in str(err.value) and "map.yaml" in str(err.value)
