"""Making any usable font file into a static TrueType font that the PDF writer embeds
(generator.draw.pdffont) and reportlab's platypus measures (reference sheets).

Both read TrueType outlines only, and reportlab only a variable font's default instance.
So a variable font is cut at the weight asked for (or its default), a font with PostScript
(CFF) outlines has them converted to quadratic TrueType outlines with cu2qu, and every cut
gets names of its own, or reportlab would merge two cuts of one family into one font.
"""

from __future__ import annotations

import importlib.metadata
from functools import lru_cache
from pathlib import Path

from fontTools.ttLib import TTFont, newTable

# How far a converted quadratic curve may stray from the cubic, in font units (1/1000 em or
# finer): far below what any printer shows.
CU2QU_MAX_ERROR = 1.0
# Composite glyphs (a glyph made of other glyphs, as an accented letter is of its letter and its
# accent): fonts nest them two or three deep. Past these, drawing one glyph has no bound.
MAX_COMPOSITE_DEPTH = 8
MAX_COMPOSITE_PARTS = 1_000     # glyphs one glyph is drawn from, nested ones counted each time


def composite_problem(font: TTFont) -> str | None:
    """Why the composite glyphs of ``font`` (TrueType outlines) are refused, or None: one that
    contains itself, nests past MAX_COMPOSITE_DEPTH or is drawn from more than
    MAX_COMPOSITE_PARTS glyphs. Counted without recursion, each glyph once."""
    if "glyf" not in font:
        return None
    glyf = font["glyf"]
    parts: dict[str, tuple[int, int]] = {}      # glyph -> (depth, glyphs it is drawn from), once known
    for start in glyf.keys():
        stack: list[tuple[str, bool]] = [(start, False)]
        path: set[str] = set()
        while stack:
            name, children_done = stack.pop()
            if name in parts and not children_done:
                continue
            if name not in glyf:
                return f"a composite glyph is made of a glyph the font lacks ({name!r})"
            glyph = glyf[name]
            components = [c.glyphName for c in glyph.components] if glyph.isComposite() else []
            if children_done:
                path.discard(name)
                depth = 1 + max((parts[c][0] for c in components), default=-1)
                count = sum(1 + parts[c][1] for c in components)
                if depth > MAX_COMPOSITE_DEPTH:
                    return f"glyph {name!r} nests composite glyphs {depth} deep; at most {MAX_COMPOSITE_DEPTH}"
                if count > MAX_COMPOSITE_PARTS:
                    return (f"glyph {name!r} is drawn from more than {MAX_COMPOSITE_PARTS:,} glyphs (composites "
                            "inside composites)")
                parts[name] = (depth, count)
                continue
            if name in path:
                return f"composite glyph {name!r} contains itself"
            path.add(name)
            stack.append((name, True))
            for component in components:
                if component in path:
                    return f"composite glyph {component!r} contains itself"
                stack.append((component, False))
    return None


def static_truetype(font: TTFont, weight: int | None, postscript_name: str) -> TTFont:
    """``font`` as a static TrueType font named ``postscript_name`` (may modify ``font``),
    holding only the glyphs a kit can use (``reachable_glyphs_only``)."""
    reachable_glyphs_only(font)
    instanced = "fvar" in font
    if instanced:
        from fontTools.varLib.instancer import instantiateVariableFont

        location = {axis.axisTag: axis.defaultValue for axis in font["fvar"].axes}
        if weight is not None:
            location["wght"] = weight
        font = instantiateVariableFont(font, location, inplace=True, updateFontNames=False)   # no copy of the font (a quarter of the cut)
    elif weight is not None:
        raise ValueError(f"a weight ({weight}) was given, but the font is not variable")
    if "CFF " in font or "CFF2" in font:
        _outlines_to_truetype(font)
    elif instanced:
        # The instancer has set the bounds of every glyph it moved; saving would compute them
        # all again (a sixth of a cut). The font's own totals (head, maxp, hhea) are made here,
        # from those bounds, as saving would: the same bytes.
        font.recalcBBoxes = False
        font["maxp"].recalc(font)
        font["hhea"].recalc(font)
    rename(font, postscript_name)
    font.flavor = None  # WOFF and WOFF2 are saved as plain sfnt
    font.recalcTimestamp = False    # the source's date, not the cutting's: every machine cuts the same bytes
    return font


# Tables of glyph substitution and positioning: no backend shapes text (a character is drawn
# by its cmap glyph, with its advance width, as reportlab does), so they are never read.
LAYOUT_TABLES = ("GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH")


def reachable_glyphs_only(font: TTFont) -> None:
    """Keep only the glyphs a character maps to (and their composite parts), with the font's
    names, glyph names and other tables as they were. Text is drawn through the cmap alone,
    so small caps, alternates and ligatures are never drawn: dropping them (a third of EB
    Garamond's 3,247 glyphs) and the layout tables makes cutting a face three times faster."""
    from fontTools import subset

    options = subset.Options()
    options.glyph_names = True
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.name_legacy = True
    options.layout_features = []
    options.layout_closure = False
    options.notdef_outline = True
    options.prune_unicode_ranges = False
    options.drop_tables = [*options.drop_tables, *LAYOUT_TABLES]
    for tag in LAYOUT_TABLES:
        if tag in font:
            del font[tag]
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=font.getBestCmap() or {})
    subsetter.subset(font)


def weight_range(font: TTFont) -> tuple[float, float] | None:
    """The weights a variable font can be cut at, or None if it has no weight axis."""
    if "fvar" not in font:
        return None
    for axis in font["fvar"].axes:
        if axis.axisTag == "wght":
            return float(axis.minValue), float(axis.maxValue)
    return None


def _outlines_to_truetype(font: TTFont) -> None:
    """Replace CFF or CFF2 outlines by TrueType (glyf) outlines of the same shapes."""
    from fontTools.pens.cu2quPen import Cu2QuPen          # only when a face is cut
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(None)
        # PostScript outlines run counter-clockwise, TrueType ones clockwise
        glyph_set[name].draw(Cu2QuPen(pen, CU2QU_MAX_ERROR, reverse_direction=True))
        glyphs[name] = pen.glyph()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    for tag in ("CFF ", "CFF2", "VORG"):
        if tag in font:
            del font[tag]
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for field in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements", "maxComponentDepth"):
        setattr(maxp, field, 1 if field == "maxZones" else 0)
    maxp.maxPoints = maxp.maxContours = maxp.maxCompositePoints = maxp.maxCompositeContours = 0
    font["head"].glyphDataFormat = 0
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order
    font.sfntVersion = "\x00\x01\x00\x00"


def rename(font: TTFont, postscript_name: str) -> None:
    """Give a cut its own family, full and PostScript names so no tool confuses two cuts."""
    table = font["name"]
    family, _, style = postscript_name.partition("-")
    full = f"{family} {style}".strip()
    for record in list(table.names):
        if record.nameID == 6:
            table.setName(postscript_name, 6, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 4:
            table.setName(full, 4, record.platformID, record.platEncID, record.langID)
    if table.getName(6, 3, 1, 0x409) is None:
        table.setName(postscript_name, 6, 3, 1, 0x409)
        table.setName(full, 4, 3, 1, 0x409)


@lru_cache(maxsize=None)
def package_file(package: str, filename: str) -> Path:
    """A font file shipped in an installed package, found from the package's file list
    (the package is not imported, so none of its code runs); looked up once a process."""
    try:
        distribution = importlib.metadata.distribution(package)
    except importlib.metadata.PackageNotFoundError:
        try:
            distribution = importlib.metadata.distribution(package.replace("_", "-"))
        except importlib.metadata.PackageNotFoundError:
            raise LookupError(f"no installed package named {package!r} (pip install it)") from None
    fonts = [f for f in distribution.files or () if f.suffix.lower() in (".ttf", ".otf")]
    for file in fonts:
        if file.name == filename:
            return Path(str(distribution.locate_file(file))).resolve()
    names = ", ".join(sorted(f.name for f in fonts)) or "none"
    raise LookupError(f"package {package!r} has no font file {filename!r}; its font files: {names}")
