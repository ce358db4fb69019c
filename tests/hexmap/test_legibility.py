"""The printed board reads at the table (issue 14): hex ids in lining figures at 7 pt and full
ink in 26 mm hexes, nothing drawn across them (lineup outlines, road plates), and column and row
numbers along the grid's edges so a player finds a hex at a glance."""

from __future__ import annotations

import pytest

from generator.draw.scene import GroupItem, PathItem, Scene, TextItem
from generator.hexmap.draw import COORDINATE_BAND, MapOptions, board_size, draw_board_layers, draw_coordinates, \
    draw_map, grid_origin
from generator.games import load_game_map
from generator.hexmap.ornaments import HEX_ID_FACE, hex_id_clearance
from generator.hexmap.style import INK, PALETTE

from .conftest import STOCKHOLM


@pytest.fixture(scope="module")
def board():
    return load_game_map(STOCKHOLM)


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
        assert text.opacity == (1.0 if board.cells[hid].playfield else 0.7)


def _paths(items, found=None):
    found = [] if found is None else found
    for item in items:
        if isinstance(item, GroupItem):
            _paths(item.items, found)
        elif isinstance(item, PathItem):
            found.append(item)
    return found


def test_lineup_outlines_keep_below_the_hex_ids(board, layers):
    clearance = hex_id_clearance(board.layout.flat_mm)
    outlines = [p for p in _paths(layers.items) if p.style.dash and p.style.stroke == PALETTE["zone"]]
    lineups = [h for r in board.roads for h in r.lineup]
    assert len(outlines) >= len(lineups)
    for hid in lineups:
        x, y = board.centre(hid)
        top = y - board.layout.flat_mm / 2
        near = [p for p in outlines if all(abs(c[1] - x) < 15 and abs(c[2] - y) < 13 for c in p.commands if len(c) == 3)]
        assert near, hid
        assert min(c[2] for p in near for c in p.commands if len(c) == 3) >= top + clearance - 1e-6, hid


def test_road_plates_stay_clear_of_the_hex_ids(board, layers):
    ids = _ids(layers, board)
    plates = [t for t in layers.walk_text() if t.size_pt == 6 and t.text in {r.name for r in board.roads}]
    assert plates
    for plate in plates:
        for text in ids.values():
            # a plate's box runs from 3.2 mm above its text's baseline to 0.8 below, 6.8 mm wide; an id
            # with its halo from 2.2 mm above its baseline to 0.5 below, about 7.4 mm wide
            assert not (abs(plate.x - text.x) < 7.1 and -3.7 < (text.y - plate.y) < 3.0), (plate.text, text.text)


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
    assert words.count("09") >= 2 and words.count("17") >= 4       # column 17 above and below; row 17 both sides
