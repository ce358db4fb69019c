"""The page's layer drawn with string work (bot/web/sketch.py): text as the kit's glyph
outlines, every value escaped, a character the baked table lacks drawn as "?" (never a failed
page), and the same description of Batalj's pieces drawn alike by the page and by ``show``."""

from __future__ import annotations

from typing import Any
from xml.etree import ElementTree

from bot.web.glyph_bake import glyphs
from bot.web.sketch import Layer, Paint, Sketch

NS = "{http://www.w3.org/2000/svg}"


def _svg(sketch: Sketch) -> ElementTree.Element:
    elements, defs = sketch.parts()
    return ElementTree.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
                                  f"<defs>{defs}</defs>{elements}</svg>")


def test_text_is_outlines_with_its_words_escaped_in_its_label() -> None:
    sketch = Sketch(glyphs(("serif-bold",)))
    sketch.text(10, 10, 'Up<&>"land\u202e', "serif-bold", 9, "#000000", "middle")
    root = _svg(sketch)
    group = root.find(f"{NS}g")
    assert group is not None and group.attrib["aria-label"] == 'Up<&>"land\\u202e'      # the bidi mark shown
    uses = group.findall(f"{NS}use")
    assert len(uses) == 11 and len(root.findall(f"{NS}defs/{NS}path")) == 11           # each glyph defined once


def test_a_character_the_table_lacks_is_drawn_as_a_question_mark() -> None:
    table = glyphs(("serif-bold",))
    sketch = Sketch(table)
    sketch.text(0, 0, "中?", "serif-bold", 9, "#000000")
    uses = _svg(sketch).findall(f".//{NS}use")
    assert len(uses) == 2 and uses[0].attrib["{http://www.w3.org/1999/xlink}href"] == uses[1].attrib[
        "{http://www.w3.org/1999/xlink}href"]


def test_the_batalj_page_draws_a_card_name_of_any_letters() -> None:
    from bot.batalj.bake import terminal_art
    from bot.batalj.battlegame import LoggedBattle
    from bot.batalj.strength import Strength
    from bot.batalj.web import pieces_layer

    game = LoggedBattle(3, 3, [Strength("E1", 3, 1), Strength("E2", 2, 0, 1), Strength("E3", 4)])
    game.apply("place left Åland\u4e2d 2 1")
    layer = pieces_layer(game.battle, terminal_art())
    assert isinstance(layer, Layer) and 'aria-label="\u00c5land\u4e2d"' in layer.elements


def test_paint_writes_only_what_differs_from_the_defaults() -> None:
    sketch = Sketch(glyphs(("serif-bold",)))
    sketch.circle(1, 2, 3, Paint(fill="#ff0000"))
    sketch.path([("M", 0, 0), ("L", 1, 1)], Paint(stroke="#000000", stroke_width=1.3, cap="round", join="round",
                                                   opacity=0.9))
    elements, _ = sketch.parts()
    assert elements == ('<circle cx="1" cy="2" fill="#ff0000" r="3" />'
                        '<path d="M0 0 L1 1" fill="none" opacity="0.9" stroke="#000000" stroke-linecap="round" '
                        'stroke-linejoin="round" stroke-width="1.3" />')


def test_a_glyph_has_the_same_id_on_every_page() -> None:
    """The page keeps each definition once (page.html's keepDefs): a glyph's id names the face and
    the glyph, never the order a page first used it, so a later fragment's ``<use>`` finds it."""
    table = glyphs(("serif-bold", "title"))

    def ids(*lines: tuple[str, str]) -> dict[str, str]:
        sketch = Sketch(table)
        for text, face in lines:
            sketch.text(0, 0, text, face, 9, "#000000")
        root = _svg(sketch)
        return {p.attrib["id"]: p.attrib["d"] for p in root.findall(f"{NS}defs/{NS}path")}

    one, two = ids(("Uppland", "serif-bold")), ids(("dn", "title"), ("land", "serif-bold"))
    shared = set(one) & set(two)
    assert len(shared) == 4 and all(one[i] == two[i] for i in shared)     # l, a, n, d of serif-bold
    assert len(set(two)) == 6                                            # title's d and n are other glyphs


def test_what_a_table_keeps_between_pages_draws_what_a_fresh_table_draws() -> None:
    """Lines, shapes and glyph definitions are kept between taps (a page draws the same labels
    again): a page drawn from what was kept equals one drawn afresh, in each of two tables whose
    glyphs share a face name but not their numbers (the two games' tables in one server)."""
    def page(table: Any) -> tuple[str, str]:
        sketch = Sketch(table)
        sketch.text(3, 4, "Uppland", "serif-bold", 9, "#000000", "middle")
        sketch.text(3, 9, "dn", "title", 7, "#ffffff")
        sketch.rect(1, 2, 3, 4, Paint(fill="#123456"), 0.5)
        sketch.polygon([(0, 0), (1, 0), (0, 1)], Paint(stroke="#000000", stroke_width=0.3))
        return sketch.parts()

    one, two = glyphs(("serif-bold", "title")), glyphs(("title", "serif-bold", "serif"))
    kept_one, kept_two = page(one), page(two)
    assert page(one) == kept_one and page(two) == kept_two                  # drawn again from what was kept
    assert page(glyphs(("serif-bold", "title"))) == kept_one                 # and as a fresh table draws it
    assert page(glyphs(("title", "serif-bold", "serif"))) == kept_two
    assert kept_one[1] != kept_two[1]                                        # the tables' own ids
