"""A font file checked once, fully, where it is first read (``fonts._open_font``), so that
``check`` refuses what ``build`` could not draw, and nothing drawing a glyph later runs
without a bound:

- every glyph the character map names is one the font has, with its advance width;
- composite glyphs (TrueType) nest and fan out within bounds (``fontfiles.composite_problem``);
- charstrings (CFF, CFF2) call subroutines within bounds: each glyph is run through its
  subroutine calls once, counting them, before any tool (the subsetter, the outline
  converter, the SVG writer) runs them without a bound.
"""

from __future__ import annotations

from typing import Any

from fontTools.misc.psCharStrings import SimpleT2Decompiler
from fontTools.ttLib import TTFont

from generator.core.limits import MAX_CFF_FONT_CALLS, MAX_CFF_SUBR_CALLS, MAX_CFF_SUBR_DEPTH
from generator.draw.fontfiles import composite_problem


def font_problem(font: TTFont) -> str | None:
    """Why ``font`` cannot be drawn, in the user's words, or None. Raises whatever fontTools
    raises for a table it cannot read (the caller reports the font as broken)."""
    return cmap_problem(font) or composite_problem(font) or charstring_problem(font)


def cmap_problem(font: TTFont) -> str | None:
    """A character mapped to a glyph the font lacks (a glyph id past its last glyph, which
    fontTools names ``glyph60030``), or a glyph without an advance width."""
    known = set(font.getGlyphOrder())
    cmap = font.getBestCmap() or {}
    for code, name in sorted(cmap.items()):
        if name not in known:
            return (f"its character map draws U+{code:04X} with a glyph the font does not have ({name!r}; "
                    f"the font has {len(known):,} glyphs)")
    metrics = font["hmtx"].metrics
    for name in sorted(set(cmap.values())):
        if name not in metrics:
            return f"glyph {name!r} (for a character of its map) has no advance width (hmtx)"
    return None


class _CharstringFault(Exception):
    """A charstring past a bound, or calling a subroutine the font lacks."""


class _CountingDecompiler(SimpleT2Decompiler):
    """fontTools' charstring reader, each subroutine call counted and its nesting bounded."""

    def __init__(self, local: Any, global_: Any, private: Any, budget: list[int]) -> None:
        super().__init__(local, global_, private)
        self.calls = 0
        self.budget = budget            # calls left for the whole font (shared by its glyphs)

    def execute(self, charString: Any, **kwargs: Any) -> None:
        if len(self.callingStack) > MAX_CFF_SUBR_DEPTH:
            raise _CharstringFault(f"nests subroutines more than {MAX_CFF_SUBR_DEPTH} deep")
        super().execute(charString, **kwargs)

    def _count(self, subrs: Any, bias: int) -> None:
        self.calls += 1
        self.budget[0] -= 1
        if self.calls > MAX_CFF_SUBR_CALLS:
            raise _CharstringFault(f"makes more than {MAX_CFF_SUBR_CALLS:,} subroutine calls")
        if self.budget[0] < 0:
            raise _CharstringFault(f"is past the {MAX_CFF_FONT_CALLS:,} subroutine calls a whole font may make")
        if not self.operandStack:
            raise _CharstringFault("calls a subroutine without saying which")
        index = self.operandStack[-1]
        if not isinstance(index, int) or not 0 <= index + bias < len(subrs or ()):
            raise _CharstringFault(f"calls subroutine {index!r}, which the font does not have")

    def op_callsubr(self, index: int) -> None:
        self._count(self.localSubrs, self.localBias)
        super().op_callsubr(index)

    def op_callgsubr(self, index: int) -> None:
        self._count(self.globalSubrs, self.globalBias)
        super().op_callgsubr(index)


def charstring_problem(font: TTFont) -> str | None:
    """Why the CFF or CFF2 charstrings of ``font`` are refused, or None: run once each, their
    subroutine calls counted (MAX_CFF_SUBR_CALLS a glyph, MAX_CFF_FONT_CALLS the font) and
    their nesting bounded (MAX_CFF_SUBR_DEPTH), so a few kB of subroutines calling each other
    twice per level are refused after a bounded number of steps."""
    tag = "CFF " if "CFF " in font else "CFF2" if "CFF2" in font else None
    if tag is None:
        return None
    cff = font[tag].cff
    budget = [MAX_CFF_FONT_CALLS]
    for top in (cff[name] for name in cff.keys()):
        charstrings = top.CharStrings
        for name in charstrings.keys():
            charstring = charstrings[name]
            private = getattr(charstring, "private", None)
            local = getattr(private, "Subrs", None) if private is not None else None
            reader = _CountingDecompiler(local if local is not None else [], charstring.globalSubrs, private, budget)
            try:
                reader.execute(charstring)
            except _CharstringFault as err:
                return f"glyph {name!r} {err}"
            except (NotImplementedError, IndexError, TypeError, ValueError):
                return f"glyph {name!r} has a charstring that cannot be read"
    return None
