"""Small fonts made on the spot, so tests need no font files of their own."""

from __future__ import annotations

from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.t2CharStringPen import T2CharStringPen
from fontTools.pens.ttGlyphPen import TTGlyphPen

UPM = 1000
# "A" is a solid block 100..500 wide and 0..700 high; "B" a block with a square hole.
ADVANCES = {".notdef": 600, "space": 250, "A": 600, "B": 600}


def _draw(pen, name: str) -> None:
    if name in ("A", "B"):
        pen.moveTo((100, 0)); pen.lineTo((100, 700)); pen.lineTo((500, 700)); pen.lineTo((500, 0)); pen.closePath()
    if name == "B":
        pen.moveTo((200, 200)); pen.lineTo((400, 200)); pen.lineTo((400, 500)); pen.lineTo((200, 500)); pen.closePath()
    if name == ".notdef":
        pen.moveTo((50, 0)); pen.lineTo((50, 700)); pen.lineTo((550, 700)); pen.lineTo((550, 0)); pen.closePath()


def make_font(path: Path, *, cff: bool, family: str = "Blocky", fs_type: int = 0) -> Path:
    order = list(ADVANCES)
    builder = FontBuilder(UPM, isTTF=not cff)
    builder.setupGlyphOrder(order)
    builder.setupCharacterMap({32: "space", 65: "A", 66: "B"})
    if cff:
        charstrings = {}
        for name in order:
            pen = T2CharStringPen(ADVANCES[name], None)
            _draw(pen, name)
            charstrings[name] = pen.getCharString()
        builder.setupCFF(f"{family}-Regular", {"FullName": f"{family} Regular"}, charstrings, {})
    else:
        glyphs = {}
        for name in order:
            pen = TTGlyphPen(None)
            _draw(pen, name)
            glyphs[name] = pen.glyph()
        builder.setupGlyf(glyphs)
    left = {".notdef": 50, "space": 0, "A": 100, "B": 100}   # left side bearing = the outline's xMin
    metrics = {name: (ADVANCES[name], left[name]) for name in order}
    builder.setupHorizontalMetrics(metrics)
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": family, "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200, sCapHeight=700,
                     fsType=fs_type)
    builder.setupPost()
    builder.save(str(path))
    return path


def make_variable_font(path: Path) -> Path:
    """A TrueType variable font with a weight axis 100-900 (default 400): at 900 the "A"
    and its advance are 200 units wider."""
    from fontTools.ttLib.tables.TupleVariation import TupleVariation

    make_font(path, cff=False, family="Stretchy")
    from fontTools.ttLib import TTFont
    font = TTFont(path)
    builder = FontBuilder(font=font)
    builder.setupFvar([("wght", 100, 400, 900, "Weight")], [])
    variations = {}
    for name in font.getGlyphOrder():
        points = len(font["glyf"][name].getCoordinates(font["glyf"])[0]) if name != "space" else 0
        deltas: list[tuple[int, int] | None] = [(0, 0)] * (points + 4)
        if name == "A":  # points 2 and 3 are the right edge; phantom point 1 is the advance
            deltas[2] = deltas[3] = (200, 0)
            deltas[points + 1] = (200, 0)
        variations[name] = [TupleVariation({"wght": (0.0, 1.0, 1.0)}, deltas)]
    builder.setupGvar(variations)
    font.save(str(path))
    return path


def make_subroutine_bomb(path: Path, depth: int, fan: int, glyph_calls: int = 1) -> Path:
    """A CFF font (a few kB) whose "A" calls local subroutine 0 ``glyph_calls`` times; each
    subroutine calls the next ``fan`` times, ``depth`` subroutines deep (fan 1 and depth 0:
    subroutine 0 calls itself). Drawing "A" makes fan ** depth calls: the charstring form of
    the composite-glyph bomb."""
    from fontTools.misc.psCharStrings import T2CharString
    from fontTools.ttLib import TTFont

    make_font(path, cff=True, family="Bomb")
    font = TTFont(path, recalcBBoxes=False)         # a bounding box would run the bomb
    cff = font["CFF "].cff
    top = cff[cff.fontNames[0]]
    private = top.Private
    bias = 107                                      # the bias of fewer than 1,240 subroutines
    subrs = []
    count = max(depth, 1)
    for level in range(count):
        last = level == count - 1
        if depth == 0:
            program: list = [0 - bias, "callsubr", "return"]          # calls itself
        elif last:
            program = [10, 10, "rlineto", "return"]
        else:
            program = [level + 1 - bias, "callsubr"] * fan + ["return"]
        subrs.append(T2CharString(program=program, private=private, globalSubrs=top.GlobalSubrs))
    from fontTools.cffLib import SubrsIndex

    index = SubrsIndex()
    for subr in subrs:
        index.append(subr)
    private.Subrs = index
    private.rawDict["Subrs"] = 0
    charstrings = top.CharStrings
    charstrings["A"].setProgram([600, 100, 0, "rmoveto"] + [0 - bias, "callsubr"] * glyph_calls + ["endchar"])
    for name in charstrings.keys():
        charstrings[name].private = private
    font.save(str(path))
    return path
