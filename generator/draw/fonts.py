"""The kit's typefaces: packaged on PyPI, instanced to static weights, shared by every backend.

EB Garamond and Cinzel ship as variable fonts. reportlab reads only a variable font's
default instance, so each weight we use is cut into a static font with fontTools (with new
names, or reportlab would merge the weights) and cached on disk. The PDF backend embeds
these files; the SVG backend draws the same glyph outlines; text is measured from the
same advance widths, so both outputs lay text out identically.
"""

from __future__ import annotations

import hashlib
import os
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from fontTools.ttLib import TTFont


@dataclass(frozen=True)
class FaceSpec:
    """Where a face comes from: a packaged variable font and the weight to cut."""

    package: str
    filename: str
    weight: int
    postscript_name: str


# Names used by scenes -> the font they mean. Add a face here, nowhere else.
FACES: dict[str, FaceSpec] = {
    "serif": FaceSpec("fontpkg_eb_garamond", "EBGaramond[wght].ttf", 400, "PnpEBGaramond-Regular"),
    "serif-semibold": FaceSpec("fontpkg_eb_garamond", "EBGaramond[wght].ttf", 600, "PnpEBGaramond-SemiBold"),
    "serif-bold": FaceSpec("fontpkg_eb_garamond", "EBGaramond[wght].ttf", 700, "PnpEBGaramond-Bold"),
    "serif-italic": FaceSpec("fontpkg_eb_garamond", "EBGaramond-Italic[wght].ttf", 400, "PnpEBGaramond-Italic"),
    "title": FaceSpec("fontpkg_cinzel", "Cinzel[wght].ttf", 400, "PnpCinzel-Regular"),
    "title-bold": FaceSpec("fontpkg_cinzel", "Cinzel[wght].ttf", 700, "PnpCinzel-Bold"),
}

_lock = threading.Lock()


def cache_dir() -> Path:
    """Where instanced fonts are kept between runs (PNPKIT_CACHE or the user cache)."""
    base = os.environ.get("PNPKIT_CACHE") or os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    path = Path(base) / "pnpkit" / "fonts"
    path.mkdir(parents=True, exist_ok=True)
    return path


def _source_file(spec: FaceSpec) -> Path:
    module = __import__(spec.package)
    return Path(module.__file__).resolve().parent / "files" / spec.filename


@lru_cache(maxsize=None)
def font_file(face: str) -> Path:
    """Path of the static font for ``face``, cut from its variable font on first use."""
    if face not in FACES:
        raise KeyError(f"unknown font face {face!r}; known: {', '.join(sorted(FACES))}")
    spec = FACES[face]
    source = _source_file(spec)
    digest = hashlib.sha256(source.read_bytes() + repr(spec).encode()).hexdigest()[:12]
    target = cache_dir() / f"{spec.postscript_name}-{digest}.ttf"
    with _lock:
        if not target.exists():
            from fontTools.varLib.instancer import instantiateVariableFont

            font = TTFont(source)
            static = instantiateVariableFont(font, {"wght": spec.weight}, updateFontNames=True)
            _rename(static, spec.postscript_name)
            tmp = target.with_suffix(f".{os.getpid()}.tmp")
            static.save(tmp)
            os.replace(tmp, target)
    return target


def _rename(font: TTFont, postscript_name: str) -> None:
    """Give each cut weight its own names so no tool confuses two weights."""
    table = font["name"]
    family, _, style = postscript_name.partition("-")
    for record in list(table.names):
        if record.nameID == 6:
            table.setName(postscript_name, 6, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 4:
            table.setName(f"{family} {style}", 4, record.platformID, record.platEncID, record.langID)


@dataclass
class FontMetrics:
    """Advance widths and glyph outlines of one static face, read once."""

    face: str
    font: TTFont
    units_per_em: int
    cmap: dict[int, str]
    advances: dict[str, int]
    ascender: int
    descender: int
    cap_height: int

    def has_char(self, char: str) -> bool:
        return ord(char) in self.cmap

    def glyph_name(self, char: str) -> str:
        return self.cmap.get(ord(char), ".notdef")

    def text_width(self, text: str, size: float) -> float:
        """Width of ``text`` at ``size`` (same unit as size). No kerning, like reportlab."""
        total = 0
        for char in text:
            total += self.advances.get(self.glyph_name(char), 0)
        return total * size / self.units_per_em


@lru_cache(maxsize=None)
def metrics(face: str) -> FontMetrics:
    font = TTFont(font_file(face))
    hmtx = font["hmtx"]
    os2 = font["OS/2"]
    return FontMetrics(
        face=face,
        font=font,
        units_per_em=font["head"].unitsPerEm,
        cmap=dict(font.getBestCmap()),
        advances={name: hmtx[name][0] for name in font.getGlyphOrder()},
        ascender=font["hhea"].ascent,
        descender=font["hhea"].descent,
        cap_height=getattr(os2, "sCapHeight", int(font["head"].unitsPerEm * 0.7)) or int(font["head"].unitsPerEm * 0.7),
    )


def text_width(text: str, face: str, size: float) -> float:
    """Width of one line of text in the unit of ``size``."""
    return metrics(face).text_width(text, size)


def missing_chars(text: str, face: str) -> set[str]:
    """Characters of ``text`` the face cannot draw (so a build can refuse them)."""
    m = metrics(face)
    return {c for c in text if not c.isspace() and not m.has_char(c)}
