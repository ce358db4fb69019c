"""Setting a sheet on its pages: platypus lays the flowables into columns, the recording
canvas turns each page into a Scene.

Page 1 has the title block (``<top>``) across its width and the columns below it; a second
page, when the sheet allows one, is all columns. Each page has a footer and, if asked, thin
rules between the columns. When the content does not fit the pages allowed, the type is set
smaller, never below the legible floor (``sheet.MIN_SIZE_PT`` for the body); if it still does
not fit, the error names the section that did not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, FrameBreak, PageTemplate
from reportlab.platypus.doctemplate import LayoutError

from generator.core.units import PT_PER_MM
from generator.draw.recorder import CanvasError, RecordingCanvas, pdf_font
from generator.draw.scene import Scene
from generator.reference.flowables import SECTION_ATTRIBUTE, Builder, TooWide
from generator.reference.sheet import MIN_SIZE_PT, Sheet, SheetError

SCALE_STEPS = 7            # halvings of the interval when searching the largest scale that fits


class SheetOverflow(Exception):
    """The content does not fit the pages allowed; ``section`` is where it ran out of room."""

    def __init__(self, section: str, detail: str = "") -> None:
        self.section = section
        self.detail = detail
        super().__init__(section)


@dataclass(frozen=True)
class Typeset:
    """A sheet set on its pages, and the size its body type was set at."""

    pages: list[Scene]
    scale: float
    body_size: float
    #: each column the text was set in, in order: (page, column, share of its height left blank);
    #: the last is where the text ends
    columns_left: tuple[tuple[int, int, float], ...] = ()


@dataclass(frozen=True)
class PageSpec:
    """The paper (mm, portrait) and what to call the document."""

    width: float
    height: float
    title: str


class _SheetDocument(BaseDocTemplate):
    """A document that stops, naming the section, when it would need more pages than allowed."""

    def __init__(self, size: tuple[float, float], max_pages: int, **kw: Any) -> None:
        super().__init__("", pagesize=size, **kw)
        self.max_pages = max_pages
        self.section = ""
        self.overflowed = ""      # kept here: reportlab rewrites the message of what passes through it
        self.columns_left: list[tuple[int, int, float]] = []
        self.unused: set[int] = set()         # the entries of columns_left a page break left empty

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        section = getattr(flowables[0], SECTION_ATTRIBUTE, None)
        if section:
            self.section = section
        super().handle_flowable(flowables)

    def handle_frameEnd(self, resume: int = 0) -> None:  # noqa: N802 (reportlab's name)
        """Note how much of a column the text leaves blank when it moves on to the next."""
        self._note_column()
        super().handle_frameEnd(resume)

    def handle_pageEnd(self) -> None:  # noqa: N802 (reportlab's name)
        self._note_column()       # a page break or the story's end leaves the page's last column
        self._note_unused_columns()
        super().handle_pageEnd()

    def _note_unused_columns(self) -> None:
        """The columns a page break left with no text at all (whole blank), after the one the
        text left: noted only while the story goes on (the text ending on a page may leave the
        rest of it empty: the last column noted is then where it ends)."""
        frame = getattr(self, "frame", None)
        template = getattr(self, "pageTemplate", None)
        if frame is None or template is None or not frame.id.startswith("column"):
            return
        current = int(frame.id[len("column"):])
        for other in template.frames:
            if other.id.startswith("column") and int(other.id[len("column"):]) > current:
                self.unused.add(len(self.columns_left))
                self.columns_left.append((self.page, int(other.id[len("column"):]), 1.0))

    def columns_set(self) -> list[tuple[int, int, float]]:
        """Every column the text was set in or passed over, up to the one it ends in."""
        real = [i for i in range(len(self.columns_left)) if i not in self.unused]
        return self.columns_left[:real[-1] + 1] if real else []

    def _note_column(self) -> None:
        frame = getattr(self, "frame", None)
        if frame is None or not frame.id.startswith("column") or frame._height <= 0:
            return
        where = (self.page, int(frame.id[len("column"):]))
        if not any(page == where[0] and column == where[1] for page, column, _ in self.columns_left):
            self.columns_left.append((*where, max(0.0, frame._y - frame._y1) / frame._height))

    def handle_pageBegin(self) -> None:  # noqa: N802 (reportlab's name)
        if self.page >= self.max_pages:
            self.overflowed = self.section
            raise SheetOverflow(self.section)
        super().handle_pageBegin()


def typeset(sheet: Sheet, page: PageSpec, builder: Callable[[float], Builder]) -> Typeset:
    """Set the sheet at the largest scale (at most its design size) that fits its pages."""
    floor = min(1.0, MIN_SIZE_PT / sheet.styles["body"].size)
    try:
        return _attempt(sheet, page, builder, 1.0)
    except SheetOverflow:
        pass
    try:
        best = _attempt(sheet, page, builder, floor)
    except SheetOverflow as err:
        raise SheetOverflow(err.section, f"even with the body type at {MIN_SIZE_PT:g} pt") from None
    low, high = floor, 1.0
    for _ in range(SCALE_STEPS):
        middle = (low + high) / 2
        try:
            best = _attempt(sheet, page, builder, middle)
            low = middle
        except SheetOverflow:
            high = middle
    return best


def _attempt(sheet: Sheet, page: PageSpec, make_builder: Callable[[float], Builder], scale: float) -> Typeset:
    """One layout at ``scale``; SheetOverflow if it does not fit. Drawn twice when the page
    count must appear in the footers (known only once laid out)."""
    laid, left = _layout(sheet, page, make_builder(scale), None)
    if len(laid) > 1:
        laid, left = _layout(sheet, page, make_builder(scale), len(laid))
    return Typeset(laid, scale, make_builder(scale).style("body").size, tuple(left))


def _layout(sheet: Sheet, page: PageSpec, build: Builder, total: int | None
            ) -> tuple[list[Scene], list[tuple[int, int, float]]]:
    width, height = (page.height, page.width) if sheet.orientation == "landscape" else (page.width, page.height)
    pw, ph = width * PT_PER_MM, height * PT_PER_MM
    margin = sheet.margin * PT_PER_MM
    gap = sheet.gap * PT_PER_MM
    inner = pw - 2 * margin
    column = (inner - gap * (sheet.columns - 1)) / sheet.columns
    footer_style = build.style("footer")
    footer_band = footer_style.leading + 4.0
    bottom = margin + footer_band
    top_flowables = build.children(sheet.top, inner, allowed={"p", "heading", "table", "diagram", "space", "box"})
    top_height = sum(_height(f, inner) for f in top_flowables)
    top_band = top_height + (8.0 if top_flowables else 0.0)
    column_top_first = ph - margin - top_band
    if column_top_first - bottom < 40:
        raise SheetError("the title block leaves no room for the columns")

    def columns(top: float) -> list[Frame]:
        return [Frame(margin + i * (column + gap), bottom, column, top - bottom, leftPadding=0, rightPadding=0,
                      topPadding=0, bottomPadding=0, id=f"column{i + 1}") for i in range(sheet.columns)]

    def decorate(canv: Any, doc: Any, first: bool) -> None:
        top = column_top_first if first else ph - margin
        colours = sheet.colours
        canv.saveState()
        canv.setFillColor(HexColor(colours.paper))   # the paper: PNGs are opaque like the print
        canv.rect(0, 0, pw, ph, stroke=0, fill=1)
        canv.restoreState()
        if first and top_flowables:
            canv.saveState()
            canv.setStrokeColor(HexColor(colours.rule))
            canv.setLineWidth(1.2)
            y = ph - margin - top_height - 3.0
            canv.line(margin, y, pw - margin, y)
            canv.setLineWidth(0.4)
            canv.line(margin, y - 2.0, pw - margin, y - 2.0)
            canv.restoreState()
        if sheet.column_rules and sheet.columns > 1:
            canv.saveState()
            canv.setStrokeColor(HexColor(colours.hairline))
            canv.setLineWidth(0.4)
            for i in range(1, sheet.columns):
                x = margin + i * (column + gap) - gap / 2
                canv.line(x, bottom, x, top - 2.0)
            canv.restoreState()
        _footer(canv, build, sheet, margin, pw, doc.page, total)

    frames_first = ([Frame(margin, ph - margin - top_height, inner, top_height + 0.01, leftPadding=0,
                           rightPadding=0, topPadding=0, bottomPadding=0, id="top")] if top_flowables else [])
    frames_first += columns(column_top_first)
    templates = [PageTemplate("first", frames_first, onPage=lambda c, d: decorate(c, d, True), autoNextPageTemplate="rest"),
                 PageTemplate("rest", columns(ph - margin), onPage=lambda c, d: decorate(c, d, False))]
    doc = _SheetDocument((pw, ph), sheet.pages, pageTemplates=templates, leftMargin=margin, rightMargin=margin,
                         topMargin=margin, bottomMargin=margin, title=page.title, author="pnpkit",
                         initialFontName=pdf_font("serif"))
    story: list[Flowable] = list(top_flowables)
    if top_flowables:
        story.append(FrameBreak())
    for section in sheet.sections:
        story.extend(build.section(section, column))
    canvas = RecordingCanvas(width, height, title=page.title)
    try:
        doc.build(story, canvasmaker=lambda *args, **kw: canvas)
    except SheetOverflow:
        raise SheetOverflow(doc.overflowed) from None
    except LayoutError as err:
        raise SheetOverflow(doc.section, _layout_reason(str(err))) from None
    except TooWide:
        raise SheetOverflow(doc.section, build.too_wide[-1]) from None
    except SheetError as err:
        raise SheetError(f"section {doc.section!r}: {_without_reportlabs_notes(str(err))}") from None
    except CanvasError as err:
        raise SheetError(f"section {doc.section!r}: {err}") from None
    return canvas.pages, doc.columns_set()


def _height(flowable: Flowable, width: float) -> float:
    _, h = flowable.wrap(width, 10_000)
    return float(h) + flowable.getSpaceAfter() + flowable.getSpaceBefore()


def _without_reportlabs_notes(message: str) -> str:
    """A message as raised, without the notes reportlab adds to errors that pass through it
    ("raised by class KeepTogether(...)@0x... wrap", "handle_flowable args=...")."""
    cleaned = re.sub(r"raised by class \S+ \w+|handle_\w+ args=\(.*?\)(?= )", " ", message, flags=re.S)
    return " ".join(cleaned.split())


def _layout_reason(message: str) -> str:
    return "one of its parts is taller than a whole column" if "too large" in message else message.splitlines()[0]


def _footer(canv: Any, build: Builder, sheet: Sheet, margin: float, pw: float, number: int, total: int | None) -> None:
    """The footer's text at the left of the bottom margin, the page number (of several) at the right."""
    style = build.style("footer")
    font = pdf_font(build.face(style.font))
    baseline = margin + style.leading - pdfmetrics.getAscent(font, style.size)
    if sheet.footer is not None:
        para = build.paragraph(sheet.footer, "footer", spaceBefore=0, spaceAfter=0)
        _, h = para.wrap(pw - 2 * margin - 40, 100)
        para.drawOn(canv, margin, margin + style.leading - h)
    if total and total > 1:
        canv.saveState()
        canv.setFont(font, style.size)
        canv.setFillColor(HexColor(style.colour))
        canv.drawRightString(pw - margin, baseline, f"{number} / {total}")
        canv.restoreState()
