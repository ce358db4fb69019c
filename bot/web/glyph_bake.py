"""The glyph table of a page's text (``bot.web.sketch.Glyphs``) baked from the kit's faces at
export time, and kept while the server runs: each face's glyphs for the characters a page may
show (ASCII, Latin-1, Latin Extended-A and a few marks of punctuation), their advances and
outlines as the project's SVG writer takes them (``generator.draw.fonts``)."""

from __future__ import annotations

import json
from functools import lru_cache

from generator.draw import fonts

from bot.web.sketch import MISSING, Glyphs

#: The characters a page's text may hold: what a name typed at a table uses.
CHARSET = "".join(chr(c) for c in (*range(0x20, 0x7F), *range(0xA0, 0x180))) + "·–—‘’“”…•−"


def bake_glyphs(faces: tuple[str, ...], charset: str = CHARSET) -> bytes:
    """The glyph table of ``faces`` for ``charset`` as JSON bytes (sorted: the same bytes for
    the same fonts)."""
    out = {}
    for face in faces:
        m = fonts.metrics(face)
        weight, italic = fonts.weight_and_italic(face)
        glyph_of = {c: m.glyph_name(c) for c in charset if c.isspace() or m.has_char(c)}
        glyph_of.setdefault(MISSING, m.glyph_name(MISSING))
        names = sorted(set(glyph_of.values()))
        out[face] = {"units_per_em": m.units_per_em, "weight": weight, "italic": italic, "glyph_of": glyph_of,
                     "advances": {n: m.advances.get(n, 0) for n in names},
                     "outlines": {n: m.outline(n) or "" for n in names}}
    return json.dumps({"faces": out}, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()


@lru_cache(maxsize=4)
def glyphs(faces: tuple[str, ...]) -> Glyphs:
    """The table of ``faces``, baked once per process (the server's page)."""
    return Glyphs.from_json(bake_glyphs(faces))
