"""Rich text in layouts (issue 24, card faces): **bold**, *italic* and keywords in every text
box, alike in PDF, SVG and PNG, and counted by the text fitting."""

from __future__ import annotations

import io
from pathlib import Path

import pymupdf as fitz
import pytest
from PIL import Image, ImageChops

from generator.core.errors import DataError, Problem
from generator.draw import fonts
from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.png import render_png
from generator.draw.richtext import Faces, Rich
from generator.draw.scene import Scene, TextItem
from generator.draw.svg import render_svg
from generator.draw.textfit import TextOverflow, fit_text
from generator.loading.games import load_game

from tests.layout.conftest import replace_in

RULE = "Björn has **Flying**; he attacks *twice*. Pay 3\\*."


def _card(kit: Path, text: str, item: str = "H-BJORN") -> Scene:
    csv = kit / "heroes.csv"
    old = {"H-BJORN": "Björn cannot move in the round he attacks."}[item]
    csv.write_text(csv.read_text(encoding="utf-8").replace(old, text), encoding="utf-8")
    deck = load_game("heroes").components[0]
    return next(p for p in deck.pieces if p.id == item).front()


def _problems() -> list[Problem]:
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    return caught.value.problems


def _spans(pdf: bytes) -> list[tuple[str, str, tuple[float, ...]]]:
    """(font, text, bbox in mm) of every text span of the first page."""
    with fitz.open(stream=pdf, filetype="pdf") as document:
        page = document[0]
        return [(span["font"], span["text"], tuple(v / 72 * 25.4 for v in span["bbox"]))
                for block in page.get_text("dict")["blocks"] for line in block.get("lines", ())
                for span in line["spans"]]


def test_bold_and_italic_words_print_in_their_faces_in_the_pdf(kit: Path) -> None:
    scene = _card(kit, RULE)
    spans = _spans(render_pdf([Page(scene)]))
    by_text = {text.strip(): (font, box) for font, text, box in spans}
    assert by_text["Flying"][0] == fonts.FACES["serif-bold"].postscript_name
    assert by_text["twice"][0] == fonts.FACES["serif-italic"].postscript_name
    plain = [(text, box) for font, text, box in spans if font == fonts.FACES["serif"].postscript_name and "Björn" in text]
    assert plain, spans
    # in the text box (x 6..57.5 on the trim, 3 mm bleed), and "Flying" right after "Björn has "
    flying = by_text["Flying"][1]
    assert 9 <= flying[0] < flying[2] <= 60.5 and 61 <= flying[1] <= 79
    assert abs(plain[0][1][2] - flying[0]) < 0.3 and abs(plain[0][1][1] - flying[1]) < 0.5
    assert "Pay 3*." in " ".join(text for _, text, _ in spans)        # \* is a literal star
    assert "**" not in " ".join(text for _, text, _ in spans)


def test_svg_names_the_weight_and_style_and_png_pixels_change(kit: Path) -> None:
    rich = _card(kit, RULE)
    svg = render_svg(rich)
    groups = {g.split('aria-label="')[1].split('"')[0]: g for g in svg.split("<g ")[1:] if 'aria-label="' in g}
    assert 'font-weight="700"' in groups["Flying"].split(">")[0]
    assert 'font-style="italic"' in groups["twice"].split(">")[0]
    assert "font-weight" not in groups["Björn has "].split(">")[0]
    plain_text = "Björn has Flying; he attacks twice. Pay 3\\*."
    plain = _card_again(kit, RULE, plain_text)
    faces = {t.text.strip(): t.face for t in rich.walk_text()}
    assert faces["Flying"] == "serif-bold" and faces["twice"] == "serif-italic"
    assert all(t.face == "serif" for t in plain.walk_text() if "Flying" in t.text)
    a = Image.open(io.BytesIO(render_png(rich, dpi=150))).convert("RGB")
    b = Image.open(io.BytesIO(render_png(plain, dpi=150))).convert("RGB")
    changed = ImageChops.difference(a, b).getbbox()
    assert changed is not None
    left, top, right, bottom = (v / 150 * 25.4 for v in changed)
    assert top >= 58 and bottom <= 82, "only the rule text's pixels change"


def _card_again(kit: Path, old: str, new: str) -> Scene:
    csv = kit / "heroes.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    deck = load_game("heroes").components[0]
    return next(p for p in deck.pieces if p.id == "H-BJORN").front()


def test_bold_words_are_measured_bold_so_the_box_shrinks_sooner() -> None:
    words = "Attack twice with every hero of your house"
    rich = Rich(Faces.of("serif"))
    one_line = fonts.text_width(words, "serif", 10 * 0.3528) + 0.05
    plain = fit_text(words, "serif", 10, one_line, 5, min_size_pt=4, rich=rich)
    bold = fit_text(f"**{words}**", "serif", 10, one_line, 5, min_size_pt=4, rich=rich)
    assert plain.size_pt == 10 and bold.size_pt < 10
    assert len(bold.lines) == 1
    assert all(part.face == "serif-bold" for line in bold.lines for part in line)
    # a box the plain words fit at 6 pt, the bold ones not even at 6 pt
    width = fonts.text_width(words, "serif", 6 * 0.3528) + 0.05
    fit_text(words, "serif", 6, width, 5, min_size_pt=6, rich=rich)
    assert fonts.text_width(words, "serif-bold", 6 * 0.3528) > width
    with pytest.raises(TextOverflow):
        fit_text(f"**{words}**", "serif", 6, width, 5, min_size_pt=6, rich=rich)


def test_a_non_breaking_space_keeps_its_words_on_one_line() -> None:
    rich = Rich(Faces.of("serif"))
    size = 10 * 0.3528          # the first line holds the words up to a bold "+1", not "power"
    width = fonts.text_width("Every unit you play gets ", "serif", size) + fonts.text_width("+1", "serif-bold", size) + 0.05
    broken = fit_text("Every unit you play gets **+1 power**.", "serif", 10, width, 40, rich=rich)
    kept = fit_text("Every unit you play gets **+1\u00a0power**.", "serif", 10, width, 40, rich=rich)
    assert "".join(p.text for p in broken.lines[0]).endswith("+1")
    assert "".join(p.text for p in kept.lines[1]).startswith("+1\u00a0power")
    assert all(not "".join(p.text for p in line).endswith("+1") for line in kept.lines)


def test_marks_cross_words_and_wrapped_lines_keep_their_faces() -> None:
    rich = Rich(Faces.of("serif"))
    fitted = fit_text("Plain **bold words that wrap over lines** *then italic*", "serif", 10, 25, 40, rich=rich)
    assert len(fitted.lines) > 2
    faces = [(part.text, part.face) for line in fitted.lines for part in line]
    assert faces[0] == ("Plain ", "serif")
    assert ("italic", "serif-italic") in faces or any(t.endswith("italic") and f == "serif-italic" for t, f in faces)
    assert {f for t, f in faces if "wrap" in t or "lines" in t} == {"serif-bold"}


def test_keywords_take_their_own_font_and_colour(kit: Path) -> None:
    text = (kit / "layouts" / "hero-front.yaml").read_text(encoding="utf-8")
    (kit / "layouts" / "hero-front.yaml").write_text(text.replace(
        "vars:\n", "keywords:\n  Flying: {font: title-bold, colour: \"#aa2200\"}\n  attack: {colour: gold}\nvars:\n"),
        encoding="utf-8")
    scene = _card(kit, "Björn has Flying, Flyings and flying; he may attack.")
    items = [t for t in scene.walk_text() if t.text.strip() in ("Flying", "attack")]
    assert [(t.text, t.face, t.fill) for t in items] == [("Flying", "title-bold", "#aa2200"), ("attack", "serif", "#b08a3e")]
    rest = " ".join(t.text for t in scene.walk_text() if t.face == "serif")
    assert "Flyings and flying" in rest        # whole words, case as written


def test_a_keyword_naming_an_unknown_font_is_a_layout_problem(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", "vars:\n", "keywords:\n  Flying: {font: gothic}\nvars:\n")
    [problem] = [p for p in _problems() if p.field == "keywords.Flying.font"]
    assert "unknown font 'gothic'" in problem.message and problem.file.endswith("hero-front.yaml")


def test_an_unclosed_mark_names_the_item_and_field(kit: Path) -> None:
    csv = kit / "heroes.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace("Eir never attacks", "Eir **never attacks"), encoding="utf-8")
    [problem] = [p for p in _problems() if p.field == "layers.7.text"]
    assert problem.message.startswith("item H-EIR") and "'**' is opened and never closed" in problem.message


def test_a_font_without_an_italic_face_says_what_to_give(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", 'text: "{{ name | upper }}", font: title-bold',
               'text: "{{ name | upper }} *the bold*", font: title-bold')
    [problem] = [p for p in _problems() if p.field == "layers.1.text"]
    assert "has no italic face: give the layer italic_font" in problem.message


def test_italic_font_names_the_face_of_italic_words(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", 'text: "{{ name | upper }}", font: title-bold',
               'text: "{{ name | upper }} *the bold*", font: title-bold, italic_font: serif-italic')
    scene = load_game("heroes").components[0].pieces[0].front()
    italic = [t for t in scene.walk_text() if "the bold" in t.text]
    assert [t.face for t in italic] == ["serif-italic"]


def test_pax_baltica_tables_print_the_rulebooks_italics() -> None:
    game = load_game("paxbaltica")
    tables = next(c for c in game.components if c.id == "tables")
    events = next(p for p in tables.pieces if p.id == "events").front()
    faces = {t.text.strip(): t.face for t in events.walk_text() if isinstance(t, TextItem)}
    assert faces["national"] == "serif-italic" and faces["friendly"] == "serif-italic"   # 13.1, rolls 3 and 4
    assert not any("*" in t.text for t in events.walk_text())


@pytest.mark.parametrize("text, expected", [
    ("***both***", [("both", True, True)]),
    ("**bold *and italic***", [("bold ", True, False), ("and italic", True, True)]),
    ("***both** italic*", [("both", True, True), (" italic", False, True)]),
    (r"3\* and \\ and \:x:", [(r"3* and \ and :x:", False, False)]),
])
def test_the_markup_reads_stars_escapes_and_both_at_once(text: str, expected: list[tuple[str, bool, bool]]) -> None:
    from generator.draw.inline import runs

    assert [(r.text, r.bold, r.italic) for r in runs(text)] == expected


def test_a_kit_font_has_no_italic_until_the_layer_names_one(kit: Path) -> None:
    from tests.draw.fontmaker import make_font

    (kit / "fonts").mkdir()
    make_font(kit / "fonts" / "Blocky.ttf", cff=False)
    replace_in(kit / "game.yaml", "palette: palette.yaml", "palette: palette.yaml\nfonts: {blocky: fonts/Blocky.ttf}")
    layout = kit / "layouts" / "hero-front.yaml"
    replace_in(layout, '- {type: text, x: 50%, y: 82.5, text: "{{ id }} · § {{ deck.rule }}", font: serif,',
               '- {type: text, x: 50%, y: 82.5, text: "AB *BA*", font: blocky,')
    problems = _problems()
    found = [p for p in problems if "blocky" in p.message]
    assert len(found) == 1, problems
    problem = found[0]
    assert "the font 'blocky' has no italic face: give the layer italic_font" in problem.message
    replace_in(layout, 'text: "AB *BA*", font: blocky,', 'text: "AB *BA*", font: blocky, italic_font: serif-italic,')
    scene = load_game("heroes").components[0].pieces[0].front()
    assert [t.face for t in scene.walk_text() if t.text == "BA"] == ["serif-italic"]
