"""Seams that spare what is read (issue 35, item 2): every word and symbol a board draws is
found from the drawing itself; a seam of the joined tiles through one is a tiling finding
naming it, and the tiler places its seams clear of them where any way does."""

from __future__ import annotations

import math

from generator.draw.page import Page
from generator.draw.read import readables
from generator.draw.scene import GroupItem, PathItem, Scene, Style, rect_commands
from generator.preflight.findings import Limits
from generator.preflight.run import once_per_file, page_findings
from generator.printing.tiling import TilePlan, plan_tiles, read_regions, tile_facts, tile_page

W, H = 480.0, 160.0


def _findings(board: Scene, plan: TilePlan) -> list:
    found = []
    for number, tile in enumerate(plan.tiles, start=1):
        page = Page(tile_page(board, plan, tile, "Board"), label=tile.name, tile=tile_facts(plan, tile))
        found += page_findings(page, "game/board/board-a4-tiled.pdf", number, Limits())
    return [f for f in once_per_file(found) if f.rule == "tiling"]


def _seam() -> float:
    """Where a plain board of W x H mm on landscape A4 has its (one) vertical seam."""
    plan = plan_tiles(W, H, "a4", orientation="landscape")
    seams = sorted({t.x for t in plan.tiles if t.col > 0})
    assert len(seams) == 1
    return seams[0]


def _board(word: str = "", symbol: bool = False) -> Scene:
    """A plain board with a city's name, or a symbol, drawn across where the seam falls."""
    board = Scene(W, H)
    board.rect(0, 0, W, H, Style(fill="#efe3c4"))
    x = _seam()
    if word:
        board.text(x, 80, word, face="serif", size_pt=12, fill="#2d2d3a", anchor="middle")
    if symbol:
        board.add(GroupItem((PathItem(rect_commands(-4, -4, 8, 8), Style(fill="#2d2d3a")),),
                            (1.0, 0, 0, 1.0, x, 40), name="icon tower"))
    return board


def test_words_and_symbols_are_found_from_the_drawing() -> None:
    found = readables(_board("Wismar", symbol=True).items)
    assert [r.what for r in found] == ["text 'Wismar'", "symbol tower"]
    word = found[0].box
    assert word[0] < _seam() < word[2]


def test_a_seam_through_a_city_name_is_a_finding_naming_the_word() -> None:
    board = _board("Wismar")
    plain = plan_tiles(W, H, "a4", orientation="landscape")          # the seams of a tiler blind to words
    found = _findings(board, plain)
    assert [(f.rule, f.what, f.limit) for f in found] == [("tiling", "text 'Wismar'", "no seam through a word, symbol or space")]
    assert found[0].page == "A1" and found[0].measured.startswith("cut by a seam of the joined tiles, ")


def test_a_seam_through_a_symbol_is_a_finding() -> None:
    found = _findings(_board(symbol=True), plan_tiles(W, H, "a4", orientation="landscape"))
    assert [f.what for f in found] == ["symbol tower"]


def test_the_tiler_moves_its_seam_off_the_words_it_reads_from_the_board() -> None:
    board = _board("Wismar", symbol=True)
    plan = plan_tiles(W, H, "a4", orientation="landscape", read=read_regions(board))
    assert len(plan.tiles) == 2 and sorted({t.x for t in plan.tiles if t.col > 0}) != [_seam()]
    assert _findings(board, plan) == []


def test_a_word_longer_than_a_page_is_let_go_and_found() -> None:
    board = Scene(W, H)
    board.rect(0, 0, W, H, Style(fill="#efe3c4"))
    board.text(W / 2, 80, "A line of set-up notes " * 6, face="serif", size_pt=12, fill="#2d2d3a", anchor="middle")
    plan = plan_tiles(W, H, "a4", orientation="landscape", read=read_regions(board))
    found = _findings(board, plan)
    assert len(found) == 1 and found[0].what.startswith("text 'A line of set-up notes")


def _spaces(*shapes: str) -> Scene:
    """A plain board with named spaces drawn as shapes and no words across where the seam
    falls: a city's circle (with its inner ring), an empty stack box, a row of track spaces."""
    board = Scene(W, H)
    board.rect(0, 0, W, H, Style(fill="#efe3c4"))
    x = _seam()
    if "city" in shapes:
        board.circle(x, 50, 15, Style(fill="#f4ead0", stroke="#2d2d3a", stroke_width=0.6))
        board.circle(x, 50, 12.5, Style(stroke="#2d2d3a", stroke_width=0.3))
    if "box" in shapes:
        board.rect(x - 20, 100, 30, 30, Style(stroke="#2d2d3a", stroke_width=0.4))
    if "track" in shapes:                   # spaces side by side, one on each side of the seam
        for i in range(-3, 3):
            board.rect(x + 14 * i, 140, 14, 14, Style(stroke="#2d2d3a", stroke_width=0.3))
    return board


def test_named_spaces_drawn_as_shapes_are_found_from_the_drawing() -> None:
    found = readables(_spaces("city", "box").items)
    assert [r.what for r in found] == ["space (a circle 30 x 30 mm)", "space (a box 30 x 30 mm)"]
    city = found[0].box
    assert city[0] < _seam() < city[2]


def test_a_hex_a_small_mark_and_an_unoutlined_blot_are_not_spaces() -> None:
    board = Scene(W, H)
    board.polygon([(100 + 15 * math.cos(math.radians(60 * k)), 80 + 15 * math.sin(math.radians(60 * k)))
                   for k in range(6)], Style(stroke="#2d2d3a", stroke_width=0.3))
    board.circle(200, 80, 3, Style(stroke="#2d2d3a", stroke_width=0.3))         # a feature's ring, 6 mm
    board.circle(300, 80, 20, Style(fill="#d9c9a0"))                            # a texture's blot
    board.rect(10, 10, 200, 140, Style(stroke="#2d2d3a", stroke_width=0.3))     # an area, not a space
    assert readables(board.items) == []


def test_a_seam_through_a_named_space_is_a_finding_naming_it() -> None:
    plain = plan_tiles(W, H, "a4", orientation="landscape")
    found = _findings(_spaces("city", "box"), plain)
    assert [(f.what, f.limit) for f in found] == [("space (a circle 30 x 30 mm)", "no seam through a word, symbol or space"),
                                                  ("space (a box 30 x 30 mm)", "no seam through a word, symbol or space")]
    assert found[0].measured.startswith("cut by a seam of the joined tiles, ")


def test_a_seam_on_the_line_two_spaces_share_is_no_finding() -> None:
    assert _findings(_spaces("track"), plan_tiles(W, H, "a4", orientation="landscape")) == []


def test_the_tiler_spares_named_spaces_as_it_spares_words() -> None:
    board = _spaces("city", "box", "track")
    plan = plan_tiles(W, H, "a4", orientation="landscape", read=read_regions(board))
    assert len(plan.tiles) == 2 and sorted({t.x for t in plan.tiles if t.col > 0}) != [_seam()]
    assert _findings(board, plan) == []
