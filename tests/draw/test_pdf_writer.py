"""The PDF writer's own file structure: a valid cross-reference table, font subsets holding
only the glyphs drawn, text that extracts as it was written, the same bytes for the same
scenes, and page streams that depend on their page alone (so a kept one can be reused)."""

from __future__ import annotations

import io
import re

import pymupdf
import pytest
from fontTools.ttLib import TTFont
from PIL import Image
from pypdf import PdfReader

from generator.draw import fonts
from generator.draw import pdf as pdf_module
from generator.draw.images import decode_image
from generator.draw.page import Page
from generator.draw.pdf import drawn_page, render_pdf
from generator.draw.pdfcontent import draw_page
from generator.draw.scene import Gradient, Scene, Style
from tests.draw.raster import at, near, via_pdf

TEXT = "Åsa's fiancée — 1520 § Ö"


def _scene(words: str = TEXT, fill: str = "#7a1f1f") -> Scene:
    scene = Scene(120, 40)
    scene.rect(2, 2, 116, 36, Style(fill="#f4ead5", stroke="#3b2a1a", stroke_width=0.5, dash=(1.0, 0.5)))
    scene.text(5, 15, words, face="serif", size_pt=14, fill=fill)
    scene.text(5, 30, "TITLE", face="title-bold", size_pt=12, fill="#000000", letter_spacing=0.4, opacity=0.5)
    scene.circle(100, 20, 8, Style(fill="#336699"))
    return scene


def test_the_cross_reference_table_points_at_every_object() -> None:
    data = render_pdf([Page(_scene()), Page(_scene("second page"))], title="Tests")
    start = int(data.rsplit(b"startxref", 1)[1].split()[0])
    assert data[start:start + 4] == b"xref"
    lines = data[start:].split(b"\n")
    first, count = map(int, lines[1].split())
    assert first == 0 and lines[2] == b"0000000000 65535 f "
    for number in range(1, count):
        offset, generation, kind = lines[2 + number].split()
        assert (generation, kind) == (b"00000", b"n")
        assert data[int(offset):].startswith(b"%d 0 obj\n" % number), number
    assert len(re.findall(rb"\d+ 0 obj\n", data)) == count - 1
    PdfReader(io.BytesIO(data), strict=True).pages[1].extract_text()     # a strict reader reads it through


def test_the_subset_holds_the_outlines_of_the_glyphs_drawn_and_no_others() -> None:
    data = render_pdf([Page(_scene("Aé"))])
    reader = PdfReader(io.BytesIO(data))
    programs = {}
    for font in reader.pages[0]["/Resources"]["/Font"].values():
        descendant = font.get_object()["/DescendantFonts"][0].get_object()
        assert descendant["/CIDToGIDMap"] == "/Identity"
        name = str(descendant["/BaseFont"]).lstrip("/")
        assert re.fullmatch(r"[A-Z]{6}\+Pnp[A-Za-z]+-[A-Za-z]+", name), name
        programs[name.split("+")[1]] = descendant["/FontDescriptor"]["/FontFile2"].get_data()
    subset = TTFont(io.BytesIO(programs[fonts.FACES["serif"].postscript_name]))
    full = TTFont(fonts.font_file("serif"))
    cmap, order = full.getBestCmap(), full.getGlyphOrder()
    drawn = {order.index(cmap[ord(c)]) for c in "Aé"}
    accented = full["glyf"][cmap[ord("é")]]
    assert accented.isComposite()               # e and an acute: their outlines are kept too
    parts = {order.index(c.glyphName) for c in accented.components}
    glyf = subset["glyf"]
    with_outlines = {gid for gid, name in enumerate(subset.getGlyphOrder()) if glyf[name].numberOfContours != 0}
    assert with_outlines == {0} | drawn | parts
    assert subset["maxp"].numGlyphs <= len(order) and "cmap" not in subset
    for gid in drawn:                   # glyph ids are kept: the content stream writes the font's own
        assert subset["hmtx"][subset.getGlyphOrder()[gid]][0] == full["hmtx"][order[gid]][0]


def test_text_extracts_as_written_and_widths_match_the_layout() -> None:
    data = render_pdf([Page(_scene())])
    assert TEXT in PdfReader(io.BytesIO(data)).pages[0].extract_text()
    page = pymupdf.open(stream=data, filetype="pdf")[0]
    assert TEXT in page.get_text()
    words = page.get_text("words")
    last = max(words, key=lambda w: w[2] if w[4] == "Ö" else 0)
    right_mm = last[2] / 72 * 25.4
    width = fonts.text_width(TEXT, "serif", 14 * 25.4 / 72)
    assert right_mm == pytest.approx(5 + width, abs=0.1)      # the PDF's widths are the layout's


def test_the_same_scenes_make_the_same_bytes_and_the_page_streams_are_the_pages_own() -> None:
    pages = [Page(_scene()), Page(_scene("second page"), trim=(3, 3, 114, 34), bleed=(0, 0, 120, 40))]
    first = render_pdf(pages, title="Sköld", subject="s")
    pdf_module._kept.clear()
    assert render_pdf(pages, title="Sköld", subject="s") == first
    alone = render_pdf([pages[1]])
    streams = [PdfReader(io.BytesIO(d)).pages[-1].get_contents().get_data() for d in (first, alone)]
    assert streams[0] == streams[1]             # the second page's stream does not depend on the first
    reader = PdfReader(io.BytesIO(first))
    assert reader.metadata is not None and reader.metadata.title == "Sköld"
    assert [round(float(v) / 72 * 25.4, 3) for v in reader.pages[1].trimbox] == [3, 3, 117, 37]


def test_a_kept_page_stream_is_the_stream_drawn_afresh() -> None:
    scene = _scene()
    kept = drawn_page(scene)
    again = _scene()                            # equal items, other objects
    assert drawn_page(again) is kept
    assert draw_page(again) == kept
    changed = _scene(fill="#7a1f20")
    assert drawn_page(changed).stream != kept.stream


def test_an_image_with_transparency_has_a_soft_mask_and_a_jpeg_keeps_its_bytes() -> None:
    buffer = io.BytesIO()
    picture = Image.new("RGBA", (8, 8), (200, 30, 30, 255))
    picture.paste((0, 0, 255, 0), (4, 0, 8, 8))                 # the right half transparent
    picture.save(buffer, format="PNG")
    jpeg = io.BytesIO()
    Image.new("RGB", (8, 8), (30, 160, 30)).save(jpeg, format="JPEG")
    scene = Scene(40, 20)
    scene.rect(0, 0, 40, 20, Style(fill="#ffff00"))
    scene.image(decode_image(buffer.getvalue()), 0, 0, 20, 20, fit="stretch")
    scene.image(decode_image(jpeg.getvalue()), 20, 0, 20, 20, fit="stretch")
    data = render_pdf([Page(scene)])
    images = {str(x.get_object()["/Filter"]): x.get_object()
              for x in PdfReader(io.BytesIO(data)).pages[0]["/Resources"]["/XObject"].values()}
    assert "/SMask" in images["/FlateDecode"] and images["/DCTDecode"].get_data() == jpeg.getvalue()
    shown = via_pdf(scene)
    assert near(at(shown, 5, 10), "#c81e1e") and near(at(shown, 15, 10), "#ffff00")
    assert near(at(shown, 30, 10), "#1ea01e", 20)


def test_gradient_text_and_shapes_are_painted_by_shadings() -> None:
    scene = Scene(60, 30)
    ramp = Gradient("linear", ((0.0, "#ff0000"), (0.5, "#00ff00"), (1.0, "#0000ff")), (0, 0), (60, 0))
    scene.rect(0, 0, 60, 10, Style(gradient=ramp))
    scene.text(2, 27, "MMMM", face="title-bold", size_pt=40, fill="#000000",
               gradient=Gradient("linear", ((0.0, "#ff0000"), (1.0, "#ff0000")), (0, 0), (60, 0)))
    data = render_pdf([Page(scene)])
    operators = PdfReader(io.BytesIO(data)).pages[0].get_contents().get_data()
    assert operators.count(b" sh") == 2 and b"7 Tr" in operators
    shown = via_pdf(scene)
    assert near(at(shown, 1, 5), "#ff0000", 30) and near(at(shown, 30, 5), "#00ff00", 30)
    assert near(at(shown, 59, 5), "#0000ff", 30)
