"""Icons inside text: ``:name:`` is drawn at the text's size on its baseline, alike in every backend."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.units import MM_PER_PT
from generator.draw import fonts
from generator.draw.icons import Icon, parse_icon
from generator.draw.inline import IconRef, UnknownIcon, pieces
from generator.draw.richtext import Faces, Rich, segments, text_of as richtext_of, width as segments_width
from generator.draw.scene import Scene
from generator.draw.textfit import TextOverflow, fit_text, wrap
from generator.draw.typeset import draw_line, draw_textbox
from tests.draw.fontmaker import make_font
from tests.draw.raster import RENDERERS, at, near

SQUARE = parse_icon(b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
                    b'<rect width="10" height="10" fill="currentColor"/></svg>', name="sq")
WIDE_GREEN = parse_icon(b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10">'
                        b'<rect width="20" height="10" fill="#00aa00"/></svg>', name="wide")
ICONS: dict[str, Icon] = {"sq": SQUARE, "wide": WIDE_GREEN}
RICH = Rich(Faces.of("serif"), ICONS)


def width(text: str, face: str, size_mm: float, icons: dict[str, Icon] | None) -> float:
    """A line's width with its markup read (or, without icons, as plain text)."""
    if icons is None:
        return fonts.text_width(text, face, size_mm)
    return segments_width(segments(text, Rich(Faces.of(face), icons)), size_mm)


@pytest.fixture(scope="module")
def blocky(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A face whose geometry is known: 'A' is a block 0.1-0.5 em wide, 0.7 em tall; advance 0.6 em."""
    return fonts.register_font_file(make_font(tmp_path_factory.mktemp("fonts") / "Blocky.ttf", cff=False))


def test_markup_splits_text_and_icons_and_keeps_escaped_colons() -> None:
    assert pieces(r"Move :sq: 2\: then :wide:") == ["Move ", IconRef("sq"), " 2: then ", IconRef("wide")]
    assert pieces("At 12:30, odds 3:2:1. Note: done") == ["At 12:30, odds 3:2:1. Note: done"]
    assert pieces(r"\:sq:") == [":sq:"]


def test_an_icon_advances_by_its_aspect_times_the_em(blocky: str) -> None:
    assert width("A :sq: A", blocky, 20.0, ICONS) == pytest.approx(12 + 5 + 20 + 5 + 12)
    assert width("A:wide:", blocky, 20.0, ICONS) == pytest.approx(12 + 40)
    assert width("A :sq:", blocky, 20.0, None) == pytest.approx(fonts.text_width("A :sq:", blocky, 20.0))


def test_an_unknown_icon_is_named() -> None:
    with pytest.raises(UnknownIcon) as caught:
        fit_text("Move :horse: now", "serif", 10, 50, 20, rich=RICH)
    assert caught.value.name == "horse"
    assert str(caught.value) == "unknown icon ':horse:'; known icons: sq, wide (write \\: for a literal colon)"


def test_wrapping_and_shrinking_count_the_icons() -> None:
    text = "Move two spaces"
    size = 10 * MM_PER_PT
    one_line = fonts.text_width(text, "serif", size) + 0.5
    assert [richtext_of(line) for line in wrap(text, "serif", size, one_line, RICH) or []] == [text]
    assert [richtext_of(line) for line in wrap(text.replace("two", ":wide: two"), "serif", size, one_line, RICH) or []] == \
        ["Move :wide: two", "spaces"]
    plain = fit_text("word " * 30, "serif", 12, 40, 30, min_size_pt=4)
    iconic = fit_text(":sq: word " * 30, "serif", 12, 40, 30, min_size_pt=4, rich=RICH)
    assert iconic.size_pt < plain.size_pt
    with pytest.raises(TextOverflow):
        fit_text(":wide:" * 200, "serif", 12, 40, 30, rich=RICH)


@pytest.mark.parametrize("backend", sorted(RENDERERS))
def test_inline_icons_sit_on_the_baseline_in_the_texts_colour_in_every_backend(blocky: str, backend: str) -> None:
    scene = Scene(110, 40)
    # em 20 mm, baseline 30: "A" block x 7..15, y 16..30; the icon's em box x 22..42, centred on the
    # capitals' middle (y 23): y 13..33; then the green icon x 47..87, "A" block x 89..97
    draw_line(scene, 5, 30, "A :sq: :wide:A", icons=ICONS, face=blocky, size_pt=20 / MM_PER_PT, fill="#aa0000")
    image = RENDERERS[backend](scene)
    assert near(at(image, 11, 25), "#aa0000")
    assert near(at(image, 32, 14), "#aa0000") and near(at(image, 32, 32), "#aa0000"), "currentColor icon in text colour"
    assert near(at(image, 32, 11), "#ffffff") and near(at(image, 32, 35), "#ffffff"), "an em tall"
    assert near(at(image, 20, 23), "#ffffff") and near(at(image, 44, 23), "#ffffff"), "spaces beside it"
    assert near(at(image, 60, 23), "#00aa00"), "an icon with its own colours keeps them"
    assert near(at(image, 93, 25), "#aa0000")


def test_a_textbox_wraps_and_centres_lines_with_icons(blocky: str) -> None:
    scene = Scene(60, 60)
    fitted = draw_textbox(scene, 5, 5, 50, 50, "A :sq: A :sq:", face=blocky, size_pt=20 / MM_PER_PT,
                           rich=Rich(Faces(blocky), ICONS),
                           align="center")
    assert fitted.texts() == ("A :sq:", "A :sq:")        # 37 mm each: with " A" (54 mm) it would overflow
    assert fitted.baselines == pytest.approx((16.0, 40.0))
    image = RENDERERS["png"](scene)
    # each line starts at 5 + (50 - 37) / 2 = 11.5: "A" block x 13.5..21.5, icon x 28.5..48.5
    for baseline in (21.0, 45.0):
        assert near(at(image, 17.5, baseline - 6), "#000000")
        assert near(at(image, 25.0, baseline - 6), "#ffffff")
        assert near(at(image, 38.5, baseline - 7), "#000000")
        assert near(at(image, 51.0, baseline - 7), "#ffffff")


def test_text_without_an_icon_mapping_is_drawn_as_it_is() -> None:
    scene = Scene(60, 20)
    draw_textbox(scene, 0, 0, 60, 20, "Time 12:30 :sq:", size_pt=10)
    assert [item.text for item in scene.walk_text()] == ["Time 12:30 :sq:"]
