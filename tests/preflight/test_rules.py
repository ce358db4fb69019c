"""The preflight's rules on hand-made pages: each gives its one finding, and only that."""

from __future__ import annotations

from generator.draw.page import Page
from generator.draw.scene import GroupItem, PathItem, Scene, Style, rect_commands
from generator.preflight.findings import Limits
from generator.preflight import textsize
from generator.preflight.run import once_per_file, page_findings

A4 = (210.0, 297.0)


def _findings(scene: Scene, label: str = "fronts 1", limits: Limits = Limits()):
    return page_findings(Page(scene, label=label), "game/cards/deck-sheets-a4.pdf", 1, limits)


def _card(text_pt: float = 8.0) -> Scene:
    card = Scene(63.5, 88.9)
    card.rect(0, 0, 63.5, 88.9, Style(fill="#f5eedc"))
    card.text(30, 40, "Scout", size_pt=text_pt)
    return card


def test_a_5_pt_text_is_one_finding_naming_the_piece_text_size_and_limit() -> None:
    page = Scene(*A4)
    page.place(_card(8.0), 20, 20, name="scout")
    page.place(_card(5.0), 90, 20, name="guard")
    found = _findings(page)
    assert [(f.rule, f.item, f.what, f.measured, f.limit) for f in found] == \
        [("text-size", "guard", "text 'Scout'", "5 pt", "6 pt")]
    assert found[0].message().startswith("game/cards/deck-sheets-a4.pdf, fronts 1, guard: text 'Scout': 5 pt")


def test_text_is_measured_at_print_size_and_a_game_may_lower_the_floor() -> None:
    page = Scene(*A4)
    page.place(_card(12.0), 20, 20, scale=0.45, name="small")      # 12 pt drawn at 45 %: 5.4 pt on paper
    assert [f.measured for f in _findings(page)] == ["5.4 pt"]
    assert _findings(page, limits=Limits(text_pt=5.0, text_reason="read from above")) == []


def test_an_assembly_pages_small_board_is_not_read_but_its_own_text_is() -> None:
    page = Scene(*A4)
    page.place(_card(8.0), 20, 60, scale=0.3)
    page.text(20, 20, "Trim each tile", size_pt=5.0)
    assert [f.what for f in _findings(page, label="assembly")] == ["text 'Trim each tile'"]


def test_a_mark_in_the_printer_margin_is_one_finding_with_its_distance_and_edge() -> None:
    page = Scene(*A4)
    page.rect(0, 0, *A4, Style(fill="#ffffff"))                     # white paper is not ink
    page.place(_card(), 20, 20, name="scout")
    page.line(2.0, 100, 2.0, 105, Style(stroke="#000000", stroke_width=0.2))
    page.line(18.0, 100, 14.0, 100, Style(stroke="#000000", stroke_width=0.2))
    found = _findings(page)
    assert [(f.rule, f.what, f.measured, f.limit) for f in found] == \
        [("margin", "a line inked in the printer margin", "1.9 mm from the left edge", "4.5 mm")]
    assert _findings(page, limits=Limits(margin_mm=1.5)) == []


def test_clipped_art_counts_only_where_it_shows() -> None:
    page = Scene(*A4)
    art = Scene(100, 100)
    art.rect(0, 0, 100, 100, Style(fill="#336699"))
    page.place(art, -10, 20, clip_to=(15, 0, 50, 50))                # shows from x = 5 mm
    assert _findings(page) == []
    page.place(art, -10, 120, clip_to=(12, 0, 50, 50))               # from x = 2 mm
    assert [f.measured for f in _findings(page)] == ["2.0 mm from the left edge"]


def test_a_finding_repeated_on_every_page_is_reported_once_and_alike_texts_together() -> None:
    page = Scene(*A4)
    for number in range(1, 6):
        page.text(20, 20 + number * 5, f"010{number}", size_pt=5.0)
    once = once_per_file(_findings(page) + _findings(page, label="fronts 2"))
    assert [(f.page, f.what) for f in once] == [("fronts 1", "5 texts ('0101', '0102', '0103' and 2 more)")]


def _icon(fill: str) -> GroupItem:
    return GroupItem((PathItem(rect_commands(0, 0, 10, 10), Style(fill=fill)),), (1.0, 0, 0, 1.0, 30, 30),
                     name="icon pip")


def test_a_grey_on_grey_symbol_is_one_finding_and_a_dark_one_none() -> None:
    page = Scene(*A4)
    page.rect(20, 20, 40, 40, Style(fill="#9a9a9a"))
    page.add(_icon("#8a8a8a"))
    found = _findings(page)
    assert [(f.rule, f.what, f.limit) for f in found] == [("contrast", "symbol 'pip' (#8a8a8a on #9a9a9a)", "3:1")]
    assert float(found[0].measured.split(":")[0]) < 1.3
    page = Scene(*A4)
    page.rect(20, 20, 40, 40, Style(fill="#9a9a9a"))
    page.add(_icon("#222222"))
    assert _findings(page) == []


def test_text_is_read_against_the_shapes_under_it_and_large_text_needs_less() -> None:
    page = Scene(*A4)
    page.rect(20, 20, 100, 40, Style(fill="#c9a227"))                  # gold band
    page.text(25, 35, "Clear", size_pt=9, fill="#ffffff")              # white on gold: 2.4:1
    page.text(25, 55, "Clear", size_pt=20, fill="#4a3422")             # dark and large: fine
    page.circle(150, 100, 20, Style(fill="#1f3f6e"))
    page.text(150, 101, "Go", size_pt=9, fill="#ffffff", anchor="middle")   # white inside the navy circle
    found = _findings(page)
    assert [(f.what, f.measured, f.limit) for f in found] == [("text 'Clear' (#ffffff on #c9a227)", "2.42:1", "4.5:1")]


def test_a_shape_painted_after_the_text_or_an_image_under_it_is_not_its_ground() -> None:
    page = Scene(*A4)
    page.text(25, 35, "Over", size_pt=9, fill="#222222")
    page.rect(20, 20, 100, 40, Style(fill="#333333", opacity=0.0))    # invisible, and after it anyway
    assert _findings(page) == []


def _sheet(left: str, right: str, bleed: float = 3.0) -> Page:
    """Two 60 x 80 mm pieces butted at x = 80, each coloured to its trim; their outer edges
    show ``bleed`` mm of their colour (a gutter-less sheet's outer bleed)."""
    page = Scene(*A4)
    page.rect(20 - bleed, 20 - bleed, 60 + bleed, 80 + 2 * bleed, Style(fill=left))
    page.rect(80, 20 - bleed, 60 + bleed, 80 + 2 * bleed, Style(fill=right))
    return Page(page, label="fronts 1", pieces=(("a", (20.0, 20.0, 60.0, 80.0)), ("b", (80.0, 20.0, 60.0, 80.0))))


def test_a_butted_pair_of_different_colours_is_one_cutting_finding() -> None:
    found = page_findings(_sheet("#9c2a22", "#3f6b32"), "game/cards/deck-sheets-a4.pdf", 1, Limits())
    assert [(f.rule, f.item, f.measured, f.limit) for f in found] == \
        [("cutting", "a | b", "#9c2a22 | #3f6b32", "the same colour, or a gutter")]
    assert page_findings(_sheet("#9c2a22", "#9c2a22"), "f.pdf", 1, Limits()) == []


def test_colour_to_the_trim_without_bleed_shows_white_on_a_miscut() -> None:
    found = page_findings(_sheet("#9c2a22", "#9c2a22", bleed=0.0), "f.pdf", 1, Limits())
    assert {(f.rule, f.what) for f in found} == \
        {("cutting", "colour runs to the trim with no bleed: a 0.5 mm miscut shows white")}
    assert {f.item for f in found} == {"a", "b"}


def test_colours_that_merge_for_a_deuteranope_are_named_unless_a_second_cue_carries_them() -> None:
    from generator.preflight.colourvision import ciede2000, set_findings

    # Sharma, Wu and Dalal (2005), pairs 1 and 17 of their test data
    assert round(ciede2000((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485)), 4) == 2.0425
    assert round(ciede2000((50.0, 2.5, 0.0), (73.0, 25.0, -18.0)), 4) == 27.1492
    troops = {"red": "#9c2a22", "green": "#3f6b32", "blue": "#2b4a7a"}
    found = set_findings("data/g/game.yaml", [("troops", troops, "")])
    assert [(f.rule, f.item, f.what) for f in found] == \
        [("colour-vision", "colour set troops", "red (#9c2a22) and green (#3f6b32) merge under deuteranopia")]
    assert set_findings("data/g/game.yaml", [("troops", troops, "each card names its troop")]) == []


def _tile_findings(board: Scene, plan):
    from generator.printing.tiling import tile_facts, tile_page

    found = []
    for number, tile in enumerate(plan.tiles, start=1):
        page = Page(tile_page(board, plan, tile, "Board"), label=tile.name, tile=tile_facts(plan, tile))
        found += page_findings(page, "game/map/board-a4-tiled.pdf", number, Limits())
    return [f for f in once_per_file(found) if f.rule == "tiling"]


def _board(w: float, h: float) -> Scene:
    board = Scene(w, h)
    board.rect(0, 0, w, h, Style(fill="#efe3c4"))
    return board


def test_a_legend_a_seam_crosses_is_one_tiling_finding():
    from generator.printing.tiling import plan_tiles

    legend = ("legend", (20.0, 20.0, 470.0, 60.0))        # wider than a page: no seam can miss it
    plan = plan_tiles(480, 160, "a4", orientation="landscape", keep=[legend])
    found = _tile_findings(_board(480, 160), plan)
    assert [(f.rule, f.item, f.what, f.limit) for f in found] == \
        [("tiling", "legend", "the legend is crossed by a seam of the joined tiles", "no seam across a legend or title")]
    assert found[0].measured.endswith("mm of it past the seam")
    whole = plan_tiles(480, 160, "a4", orientation="landscape", keep=[("legend", (150.0, 20.0, 260.0, 60.0))])
    assert _tile_findings(_board(480, 160), whole) == []


def test_a_tile_page_mostly_blank_is_one_tiling_finding():
    from generator.printing.tiling import plan_tiles

    plan = plan_tiles(200, 90, "a4", orientation="landscape")       # one tile: 200 x 90 mm on 297 x 210
    found = _tile_findings(_board(200, 90), plan)
    assert [(f.rule, f.item, f.what, f.measured, f.limit) for f in found] == \
        [("tiling", "A1", "tile page mostly blank", "71% of the page blank", "at most 50%")]
    assert _tile_findings(_board(480, 180), plan_tiles(480, 180, "a4", orientation="landscape")) == []


def test_a_page_drawn_again_unchanged_is_not_measured_again_and_a_changed_one_is():
    """``pnpkit watch`` redraws a whole sheet when one card changes: the pages as they were
    keep their findings without the rules running again; a page that differs is measured."""
    looked: list[str] = []

    def counting(printed):
        looked.append(printed.label)
        return textsize.check(printed)

    def page(size_pt: float) -> Page:
        scene = Scene(100, 100)
        scene.text(10, 10, "tiny", size_pt=size_pt)
        return Page(scene, label="fronts 1")
    first = page_findings(page(3.0), "g/memo.pdf", 1, Limits(), rules=(counting,))
    again = page_findings(page(3.0), "g/memo.pdf", 1, Limits(), rules=(counting,))
    assert first == again and [f.rule for f in first] == ["text-size"] and looked == ["fronts 1"]
    assert page_findings(page(12.0), "g/memo.pdf", 1, Limits(), rules=(counting,)) == []
    assert page_findings(page(3.0), "g/memo.pdf", 1, Limits(text_pt=2.0), rules=(counting,)) == []
    assert len(looked) == 3
