"""A canvas that reportlab's platypus draws on, recording every operation into Scenes.

Platypus lays a document out (line breaking, tables, frames, columns, page breaks) and then
draws it through a canvas. Handing it this canvas instead of reportlab's PDF canvas turns each
page into a ``Scene``; the existing PDF, SVG and PNG backends render those scenes, so the three
formats come from one layout and cannot disagree.

Only what platypus and our own flowables call is implemented; anything else raises
``AttributeError`` (a drawing must never be silently lost). Text follows the PDF text model
(line matrix, ``Td``, ``T*``, ``Tj`` advancing by the string's width, character and word
spacing, rise), so every run lands where reportlab's PDF would put it.

Coordinates: platypus works in points, y up from the page's bottom-left; scenes are in
millimetres, y down from the top-left. The current transformation matrix (CTM) maps user
points to page points; ``_page`` maps page points to scene millimetres.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from types import SimpleNamespace
from typing import Any, Callable, Iterator, Literal, Sequence

from reportlab.lib.colors import Color, toColor
from reportlab.pdfbase import pdfmetrics

from generator.core.units import MM_PER_PT, PT_PER_MM
from generator.draw import fonts
from generator.draw.scene import IDENTITY, Command, GroupItem, Item, Matrix, PathItem, Scene, Style, TextItem, multiply

Cap = Literal["butt", "round", "square"]
Join = Literal["miter", "round", "bevel"]
FillRule = Literal["nonzero", "evenodd"]
CAPS: tuple[Cap, ...] = ("butt", "round", "square")
JOINS: tuple[Join, ...] = ("miter", "round", "bevel")


class CanvasError(ValueError):
    """A drawing operation the recorder cannot express faithfully."""


def face_of(font_name: str) -> str:
    """The Scene face of a reportlab font name (the PostScript name ``pdf_font`` gave it)."""
    for face, spec in fonts.FACES.items():
        if spec.postscript_name == font_name:
            return face
    raise CanvasError(f"font {font_name!r} is not one of the kit's faces (known: {', '.join(sorted(fonts.FACES))})")


_registered: set[str] = set()


def pdf_font(face: str) -> str:
    """The reportlab font name of a Scene face, registered with reportlab once: platypus
    measures and breaks lines with reportlab's metrics of the same font file."""
    from reportlab.pdfbase.ttfonts import TTFont

    name = fonts.FACES[face].postscript_name
    if name not in _registered:
        pdfmetrics.registerFont(TTFont(name, str(fonts.font_file(face))))
        _registered.add(name)
    return name


def _hex(colour: Any) -> tuple[str, float]:
    """A reportlab colour (object or name) as '#rrggbb' and its alpha."""
    value = colour if isinstance(colour, Color) else toColor(colour)
    r, g, b = (max(0, min(255, round(c * 255))) for c in (value.red, value.green, value.blue))
    return f"#{r:02x}{g:02x}{b:02x}", float(getattr(value, "alpha", 1.0))


@dataclass
class _GraphicsState:
    ctm: Matrix = IDENTITY
    fill: str = "#000000"
    fill_alpha: float = 1.0
    stroke: str = "#000000"
    stroke_alpha: float = 1.0
    line_width: float = 1.0          # points, in user space
    dash: tuple[float, ...] | None = None
    cap: Cap = "butt"
    join: Join = "miter"
    font: str = ""
    size: float = 10.0
    leading: float = 12.0


class RecordedPath:
    """What ``canvas.beginPath()`` returns: the path operations platypus and our flowables use."""

    def __init__(self) -> None:
        self.commands: list[Command] = []

    def moveTo(self, x: float, y: float) -> None:  # noqa: N802 (reportlab's names)
        self.commands.append(("M", x, y))

    def lineTo(self, x: float, y: float) -> None:  # noqa: N802
        self.commands.append(("L", x, y))

    def curveTo(self, x1: float, y1: float, x2: float, y2: float, x3: float, y3: float) -> None:  # noqa: N802
        self.commands.append(("C", x1, y1, x2, y2, x3, y3))

    def close(self) -> None:
        self.commands.append(("Z",))

    def rect(self, x: float, y: float, w: float, h: float) -> None:
        self.commands += [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]


@dataclass
class _Run:
    """One shown string, in text space: its start on the baseline and how it was set."""

    x: float
    y: float
    text: str
    font: str
    size: float
    fill: str
    alpha: float
    char_space: float
    word_space: float


@dataclass
class RecordedText:
    """What ``canvas.beginText()`` returns: the PDF text model, recording each shown string."""

    _canvas: "RecordingCanvas"
    _x0: float = 0.0           # start of the current line (reportlab's names: platypus reads them)
    _y0: float = 0.0
    _x: float = 0.0            # the current point
    _y: float = 0.0
    _fontname: str = ""
    _fontsize: float = 10.0
    _leading: float = 12.0
    _charSpace: float = 0.0
    _wordSpace: float = 0.0
    _rise: float = 0.0
    _fill: str = "#000000"
    _fill_alpha: float = 1.0
    runs: list[_Run] = field(default_factory=list)

    # -- position ------------------------------------------------------------------------
    def setTextOrigin(self, x: float, y: float) -> None:  # noqa: N802
        self._x0 = self._x = x
        self._y0 = self._y = y

    def moveCursor(self, dx: float, dy: float) -> None:  # noqa: N802
        """PDF ``Td dx -dy``: a new line offset from the start of the current one."""
        self._x0 += dx
        self._y0 -= dy
        self._x, self._y = self._x0, self._y0

    def setXPos(self, dx: float) -> None:  # noqa: N802
        self.moveCursor(dx, 0)

    def getX(self) -> float:  # noqa: N802
        return self._x

    def getY(self) -> float:  # noqa: N802
        return self._y

    def getCursor(self) -> tuple[float, float]:  # noqa: N802
        return self._x, self._y

    def getStartOfLine(self) -> tuple[float, float]:  # noqa: N802
        return self._x0, self._y0

    # -- state ---------------------------------------------------------------------------
    def _setFont(self, name: str, size: float) -> None:  # noqa: N802
        self._fontname, self._fontsize = name, size

    def setFont(self, name: str, size: float, leading: float | None = None) -> None:  # noqa: N802
        self._fontname, self._fontsize = name, size
        self._leading = size * 1.2 if leading is None else leading

    def setLeading(self, leading: float) -> None:  # noqa: N802
        self._leading = leading

    def setCharSpace(self, value: float) -> None:  # noqa: N802
        self._charSpace = value

    def setWordSpace(self, value: float) -> None:  # noqa: N802
        self._wordSpace = value

    def setRise(self, rise: float) -> None:  # noqa: N802
        self._rise = rise

    def setHorizScale(self, scale: float) -> None:  # noqa: N802
        if scale not in (0, 100):
            raise CanvasError("horizontally scaled text is not recorded")

    def setFillColor(self, colour: Any, alpha: float | None = None) -> None:  # noqa: N802
        self._fill, own_alpha = _hex(colour)
        self._fill_alpha = own_alpha if alpha is None else alpha

    def _setFillAlpha(self, alpha: float) -> None:  # noqa: N802
        self._fill_alpha = alpha

    # -- showing text --------------------------------------------------------------------
    def _show(self, text: str) -> None:
        if not text:
            return
        if not self._fontname:
            raise CanvasError("text shown before a font was set")
        self.runs.append(_Run(self._x, self._y + self._rise, text, self._fontname, self._fontsize, self._fill,
                              self._fill_alpha, self._charSpace, self._wordSpace))
        self._x += self.width(text)

    def width(self, text: str) -> float:
        """How far showing ``text`` moves the current point (PDF: glyph widths, Tc per glyph, Tw per space)."""
        return (pdfmetrics.stringWidth(text, self._fontname, self._fontsize) + self._charSpace * len(text)
                + self._wordSpace * text.count(" "))

    def _next_line(self) -> None:
        self._y0 -= self._leading
        self._x, self._y = self._x0, self._y0

    def _textOut(self, text: str, TStar: int = 0) -> None:  # noqa: N802, N803
        self._show(text)
        if TStar:
            self._next_line()

    def textOut(self, text: str) -> None:  # noqa: N802
        self._show(text)

    def textLine(self, text: str = "") -> None:  # noqa: N802
        self._show(text)
        self._next_line()

    def textLines(self, lines: str | Sequence[str], trim: int = 1) -> None:  # noqa: N802
        for line in (lines.strip().split("\n") if isinstance(lines, str) else lines):
            self.textLine(line.strip() if trim else line)


class RecordingCanvas:
    """Records what platypus draws, page by page, as Scenes ``width`` x ``height`` mm."""

    bottomup = 1

    def __init__(self, width: float, height: float, title: str = "") -> None:
        self.width_mm = width
        self.height_mm = height
        self.title = title
        self.pages: list[Scene] = []
        self._scene = Scene(width, height, title=title)
        self._state = _GraphicsState(font=pdf_font("serif"))
        self._stack: list[_GraphicsState] = []
        self._page_matrix: Matrix = (MM_PER_PT, 0.0, 0.0, -MM_PER_PT, 0.0, height)
        self._pagesize = (width * PT_PER_MM, height * PT_PER_MM)
        self._named_callbacks: dict[str, Any] = {}
        self._doc = SimpleNamespace(info=None)     # BaseDocTemplate keeps and restores its info
        self.info: dict[str, str] = {}

    # -- what platypus reads of a canvas --------------------------------------------------
    @property
    def _fontname(self) -> str:
        return self._state.font

    @_fontname.setter
    def _fontname(self, value: str) -> None:   # tables set these while measuring
        self._state.font = value

    @property
    def _fontsize(self) -> float:
        return self._state.size

    @_fontsize.setter
    def _fontsize(self, value: float) -> None:
        self._state.size = value

    @property
    def _leading(self) -> float:
        return self._state.leading

    @_leading.setter
    def _leading(self, value: float) -> None:
        self._state.leading = value

    @property
    def _lineWidth(self) -> float:  # noqa: N802
        return self._state.line_width

    @property
    def _strokeColorObj(self) -> str:  # noqa: N802
        return self._state.stroke

    @property
    def _fillColorObj(self) -> str:  # noqa: N802
        return self._state.fill

    def stringWidth(self, text: str, font: str | None = None, size: float | None = None) -> float:  # noqa: N802
        return pdfmetrics.stringWidth(text, font or self._state.font, self._state.size if size is None else size)

    def getPageNumber(self) -> int:  # noqa: N802
        return len(self.pages) + 1

    # -- document-level calls of BaseDocTemplate (facts kept, nothing drawn) -------------
    def setAuthor(self, value: str) -> None:  # noqa: N802
        self.info["author"] = value

    def setTitle(self, value: str) -> None:  # noqa: N802
        self.info["title"] = value

    def setSubject(self, value: str) -> None:  # noqa: N802
        self.info["subject"] = value

    def setCreator(self, value: str) -> None:  # noqa: N802
        self.info["creator"] = value

    def setProducer(self, value: str) -> None:  # noqa: N802
        self.info["producer"] = value

    def setKeywords(self, value: Any) -> None:  # noqa: N802
        self.info["keywords"] = str(value)

    def setViewerPreference(self, key: str, value: Any) -> None:  # noqa: N802
        pass

    def setPageCallBack(self, callback: Any) -> None:  # noqa: N802
        if callback is not None:
            raise CanvasError("page callbacks are not recorded")

    def setEncrypt(self, value: Any) -> None:  # noqa: N802
        if value:
            raise CanvasError("encryption is not recorded")

    def setPageSize(self, size: tuple[float, float]) -> None:  # noqa: N802
        if abs(size[0] - self._pagesize[0]) > 0.5 or abs(size[1] - self._pagesize[1]) > 0.5:
            raise CanvasError("every page of a recorded document has the canvas's size")

    def setPageRotation(self, rotation: int) -> None:  # noqa: N802
        if rotation:
            raise CanvasError("rotated pages are not recorded")

    def setNamedCB(self, name: str, value: Any) -> None:  # noqa: N802
        self._named_callbacks[name] = value

    def getNamedCB(self, name: str) -> Any:  # noqa: N802
        return self._named_callbacks.get(name)

    def showPage(self) -> None:  # noqa: N802
        self.pages.append(self._scene)
        self._scene = Scene(self.width_mm, self.height_mm, title=self.title)
        self._state = _GraphicsState(font=pdf_font("serif"))
        self._stack = []

    def save(self) -> None:
        if self._scene.items:
            self.showPage()

    # -- graphics state ------------------------------------------------------------------
    def saveState(self) -> None:  # noqa: N802
        self._stack.append(replace(self._state))

    def restoreState(self) -> None:  # noqa: N802
        self._state = self._stack.pop()

    def transform(self, a: float, b: float, c: float, d: float, e: float, f: float) -> None:
        self._state.ctm = multiply(self._state.ctm, (a, b, c, d, e, f))

    def translate(self, dx: float, dy: float) -> None:
        self.transform(1, 0, 0, 1, dx, dy)

    def scale(self, sx: float, sy: float) -> None:
        self.transform(sx, 0, 0, sy, 0, 0)

    def rotate(self, degrees: float) -> None:
        r = math.radians(degrees)
        self.transform(math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0)

    def setFillColor(self, colour: Any, alpha: float | None = None) -> None:  # noqa: N802
        self._state.fill, own = _hex(colour)
        self._state.fill_alpha = own if alpha is None else alpha

    def setStrokeColor(self, colour: Any, alpha: float | None = None) -> None:  # noqa: N802
        self._state.stroke, own = _hex(colour)
        self._state.stroke_alpha = own if alpha is None else alpha

    def setFillColorRGB(self, r: float, g: float, b: float, alpha: float | None = None) -> None:  # noqa: N802
        self.setFillColor(Color(r, g, b), alpha)

    def setStrokeColorRGB(self, r: float, g: float, b: float, alpha: float | None = None) -> None:  # noqa: N802
        self.setStrokeColor(Color(r, g, b), alpha)

    def setFillAlpha(self, alpha: float) -> None:  # noqa: N802
        self._state.fill_alpha = alpha

    def setStrokeAlpha(self, alpha: float) -> None:  # noqa: N802
        self._state.stroke_alpha = alpha

    def setLineWidth(self, width: float) -> None:  # noqa: N802
        self._state.line_width = width

    def setLineCap(self, cap: int) -> None:  # noqa: N802
        self._state.cap = CAPS[int(cap)]

    def setLineJoin(self, join: int) -> None:  # noqa: N802
        self._state.join = JOINS[int(join)]

    def setDash(self, array: Any = (), phase: float = 0) -> None:  # noqa: N802
        if isinstance(array, (int, float)):
            array = (array, phase)
            phase = 0
        if phase:
            raise CanvasError("dash phases are not recorded")
        self._state.dash = tuple(float(v) for v in array) or None

    def setFont(self, name: str, size: float, leading: float | None = None) -> None:  # noqa: N802
        self._state.font, self._state.size = name, size
        self._state.leading = size * 1.2 if leading is None else leading

    # -- mapping to the scene ------------------------------------------------------------
    def _device(self) -> Matrix:
        """User points -> scene millimetres."""
        return multiply(self._page_matrix, self._state.ctm)

    def _uniform_scale(self, matrix: Matrix) -> float:
        """The scale of a matrix that only moves, scales evenly and flips y; else CanvasError."""
        a, b, c, d, _, _ = matrix
        if abs(b) > 1e-9 or abs(c) > 1e-9 or a <= 0 or abs(a + d) > 1e-9 * max(a, 1.0):
            raise CanvasError("rotated, mirrored or unevenly scaled drawing is not recorded")
        return a

    def _points(self, commands: Sequence[Command]) -> tuple[Command, ...]:
        a, b, c, d, e, f = self._device()
        out: list[Command] = []
        for cmd in commands:
            values = cmd[1:]
            mapped: list[float] = []
            for i in range(0, len(values), 2):
                x, y = values[i], values[i + 1]
                mapped += [a * x + c * y + e, b * x + d * y + f]
            out.append((cmd[0], *mapped))
        return tuple(out)

    def _style(self, stroke: bool, fill: bool, fill_rule: FillRule = "nonzero") -> list[Style]:
        """The styles of a painted path: one, or two when fill and stroke differ in opacity."""
        scale = self._uniform_scale(self._device())
        st = self._state
        dash = tuple(v * scale for v in st.dash) if st.dash else None

        def stroked(fill_colour: str | None, opacity: float) -> Style:
            return Style(fill=fill_colour, stroke=st.stroke, stroke_width=st.line_width * scale, dash=dash,
                         opacity=opacity, cap=st.cap, join=st.join, fill_rule=fill_rule)

        if stroke and fill and abs(st.fill_alpha - st.stroke_alpha) > 1e-9:
            return [Style(fill=st.fill, opacity=st.fill_alpha, fill_rule=fill_rule), stroked(None, st.stroke_alpha)]
        if stroke:
            return [stroked(st.fill if fill else None, st.fill_alpha if fill else st.stroke_alpha)]
        return [Style(fill=st.fill, opacity=st.fill_alpha, fill_rule=fill_rule)]

    def _paint(self, commands: Sequence[Command], stroke: Any, fill: Any, fill_rule: FillRule = "nonzero") -> None:
        if not stroke and not fill:
            return
        mapped = self._points(commands)
        for style in self._style(bool(stroke), bool(fill), fill_rule):
            self._scene.add(PathItem(mapped, style))

    # -- shapes ---------------------------------------------------------------------------
    def beginPath(self) -> RecordedPath:  # noqa: N802
        return RecordedPath()

    def drawPath(self, path: RecordedPath, stroke: int = 1, fill: int = 0, fillMode: int | None = None) -> None:  # noqa: N802, N803
        self._paint(path.commands, stroke, fill, "evenodd" if fillMode == 0 else "nonzero")

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self._paint((("M", x1, y1), ("L", x2, y2)), 1, 0)

    def lines(self, segments: Sequence[Sequence[float]]) -> None:
        for x1, y1, x2, y2 in segments:
            self.line(x1, y1, x2, y2)

    def rect(self, x: float, y: float, width: float, height: float, stroke: int = 1, fill: int = 0) -> None:
        path = RecordedPath()
        path.rect(x, y, width, height)
        self._paint(path.commands, stroke, fill)

    def roundRect(self, x: float, y: float, width: float, height: float, radius: float, stroke: int = 1,  # noqa: N802
                  fill: int = 0) -> None:
        r = min(radius, abs(width) / 2, abs(height) / 2)
        k = 0.5523 * r
        x2, y2 = x + width, y + height
        commands: list[Command] = [
            ("M", x + r, y), ("L", x2 - r, y), ("C", x2 - r + k, y, x2, y + r - k, x2, y + r),
            ("L", x2, y2 - r), ("C", x2, y2 - r + k, x2 - r + k, y2, x2 - r, y2),
            ("L", x + r, y2), ("C", x + r - k, y2, x, y2 - r + k, x, y2 - r),
            ("L", x, y + r), ("C", x, y + r - k, x + r - k, y, x + r, y), ("Z",)]
        self._paint(commands, stroke, fill)

    def circle(self, x: float, y: float, r: float, stroke: int = 1, fill: int = 0) -> None:
        k = 0.5523 * r
        commands: list[Command] = [
            ("M", x + r, y), ("C", x + r, y + k, x + k, y + r, x, y + r), ("C", x - k, y + r, x - r, y + k, x - r, y),
            ("C", x - r, y - k, x - k, y - r, x, y - r), ("C", x + k, y - r, x + r, y - k, x + r, y), ("Z",)]
        self._paint(commands, stroke, fill)

    # -- text -----------------------------------------------------------------------------
    def beginText(self, x: float = 0, y: float = 0, direction: Any = None) -> RecordedText:  # noqa: N802
        text = RecordedText(self, _fontname=self._state.font, _fontsize=self._state.size,
                            _leading=self._state.leading, _fill=self._state.fill, _fill_alpha=self._state.fill_alpha)
        text.setTextOrigin(x, y)
        return text

    def drawText(self, text: RecordedText) -> None:  # noqa: N802
        device = self._device()
        scale = self._uniform_scale(device)
        a, b, c, d, e, f = device
        for run in text.runs:
            face = face_of(run.font)
            size_pt = run.size * scale * PT_PER_MM
            for x, words in _placed_words(run, text):
                self._scene.add(TextItem(a * x + c * run.y + e, b * x + d * run.y + f, words, face, size_pt,
                                         run.fill, opacity=run.alpha, letter_spacing=run.char_space * scale))
        self._state.fill, self._state.fill_alpha = text._fill, text._fill_alpha

    def drawString(self, x: float, y: float, text: str, mode: Any = None, charSpace: float = 0,  # noqa: N802, N803
                   direction: Any = None, wordSpace: Any = None) -> None:  # noqa: N803
        t = self.beginText(x, y)
        if charSpace:
            t.setCharSpace(charSpace)
        if wordSpace:
            t.setWordSpace(wordSpace)
        t.textOut(text)
        self.drawText(t)

    def drawRightString(self, x: float, y: float, text: str, **kw: Any) -> None:  # noqa: N802
        self.drawString(x - self.stringWidth(text), y, text, **kw)

    def drawCentredString(self, x: float, y: float, text: str, **kw: Any) -> None:  # noqa: N802
        self.drawString(x - self.stringWidth(text) / 2, y, text, **kw)

    # -- pictures ---------------------------------------------------------------------------
    def drawImage(self, image: Any, x: float, y: float, width: float | None = None,  # noqa: N802
                  height: float | None = None, mask: Any = None, **kw: Any) -> None:
        """An inline picture in a paragraph: only ``Picture`` tokens (icons of the kit) are
        drawn; a file name or raster would be read from outside the recorder's control."""
        if not isinstance(image, Picture) or width is None or height is None:
            raise CanvasError("only the kit's icons can be drawn inside text")
        self._place(image.draw(width * MM_PER_PT, height * MM_PER_PT), x, y + height)

    def place_scene(self, scene: Scene, x: float, y_top: float) -> None:
        """Draw a scene (mm, y down) with its top-left corner at the user point (x, y_top)."""
        self._place(scene, x, y_top)

    def _place(self, scene: Scene, x: float, y_top: float) -> None:
        a, b, c, d, e, f = self._device()
        scale = self._uniform_scale((a, b, c, d, e, f)) * PT_PER_MM
        origin = (a * x + c * y_top + e, b * x + d * y_top + f)
        items: tuple[Item, ...] = tuple(scene.items)
        self._scene.add(GroupItem(items, (scale, 0.0, 0.0, scale, origin[0], origin[1])))


def _placed_words(run: _Run, text: RecordedText) -> Iterator[tuple[float, str]]:
    """Where each part of a run starts: the whole run, or each word when word spacing is set
    (the SVG backend knows no word spacing, so the gaps are made explicit)."""
    if not run.word_space:
        yield run.x, run.text
        return
    x = run.x
    for index, word in enumerate(run.text.split(" ")):
        if index:
            x += (pdfmetrics.stringWidth(" ", run.font, run.size) + run.char_space + run.word_space)
        if word:
            yield x, word
        x += pdfmetrics.stringWidth(word, run.font, run.size) + run.char_space * len(word)


@dataclass(frozen=True)
class Picture:
    """A drawing that stands in a line of text like a glyph (an inline icon): platypus only
    measures it; the recorder asks it for its scene at the size it was given (mm)."""

    name: str
    make: Callable[[float, float], Scene]

    def draw(self, width: float, height: float) -> Scene:
        return self.make(width, height)
