"""The kit's typefaces: packaged on PyPI or a kit's own files, cut to static TrueType fonts
shared by every backend.

A face is a name (``serif``, ``title-bold``, or one that ``register_font_file`` or
``register_package_font`` returns). Each face is made once into a static TrueType file
(fontfiles.static_truetype: variable fonts cut at a weight, CFF outlines converted) and
cached on disk. The PDF backend embeds these files; the SVG backend draws the same glyph
outlines; text is measured from the same advance widths, so all outputs lay text out
identically.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable

import fontTools
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont

from generator.core.contentcache import ContentCache
from generator.core.errors import DataError, Problem
from generator.core.filehash import file_sha256
from generator.core.inputs import note_read
from generator.core.limits import excerpt
from generator.core.usercache import is_stand_in, user_cache, without_cache, write_entry
from generator.draw.assetfile import AssetFault, open_asset, read_bounded
from generator.draw.fontcheck import font_problem
from generator.draw.fontfiles import package_file, static_truetype, weight_range


@dataclass(frozen=True)
class FaceSpec:
    """Where a face comes from: a font file of an installed package (or ``path``, a kit's
    own file) and the weight to cut a variable font at (None: its default)."""

    package: str
    filename: str
    weight: int | None
    postscript_name: str
    path: Path | None = None


# Names used by scenes -> the font they mean. Add a face here (and to FAMILIES), nowhere else.
FACES: dict[str, FaceSpec] = {
    "serif": FaceSpec("fontpkg_eb_garamond", "EBGaramond[wght].ttf", 400, "PnpEBGaramond-Regular"),
    "serif-semibold": FaceSpec("fontpkg_eb_garamond", "EBGaramond[wght].ttf", 600, "PnpEBGaramond-SemiBold"),
    "serif-bold": FaceSpec("fontpkg_eb_garamond", "EBGaramond[wght].ttf", 700, "PnpEBGaramond-Bold"),
    "serif-italic": FaceSpec("fontpkg_eb_garamond", "EBGaramond-Italic[wght].ttf", 400, "PnpEBGaramond-Italic"),
    "serif-bold-italic": FaceSpec("fontpkg_eb_garamond", "EBGaramond-Italic[wght].ttf", 700, "PnpEBGaramond-BoldItalic"),
    "title": FaceSpec("fontpkg_cinzel", "Cinzel[wght].ttf", 400, "PnpCinzel-Regular"),
    "title-bold": FaceSpec("fontpkg_cinzel", "Cinzel[wght].ttf", 700, "PnpCinzel-Bold"),
}
# A built-in face -> its bold, italic and bold italic faces, for **bold** and *italic* words
# (None: the family has none). Italic inside an italic face is set upright, as typesetters
# emphasise within italics.
FAMILIES: dict[str, tuple[str | None, str | None, str | None]] = {
    "serif": ("serif-bold", "serif-italic", "serif-bold-italic"),
    "serif-semibold": ("serif-bold", "serif-italic", "serif-bold-italic"),
    "serif-bold": ("serif-bold", "serif-bold-italic", "serif-bold-italic"),
    "serif-italic": ("serif-bold-italic", "serif", "serif-bold"),
    "serif-bold-italic": ("serif-bold-italic", "serif-bold", "serif-bold"),
    "title": ("title-bold", None, None),
    "title-bold": ("title-bold", None, None),
}
# The names every kit may use; FACES also gains the faces kits register (register_font_file).
BUILTIN_FACES: tuple[str, ...] = tuple(FACES)

_lock = threading.Lock()


def cache_dir() -> Path:
    """Where cut faces are kept between runs (PNPKIT_CACHE or the user cache)."""
    return user_cache("fonts")


def _source_file(spec: FaceSpec) -> Path:
    return spec.path if spec.path is not None else package_file(spec.package, spec.filename)


# Part of every cut face's cache key: a new way of cutting makes new files (the old ones stay
# valid for the code that made them).
CUT_VERSION = "reachable-1"


def _cached_file(face: str) -> Path:
    """Where ``face``'s static font is (or will be) kept: named by its source and spec."""
    if face not in FACES:
        raise KeyError(f"unknown font face {face!r}; known: {', '.join(sorted(FACES))}")
    return cache_dir() / _cut_name(FACES[face])


@lru_cache(maxsize=None)
def _cut_name(spec: FaceSpec) -> str:
    """The name of ``spec``'s cut file, its source's bytes read once a process (every build of
    ``pnpkit watch`` asks; a kit's font that changes is a new face, whose spec names its digest)."""
    source = _source_file(spec)
    digest = hashlib.sha256(source.read_bytes() + repr(spec).encode() + CUT_VERSION.encode()).hexdigest()[:12]
    return f"{spec.postscript_name}-{digest}.ttf"


@lru_cache(maxsize=None)
def font_file(face: str) -> Path:
    """Path of the static TrueType font for ``face``, cut from its source once per machine:
    a lock file beside it keeps every other process (and thread) that wants the same face
    waiting until it is there, instead of cutting it again. A cache that cannot be written
    (a full disk) is left for this process's temporary one (``usercache.without_cache``)."""
    target = _cached_file(face)
    if target.exists():
        return target
    try:
        return _cut_into(face, target)
    except OSError as err:
        if is_stand_in(target):
            raise
        return _cut_into(face, without_cache("fonts", err) / target.name)


def _cut_into(face: str, target: Path) -> Path:
    from filelock import FileLock

    spec = FACES[face]
    with _lock, FileLock(str(target) + ".lock"):
        if not target.exists():
            static = static_truetype(TTFont(_source_file(spec)), spec.weight, spec.postscript_name)
            _write_cut(static, target)
    return target


def _write_cut(static: TTFont, target: Path) -> None:
    """The cut font saved beside ``target`` and renamed into place (whole or not at all)."""
    tmp = target.with_suffix(f".{os.getpid()}.tmp")
    try:
        static.save(tmp)
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)


def uncut_faces(faces: Iterable[str]) -> list[str]:
    """The faces of ``faces`` whose static font this machine has not cut yet."""
    return [face for face in faces if not _cached_file(face).exists()]


def cut_faces(faces: Iterable[str], say: Callable[[str], None] | None = None) -> None:
    """Cut the faces not yet cut, at once, over the machine's cores (about a second of one
    core each), saying so first through ``say``: the first build on a machine waits for them."""
    missing = uncut_faces(faces)
    if not missing:
        return
    if say is not None:
        folder = cache_dir()
        kept = "for this run only" if is_stand_in(folder) else f"once; kept in {folder}"
        say(f"Preparing {len(missing)} font face{'s' if len(missing) > 1 else ''} for this machine ({kept})...")
    from concurrent.futures import ProcessPoolExecutor

    from generator.core.processes import default_jobs, fork_context

    workers, context = min(len(missing), default_jobs()), fork_context()
    if workers > 1 and context is not None:
        with ProcessPoolExecutor(workers, mp_context=context) as pool:
            list(pool.map(_cut_in_worker, sorted(missing, key=_cutting_cost, reverse=True)))
    for face in missing:        # cut here what a worker could not: its error is raised in this process
        font_file(face)


def _cutting_cost(face: str) -> tuple[int, int]:
    """A face's place in the cutting queue: the longest cuts first, so that no worker is left
    with a long one at the end (a larger source, then a weight further from the regular one:
    the instancer moves every glyph's points)."""
    spec = FACES[face]
    return _source_file(spec).stat().st_size, abs((spec.weight or 400) - 400)


def _cut_in_worker(face: str) -> None:
    """Cut ``face`` in a worker process. A failure is left to the parent, which tries the
    face again and so raises its error where the build reports errors."""
    try:
        font_file(face)
    except Exception:
        pass


MAX_WIDTHS_KEPT = 100_000     # texts whose width one face keeps (words and lines: 20 MB at most)
MAX_WIDTH_TEXT = 200          # characters of the longest text kept


@dataclass
class FontMetrics:
    """Advance widths and glyph outlines of one static face, read once."""

    face: str
    path: Path                  # the static font file, opened when an outline or a table is read
    units_per_em: int
    cmap: dict[int, str]
    advances: dict[str, int]     # by glyph name, in the font's glyph order (a glyph's id is its place)
    ascender: int
    descender: int
    cap_height: int
    weight: int                 # 400 regular, 700 bold (OS/2)
    italic: bool
    italic_angle: float         # degrees from upright, counter-clockwise (post; 0 without one)
    box: list[int]              # every glyph's bounding box: xMin, yMin, xMax, yMax (head)
    outlines: dict[str, str] = field(default_factory=dict, repr=False, compare=False)
    widths: dict[str, int] = field(default_factory=dict, repr=False, compare=False)
    # The outlines kept beside the face's file (``keep_outlines``), read on the first outline
    # asked for; ``drawn``: how many of ``outlines`` were drawn in this process.
    kept_file: Path | None = field(default=None, repr=False, compare=False)
    kept_read: bool = field(default=False, repr=False, compare=False)
    drawn: int = field(default=0, repr=False, compare=False)
    _font: TTFont | None = field(default=None, repr=False, compare=False)

    @property
    def font(self) -> TTFont:
        """The font file's tables (read as they are asked for)."""
        if self._font is None:
            self._font = TTFont(self.path)
        return self._font

    def has_char(self, char: str) -> bool:
        return ord(char) in self.cmap

    def glyph_name(self, char: str) -> str:
        return self.cmap.get(ord(char), ".notdef")

    def text_width(self, text: str, size: float) -> float:
        """Width of ``text`` at ``size`` (same unit as size). No kerning, like reportlab."""
        return self.text_units(text) * size / self.units_per_em

    def text_units(self, text: str) -> int:
        """Width of ``text`` in font units (a whole number: widths of pieces add up exactly).
        Each text's width is kept: fitting measures the same words at many sizes."""
        total = self.widths.get(text)
        if total is None:
            total = 0
            for char in text:
                total += self.advances.get(self.glyph_name(char), 0)
            if len(text) <= MAX_WIDTH_TEXT and len(self.widths) < MAX_WIDTHS_KEPT:
                self.widths[text] = total
        return total

    def outline(self, glyph: str) -> str:
        """The glyph's outline as SVG path data in font units, drawn once per process:
        every SVG of a build uses the same few hundred glyphs thousands of times (and a
        process that ``keep_outlines`` reads those drawn before from the user cache)."""
        path = self.outlines.get(glyph)
        if path is None and not self.kept_read:
            self.kept_read = True
            self.outlines.update({**self._kept(), **self.outlines})
            path = self.outlines.get(glyph)
        if path is None:
            self.drawn += 1
            glyph_set = self.font.getGlyphSet()
            pen = SVGPathPen(glyph_set)
            glyph_set[glyph].draw(pen)
            path = self.outlines[glyph] = pen.getCommands()
        return path

    def _kept(self) -> dict[str, str]:
        if self.kept_file is None:
            return {}
        try:
            kept = json.loads(self.kept_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        ok = isinstance(kept, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in kept.items())
        return kept if ok else {}

    def keep(self) -> None:
        """Write the outlines known (kept and drawn) beside the face's file, if any were drawn."""
        if self.kept_file is None or not self.drawn:
            return
        try:
            write_entry(self.kept_file, json.dumps({**self._kept(), **self.outlines}, ensure_ascii=False))
            self.drawn = 0
        except OSError:
            pass


def keep_outlines() -> None:
    """Keep the glyph outlines drawn in this process in the user cache, beside each face's cut
    file (named by what it was cut from), for the next process: ``bot show`` writes the same
    board's SVG each turn. Only faces this process read are looked at."""
    for read in _READ:
        read.keep()


_READ: list[FontMetrics] = []       # the faces ``metrics`` has read in this process


@lru_cache(maxsize=None)
def metrics(face: str) -> FontMetrics:
    path = font_file(face)
    numbers = _measured(path)
    font = None
    if numbers is None:
        font = TTFont(path)
        numbers = _measure(font)
        _keep_measured(path, numbers)
    read = FontMetrics(face=face, path=path, **numbers,
                       kept_file=Path(f"{path}.outlines-{fontTools.version}.json"),  # the pen's numbers are fontTools'
                       _font=font)
    _READ.append(read)
    return read


def _measure(font: TTFont) -> dict:
    """The numbers text is set with, read from the font's tables (FontMetrics' fields)."""
    hmtx = font["hmtx"]
    os2 = font["OS/2"] if "OS/2" in font else None
    upm = font["head"].unitsPerEm
    # the weight and italic as the font says (OS/2 weight class; the italic bit of OS/2 or
    # head, or a slanted post table)
    italic = bool(getattr(os2, "fsSelection", 0) & 0x01) or bool(font["head"].macStyle & 0x02) \
        or ("post" in font and font["post"].italicAngle != 0)
    head = font["head"]
    return {"units_per_em": upm, "cmap": dict(font.getBestCmap()),
            "advances": {name: hmtx[name][0] for name in font.getGlyphOrder()},
            "ascender": font["hhea"].ascent, "descender": font["hhea"].descent,
            "cap_height": getattr(os2, "sCapHeight", int(upm * 0.7)) or int(upm * 0.7),
            "weight": int(getattr(os2, "usWeightClass", 400) or 400), "italic": italic,
            "italic_angle": float(font["post"].italicAngle) if "post" in font else 0.0,
            "box": [head.xMin, head.yMin, head.xMax, head.yMax]}


# The numbers of a cut face kept beside its file, for the next process: reading a face's
# character map and widths with fontTools takes about 8 ms, reading them back 1 ms; the PDF
# writer's font descriptor and glyph ids come from them too (generator.draw.pdffont).
MEASURED_VERSION = 4     # 4: kept by the face file's sha256, not its size and time


def _measured_file(path: Path) -> Path:
    return Path(f"{path}.metrics-{MEASURED_VERSION}-{fontTools.version}.json")


def _measured(path: Path) -> dict | None:
    """The face's numbers kept beside ``path`` (None: none kept, or kept for another file)."""
    try:
        kept = json.loads(_measured_file(path).read_text(encoding="utf-8"))
        digest = file_sha256(path)
        if digest is None or kept.pop("file") != digest:
            return None
        kept["cmap"] = {int(code): name for code, name in kept["cmap"].items()}
        numbers = ("units_per_em", "ascender", "descender", "cap_height", "weight")
        if set(kept) != {*numbers, "cmap", "advances", "italic", "italic_angle", "box"} \
                or not all(isinstance(kept[n], int) for n in numbers) or not isinstance(kept["italic"], bool) \
                or not isinstance(kept["italic_angle"], (int, float)) or isinstance(kept["italic_angle"], bool) \
                or not (isinstance(kept["box"], list) and len(kept["box"]) == 4
                        and all(type(v) is int for v in kept["box"])):
            return None
        kept["italic_angle"] = float(kept["italic_angle"])
        names = kept["cmap"].values()
        widths = kept["advances"]
        if not (all(isinstance(n, str) for n in names) and all(isinstance(w, int) for w in widths.values())):
            return None
        return kept
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _keep_measured(path: Path, numbers: dict) -> None:
    try:
        digest = file_sha256(path)
        if digest is not None:
            write_entry(_measured_file(path), json.dumps({**numbers, "file": digest}))
    except OSError:
        pass            # not kept: the next process reads the font again


@lru_cache(maxsize=None)
def weight_and_italic(face: str) -> tuple[int, bool]:
    """The face's weight (400 regular, 700 bold) and whether it is italic, as its font says
    (``_measure``)."""
    read = metrics(face)
    return read.weight, read.italic


def text_width(text: str, face: str, size: float) -> float:
    """Width of one line of text in the unit of ``size``."""
    return metrics(face).text_width(text, size)


def missing_chars(text: str, face: str) -> set[str]:
    """Characters of ``text`` the face cannot draw (so a build can refuse them)."""
    m = metrics(face)
    return {c for c in text if not c.isspace() and not m.has_char(c)}


# -- a kit's own faces ------------------------------------------------------------------------
MAX_FONT_BYTES = 40_000_000
# "package:file.ttf" or "package:file.ttf@600": a font file of an installed PyPI package
PACKAGE_FONT = re.compile(r"^(?P<package>[A-Za-z0-9][A-Za-z0-9._-]*):(?P<file>[^/\\:@]+\.(?:ttf|otf))(?:@(?P<weight>\d{1,4}))?$",
                          re.IGNORECASE)


class FontFault(AssetFault):
    """Internal: what is wrong with a font file, before the file's name is attached."""


def register_font_file(path: Path, weight: int | None = None, shown: str | None = None) -> str:
    """Make a kit's TTF/OTF file (static, variable or CFF-outlined) a face; returns its name.

    A variable font is cut at ``weight`` (None: its default instance). A file that is not a
    usable font is a DataError naming ``shown`` (else the path)."""
    return open_asset(path, shown, "font", MAX_FONT_BYTES, lambda p, data: _register_file(p, data, weight))


def register_package_font(spec: str, shown: str | None = None) -> str:
    """Make ``package:file[@weight]`` (a font of an installed PyPI package) a face; returns its
    name. The built-in faces are returned for the files and weights they already are."""
    label = shown or spec
    match = PACKAGE_FONT.fullmatch(spec.strip())
    if not match:
        raise DataError([Problem(label, f"expected a font as 'package:file.ttf' or 'package:file.ttf@weight', "
                                        f"not {spec!r}")])
    package, filename = match["package"], match["file"]
    weight = int(match["weight"]) if match["weight"] else None
    try:
        source = package_file(package, filename)
    except LookupError as err:
        raise DataError([Problem(label, str(err))]) from None
    note_read(source)
    wanted = weight if weight is not None else _default_weight(source)
    for face, known in FACES.items():
        if known.path is None and known.filename == filename and known.weight == wanted and _same_package(known, source):
            return face
    try:
        return _register_file(source, read_bounded(source, source.stat().st_size, MAX_FONT_BYTES, "font"), weight)
    except AssetFault as err:
        raise DataError([Problem(label, str(err))]) from None


def package_font_problem(spec: str) -> str | None:
    """What is wrong with ``package:file[@weight]`` before any face is cut from it (its
    package or file missing, a weight outside the font's range), for game.yaml's reader to
    report at the line and field that name it; None when it can be registered."""
    match = PACKAGE_FONT.fullmatch(spec.strip())
    if not match:
        return "expected a font as 'package:file.ttf' or 'package:file.ttf@weight'"
    try:
        source = package_file(match["package"], match["file"])
    except LookupError as err:
        return str(err)
    if not match["weight"]:
        return None
    weight, shown = int(match["weight"]), excerpt(match["file"])
    try:
        font = TTFont(source, lazy=True)
        span = weight_range(font)
    except Exception as err:  # fontTools reports a broken file in many ways
        return f"{shown} cannot be read as a font ({type(err).__name__})"
    if span is None:
        return f"a weight ({weight}) was asked for, but {shown} has no weight axis"
    if not span[0] <= weight <= span[1]:
        return f"weight {weight} is outside the range of {shown}: {span[0]:g}-{span[1]:g}"
    return None


def _default_weight(source: Path) -> int | None:
    font = TTFont(source, lazy=True)
    axes = font["fvar"].axes if "fvar" in font else []
    return next((int(a.defaultValue) for a in axes if a.axisTag == "wght"), None)


def _same_package(spec: FaceSpec, source: Path) -> bool:
    try:
        return package_file(spec.package, spec.filename) == source
    except LookupError:
        return False


#: The faces registered in this process, by their font file's bytes, path and weight.
_REGISTERED: ContentCache[str] = ContentCache(1024)


def _register_file(path: Path, data: bytes, weight: int | None) -> str:
    """The face of a font file's ``data`` at ``weight``: registered once for the same bytes."""
    return _REGISTERED.get((path, weight), data, lambda: _register_data(path, data, weight))


def _register_data(path: Path, data: bytes, weight: int | None) -> str:
    font = _open_font(data)
    if weight is not None:
        span = weight_range(font)
        if span is None:
            raise FontFault(f"a weight ({weight}) was asked for, but the font has no weight axis")
        if not span[0] <= weight <= span[1]:
            raise FontFault(f"weight {weight} is outside the font's range {span[0]:g}-{span[1]:g}")
    digest = hashlib.sha256(data + f"@{weight}".encode()).hexdigest()[:10]
    slug = re.sub(r"[^A-Za-z0-9]+", "", path.stem)[:24] or "Font"
    face = f"file-{slug}-{digest}"
    spec = FaceSpec("", path.name, weight, f"Pnp{slug}-{digest}", path)
    with _lock:
        FACES[face] = spec
    try:
        target = font_file(face)
        _check_embeddable(target, spec.postscript_name)
        metrics(face)
    except FontFault:
        _forget(face)
        raise
    except Exception as err:  # fontTools and reportlab raise many kinds for odd fonts
        _forget(face)
        raise FontFault(f"the font cannot be used: {type(err).__name__}: {err}") from None
    return face


def _forget(face: str) -> None:
    with _lock:
        FACES.pop(face, None)
    font_file.cache_clear()
    metrics.cache_clear()


def _open_font(data: bytes) -> TTFont:
    """The font in ``data``, with the tables every backend needs; else FontFault."""
    if data[:4] == b"ttcf":
        raise FontFault("font collections (.ttc) are not read: use one font of the collection as a .ttf or .otf")
    try:
        font = TTFont(io.BytesIO(data), lazy=False)
        missing = [t for t in ("cmap", "head", "hhea", "hmtx", "maxp", "name", "post") if t not in font]
        outlines = any(t in font for t in ("glyf", "CFF ", "CFF2"))
        cmap = font.getBestCmap() if "cmap" in font else None
    except Exception as err:  # fontTools reports a non-font in many ways
        raise FontFault(f"not a font file (TrueType or OpenType expected): {type(err).__name__}") from None
    if missing or not outlines:
        parts = missing + ([] if outlines else ["glyph outlines (glyf or CFF)"])
        raise FontFault(f"not a usable font: it lacks {', '.join(parts)}")
    if not cmap:
        raise FontFault("not a usable font: it maps no Unicode characters to glyphs")
    try:
        problem = font_problem(font)
    except Exception as err:  # a glyph fontTools cannot read: as broken as a missing table
        raise FontFault(f"not a usable font: a glyph cannot be read ({type(err).__name__})") from None
    if problem:
        raise FontFault(f"not a usable font: {problem}")
    fs_type = getattr(font["OS/2"], "fsType", 0) if "OS/2" in font else 0
    if fs_type & 0x000F == 0x0002 or fs_type & 0x0200:
        raise FontFault(f"the font's licence flags (OS/2 fsType {fs_type:#06x}) forbid embedding it in a PDF")
    return font


def _check_embeddable(target: Path, postscript_name: str) -> None:
    """reportlab reads the font as a reference sheet's layout will (platypus measures with
    it), and refuses fonts whose licence flags forbid embedding: say so now, naming the file,
    rather than during a render."""
    from reportlab.pdfbase.ttfonts import TTFError, TTFontFile

    try:
        TTFontFile(str(target), validate=0)
    except TTFError as err:
        raise FontFault(f"the font cannot be embedded in a PDF: {err}") from None
