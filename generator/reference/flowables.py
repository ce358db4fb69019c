"""The sheet's flowing elements made into platypus flowables, at one scale of the type.

Paragraphs, lists and table cells get their fragments from ``markup.Runs`` (never from
reportlab's own parser); headings carry their rule reference at the right; diagrams are
Scenes drawn in millimetres and placed whole by the recording canvas.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from typing import Any, Callable, Mapping, Protocol

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable, FrameBreak, KeepTogether, PageBreak, Paragraph, Spacer, Table, TableStyle

from generator.core.units import MM_PER_PT, PT_PER_MM
from generator.draw import fonts
from generator.draw.icons import Icon
from generator.draw.recorder import pdf_font
from generator.draw.scene import Scene
from generator.reference.markup import Face, MarkupError, Runs
from generator.reference.sheet import FLOWING, Colours, DiagramText, Sheet, SheetError, TextStyle, attributes

ALIGNMENTS = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}
_COLUMN_ALIGN = {"l": "left", "c": "center", "r": "right", "left": "left", "center": "center", "right": "right"}
_WIDTH = re.compile(r"^(?:(\d+(?:\.\d+)?)|(\d*(?:\.\d+)?)\*)$")
BULLET = "\u2022"
SECTION_ATTRIBUTE = "_pnp_section"


class DrawDiagram(Protocol):
    def __call__(self, kind: str, spec: Any, width: float, text: DiagramText) -> Scene: ...


class TooWide(ValueError):
    """A word wider than the column it is set in (reportlab would split it mid-word)."""


class CheckedParagraph(Paragraph):
    """A paragraph that refuses to split a word across lines: a word wider than its column is
    an error (the sheet is then set smaller, or the error names the section). What is too
    wide is also written to ``report``: reportlab rewrites the messages of errors it passes on."""

    def __init__(self, *args: Any, report: list[str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)   # reportlab's own arguments: it makes the parts of a split too
        self.report: list[str] = report if report is not None else []

    def split(self, available_width: float, available_height: float) -> list[Any]:
        parts = super().split(available_width, available_height)
        for part in parts:
            if isinstance(part, CheckedParagraph):
                part.report = self.report
        return parts

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        size = super().wrap(available_width, available_height)
        for line in self.blPara.lines:
            extra = line.extraSpace if hasattr(line, "extraSpace") else line[0]
            if extra < -0.5:
                words = [getattr(w, "text", w) for w in (line.words if hasattr(line, "words") else line[1])]
                self.report.append(f"{' '.join(str(w) for w in words).strip()!r} is wider than its column "
                                   f"({available_width * MM_PER_PT:.1f} mm)")
                raise TooWide(self.report[-1])
        return size


class Heading(Flowable):
    """A heading: its words at the left, the rule it comes from at the right, a rule below."""

    def __init__(self, para: Paragraph, ref: str, ref_font: str, ref_size: float, ref_colour: str,
                 line_colour: str, space_before: float, space_after: float) -> None:
        super().__init__()
        self.para = para
        self.ref = ref
        self.ref_font, self.ref_size, self.ref_colour = ref_font, ref_size, ref_colour
        self.line_colour = line_colour
        self.spaceBefore = space_before
        self.spaceAfter = space_after
        self.keepWithNext = 1
        self.line_width = 0.6
        self.gap = 1.6

    def _ref_width(self) -> float:
        return pdfmetrics.stringWidth(self.ref, self.ref_font, self.ref_size) + 4.0 if self.ref else 0.0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = available_width
        _, h = self.para.wrap(available_width - self._ref_width(), available_height)
        self.para_height = h
        self.height = h + self.gap + self.line_width
        return self.width, self.height

    def draw(self) -> None:
        canv = self.canv
        base = self.gap + self.line_width
        self.para.drawOn(canv, 0, base)
        if self.ref:
            style = self.para.style
            ascent = pdfmetrics.getAscent(style.fontName, style.fontSize)
            canv.saveState()
            canv.setFont(self.ref_font, self.ref_size)
            canv.setFillColor(HexColor(self.ref_colour))
            canv.drawRightString(self.width, base + self.para_height - ascent, self.ref)
            canv.restoreState()
        canv.saveState()
        canv.setStrokeColor(HexColor(self.line_colour))
        canv.setLineWidth(self.line_width)
        canv.line(0, self.line_width / 2, self.width, self.line_width / 2)
        canv.restoreState()


class Diagram(Flowable):
    """A picture drawn in millimetres at the width it is given (up to its own), centred."""

    def __init__(self, draw: Callable[[float], Scene], max_width_mm: float | None, space: float) -> None:
        super().__init__()
        self._draw = draw
        self.max_width_mm = max_width_mm
        self.hAlign = "CENTER"
        self.spaceBefore = space
        self.spaceAfter = space
        self.scene: Scene | None = None
        self._drawn_at = 0.0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        width = available_width * MM_PER_PT
        if self.max_width_mm is not None:
            width = min(width, self.max_width_mm)
        if self.scene is None or abs(self._drawn_at - width) > 1e-6:
            self.scene = self._draw(width)
            self._drawn_at = width
        self.width = self.scene.width * PT_PER_MM
        self.height = self.scene.height * PT_PER_MM
        return self.width, self.height

    def draw(self) -> None:
        assert self.scene is not None
        self.canv.place_scene(self.scene, 0, self.height)


class Builder:
    """Makes the flowables of a sheet at one scale of its type."""

    def __init__(self, sheet: Sheet, scale: float, faces: Mapping[str, str], icon: Callable[[str], Icon],
                 diagram: DrawDiagram) -> None:
        self.sheet = sheet
        self.scale = scale
        self.styles = {name: style.scaled(scale) for name, style in sheet.styles.items()}
        self.faces = dict(faces)
        self.icon = icon
        self.diagram = diagram
        self.colours = sheet.colours
        self.too_wide: list[str] = []      # words wider than their column, as met
    # -- styles ----------------------------------------------------------------------------
    def style(self, name: str) -> TextStyle:
        if name not in self.styles:
            raise SheetError(f"no style named {name!r} (known: {', '.join(sorted(self.styles))})")
        return self.styles[name]

    def face(self, name: str) -> str:
        face = self.faces.get(name)
        if face is None:
            raise SheetError(f"unknown font {name!r}; known: {', '.join(sorted(self.faces))}")
        return face

    def text_face(self, style: TextStyle) -> Face:
        return Face(self.face(style.font), self.face(style.bold), self.face(style.italic), style.size, style.colour)

    def runs(self, style_name: str) -> Runs:
        return Runs(self.text_face(self.style(style_name)), self.text_face(self.style("ref")), self.icon)

    def paragraph_style(self, style: TextStyle, **changes: Any) -> ParagraphStyle:
        values: dict[str, Any] = dict(
            fontName=pdf_font(self.face(style.font)), fontSize=style.size, leading=style.leading,
            textColor=HexColor(style.colour), spaceBefore=style.space_before, spaceAfter=style.space_after,
            alignment=ALIGNMENTS[style.align], bulletFontName=pdf_font(self.face(style.bold)),
            bulletFontSize=style.size, bulletColor=HexColor(self.colours.rule), allowWidows=0, allowOrphans=0,
            keepWithNext=int(style.keep_with_next), splitLongWords=0, spaceShrinkage=0)
        values.update(changes)
        return ParagraphStyle("s", **values)

    def paragraph(self, element: ET.Element, style_name: str, **changes: Any) -> Paragraph:
        style = self.style(style_name)
        return CheckedParagraph("", self.paragraph_style(style, **changes), frags=self.runs(style_name).frags(element),
                                report=self.too_wide)

    def diagram_text(self) -> DiagramText:
        return DiagramText(self.style("body"), self.style("label"), self.style("heading"), self.faces, self.colours)

    # -- elements ----------------------------------------------------------------------------
    def section(self, element: ET.Element, width: float) -> list[Flowable]:
        title = element.get("title", "")
        flowables = self.children(element, width, allowed=FLOWING)
        for flowable in flowables:
            setattr(flowable, SECTION_ATTRIBUTE, title)
        return flowables

    def children(self, element: ET.Element, width: float, allowed: set[str]) -> list[Flowable]:
        if element.text and element.text.strip():
            raise SheetError(f"text {element.text.strip()[:40]!r} stands loose in <{element.tag}>: put it in a <p>")
        out: list[Flowable] = []
        for child in element:
            if child.tag not in allowed:
                raise SheetError(f"<{child.tag}> cannot stand in <{element.tag}>; expected one of "
                                 f"{', '.join(sorted(allowed))}")
            out.extend(self.element(child, width))
            if child.tail and child.tail.strip():
                raise SheetError(f"text {child.tail.strip()[:40]!r} stands loose in <{element.tag}>: put it in a <p>")
        return out

    def element(self, element: ET.Element, width: float) -> list[Flowable]:
        tag = element.tag
        try:
            if tag == "heading":
                return [self.heading(element)]
            if tag == "p":
                attrs = attributes(element)
                style = attrs.text("style", "body")
                keep = attrs.flag("keep-with-next", self.style(style).keep_with_next)
                attrs.done()
                return [self.paragraph(element, style, keepWithNext=int(keep))]
            if tag == "list":
                return self.list(element, width, 0)
            if tag == "table":
                return [self.table(element, width)]
            if tag == "box":
                return [self.box(element, width)]
            if tag == "diagram":
                return [self.diagram_flowable(element)]
            if tag == "keep":
                return [KeepTogether(self.children(element, width, allowed=FLOWING - {"keep"}))]
            if tag == "space":
                attrs = attributes(element)
                mm = attrs.number("mm", 2.0, 0.0, 100.0)
                attrs.done()
                return [Spacer(1, mm * PT_PER_MM * min(1.0, self.scale))]
            if tag == "columnbreak":
                return [FrameBreak()]
            if tag == "pagebreak":
                return [PageBreak()]
        except MarkupError as err:
            raise SheetError(f"<{tag}>: {err}") from None
        raise SheetError(f"unknown element <{tag}>")

    def heading(self, element: ET.Element) -> Heading:
        attrs = attributes(element)
        rule = attrs.text("rule")
        style_name = attrs.text("style", "heading")
        attrs.done()
        style = self.style(style_name)
        ref = self.style("ref")
        para = self.paragraph(element, style_name, spaceBefore=0, spaceAfter=0)
        if rule:
            missing = fonts.missing_chars(rule, self.face(ref.font))
            if missing:
                raise SheetError(f"<heading rule={rule!r}>: the font has no glyph for {', '.join(sorted(missing))}")
        return Heading(para, rule, pdf_font(self.face(ref.font)), ref.size, ref.colour, self.colours.rule,
                       style.space_before, style.space_after)

    def list(self, element: ET.Element, width: float, level: int) -> list[Flowable]:
        attrs = attributes(element)
        kind = attrs.choice("kind", ("bullet", "number", "letter", "none"), "bullet")
        start = attrs.integer("start", 1, 0, 999)
        style_name = attrs.text("style", "item")
        attrs.done()
        style = self.style(style_name)
        indent = style.indent
        out: list[Flowable] = []
        for index, item in enumerate(element):
            if item.tag != "item":
                raise SheetError(f"<list> holds <item> elements, not <{item.tag}>")
            label = {"bullet": BULLET, "number": f"{start + index}.", "letter": f"{_letter(start + index)}.",
                     "none": None}[kind]
            inline = ET.Element("item")
            inline.text = item.text
            nested: list[ET.Element] = []
            for child in item:
                if child.tag == "list":
                    nested.append(child)
                    if child.tail and child.tail.strip():
                        raise SheetError("text after a nested <list> in an <item>: put it before the list")
                else:
                    inline.append(child)
            left = indent * (level + 1) if label is not None or level else 0.0
            para = self.paragraph(inline, style_name, leftIndent=left, bulletIndent=indent * level,
                                  bulletText=label)
            if nested and style.space_after:
                para.style.spaceAfter = style.space_after / 2
            out.append(para)
            for child in nested:
                out.extend(self.list(child, width, level + 1))
        return out

    def table(self, element: ET.Element, width: float) -> Table:
        attrs = attributes(element)
        widths_text = attrs.text("widths")
        align_text = attrs.text("align")
        header = attrs.integer("header", 1, 0, 3)
        stripe = attrs.flag("stripe", False)
        style_name = attrs.text("style", "cell")
        head_name = attrs.text("head-style", "th")
        attrs.done()
        rows = [row for row in element]
        for row in rows:
            if row.tag != "tr":
                raise SheetError(f"<table> holds <tr> rows, not <{row.tag}>")
        if not rows:
            raise SheetError("a <table> needs at least one <tr>")
        count = max(sum(int(cell.get("span", "1")) for cell in row) for row in rows)
        widths = _column_widths(widths_text, count, width)
        aligns = _column_aligns(align_text, count)
        data: list[list[Any]] = []
        commands: list[tuple[Any, ...]] = []
        for r, row in enumerate(rows):
            cells: list[Any] = []
            col = 0
            for cell in row:
                if cell.tag not in ("td", "th"):
                    raise SheetError(f"a <tr> holds <td> or <th> cells, not <{cell.tag}>")
                cell_attrs = attributes(cell)
                span = cell_attrs.integer("span", 1, 1, count)
                align = _COLUMN_ALIGN.get(cell_attrs.text("align", aligns[col]), None)
                if align is None:
                    raise SheetError(f"<{cell.tag}> align={cell.get('align')!r}: expected left, center or right")
                cell_attrs.done()
                name = head_name if (r < header or cell.tag == "th") else style_name
                cells.append(self.paragraph(cell, name, alignment=ALIGNMENTS[align], spaceBefore=0, spaceAfter=0))
                if span > 1:
                    commands.append(("SPAN", (col, r), (col + span - 1, r)))
                    cells.extend([""] * (span - 1))
                col += span
            if col > count:
                raise SheetError("a table row has more cells than its columns")
            cells.extend([""] * (count - col))
            data.append(cells)
        colours = self.colours
        pad = 2.2 * min(1.0, self.scale)
        commands += [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), pad), ("RIGHTPADDING", (0, 0), (-1, -1), pad),
            ("TOPPADDING", (0, 0), (-1, -1), 1.3), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.0),
            ("LINEABOVE", (0, 0), (-1, 0), 0.8, HexColor(colours.line)),
            ("LINEBELOW", (0, -1), (-1, -1), 0.8, HexColor(colours.line)),
        ]
        if header:
            commands += [("BACKGROUND", (0, 0), (-1, header - 1), HexColor(colours.head)),
                         ("LINEBELOW", (0, header - 1), (-1, header - 1), 0.5, HexColor(colours.line))]
        if len(rows) > header + 1:
            commands.append(("LINEBELOW", (0, header), (-1, -2), 0.25, HexColor(colours.hairline)))
        if stripe and len(rows) > header:
            commands.append(("ROWBACKGROUNDS", (0, header), (-1, -1), [None, HexColor(colours.stripe)]))
        table = Table(data, colWidths=widths, repeatRows=header, hAlign="LEFT")
        table.setStyle(TableStyle(commands))
        body = self.style(style_name)
        table.spaceBefore = body.space_before or 1.5
        table.spaceAfter = max(body.space_after, 3.0 * min(1.0, self.scale))
        return table

    def box(self, element: ET.Element, width: float) -> Table:
        attrs = attributes(element)
        fill = attrs.text("fill", self.colours.box)
        line = attrs.text("line", self.colours.boxline)
        attrs.done()
        pad = 4.0
        inner = self.children(element, width - 2 * pad, allowed=FLOWING - {"columnbreak", "pagebreak"})
        if inner:
            last = inner[-1]
            last.spaceAfter = 0
        table = Table([[inner]], colWidths=[width], hAlign="LEFT")
        table.setStyle(TableStyle([
            ("BACKGROUND", (0, 0), (-1, -1), HexColor(self.sheet.colour(fill, "<box fill>"))),
            ("BOX", (0, 0), (-1, -1), 0.5, HexColor(self.sheet.colour(line, "<box line>"))),
            ("LEFTPADDING", (0, 0), (-1, -1), pad), ("RIGHTPADDING", (0, 0), (-1, -1), pad),
            ("TOPPADDING", (0, 0), (-1, -1), pad * 0.75), ("BOTTOMPADDING", (0, 0), (-1, -1), pad * 0.9),
        ]))
        table.spaceBefore = 2.0
        table.spaceAfter = 4.0 * min(1.0, self.scale)
        return table

    def diagram_flowable(self, element: ET.Element) -> Diagram:
        attrs = attributes(element)
        kind = attrs.text("kind")
        max_width = attrs.number("width", 0.0, 0.0, 2000.0) or None
        attrs.done()
        if not kind:
            raise SheetError("a <diagram> needs a kind")
        try:
            spec = json.loads(element.text or "{}")
        except json.JSONDecodeError as err:
            raise SheetError(f"<diagram kind={kind!r}>: its body is not JSON ({err.msg})") from None
        text = self.diagram_text()
        return Diagram(lambda width: self.diagram(kind, spec, width, text), max_width, 2.0 * min(1.0, self.scale))


def _letter(n: int) -> str:
    letters = ""
    while n > 0:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters or "A"


def _column_widths(text: str, count: int, width: float) -> list[float]:
    """Column widths in points from 'mm, N*, *' (stars share what the fixed columns leave)."""
    parts = [p.strip() for p in text.split(",")] if text else ["*"] * count
    if len(parts) != count:
        raise SheetError(f"<table widths={text!r}>: {len(parts)} widths for {count} columns")
    fixed = 0.0
    stars: list[float | None] = []
    for part in parts:
        match = _WIDTH.fullmatch(part)
        if not match:
            raise SheetError(f"<table widths={text!r}>: {part!r} is neither millimetres (12) nor a share (*, 2*)")
        if match.group(1) is not None:
            fixed += float(match.group(1)) * PT_PER_MM
            stars.append(None)
        else:
            stars.append(float(match.group(2)) if match.group(2) else 1.0)
    share = sum(s for s in stars if s is not None)
    rest = width - fixed
    if rest < -0.5 or (share and rest <= 0):
        raise SheetError(f"<table widths={text!r}>: the fixed columns are wider than the column "
                         f"({width * MM_PER_PT:.1f} mm)")
    return [float(parts[i]) * PT_PER_MM if s is None else rest * s / share for i, s in enumerate(stars)]


def _column_aligns(text: str, count: int) -> list[str]:
    parts = [p.strip() for p in text.split(",")] if text else ["l"] * count
    if len(parts) != count:
        raise SheetError(f"<table align={text!r}>: {len(parts)} alignments for {count} columns")
    for part in parts:
        if part not in _COLUMN_ALIGN:
            raise SheetError(f"<table align={text!r}>: {part!r} is not l, c or r")
    return parts
