"""Spans in layout text (issue 41): ``<span colour size font caps>`` sets a stretch of any text
in a colour, size, face and small capitals, read back from the PDF (pymupdf), the SVG and
the PNG; keywords take the same; a span that cannot be read is a problem naming the file,
line and field."""

from __future__ import annotations

import io
from pathlib import Path

import pymupdf as fitz
import pytest
from PIL import Image, ImageChops

from generator.core.errors import DataError, Problem
from generator.draw import fonts, inline
from generator.draw.inline import MarkupError, Span
from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.png import render_png
from generator.draw.richtext import SMALL_CAPS, Faces, Rich, segments, width
from generator.draw.scene import Scene
from generator.draw.svg import render_svg
from generator.draw.textfit import fit_text
from generator.loading.games import load_game
from tests.layout.conftest import line_of, replace_in

SPAN = "Björn <span colour='#2255cc' size='150%'>strikes</span> <span caps=small>First</span> " \
       "<span font='title-bold'>twice</span>."   # in a CSV cell: single quotes, or none


def _card(kit: Path, text: str, old: str = "Björn cannot move in the round he attacks.") -> Scene:
    csv = kit / "heroes.csv"
    assert old in csv.read_text(encoding="utf-8")
    csv.write_text(csv.read_text(encoding="utf-8").replace(old, text), encoding="utf-8")
    deck = load_game("heroes").components[0]
    return next(p for p in deck.pieces if p.id == "H-BJORN").front()


def _problems() -> list[Problem]:
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    return caught.value.problems


def _pdf_spans(pdf: bytes) -> dict[str, tuple[str, float, int, tuple[float, ...]]]:
    """text -> (font, size pt, colour, bbox mm) of each text span of the PDF's first page."""
    with fitz.open(stream=pdf, filetype="pdf") as document:
        return {span["text"].strip(): (span["font"], span["size"], span["color"],
                                       tuple(v / 72 * 25.4 for v in span["bbox"]))
                for block in document[0].get_text("dict")["blocks"] for line in block.get("lines", ())
                for span in line["spans"]}


@pytest.mark.parametrize(("text", "expected"), [
    ('a <span colour="red">b</span> c', [("a ", Span()), ("b", Span(colour="red")), (" c", Span())]),
    ("<span size='50%' font=title>x <span size=\"200%\" caps=small>y</span></span>",
     [("x ", Span(size=0.5, font="title")), ("y", Span(size=1.0, font="title", caps="small"))]),
    ("3 < 4 and \\<span>", [("3 < 4 and <span>", Span())]),
])
def test_the_markup_reads_spans_nested_and_escaped(text: str, expected: list[tuple[str, Span]]) -> None:
    assert [(run.text, run.span) for run in inline.runs(text)] == expected


@pytest.mark.parametrize(("text", "message"), [
    ('<span colour="red">never closed', "is opened and never closed"),
    ("closed </span> twice", "closes no span"),
    ('<span weight="bold">x</span>', "unknown span attribute 'weight'"),
    ('<span size="12pt">x</span>', "a percentage of the text's from 25% to 400%"),
    ('<span caps="tiny">x</span>', "caps is 'small' or 'all'"),
    ("<span colour>x</span>", "write attributes as name=\"value\""),
])
def test_a_span_that_cannot_be_read_says_why(text: str, message: str) -> None:
    with pytest.raises(MarkupError, match=".*") as caught:
        list(inline.runs(text))
    assert message in str(caught.value)


def test_small_caps_are_capitals_three_quarters_the_size() -> None:
    rich = Rich(Faces.of("serif"))
    parts = segments('<span caps="small">First Move</span>', rich)
    assert [(p.text, p.scale) for p in parts] == [("F", 1.0), ("IRST", SMALL_CAPS), (" M", 1.0), ("OVE", SMALL_CAPS)]
    size = 4.0
    expected = sum(fonts.text_width(t, "serif", size * s) for t, s in
                   (("F", 1.0), ("IRST", SMALL_CAPS), (" M", 1.0), ("OVE", SMALL_CAPS)))
    assert width(parts, size) == pytest.approx(expected)


def test_a_larger_span_is_measured_larger_so_the_box_shrinks_sooner() -> None:
    rich = Rich(Faces.of("serif"))
    words = "Attack twice with every hero"
    one_line = fonts.text_width(words, "serif", 10 * 0.3528) + 0.05
    plain = fit_text(words, "serif", 10, one_line, 5, min_size_pt=4, rich=rich)
    larger = fit_text(f'Attack <span size="150%">twice</span> with every hero', "serif", 10, one_line, 5,
                      min_size_pt=4, rich=rich)
    assert plain.size_pt == 10 and larger.size_pt < 10 and len(larger.lines) == 1


def test_spans_print_in_their_colour_size_and_face_in_the_pdf(kit: Path) -> None:
    scene = _card(kit, SPAN)
    spans = _pdf_spans(render_pdf([Page(scene)]))
    regular = spans["Björn"]
    strikes, twice = spans["strikes"], spans["twice"]
    assert strikes[2] == 0x2255cc and strikes[1] == pytest.approx(regular[1] * 1.5, abs=0.02)
    assert twice[0] == fonts.FACES["title-bold"].postscript_name and twice[1] == pytest.approx(regular[1], abs=0.02)
    assert spans["F"][1] == pytest.approx(regular[1], abs=0.02)
    assert spans["IRST"][1] == pytest.approx(regular[1] * SMALL_CAPS, abs=0.02)
    # one line, in order, on one baseline: each span starts where the one before it ends
    starts = [spans[word][3][0] for word in ("Björn", "strikes", "F", "IRST", "twice")]
    assert starts == sorted(starts) and strikes[3][2] <= spans["F"][3][0] + 0.01
    size_mm = regular[1] * 25.4 / 72
    assert strikes[3][0] - regular[3][0] == pytest.approx(fonts.text_width("Björn ", "serif", size_mm), abs=0.05)
    assert abs(strikes[3][3] - regular[3][3]) < 1.5, "on one line"
    assert "<span" not in " ".join(spans)


def test_the_svg_and_png_draw_the_same_spans(kit: Path) -> None:
    scene = _card(kit, SPAN)
    items = {t.text.strip(): t for t in scene.walk_text()}
    svg = render_svg(scene)
    groups = {g.split('aria-label="')[1].split('"')[0].strip(): g.split(">")[0]
              for g in svg.split("<g ")[1:] if 'aria-label="' in g}
    assert 'fill="#2255cc"' in groups["strikes"] and 'font-weight="700"' in groups["twice"]
    assert items["strikes"].size_pt == pytest.approx(items["Björn"].size_pt * 1.5)
    plain = Image.open(io.BytesIO(render_png(_card(kit, "Björn strikes First twice.", SPAN), dpi=150))).convert("RGB")
    spanned = Image.open(io.BytesIO(render_png(scene, dpi=150))).convert("RGB")
    pixels = [spanned.getpixel((x, y)) for x in range(spanned.width) for y in range(0, spanned.height, 2)]
    blue = [px for px in pixels if isinstance(px, tuple) and abs(px[0] - 0x22) < 30 and abs(px[1] - 0x55) < 30
            and px[2] > 170]
    assert len(blue) > 50, "the blue span is painted blue in the PNG"
    changed = ImageChops.difference(plain, spanned).getbbox()
    assert changed is not None and 56 <= changed[1] / 150 * 25.4 and changed[3] / 150 * 25.4 <= 82


def test_keywords_take_a_size_and_small_caps(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", "vars:\n",
               "keywords:\n  attacks: {size: 120%, caps: small, colour: \"#aa2200\"}\nvars:\n")
    scene = _card(kit, "Björn attacks.")
    texts = [(t.text, round(t.size_pt / 10, 3), t.fill) for t in scene.walk_text() if t.fill == "#aa2200"]
    assert [t for t, _, _ in texts] == ["ATTACKS"]
    assert texts[0][1] == pytest.approx(round(1.2 * SMALL_CAPS, 3), abs=0.01)


def test_an_unknown_span_attribute_names_the_file_line_and_item(kit: Path) -> None:
    text = replace_in(kit / "layouts" / "hero-front.yaml", 'text: "{{ name | upper }}"',
                      'text: "{{ name | upper }} <span weight=\'bold\'>x</span>"')
    [problem] = _problems()
    assert problem.field == "layers.1.text" and problem.file.endswith("hero-front.yaml")
    assert problem.line == line_of(text, "weight=")
    assert "unknown span attribute 'weight'" in problem.message and "colour, size, font and caps" in problem.message


def test_an_unclosed_span_in_the_data_names_the_item(kit: Path) -> None:
    csv = kit / "heroes.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace("Eir never attacks", "Eir <span size='80%'>never"),
                   encoding="utf-8")
    [problem] = [p for p in _problems() if p.field == "layers.7.text"]
    assert problem.message.startswith("item H-EIR") and "is opened and never closed" in problem.message


def test_a_span_naming_an_unknown_colour_or_font_is_a_problem(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", 'text: "{{ name | upper }}"',
               'text: "{{ name | upper }} <span colour=\'mauve\'>x</span> <span font=\'gothic\'>y</span>"')
    messages = [p.message for p in _problems() if p.field == "layers.1.text"]
    assert messages and all("a span's colour 'mauve'" in m for m in messages)
    replace_in(kit / "layouts" / "hero-front.yaml", "colour='mauve'", "colour='gold'")
    messages = [p.message for p in _problems() if p.field == "layers.1.text"]
    assert messages and all("a span's font 'gothic'" in m and "unknown font" in m for m in messages)


def test_control_characters_in_a_refused_span_are_escaped() -> None:
    with pytest.raises(MarkupError) as caught:
        list(inline.runs('<span \x1b[31m="x">y</span>'))
    assert "\x1b" not in str(caught.value)
