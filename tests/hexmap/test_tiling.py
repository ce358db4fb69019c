"""Tiling geometry: overlaps wider than the unprintable margin, every hex whole on some tile."""

from __future__ import annotations

import pytest

from generator.components.map_offers import map_tile_plan
from generator.hexart.board import board_size, grid_origin
from generator.hexart.tiling import paper_size, plan_tiles
from generator.hexmap.loader import load_map

from .conftest import BOARD


@pytest.fixture(scope="module")
def board():
    return load_map(BOARD)


def hex_boxes(m):
    ox, oy = grid_origin()
    for hid, cell in m.cells.items():
        pts = m.layout.corners(cell.col, cell.row)
        xs, ys = [p[0] + ox for p in pts], [p[1] + oy for p in pts]
        yield hid, (min(xs), min(ys), max(xs), max(ys))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_hex_whole_on_a_tile(board, paper):
    plan = map_tile_plan(board, paper)
    for hid, box in hex_boxes(board):
        assert any(t.contains(*box) for t in plan.tiles), hid


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiles_cover_the_board_with_overlap(board, paper):
    plan = map_tile_plan(board, paper)
    w, h = board_size(board)
    assert plan.board == (w, h)
    page_w, page_h = plan.page
    assert {page_w, page_h} == set(paper_size(paper))
    for t in plan.tiles:
        assert t.w <= page_w - 16 + 1e-9 and t.h <= page_h - 16 + 1e-9     # 8 mm margins
    cols = sorted({(t.col, t.x, t.w) for t in plan.tiles})
    for (_, x0, w0), (_, x1, _) in zip(cols, cols[1:]):
        assert x0 + w0 - x1 > 5.0                                          # overlap beats the margin
    rows = sorted({(t.row, t.y, t.h) for t in plan.tiles})
    for (_, y0, h0), (_, y1, _) in zip(rows, rows[1:]):
        assert y0 + h0 - y1 > 5.0
    assert max(t.x + t.w for t in plan.tiles) >= w - 1e-6
    assert max(t.y + t.h for t in plan.tiles) >= h - 1e-6


def test_tile_labels(board):
    plan = map_tile_plan(board, "a4")
    names = [t.name for t in plan.tiles]
    assert names[0] == "A1" and len(set(names)) == len(names)
    assert (plan.cols, plan.rows) == (1, 2)                    # the test board: one column of two tiles
    a2 = next(t for t in plan.tiles if t.name == "A2")
    assert plan.label(a2).startswith("A2, row 2 of 2, column 1 of 1")


def test_plain_tiling_without_hexes():
    plan = plan_tiles(500, 300, "a4", orientation="portrait")
    assert plan.cols == 3 and plan.rows == 2


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_battle_map_and_odd_low_grid_hexes_whole(paper):
    from generator.components.hexgrid import make_grid
    from .conftest import REPO

    for m in (load_map(REPO / "data" / "breitenfeld1631" / "map.yaml"), make_grid(30, 25, 16, low_columns="odd")):
        plan = map_tile_plan(m, paper)
        assert len(plan.tiles) > 1
        for hid, box in hex_boxes(m):
            assert any(t.contains(*box) for t in plan.tiles), (m.id, paper, hid)


def test_alignment_marks_sit_only_where_a_later_tile_covers_them(board):
    from generator.hexart.board import draw_map
    from generator.hexart.tiling import tile_page

    plan = map_tile_plan(board, "a4")
    scene = draw_map(board)
    page = tile_page(scene, plan, plan.tiles[0], board.title)
    from generator.draw.scene import CircleItem
    marks = [i for i in page.items if isinstance(i, CircleItem) and i.r == 3.0]
    assert marks                                   # tile A1 shares overlaps with B1 and A2
    region = plan.tiles[0]
    for m in marks:
        bx, by = m.cx - 8 + region.x, m.cy - 8 + region.y    # page -> board (8 mm margin)
        assert any(o is not region and o.x <= bx <= o.x + o.w and o.y <= by <= o.y + o.h for o in plan.tiles)
    # only under a later tile (laid over this one): the last tile, laid over all others, has none
    last = tile_page(scene, plan, plan.tiles[-1], board.title)
    assert not [i for i in last.items if isinstance(i, CircleItem) and i.r == 3.0]
    for m in marks:
        bx, by = m.cx - 8 + region.x, m.cy - 8 + region.y
        assert any((o.col > region.col or o.row > region.row) and o.x + 4.5 <= bx <= o.x + o.w and
                   o.y <= by <= o.y + o.h for o in plan.tiles)     # the whole mark (arms 4.5 mm) under it


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("size", [5.0, 100.0])                # pnpkit hexgrid --size: its limits (docs/limits.md)
@pytest.mark.parametrize("cols,rows", [(1, 1), (1, 99), (99, 1), (30, 30), (99, 99)])
def test_a_hexgrid_at_the_corners_of_its_limits_is_tiled_with_every_hex_whole(cols, rows, size, paper):
    """Hex columns of 100 mm lie further apart than a page may advance (its width less the
    overlap): the pages then advance a column or two at a time, more than the fewest pages
    a board of that width would need without lines."""
    from generator.cli.maps import hexgrid_command
    from generator.components.hexgrid import GRID_OPTIONS, make_grid

    limits = {p.name: p for p in hexgrid_command.params}
    assert (limits["cols"].type.min, limits["cols"].type.max) == (limits["rows"].type.min, limits["rows"].type.max) == (1, 99)
    grid = make_grid(cols, rows, size)
    plan = map_tile_plan(grid, paper, GRID_OPTIONS)
    ox, oy = grid_origin(GRID_OPTIONS)
    spans_x = {(t.x, t.x + t.w) for t in plan.tiles}        # the tiles are a grid: whole on one of
    spans_y = {(t.y, t.y + t.h) for t in plan.tiles}        # them is whole in a column and a row
    assert len(plan.tiles) == len(spans_x) * len(spans_y)
    for cell in grid.cells.values():
        pts = grid.layout.corners(cell.col, cell.row)
        x0, x1 = min(p[0] for p in pts) + ox, max(p[0] for p in pts) + ox
        y0, y1 = min(p[1] for p in pts) + oy, max(p[1] for p in pts) + oy
        assert any(a - 1e-6 <= x0 and x1 <= b + 1e-6 for a, b in spans_x), (cell.col, cell.row)
        assert any(a - 1e-6 <= y0 and y1 <= b + 1e-6 for a, b in spans_y), (cell.col, cell.row)
    w, h = board_size(grid, GRID_OPTIONS)
    assert max(t.x + t.w for t in plan.tiles) >= w - 1e-6 and max(t.y + t.h for t in plan.tiles) >= h - 1e-6


def test_lines_further_apart_than_a_page_reaches_are_refused_in_words():
    """Pages that cannot start on the lines they must start on: a ValueError saying so (the
    paper check reports it), not an assertion."""
    with pytest.raises(ValueError, match="overlap"):
        plan_tiles(1000.0, 100.0, "a4", x_cuts=[0.0, 400.0, 800.0, 1000.0], overlap=20.0, orientation="portrait")
