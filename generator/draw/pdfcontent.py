"""A scene as one PDF page's content stream: a pure function of the scene.

Everything a stream names (fonts, transparency states, images, gradients) is named by what
it is, never by the order a document met it in: the same scene makes the same bytes in
any document, so a drawn page can be kept and written again (generator.draw.pdf).

The page is drawn in millimetres, y down (the stream starts by scaling and flipping PDF's
points); text and images are drawn upright in it. Opacity multiplies through groups; a
colour or stroke setting already in force is not written again (a proof sheet wrote each of
them for every path it stroked: figures in docs/benchmarks.md), and a group's q and Q put
the settings back as they were.
"""

from __future__ import annotations

import hashlib
import math
import weakref
import zlib
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Callable, Sequence

from generator.core.errors import BuildError
from generator.core.units import PT_PER_MM
from generator.draw import glyphs, pdffont
from generator.draw.colour import CURRENT_COLOUR, normalise
from generator.draw.images import RasterImage
from generator.draw.scene import (IDENTITY, CircleItem, Command, Gradient, GroupItem, ImageItem, Item, PathItem, Point,
                                  Scene, Style, TextItem, rect_commands)

# Numbers as written: millimetres to 1/10,000 (a tenth of a micrometre), the parts of a
# matrix that scale and turn to six places (an error of 1e-6 across a 1 m board is 1 um).
COORDINATE_PLACES = 4
MATRIX_PLACES = 6
MAX_NUMBERS_KEPT = 200_000      # formatted numbers remembered per precision (about 20 MB at most)
MAX_PATHS_KEPT = 4096           # paths remembered as written, each of at most
MAX_PATH_KEPT = 64              # so many commands (a few kB): a longer one (a map's coast) is rarely drawn twice
# A circle as four cubic Bezier quarters: the control points' distance along the tangent.
KAPPA = 4 / 3 * (math.sqrt(2) - 1)
_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
# (fill, stroke, even-odd) -> PDF's painting operator
_PAINT = {(True, True, False): "B", (True, True, True): "B*", (True, False, False): "f", (True, False, True): "f*",
          (False, True, False): "S", (False, True, True): "S"}


# The largest number a PDF reader must take: an integer (what a whole number is written as,
# its ".0" dropped) is at most 2**31 - 1 (ISO 32000-1, annex C); reals reach 3.4e38. Nothing
# drawn is that large (it is some 2,000 km in millimetres): a larger number is a mistake
# upstream, refused here whatever let it through, never written as a 300-digit token.
MAX_PDF_NUMBER = 2 ** 31 - 1


class PdfNumberError(BuildError, ValueError):
    """A drawing holds a number a PDF cannot: not a number, or beyond PDF's range."""


class _Numbers(dict[float, str]):
    """Numbers as a content stream writes them (no trailing zeros, no leading zero), each
    value formatted once: a sheet repeats the same few hundred coordinates many times."""

    def __init__(self, places: int) -> None:
        super().__init__()
        self.pattern = f"%.{places}f"

    def __missing__(self, value: float) -> str:
        if not math.isfinite(value):
            raise PdfNumberError(f"a drawing has a coordinate that is not a number ({value})")
        if abs(value) > MAX_PDF_NUMBER:
            raise PdfNumberError(f"a drawing has a number ({value:.3g}) beyond what a PDF can hold "
                                 f"(-{MAX_PDF_NUMBER:,} to {MAX_PDF_NUMBER:,}): a length or width that "
                                 f"large is a mistake in what drew it")
        text = (self.pattern % value).rstrip("0").rstrip(".")
        if text.startswith("0."):
            text = text[1:]
        elif text.startswith("-0."):
            text = "-" + text[2:]
        elif text == "-0":
            text = "0"
        if len(self) >= MAX_NUMBERS_KEPT:
            self.clear()
        self[value] = text
        return text


_MM = _Numbers(COORDINATE_PLACES)
_FACTOR = _Numbers(MATRIX_PLACES)


def number(value: float) -> str:
    """A coordinate or length as a content stream writes it."""
    return _MM[value]


@lru_cache(maxsize=4096)
def pdf_colour(hex_colour: str) -> str:
    """'#rrggbb' as PDF writes it (six decimals): each channel a quarter step above its value,
    so that a renderer that truncates (MuPDF) and one that rounds both read the same 0-255."""
    rgb = normalise(hex_colour)
    return " ".join(_FACTOR[min(1.0, (int(rgb[i:i + 2], 16) + 0.25) / 255)] for i in (1, 3, 5))


@dataclass(frozen=True)
class DrawnPage:
    """A page's content stream (compressed) and what it names, each by its stream name."""

    stream: bytes
    length: int                                        # the stream's length before compression
    fonts: tuple[tuple[str, frozenset[str]], ...]      # face -> the characters drawn in it
    states: tuple[tuple[str, str], ...]                # ExtGState name -> its entries
    images: tuple[tuple[str, RasterImage], ...]
    shadings: tuple[tuple[str, str], ...]              # shading name -> its dictionary


def draw_page(scene: Scene) -> DrawnPage:
    """The content stream of ``scene`` as one page (MediaBox = the scene)."""
    painter = _Painter()
    painter.out.append(f"{_FACTOR[PT_PER_MM]} 0 0 {_FACTOR[-PT_PER_MM]} 0 {_MM[scene.height * PT_PER_MM]} cm")
    painter.items(scene.items, 1.0)
    data = "\n".join(painter.out).encode("latin-1")
    return DrawnPage(zlib.compress(data), len(data),
                     tuple(sorted((face, frozenset(chars)) for face, chars in painter.fonts.items())),
                     tuple(sorted(painter.states.items())), tuple(sorted(painter.images.items(), key=lambda kv: kv[0])),
                     tuple(sorted(painter.shadings.items())))


_paths: dict[tuple[Command, ...], str] = {}


def path_text(commands: tuple[Command, ...]) -> str:
    """Path commands (M, L, C, Q, Z) as PDF's path operators; quadratic curves as cubics.
    Each path is written once per process: a build draws the same few hundred paths (frames,
    icons, marks) thousands of times (a game's cards: 10,866 paths, 399 distinct)."""
    if len(commands) > MAX_PATH_KEPT:
        return _path_text(commands)
    text = _paths.get(commands)
    if text is None:
        if len(_paths) >= MAX_PATHS_KEPT:
            _paths.clear()
        text = _paths[commands] = _path_text(commands)
    return text


def _path_text(commands: Sequence[Command]) -> str:
    n = _MM
    parts = []
    cx = cy = 0.0
    for cmd in commands:
        op = cmd[0]
        if op == "L":
            cx, cy = cmd[1], cmd[2]
            parts.append(f"{n[cx]} {n[cy]} l")
        elif op == "M":
            cx, cy = cmd[1], cmd[2]
            parts.append(f"{n[cx]} {n[cy]} m")
        elif op == "C":
            cx, cy = cmd[5], cmd[6]
            parts.append(f"{n[cmd[1]]} {n[cmd[2]]} {n[cmd[3]]} {n[cmd[4]]} {n[cx]} {n[cy]} c")
        elif op == "Q":
            x1, y1, x, y = cmd[1:5]
            parts.append(f"{n[cx + 2 / 3 * (x1 - cx)]} {n[cy + 2 / 3 * (y1 - cy)]} "
                         f"{n[x + 2 / 3 * (x1 - x)]} {n[y + 2 / 3 * (y1 - y)]} {n[x]} {n[y]} c")
            cx, cy = x, y
        elif op == "Z":
            parts.append("h")
        else:
            raise ValueError(f"unknown path command {op!r}")
    return " ".join(parts)


def circle_text(cx: float, cy: float, r: float) -> str:
    """A circle as four quarter curves, from its rightmost point."""
    n, k = _MM, KAPPA * r
    return (f"{n[cx + r]} {n[cy]} m "
            f"{n[cx + r]} {n[cy + k]} {n[cx + k]} {n[cy + r]} {n[cx]} {n[cy + r]} c "
            f"{n[cx - k]} {n[cy + r]} {n[cx - r]} {n[cy + k]} {n[cx - r]} {n[cy]} c "
            f"{n[cx - r]} {n[cy - k]} {n[cx - k]} {n[cy - r]} {n[cx]} {n[cy - r]} c "
            f"{n[cx + k]} {n[cy - r]} {n[cx + r]} {n[cy - k]} {n[cx + r]} {n[cy]} c h")


def _alpha_name(kind: str, value: float) -> str:
    return kind + _FACTOR[value]


class _Painter:
    """One page being drawn: its operators, the settings in force, what it names."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.now: dict[str, object] = {"ca": 1.0, "CA": 1.0}       # PDF's defaults: opaque
        self.saved: list[dict[str, object]] = []
        self.fonts: dict[str, set[str]] = {}
        self.states: dict[str, str] = {}
        self.images: dict[str, RasterImage] = {}
        self.shadings: dict[str, str] = {}

    # -- state -----------------------------------------------------------------------------
    def save(self) -> None:
        self.out.append("q")
        self.saved.append(dict(self.now))

    def restore(self) -> None:
        self.out.append("Q")
        self.now = self.saved.pop()

    def alpha(self, kind: str, value: float) -> None:
        """Set the fill (``ca``) or stroke (``CA``) opacity, if another is in force."""
        if self.now[kind] != value:
            self.now[kind] = value
            name = _alpha_name(kind, value)
            if name not in self.states:
                self.states[name] = f"/{kind} {_FACTOR[value]}"
            self.out.append(f"/{name} gs")

    def fill_colour(self, colour: str) -> None:
        if self.now.get("fill") != colour:
            self.now["fill"] = colour
            self.out.append(pdf_colour(colour) + " rg")

    def style(self, style: Style, alpha: float) -> tuple[bool, bool]:
        """Put ``style``'s paint in force; returns whether it fills and whether it strokes.
        (The hottest code of a PDF: each check is written out here rather than called.)"""
        now, out = self.now, self.out
        fill = style.fill
        if fill is not None:
            if fill == CURRENT_COLOUR:
                fill = "#000000"
            if now.get("fill") != fill:
                now["fill"] = fill
                out.append(pdf_colour(fill) + " rg")
            if now["ca"] != style.opacity * alpha:
                self.alpha("ca", style.opacity * alpha)
        colour = style.stroke
        if colour is None or style.stroke_width <= 0:
            return fill is not None, False
        if colour == CURRENT_COLOUR:
            colour = "#000000"
        if now.get("stroke") != colour:
            now["stroke"] = colour
            out.append(pdf_colour(colour) + " RG")
        if now["CA"] != style.opacity * alpha:
            self.alpha("CA", style.opacity * alpha)
        if now.get("width") != style.stroke_width:
            now["width"] = style.stroke_width
            out.append(f"{_MM[style.stroke_width]} w")
        if now.get("cap") != style.cap:
            now["cap"] = style.cap
            out.append(f"{_CAPS[style.cap]} J")
        if now.get("join") != style.join:
            now["join"] = style.join
            out.append(f"{_JOINS[style.join]} j")
        dash = style.dash or ()
        if now.get("dash") != dash:
            now["dash"] = dash
            out.append(f"[{' '.join(_MM[d] for d in dash)}] 0 d")
        return fill is not None, True

    # -- items -----------------------------------------------------------------------------
    def items(self, items: Sequence[Item], alpha: float) -> None:
        for item in items:
            kind = type(item)
            if kind is PathItem:
                assert isinstance(item, PathItem)
                if item.style.gradient is not None:
                    self.gradient_path(item, alpha)
                else:
                    fill, stroke = self.style(item.style, alpha)
                    if fill or stroke:
                        self.out.append(path_text(item.commands) + " "
                                        + _PAINT[fill, stroke, item.style.fill_rule == "evenodd"])
            elif kind is GroupItem:
                assert isinstance(item, GroupItem)
                self.save()
                if item.matrix != IDENTITY:
                    a, b, c, d, e, f = item.matrix
                    m = _FACTOR
                    self.out.append(f"{m[a]} {m[b]} {m[c]} {m[d]} {_MM[e]} {_MM[f]} cm")
                if item.clip:
                    self.out.append(path_text(item.clip) + " W n")
                self.items(item.items, alpha * item.opacity)
                self.restore()
            elif kind is TextItem:
                assert isinstance(item, TextItem)
                self.text(item, alpha)
            elif kind is CircleItem:
                assert isinstance(item, CircleItem)
                fill, stroke = self.style(item.style, alpha)
                if fill or stroke:
                    self.out.append(circle_text(item.cx, item.cy, item.r) + " " + _PAINT[fill, stroke, False])
            elif kind is ImageItem:
                assert isinstance(item, ImageItem)
                self.image(item, alpha)
            else:  # pragma: no cover - the Item union is closed
                raise TypeError(f"cannot draw {type(item).__name__}")

    def gradient_path(self, item: PathItem, alpha: float) -> None:
        """A shape filled with a gradient: the shading painted inside the shape as a clip,
        then its stroke, if it has one, over it."""
        style = item.style
        assert style.gradient is not None
        path = path_text(item.commands)
        self.save()
        self.alpha("ca", style.opacity * alpha)
        self.out.append(path + (" W* n" if style.fill_rule == "evenodd" else " W n"))
        self.shade(style.gradient)
        self.restore()
        if style.stroke is not None and style.stroke_width > 0:
            self.style(replace(style, fill=None, gradient=None), alpha)
            self.out.append(path + " S")

    def text(self, item: TextItem, alpha: float) -> None:
        """One line of text, upright on the y-down page: drawn in a space flipped back at its
        start. With a gradient the glyphs are a clip (render mode 7) the gradient paints."""
        codes = "".join(map(pdffont.glyph_codes(item.face).__getitem__, item.text))
        if "0000" in codes and any(codes[i:i + 4] == "0000" for i in range(0, len(codes), 4)):
            glyphs.refuse(item.face, item.text)     # never an empty box where a glyph is missing
        chars = self.fonts.get(item.face)
        if chars is None:
            chars = self.fonts[item.face] = set()
        chars.update(item.text)
        start = item.start_x()
        self.save()
        self.out.append(f"1 0 0 -1 {_MM[start]} {_MM[item.y]} cm")
        self.fill_colour(item.fill)
        self.alpha("ca", item.opacity * alpha)
        spacing = f" {_MM[item.letter_spacing]} Tc" if item.letter_spacing else ""
        mode = " 7 Tr" if item.gradient is not None else ""
        self.out.append(f"BT /{pdffont.resource_name(item.face)} {_MM[item.size_mm]} Tf{spacing}{mode} <{codes}> Tj ET")
        if item.gradient is not None:
            self.shade(item.gradient, lambda p: (p[0] - start, item.y - p[1]))
        self.restore()

    def image(self, item: ImageItem, alpha: float) -> None:
        """An image in the unit square stretched over its place, its top row at the top."""
        x, y, w, h = item.placement()
        name = image_name(item.image)
        self.images[name] = item.image
        self.save()
        if item.clipped:
            self.out.append(path_text(rect_commands(item.x, item.y, item.w, item.h)) + " W n")
        self.alpha("ca", item.opacity * alpha)
        n = _MM
        self.out.append(f"{n[w]} 0 0 {n[-h]} {n[x]} {n[y + h]} cm /{name} Do")
        self.restore()

    def shade(self, gradient: Gradient, to_here: Callable[[Point], Point] = lambda p: p) -> None:
        """Paint ``gradient`` over the clip in force; ``to_here`` maps its points into the
        space drawn in now (text is drawn in a space of its own, moved to its start and flipped)."""
        body = shading(gradient, to_here)
        name = "Sh" + hashlib.md5(body.encode("ascii")).hexdigest()[:16]
        self.shadings[name] = body
        self.out.append(f"/{name} sh")


def shading(gradient: Gradient, to_here: Callable[[Point], Point]) -> str:
    """The shading dictionary of ``gradient``: axial or radial, its colours blended by one
    exponential function between each pair of stops, the end colours continued past the ends."""
    n = _MM
    if gradient.kind == "linear":
        (x0, y0), (x1, y1) = to_here(gradient.start), to_here(gradient.end)
        geometry = f"/ShadingType 2 /Coords [{n[x0]} {n[y0]} {n[x1]} {n[y1]}]"
    else:
        x, y = to_here(gradient.start)
        geometry = f"/ShadingType 3 /Coords [{n[x]} {n[y]} 0 {n[x]} {n[y]} {n[gradient.radius]}]"
    return f"<< {geometry} /ColorSpace /DeviceRGB /Function {_colour_function(gradient.stops)} /Extend [true true] >>"


def _colour_function(stops: tuple[tuple[float, str], ...]) -> str:
    def blend(c0: str, c1: str) -> str:
        return f"<< /FunctionType 2 /Domain [0 1] /C0 [{pdf_colour(c0)}] /C1 [{pdf_colour(c1)}] /N 1 >>"

    if len(stops) == 2 and stops[0][0] == 0 and stops[1][0] == 1:
        return blend(stops[0][1], stops[1][1])
    points = list(stops)
    if points[0][0] != 0:
        points.insert(0, (0.0, points[0][1]))
    if points[-1][0] != 1:
        points.append((1.0, points[-1][1]))
    parts = " ".join(blend(a[1], b[1]) for a, b in zip(points, points[1:]))
    bounds = " ".join(_FACTOR[offset] for offset, _ in points[1:-1])
    encode = " ".join(["0 1"] * (len(points) - 1))
    return f"<< /FunctionType 3 /Domain [0 1] /Functions [{parts}] /Bounds [{bounds}] /Encode [{encode}] >>"


_image_names: "weakref.WeakKeyDictionary[RasterImage, str]" = weakref.WeakKeyDictionary()


def image_name(image: RasterImage) -> str:
    """The name a stream draws ``image`` by, from its bytes (the same in every document),
    worked out once per image."""
    name = _image_names.get(image)
    if name is None:
        name = _image_names[image] = "Im" + hashlib.sha256(image.data).hexdigest()[:20]
    return name
