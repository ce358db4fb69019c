"""Tiled maps: no seam crosses a legend, a title, a compass or a scale, and no tile page is
mostly blank (issue 20, item 5); the panel's ornaments move between the seams where they must,
and the tiled board draws them where the plan put them."""

from __future__ import annotations

import pytest

from generator.components.map_offers import map_tile_plan, tiled_board
from generator.draw.scene import PathItem
from generator.hexart.board import draw_map
from generator.hexart.places import panel_places, places
from generator.loading.games import load_game_map
from generator.printing.tiling import SEAM_CLEAR, plan_tiles

from .conftest import REPO

MAPS = ["stockholm1520", "breitenfeld1631"]


@pytest.fixture(scope="module", params=MAPS)
def hexmap(request):
    return load_game_map(REPO / "data" / request.param / "map.yaml")


def _seams(plan):
    xs = sorted({t.x for t in plan.tiles})[1:]
    ys = sorted({t.y for t in plan.tiles})[1:]
    return xs, ys


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_seam_crosses_the_legend_or_the_title_and_no_tile_is_mostly_blank(hexmap, paper):
    plan = map_tile_plan(hexmap, paper)
    names = {name for name, _ in plan.keep}
    assert {"legend", "cartouche", "scale", "compass"} <= names
    xs, ys = _seams(plan)
    for name, (x0, y0, x1, y1) in plan.keep:
        assert not [x for x in xs if x0 - SEAM_CLEAR < x < x1 + SEAM_CLEAR], (name, xs)
        assert not [y for y in ys if y0 - SEAM_CLEAR < y < y1 + SEAM_CLEAR], (name, ys)
    page = plan.page[0] * plan.page[1]
    assert all(t.w * t.h / page >= 0.5 for t in plan.tiles), [(t.name, t.w, t.h) for t in plan.tiles]


def test_the_usual_panel_of_stockholm_would_be_cut_on_a4_so_the_tiled_board_moves_it():
    hexmap = load_game_map(REPO / "data" / "stockholm1520" / "map.yaml")
    plan = map_tile_plan(hexmap, "a4")
    usual = dict(places(hexmap))
    xs, _ = _seams(plan)
    x0, _, x1, _ = usual["legend"]
    assert any(x0 < x < x1 for x in xs)           # the usual legend lies across the seam
    moved = dict(plan.keep)
    assert moved["legend"] != usual["legend"]
    board = tiled_board(hexmap, lambda: draw_map(hexmap))(plan)
    lx0, ly0, lx1, ly1 = moved["legend"]
    frames = [i for i in board.items if isinstance(i, PathItem) and i.style.stroke_width == 0.6
              and i.commands[0] == ("M", lx0, ly0)]
    assert frames, "the legend is drawn in the box the plan gave it"


def test_panel_places_fit_between_seams_or_say_they_cannot():
    hexmap = load_game_map(REPO / "data" / "stockholm1520" / "map.yaml")
    usual = dict(panel_places(hexmap) or ())
    seam = 201.1                                  # a hex column's edge, through the usual legend
    assert usual["legend"][0] < seam < usual["legend"][2]
    moved = panel_places(hexmap, [seam])
    assert moved is not None and dict(moved)["legend"][2] < seam
    assert all(not (b[0] - SEAM_CLEAR < seam < b[2] + SEAM_CLEAR) for _, b in moved)
    assert panel_places(hexmap, [100.0, 180.0, 260.0, 340.0]) is None      # too many seams: no room


def test_a_plain_board_keeps_a_region_whole_and_fills_its_last_page():
    plan = plan_tiles(480, 150, "a4", orientation="landscape")
    assert [round(t.x, 1) for t in plan.tiles] == [0.0, 199.0] and all(t.w == 281 for t in plan.tiles)
    kept = plan_tiles(480, 150, "a4", orientation="landscape", keep=[("legend", (150.0, 20.0, 260.0, 60.0))])
    assert all(not (147.0 < t.x < 263.0) for t in kept.tiles) and len(kept.tiles) == 2
    too_big = plan_tiles(480, 150, "a4", orientation="landscape", keep=[("legend", (10.0, 20.0, 470.0, 60.0))])
    assert len(too_big.tiles) == 2                # a region wider than a page cannot be kept whole
