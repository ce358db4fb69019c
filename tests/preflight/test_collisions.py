"""No word under other art (issue 35, item 3): a text overlapped by ink that is not its own
ground (a symbol, a road, a tag, another text) is a collision finding naming the page, the
words and what covers them; its ground, its own halo and art beside it are not."""

from __future__ import annotations

from generator.draw.page import Page
from generator.draw.scene import GroupItem, PathItem, Scene, Style, rect_commands
from generator.preflight.findings import Limits
from generator.preflight.run import page_findings

GROUND = "#efe3c4"
INK = "#2d2d3a"


def _found(scene: Scene) -> list:
    return [f for f in page_findings(Page(scene, label="board"), "game/board.pdf", 1, Limits()) if f.rule == "collision"]


def _map() -> Scene:
    s = Scene(120, 80)
    s.rect(0, 0, 120, 80, Style(fill=GROUND))             # the ground the words are read on
    s.text(20, 40, "Loberbach", face="serif", size_pt=11, fill=INK)
    return s


def test_a_tag_drawn_over_a_word_is_a_finding_naming_page_words_and_what_covers_them() -> None:
    s = _map()
    s.rect(33, 35, 9, 4, Style(fill="#f1e4c3"))            # a hex number's plate over the last letters
    s.text(34, 38, "0511", face="serif", size_pt=7, fill=INK)
    found = _found(s)
    texts = {f.what: f for f in found}
    assert set(texts) == {"text 'Loberbach'", "text '0511'"}
    word = texts["text 'Loberbach'"]
    assert word.page == "board" and word.measured == "covered by a shape, the text '0511'"
    assert word.limit == "no other ink on a word"


def test_a_road_through_a_word_and_a_symbol_on_it_are_findings() -> None:
    s = _map()
    s.line(10, 38, 60, 38, Style(stroke="#7a4b2a", stroke_width=0.8))          # a road drawn after the name
    assert [f.measured for f in _found(s)] == ["covered by a line"]
    s = _map()
    s.add(GroupItem((PathItem(rect_commands(-2, -2, 4, 4), Style(fill="#3f6b32")),), (1.0, 0, 0, 1.0, 22, 38),
                    name="icon tree"))
    assert [f.measured for f in _found(s)] == ["covered by the symbol tree"]


def test_a_symbol_painted_before_a_word_still_covers_it_but_a_plain_ground_does_not() -> None:
    s = Scene(120, 80)
    s.rect(0, 0, 120, 80, Style(fill=GROUND))
    s.rect(15, 33, 40, 10, Style(fill="#d9c9a0"))          # a plate under the word: its ground
    s.add(GroupItem((PathItem(rect_commands(-2, -2, 4, 4), Style(fill="#3f6b32")),), (1.0, 0, 0, 1.0, 22, 38),
                    name="icon tree"))
    s.text(20, 40, "Loberbach", face="serif", size_pt=11, fill=INK)
    assert [f.measured for f in _found(s)] == ["covered by the symbol tree"]


def test_art_beside_a_word_a_road_passing_below_it_and_its_own_halo_are_not_findings() -> None:
    s = _map()
    s.text(20, 40, "Loberbach", face="serif", size_pt=11, fill=INK)                 # drawn twice (a halo)
    s.line(10, 43.2, 60, 43.2, Style(stroke="#7a4b2a", stroke_width=0.8))          # below the letters, above the next line's
    s.line(10, 30, 60, 20, Style(stroke="#7a4b2a", stroke_width=0.8))              # its box, not its path, meets it
    s.add(GroupItem((PathItem(rect_commands(-2, -2, 4, 4), Style(fill="#3f6b32")),), (1.0, 0, 0, 1.0, 70, 38),
                    name="icon tree"))
    s.text(20, 46, "second line", face="serif", size_pt=11, fill=INK)              # the next line of a paragraph
    assert _found(s) == []


def test_a_number_set_wholly_on_a_symbol_has_it_as_its_ground() -> None:
    s = Scene(120, 80)
    s.rect(0, 0, 120, 80, Style(fill=GROUND))
    s.add(GroupItem((PathItem(rect_commands(-5, -5, 10, 10), Style(fill="#d9a441")),), (1.0, 0, 0, 1.0, 30, 40),
                    name="icon coin"))
    s.text(30, 41.5, "4", face="serif", size_pt=10, fill=INK, anchor="middle")
    assert _found(s) == []


def _under(*lines: tuple[float, float, float, float, float], ground: bool = False) -> Scene:
    """A word with lines painted before it (x1, y1, x2, y2, width), and a knock-out ground
    painted between them and the word when ``ground``."""
    s = Scene(120, 80)
    s.rect(0, 0, 120, 80, Style(fill=GROUND))
    for x1, y1, x2, y2, width in lines:
        s.line(x1, y1, x2, y2, Style(stroke="#7a4b2a", stroke_width=width))
    if ground:
        s.rect(18, 35, 40, 7, Style(fill=GROUND))
    s.text(20, 40, "HOLMEN", face="serif", size_pt=11, fill=INK)
    return s


def test_a_road_painted_before_a_word_through_its_letters_is_a_finding() -> None:
    found = _found(_under((10, 38.5, 70, 38.5, 2.6)))
    assert [(f.page, f.what, f.measured) for f in found] == [("board", "text 'HOLMEN'", "covered by a line painted under it")]


def test_a_ripple_painted_before_a_word_on_its_letters_is_a_finding() -> None:
    found = _found(_under((19, 37.1, 23, 36.9, 0.16)))       # a short thin mark on the top of the H
    assert [f.measured for f in found] == ["covered by a line painted under it"]


def test_a_thin_edge_a_road_below_and_a_knocked_out_road_are_not_findings() -> None:
    assert _found(_under((10, 38.5, 90, 38.5, 0.3))) == []        # a hex edge the word is set on: long and thin
    assert _found(_under((10, 41.5, 70, 41.5, 2.6))) == []        # a road passing under the letters' feet
    assert _found(_under((10, 38.5, 70, 38.5, 2.6), (19, 37.1, 23, 36.9, 0.16), ground=True)) == []
