"""A kit's own fonts: static TTF, CFF-outlined OTF, variable fonts, and packaged ones."""

from __future__ import annotations

from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from generator.core.errors import DataError
from generator.core.inputs import recording
from generator.core.units import MM_PER_PT
from generator.draw import fonts
from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.scene import Scene
from generator.draw.svg import render_svg
from tests.draw.fontmaker import make_font, make_variable_font
from tests.draw.raster import RENDERERS, at, near

SIZE_PT = 20 / MM_PER_PT   # 20 mm to the em: "A" is 8 mm wide, 14 mm tall


@pytest.mark.parametrize("cff", [False, True], ids=["ttf", "otf-cff"])
def test_a_kit_font_measures_embeds_and_draws_in_every_backend(tmp_path: Path, cff: bool) -> None:
    path = make_font(tmp_path / ("Blocky.otf" if cff else "Blocky.ttf"), cff=cff)
    face = fonts.register_font_file(path)
    static = TTFont(fonts.font_file(face))
    assert "glyf" in static and "CFF " not in static          # TrueType outlines, whatever came in
    assert fonts.text_width("AB A", face, 20.0) == pytest.approx((600 * 3 + 250) / 1000 * 20.0)
    assert fonts.missing_chars("AB Z", face) == {"Z"}
    scene = Scene(60, 30)
    scene.text(5, 20, "AB", face=face, size_pt=SIZE_PT, fill="#aa0000")   # A: x 7..15, B: x 19..27
    for backend, render in RENDERERS.items():
        image = render(scene)
        assert near(at(image, 11, 13), "#aa0000"), backend            # inside the A
        assert near(at(image, 23, 12), "#ffffff"), backend            # the hole of the B
        assert near(at(image, 20, 8), "#aa0000"), backend             # the B around it
        assert near(at(image, 17, 13), "#ffffff"), backend            # between the letters
    import pymupdf
    document = pymupdf.open(stream=render_pdf([Page(scene)]), filetype="pdf")
    embedded = [f[3] for f in document[0].get_fonts()]
    assert any("Blocky" in name for name in embedded), embedded


def test_a_variable_font_is_cut_at_its_default_or_the_weight_asked(tmp_path: Path) -> None:
    path = make_variable_font(tmp_path / "Stretchy.ttf")
    default = fonts.register_font_file(path)
    heavy = fonts.register_font_file(path, weight=900)
    between = fonts.register_font_file(path, weight=650)
    assert len({default, heavy, between}) == 3
    assert [fonts.text_width("A", face, 1000) for face in (default, between, heavy)] == [600, 700, 800]
    assert "fvar" not in TTFont(fonts.font_file(heavy))
    with pytest.raises(DataError, match="weight 950 is outside the font's range 100-900"):
        fonts.register_font_file(path, weight=950)


def test_registering_a_font_notes_the_file(tmp_path: Path) -> None:
    path = make_font(tmp_path / "Blocky.ttf", cff=False)
    fonts.register_font_file(path)
    with recording() as reads:
        fonts.register_font_file(path)
    assert reads == {path.resolve()}


def test_an_edited_font_file_is_a_new_face(tmp_path: Path) -> None:
    path = make_font(tmp_path / "Blocky.ttf", cff=False)
    first = fonts.register_font_file(path)
    make_font(path, cff=True, family="Other")
    assert fonts.register_font_file(path) != first


@pytest.mark.parametrize("make, expected", [
    (lambda p: (p / "x.ttf").write_text("not a font") and p / "x.ttf", "not a font file"),
    (lambda p: (p / "x.ttf").write_bytes(b"ttcf" + bytes(60)) and p / "x.ttf", "font collections"),
    (lambda p: make_font(p / "x.ttf", cff=False, fs_type=2), "forbid embedding"),
    (lambda p: p / "missing.ttf", "cannot read the font"),
], ids=["text", "collection", "restricted", "missing"])
def test_a_file_that_is_not_a_usable_font_is_a_data_error_naming_it(tmp_path: Path, make, expected: str) -> None:
    path = make(tmp_path)
    with pytest.raises(DataError) as caught:
        fonts.register_font_file(path, shown="fonts/x.ttf")
    assert str(caught.value).startswith("fonts/x.ttf: ") and expected in str(caught.value), str(caught.value)


def test_a_weight_for_a_static_font_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="no weight axis"):
        fonts.register_font_file(make_font(tmp_path / "Blocky.ttf", cff=False), weight=700)


def test_packaged_fonts_by_name_and_weight() -> None:
    assert fonts.register_package_font("fontpkg-cinzel:Cinzel[wght].ttf@700") == "title-bold"
    assert fonts.register_package_font("fontpkg_eb_garamond:EBGaramond[wght].ttf@400") == "serif"
    assert fonts.register_package_font("fontpkg-cinzel:Cinzel[wght].ttf") == "title"   # its default weight
    medium = fonts.register_package_font("fontpkg-cinzel:Cinzel[wght].ttf@550")
    widths = [fonts.text_width("CINZEL", f, 10) for f in ("title", medium, "title-bold")]
    assert widths[0] < widths[1] < widths[2]
    scene = Scene(40, 10)
    scene.text(1, 8, "CINZEL", face=medium, size_pt=12)
    assert 'aria-label="CINZEL"' in render_svg(scene)
    import pymupdf
    document = pymupdf.open(stream=render_pdf([Page(scene)]), filetype="pdf")
    assert [f[3].split("+")[-1] for f in document[0].get_fonts()] == [fonts.FACES[medium].postscript_name]


@pytest.mark.parametrize("spec, expected", [
    ("nosuchpackage-xyz:Font.ttf", "no installed package named"),
    ("fontpkg-cinzel:Missing.ttf", "has no font file 'Missing.ttf'; its font files: Cinzel[wght].ttf"),
    ("fontpkg-cinzel:../../etc/passwd", "expected a font as"),
], ids=["package", "file", "path"])
def test_a_bad_package_font_is_a_data_error(spec: str, expected: str) -> None:
    with pytest.raises(DataError) as caught:
        fonts.register_package_font(spec, shown="game.yaml")
    assert str(caught.value).startswith("game.yaml: ") and expected in str(caught.value), str(caught.value)


def test_registered_faces_join_the_lookup_but_not_the_built_in_names(tmp_path: Path) -> None:
    face = fonts.register_font_file(make_font(tmp_path / "Blocky.ttf", cff=False))
    assert face in fonts.FACES and face not in fonts.BUILTIN_FACES
    assert fonts.BUILTIN_FACES == ("serif", "serif-semibold", "serif-bold", "serif-italic", "serif-bold-italic", "title",
                                   "title-bold")


def test_every_built_in_face_has_a_family_of_built_in_faces() -> None:
    assert set(fonts.FAMILIES) == set(fonts.BUILTIN_FACES)
    assert {f for family in fonts.FAMILIES.values() for f in family if f} <= set(fonts.BUILTIN_FACES)
