"""A position's picture cropped to where the action is: the last moves, the marks, else the
units, with a margin of hexes; a picture for the screen in a palette of colours."""

from __future__ import annotations

import io
from types import SimpleNamespace

import pytest
from PIL import Image, ImageChops

from generator.hexart.board import grid_origin
from generator.hexart.position import (CROP_MARGIN_HEXES, HEADER, action_area, board_image, board_picture,
                                       board_svg_part, position_scene,
                                       write_position)
from generator.hexart.style import PARCHMENT
from generator.hexmap.options import MapOptions
from generator.loading.games import load_game_map

from .conftest import STOCKHOLM

POSITION = {
    "map": "stockholm1520", "round": 3, "propaganda": 1, "bridge_open": True,
    "swedish": [{"id": "cav1", "type": "cavalry", "hex": "1007"}],
    "danish": [{"id": "A2-cav", "type": "cavalry", "hex": "1004", "zone": "A", "road": 2}],
    "last_moves": [["0803", "0904", "1004"]],
}


@pytest.fixture(scope="module")
def board():
    return load_game_map(STOCKHOLM)


def test_the_crop_holds_the_last_moves_with_a_margin_and_leaves_the_rest_out(board):
    whole, cropped = position_scene(board, POSITION), position_scene(board, POSITION, crop=True)
    x0, y0, x1, y1 = action_area(board, POSITION)
    flat = board.layout.flat_mm
    assert x1 - x0 == pytest.approx(board.centre("1004")[0] - board.centre("0803")[0] + 2 * flat * (CROP_MARGIN_HEXES + 0.6))
    assert cropped.width == pytest.approx(x1 - x0) and cropped.width < whole.width / 2
    assert cropped.height < whole.height / 2
    words = [t.text for t in cropped.walk_text()]
    assert "cav1" not in words                                  # 1007 is three hexes below the moves
    assert "A2-cav · A2" in words and any("Round 3" in w for w in words)   # the moved unit, the status line
    assert [t.text for t in whole.walk_text()].count("0101") == 1 and "0101" not in words


def test_without_moves_or_marks_the_units_make_the_area(board):
    still = dict(POSITION, last_moves=[])
    x0, y0, x1, y1 = action_area(board, still)
    ox, oy = grid_origin(MapOptions(ornaments=False))
    reach = board.layout.flat_mm * (CROP_MARGIN_HEXES + 0.6)
    (ax, ay), (bx, by) = board.centre("1004"), board.centre("1007")
    assert (x0, y0, x1, y1) == pytest.approx((ox + min(ax, bx) - reach, oy + HEADER + ay - reach,
                                              ox + max(ax, bx) + reach, oy + HEADER + by + reach))
    assert action_area(board, {"map": "stockholm1520"}) is None


def test_the_written_picture_is_cropped_and_in_a_palette(board, tmp_path):
    svg, png = write_position(board, POSITION, tmp_path / "pos.svg", dpi=60, crop=True)
    image = Image.open(io.BytesIO(png.read_bytes()))
    assert image.mode == "P" and round(image.info["dpi"][0]) == 60
    scene = position_scene(board, POSITION, crop=True)       # the written one is widened to whole pixels
    assert [image.size[i] - scene_size for i, scene_size in enumerate((scene.width / 25.4 * 60, scene.height / 25.4 * 60))] \
        == [pytest.approx(1, abs=1)] * 2
    assert 'width="' in svg.read_text()[:400]


def _pixels(path):
    return Image.open(path).convert("RGB")


def test_the_picture_drawn_over_a_board_raster_is_the_whole_scene_rasterised(board, tmp_path):
    """``bot show`` draws the position over the board rasterised once (``board_cache``): the
    same SVG, and the same pixels (but a few of the screen palette's colours) as the scene's."""
    plain = write_position(board, POSITION, tmp_path / "plain.svg", dpi=40, crop=True)

    def raster(hexmap, dpi, box=None):
        image = board_image(board_picture(hexmap), dpi)
        return image if box is None else image.crop((*box[:2], min(box[2], image.width), min(box[3], image.height)))

    drawn = SimpleNamespace(picture=board_picture, raster=raster,
                            svg_part=lambda hexmap, area: board_svg_part(board_picture(hexmap), area))
    layered = write_position(board, POSITION, tmp_path / "layered.svg", dpi=40, crop=True, board_cache=drawn)
    assert plain[0].read_bytes() == layered[0].read_bytes()
    a, b = _pixels(plain[1]), _pixels(layered[1])
    assert a.size == b.size
    differing = ImageChops.difference(a, b).convert("L").histogram()
    assert sum(differing[17:]) < a.size[0] * a.size[1] / 1000     # a board a pixel off: 6 % of them
    pieces_and_board = ImageChops.difference(a, Image.new("RGB", a.size, PARCHMENT)).getbbox()
    assert pieces_and_board is not None                    # not a blank picture
