"""A page's board picture is one SVG element (bot/web/picture.py, issue 40): the layer (drawn by
``bot.web.sketch``, its text as the kit's glyph outlines), the board's art and the tap regions
set around it; no SVG text is edited, every attribute value escaped."""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree import ElementTree

from bot.web.glyph_bake import glyphs
from bot.web.picture import PagePicture, Region, page_svg
from bot.web.sketch import Layer, Paint, Sketch

BOT = Path(__file__).resolve().parents[2] / "bot"


def _layer() -> Layer:
    sketch = Sketch(glyphs(("serif-bold",)))
    sketch.circle(10, 10, 4, Paint(fill="#ff0000"))
    sketch.text(20, 20, "Uppland", "serif-bold", 9, "#000000")
    return Layer(100, 50, *sketch.parts(), title='pieces <&> "title"')


def test_the_picture_is_one_svg_element_with_the_board_the_layer_and_the_regions() -> None:
    svg = page_svg(PagePicture("/board.svg?v=1&x=2", _layer(),
                               [Region(((0, 0), (5, 0), (5, 5)), tap="0101"),
                                Region(box=(1, 2, 3, 4), radius=2, tap='s1"><script>', title="<b>Left</b>")],
                               view=(10, 5, 50, 40)))
    root = ElementTree.fromstring(svg)                       # well-formed: every value escaped
    assert not svg.startswith("<?xml") and "width" not in root.attrib and root.attrib["viewBox"] == "10 5 50 40"
    ns = "{http://www.w3.org/2000/svg}"
    image = root.find(f"{ns}image")
    assert image is not None and image.attrib["href"] == "/board.svg?v=1&x=2" and image.attrib["width"] == "100"
    assert root.find(f"{ns}circle") is not None and root.find(f"{ns}defs/{ns}path") is not None   # the layer's glyphs
    taps = [e.attrib["data-tap"] for e in root.iter() if "data-tap" in e.attrib]
    assert taps == ["0101", 's1"><script>']
    rect = root.find(f".//{ns}rect[@data-tap]")
    assert rect is not None and rect.attrib["rx"] == "2" and rect.find(f"{ns}title").text == "<b>Left</b>"


def test_no_bot_module_edits_svg_text_with_regular_expressions() -> None:
    """The class of the old code: ``re.sub`` over a rendered SVG (its header, its size, its
    viewBox) in any bot's module."""
    found = []
    for path in BOT.rglob("*.py"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if re.search(r"re\.(sub|match|search)\(r?['\"][^'\"]*(<\\?\?xml|viewBox|width\||svg)", line):
                found.append(f"{path.relative_to(BOT)}:{n}")
    assert found == []
