"""The printed board reads at the table (issue 14): hex ids in lining figures at 7 pt and full
ink in 26 mm hexes, and column and row numbers along the grid's edges so a player finds a hex
at a glance. (Nothing of Stockholm 1520's overlay crosses the ids: tests/stockholm1520.)"""

from __future__ import annotations

import pytest

from generator.draw.scene import GroupItem, PathItem, Scene, TextItem
from generator.hexart.board import board_size, draw_board_layers, draw_coordinates, draw_map, grid_origin
from generator.hexart.ornaments import HEX_ID_FACE
from generator.hexart.style import INK
from generator.hexmap.loader import load_map
from generator.hexmap.options import COORDINATE_BAND, MapOptions

from .conftest import BOARD


@pytest.fixture(scope="module")
def board():
    return load_map(BOARD)


@pytest.fixture(scope="module")
def layers(board) -> Scene:
    s = Scene(1000, 1000)
    draw_board_layers(s, board)
    return s


def _ids(scene: Scene, board) -> dict[str, TextItem]:
    return {t.text: t for t in scene.walk_text() if t.text in board.cells}


def test_hex_ids_are_lining_figures_7pt_full_ink_in_the_playfield(board, layers):
    ids = _ids(layers, board)
    assert set(ids) == set(board.cells)
    for hid, text in ids.items():
        assert text.face == HEX_ID_FACE == "title" and text.size_pt == 7.0 and text.fill == INK
        assert text.opacity == (1.0 if board.cells[hid].playfield else 0.8)


def _paths(items, found=None):
    found = [] if found is None else found
    for item in items:
        if isinstance(item, GroupItem):
            _paths(item.items, found)
        elif isinstance(item, PathItem):
            found.append(item)
    return found


def test_columns_and_rows_are_numbered_along_the_edges(board):
    s = Scene(1000, 1000)
    draw_coordinates(s, board, COORDINATE_BAND, INK)
    texts = list(s.walk_text())
    gw, gh = board.layout.grid_size(board.cols, board.rows)
    top = {t.text: t.x for t in texts if t.y < 0}
    left = {t.text: t.y for t in texts if t.x < 0}
    right = {t.text: t.y for t in texts if t.x > gw}
    assert sorted(top) == [f"{c:02d}" for c in range(1, board.cols + 1)]
    assert sorted(left) == [f"{r:02d}" for r in range(1, board.rows + 1)]
    # 0907: column 09 above its hex, row 07 beside the rows of the outermost columns
    x, y = board.centre("0907")
    assert top["09"] == pytest.approx(x)
    assert left["07"] - board.centre("0107")[1] == pytest.approx(right["07"] - board.centre(f"{board.cols:02d}07")[1])
    bottom = [t for t in texts if t.y > gh]
    assert sorted(t.text for t in bottom) == sorted(top)              # the columns again, below the grid
    assert all(0 < t.y - gh < COORDINATE_BAND + 1 for t in bottom)


def test_the_board_makes_room_for_the_numbers(board):
    with_numbers, without = MapOptions(), MapOptions(coordinates=False)
    assert grid_origin(with_numbers)[0] == grid_origin(without)[0] + COORDINATE_BAND
    assert board_size(board, with_numbers)[0] == pytest.approx(board_size(board, without)[0] + 2 * COORDINATE_BAND)
    words = [t.text for t in draw_map(board).walk_text()]
    assert words.count("10") >= 2 and words.count("08") >= 4       # column 10 above and below; row 08 both sides too
