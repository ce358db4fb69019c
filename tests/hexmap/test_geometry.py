from generator.hexmap.geometry import (
    HexLayout, axial_distance, axial_neighbours, axial_to_offset, grid_hexes, hex_id,
    offset_to_axial, parse_hex_id,
)
import math
import pytest


@pytest.mark.parametrize("low", ["even", "odd"])
def test_offset_axial_round_trip(low):
    for col, row in grid_hexes(23, 17):
        assert axial_to_offset(offset_to_axial(col, row, low), low) == (col, row)


def test_hex_id_round_trip():
    for col, row in grid_hexes(23, 17):
        assert parse_hex_id(hex_id(col, row)) == (col, row)
    assert hex_id(9, 7) == "0907"
    with pytest.raises(ValueError):
        parse_hex_id("907")


def _adjacent(a, b, low):
    return axial_distance(offset_to_axial(*parse_hex_id(a), low), offset_to_axial(*parse_hex_id(b), low)) == 1


def test_known_adjacent_pairs_even_low():
    # Column 02 sits half a hex lower: 0201 touches 0101 and 0102, not 0202-0101.
    assert _adjacent("0101", "0201", "even")
    assert _adjacent("0201", "0102", "even")
    assert not _adjacent("0202", "0101", "even")


def test_known_adjacent_pairs_odd_low():
    # Column 01 sits lower: 0101 touches 0201 and 0202; 0102 does not touch 0201.
    assert _adjacent("0101", "0202", "odd")
    assert _adjacent("0102", "0203", "odd")
    assert not _adjacent("0102", "0201", "odd")


@pytest.mark.parametrize("low", ["even", "odd"])
def test_neighbours_are_one_step_and_touch_on_paper(low):
    layout = HexLayout(25, low)
    a = offset_to_axial(5, 5, low)
    for n in axial_neighbours(a):
        assert axial_distance(a, n) == 1
        (x0, y0), (x1, y1) = layout.centre(5, 5), layout.centre(*axial_to_offset(n, low))
        assert math.isclose(math.hypot(x1 - x0, y1 - y0), 25, rel_tol=1e-9)


def test_distance():
    low = "even"
    d = lambda a, b: axial_distance(offset_to_axial(*parse_hex_id(a), low), offset_to_axial(*parse_hex_id(b), low))
    assert d("0101", "0101") == 0
    assert d("0101", "0105") == 4
    assert d("0101", "0501") == 4      # zig-zag along a row costs one per column
    assert d("0101", "0301") == 2


def test_corners_and_grid_size():
    layout = HexLayout(26)
    corners = layout.corners(1, 1)
    assert len(corners) == 6
    assert math.isclose(min(y for _, y in corners), 0, abs_tol=1e-9)
    assert math.isclose(min(x for x, _ in corners), 0, abs_tol=1e-9)
    w, h = layout.grid_size(19, 17)
    assert math.isclose(h, 17 * 26 + 13)
