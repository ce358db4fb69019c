"""Fonts and icons are bounded at load time, in ``check``: composite glyphs (depth, count, a
glyph containing itself), SVG nesting, and a viewBox's scale."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.draw.fontmaker import make_font
from tests.hostile.conftest import GAME, Kit, refused_bounded


def _composite_font(path: Path, levels: int, width: int, self_containing: bool = False) -> Path:
    """The test font with glyphs c1..c<levels>, each ``width`` copies of the one below ("A" at the
    bottom), mapped to "C"; or with "B" made of itself."""
    from fontTools.ttLib import TTFont
    from fontTools.ttLib.tables._g_l_y_f import Glyph, GlyphComponent

    make_font(path, cff=False)
    font = TTFont(path, recalcBBoxes=False)
    glyf, hmtx = font["glyf"], font["hmtx"]

    def composite(*names: str) -> Glyph:
        glyph = Glyph()
        glyph.numberOfContours = -1
        glyph.components = []
        for name in names:
            component = GlyphComponent()
            component.glyphName, component.x, component.y, component.flags = name, 0, 0, 0x4
            glyph.components.append(component)
        glyph.xMin = glyph.yMin = 0
        glyph.xMax, glyph.yMax = 600, 700
        return glyph

    order = font.getGlyphOrder()
    below = "A"
    for level in range(1, levels + 1):
        name = f"c{level}"
        glyf[name] = composite(*[below] * width)
        hmtx[name] = (600, 0)
        order.append(name)
        below = name
    if self_containing:
        glyf["B"] = composite("B")
    font.setGlyphOrder(order)
    for table in font["cmap"].tables:
        table.cmap[ord("C")] = below
    font.save(str(path))
    return path


@pytest.mark.parametrize(("levels", "width", "self_containing", "said"), [
    (12, 16, False, "is drawn from more than 1,000 glyphs"),      # sixteen wide, twelve deep
    (12, 1, False, "nests composite glyphs 9 deep; at most 8"),
    (0, 1, True, "composite glyph 'B' contains itself"),
])
def test_a_font_of_hostile_composites_is_refused_by_check(kit: Kit, levels: int, width: int,
                                                          self_containing: bool, said: str) -> None:
    _composite_font(kit.path(f"{GAME}/hostile.ttf"), levels, width, self_containing)
    kit.replace(f"{GAME}/game.yaml", "icons: icons ", "icons: icons\nfonts: {runes: hostile.ttf}\n")
    output = refused_bounded(kit, "check", "mygame")
    assert "data/mygame/hostile.ttf: not a usable font: " in output and said in output, output


def test_ordinary_composites_are_read(tmp_path: Path) -> None:
    from fontTools.ttLib import TTFont

    from generator.draw.fontfiles import composite_problem

    assert composite_problem(TTFont(_composite_font(tmp_path / "ok.ttf", 3, 2))) is None


def _icon(body: str, view_box: str = "0 0 24 24") -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view_box}">{body}</svg>'


@pytest.mark.parametrize(("svg", "said"), [
    (_icon("<g>" * 3000 + '<rect width="5" height="5"/>' + "</g>" * 3000), "elements nest more than 64 deep"),
    (_icon('<rect width="5" height="5"/>', "0 0 1e-300 1e-300"), "is out of scale"),
    (_icon('<rect width="5" height="5"/>', "0 0 1e300 1e300"), "is out of scale"),
    (_icon('<rect width="5" height="5"/>', "-1e200 0 24 24"), "is out of scale"),
    (_icon('<rect width="1e200" height="5"/>'), "out of scale"),
])
def test_a_hostile_icon_is_refused_by_check(kit: Kit, svg: str, said: str) -> None:
    kit.path(f"{GAME}/icons/star.svg").write_text(svg, encoding="utf-8")
    output = refused_bounded(kit, "check", "mygame")
    assert "data/mygame/icons/star.svg: " in output and said in output, output
    assert "RecursionError" not in output


def _font_in_game(kit: Kit, name: str) -> None:
    kit.replace(f"{GAME}/game.yaml", "icons: icons ", f"icons: icons\nfonts: {{runes: {name}}}\n")


def _cmap_past_the_glyphs(path: Path, cff: bool) -> Path:
    """The test font, with "S" mapped to glyph id 60030 of a font of four glyphs."""
    from fontTools.ttLib import TTFont

    make_font(path, cff=cff)
    font = TTFont(path)
    for table in font["cmap"].tables:
        table.cmap[ord("S")] = "glyph60030"
    font.save(str(path))
    return path


@pytest.mark.parametrize("cff", [False, True])
def test_a_font_mapping_characters_to_glyphs_it_lacks_is_refused_by_check_and_build(kit: Kit, cff: bool) -> None:
    """``check`` refuses, naming the file, what ``build`` would crash on (KeyError 'glyph60030')."""
    _cmap_past_the_glyphs(kit.path(f"{GAME}/broken.ttf"), cff)
    _font_in_game(kit, "broken.ttf")
    for output in kit.check_and_build_refuse("mygame"):
        assert ("data/mygame/broken.ttf: not a usable font: its character map draws U+0053 with a glyph the "
                "font does not have ('glyph60030'") in output, output
        assert "KeyError" not in output


@pytest.mark.parametrize(("depth", "fan", "said"), [
    (20, 2, "glyph 'A' nests subroutines more than 10 deep"),        # a million calls, twenty deep
    (0, 1, "glyph 'A' nests subroutines more than 10 deep"),         # a subroutine calling itself
    (10, 4, "glyph 'A' makes more than 1,000 subroutine calls"),     # 4 ** 9 calls, within the depth
])
def test_a_cff_font_of_subroutines_calling_each_other_is_refused_by_check(kit: Kit, depth: int, fan: int,
                                                                         said: str) -> None:
    from tests.draw.fontmaker import make_subroutine_bomb

    path = make_subroutine_bomb(kit.path(f"{GAME}/bomb.otf"), depth, fan)
    assert path.stat().st_size < 3_000
    _font_in_game(kit, "bomb.otf")
    output = refused_bounded(kit, "check", "mygame")
    assert f"data/mygame/bomb.otf: not a usable font: {said}" in output, output


def test_a_subroutine_bomb_is_refused_in_a_bounded_number_of_steps(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check runs at most MAX_CFF_SUBR_CALLS calls of a glyph (plus the glyph) before it refuses."""
    from fontTools.ttLib import TTFont

    from generator.core.limits import MAX_CFF_SUBR_CALLS
    from generator.draw import fontcheck
    from tests.draw.fontmaker import make_subroutine_bomb

    steps = [0]
    real = fontcheck._CountingDecompiler.execute

    def counted(self, charString, **kwargs):
        steps[0] += 1
        return real(self, charString, **kwargs)

    monkeypatch.setattr(fontcheck._CountingDecompiler, "execute", counted)
    font = TTFont(make_subroutine_bomb(tmp_path / "bomb.otf", 10, 8))
    assert "more than 1,000 subroutine calls" in (fontcheck.font_problem(font) or "")
    assert steps[0] <= MAX_CFF_SUBR_CALLS + 10


def test_ordinary_subroutines_are_read(tmp_path: Path) -> None:
    from fontTools.ttLib import TTFont

    from generator.draw.fontcheck import font_problem
    from tests.draw.fontmaker import make_subroutine_bomb

    assert font_problem(TTFont(make_subroutine_bomb(tmp_path / "ok.otf", 3, 2))) is None


def test_the_whole_fonts_subroutine_calls_are_bounded_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Many glyphs each within its own bound still share the font's (here lowered to 5)."""
    from fontTools.ttLib import TTFont

    from generator.draw import fontcheck
    from tests.draw.fontmaker import make_subroutine_bomb

    monkeypatch.setattr(fontcheck, "MAX_CFF_FONT_CALLS", 5)
    problem = fontcheck.font_problem(TTFont(make_subroutine_bomb(tmp_path / "many.otf", 3, 2)))   # 6 calls
    assert problem == "glyph 'A' is past the 5 subroutine calls a whole font may make"
