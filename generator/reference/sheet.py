"""The sheet a template writes: page settings, styles, the title block and the sections.

A reference template (jinja2, ``templates/reference/``) renders the game's reference data to
a small XML document; this module reads it (safely: defusedxml) and checks every element
and attribute, so a template mistake is reported by element and section, not as a crash::

    <sheet orientation="landscape" columns="3" pages="1" margin="10" gap="6" column-rules="yes">
      <style name="body" font="serif" size="8.5" leading="10" colour="#231c14"/>
      <colours rule="#7a1f1f" head="#eadfc6" line="#5b4a36" stripe="#f7f1e3" box="#f3ead6"/>
      <top> ... flowing elements set across the full width of page 1 ... </top>
      <footer>Breitenfeld 1631 - player aid</footer>
      <section title="Combat" rule="Combat"> ... flowing elements ... </section>
    </sheet>

Flowing elements: ``heading`` (rule="..."), ``p`` (style="..."), ``list`` (kind="bullet",
"number", "letter" or "none"; ``item`` children, which may hold a nested ``list``),
``table`` (widths, align, header; ``tr`` and ``td``/``th`` children), ``box`` (flowing
children on a tint), ``diagram`` (kind, JSON body), ``keep`` (children kept in one column),
``space`` (mm), ``columnbreak`` and ``pagebreak``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field, fields, replace
from typing import Literal, Mapping, cast

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from generator.draw.colour import normalise

MIN_SIZE_PT = 7.0            # nothing on a reference sheet is set smaller: the legible floor
MAX_ELEMENTS = 20_000
Orientation = Literal["portrait", "landscape"]
Align = Literal["left", "center", "right", "justify"]
FLOWING = {"heading", "p", "list", "table", "box", "diagram", "keep", "space", "columnbreak", "pagebreak"}
_NUMBER = re.compile(r"^-?\d+(\.\d+)?$")


class SheetError(ValueError):
    """What is wrong with a template's output, in words naming the element."""


@dataclass(frozen=True)
class TextStyle:
    """One named style: its faces, size (pt), leading (pt), colour, spacing (pt) and alignment."""

    font: str = "serif"
    bold: str = "serif-bold"
    italic: str = "serif-italic"
    size: float = 8.5
    leading: float = 10.0
    colour: str = "#231c14"
    space_before: float = 0.0
    space_after: float = 0.0
    align: Align = "left"
    indent: float = 0.0          # pt, of list items per level and of notes
    keep_with_next: bool = False  # a paragraph in this style stays in the column of what follows

    def scaled(self, scale: float) -> "TextStyle":
        """The style at ``scale`` of its size; no size below the legible floor, and leading
        never tighter than the size."""
        size = max(MIN_SIZE_PT, round(self.size * scale, 2))
        leading = max(size * 1.05, round(self.leading * scale, 2))
        return replace(self, size=size, leading=leading, space_before=self.space_before * scale,
                       space_after=self.space_after * scale, indent=self.indent * size / self.size)


# The styles every sheet has; a template's <style> elements change them attribute by attribute.
DEFAULT_STYLES: dict[str, TextStyle] = {
    "body": TextStyle(space_after=2.0),
    "item": TextStyle(space_after=1.2, indent=9.0),
    "note": TextStyle(font="serif-italic", italic="serif-italic", size=8.0, leading=9.4, space_after=2.0),
    "heading": TextStyle(font="title-bold", bold="title-bold", italic="title-bold", size=9.5, leading=11.0,
                         colour="#7a1f1f", space_before=6.0, space_after=3.0),
    "subheading": TextStyle(font="serif-bold", size=8.5, leading=10.0, space_before=2.5, space_after=1.0,
                            keep_with_next=True),
    "ref": TextStyle(font="serif-italic", italic="serif-italic", size=7.0, leading=8.0, colour="#7d6b55"),
    "cell": TextStyle(size=8.0, leading=9.2),
    "th": TextStyle(font="serif-bold", size=8.0, leading=9.2),
    "title": TextStyle(font="title-bold", bold="title-bold", italic="title", size=20.0, leading=23.0,
                       colour="#7a1f1f"),
    "subtitle": TextStyle(font="serif-italic", italic="serif-italic", size=10.0, leading=12.0, space_after=2.0),
    "footer": TextStyle(font="serif-italic", italic="serif-italic", size=7.0, leading=8.0, colour="#7d6b55"),
    "label": TextStyle(font="serif-semibold", bold="serif-bold", size=7.5, leading=8.5),
}


@dataclass(frozen=True)
class Colours:
    """The sheet's colours beyond its text: heading rules, table heads and lines, stripes, boxes."""

    rule: str = "#7a1f1f"
    head: str = "#eadfc6"
    line: str = "#5b4a36"
    hairline: str = "#cdbf9f"
    stripe: str = "#f8f3e8"
    box: str = "#f3ead6"
    boxline: str = "#b8a57f"
    paper: str = "#ffffff"


@dataclass(frozen=True)
class DiagramText:
    """What a diagram may set text in: faces and sizes of the sheet at the current scale."""

    body: TextStyle
    label: TextStyle
    heading: TextStyle
    faces: Mapping[str, str]
    colours: Colours

    def face(self, name: str) -> str:
        return self.faces.get(name, name)


@dataclass(frozen=True)
class Sheet:
    """A template's output, read and checked."""

    orientation: Orientation = "portrait"
    columns: int = 2
    pages: int = 1
    margin: float = 10.0         # mm
    gap: float = 6.0             # mm between columns
    column_rules: bool = True
    styles: dict[str, TextStyle] = field(default_factory=lambda: dict(DEFAULT_STYLES))
    colours: Colours = Colours()
    top: ET.Element = field(default_factory=lambda: ET.Element("top"))
    footer: ET.Element | None = None
    sections: tuple[ET.Element, ...] = ()
    palette: dict[str, str] = field(default_factory=dict)

    def colour(self, value: str, where: str) -> str:
        return colour_value(value, self.palette, where)

def read_sheet(text: str, palette: Mapping[str, str] | None = None) -> Sheet:
    """The sheet a template rendered; SheetError says what is wrong and where."""
    try:
        root = SafeET.fromstring(text, forbid_dtd=True)
    except DefusedXmlException as err:
        raise SheetError(f"the template wrote XML that is refused: {err}") from None
    except ET.ParseError as err:
        raise SheetError(f"the template did not write well-formed XML: {err}") from None
    if root.tag != "sheet":
        raise SheetError(f"the template must write one <sheet> element, not <{root.tag}>")
    if sum(1 for _ in root.iter()) > MAX_ELEMENTS:
        raise SheetError(f"the template wrote more than {MAX_ELEMENTS} elements")
    colours = palette or {}
    attrs = _Attributes(root, "sheet")
    orientation = attrs.choice("orientation", ("portrait", "landscape"), "portrait")
    sheet = Sheet(orientation=cast(Orientation, orientation),
                  columns=attrs.integer("columns", 2, 1, 3), pages=attrs.integer("pages", 1, 1, 2),
                  margin=attrs.number("margin", 10.0, 6.0, 30.0), gap=attrs.number("gap", 6.0, 2.0, 20.0),
                  column_rules=attrs.flag("column-rules", True))
    attrs.done()
    styles = dict(DEFAULT_STYLES)
    sheet_colours = Colours()
    sections: list[ET.Element] = []
    top = ET.Element("top")
    footer = None
    for child in root:
        if child.tag == "style":
            name, style = _style(child, styles, colours)
            styles[name] = style
        elif child.tag == "colours":
            sheet_colours = _colours(child, sheet_colours, colours)
        elif child.tag == "top":
            top = child
        elif child.tag == "footer":
            footer = child
        elif child.tag == "section":
            if not child.get("title"):
                raise SheetError("every <section> needs a title (errors name it)")
            sections.append(child)
        else:
            raise SheetError(f"<{child.tag}> cannot stand in <sheet>: expected style, colours, top, footer or section")
    return replace(sheet, styles=styles, colours=sheet_colours, top=top, footer=footer, sections=tuple(sections),
                   palette=dict(colours))


def colour_value(value: str, palette: Mapping[str, str], where: str) -> str:
    """'#rrggbb' or a name of the game's palette."""
    try:
        return normalise(palette.get(value, value))
    except ValueError:
        known = ", ".join(sorted(palette)) or "none"
        raise SheetError(f"{where}: expected a colour like '#7a1f1f' or a palette name (known: {known}), "
                         f"got {value!r}") from None


def _style(element: ET.Element, styles: Mapping[str, TextStyle], palette: Mapping[str, str]) -> tuple[str, TextStyle]:
    attrs = _Attributes(element, "style")
    name = attrs.text("name")
    if not name:
        raise SheetError("<style> needs a name")
    base = styles.get(name) or styles["body"]
    where = f"<style name={name!r}>"
    style = TextStyle(
        font=attrs.text("font", base.font), bold=attrs.text("bold", base.bold),
        italic=attrs.text("italic", base.italic),
        size=attrs.number("size", base.size, 4.0, 72.0),
        leading=attrs.number("leading", base.leading, 4.0, 90.0),
        colour=colour_value(attrs.text("colour", base.colour), palette, where),
        space_before=attrs.number("space-before", base.space_before, 0.0, 72.0),
        space_after=attrs.number("space-after", base.space_after, 0.0, 72.0),
        align=cast(Align, attrs.choice("align", ("left", "center", "right", "justify"), base.align)),
        indent=attrs.number("indent", base.indent, 0.0, 72.0),
        keep_with_next=attrs.flag("keep-with-next", base.keep_with_next))
    attrs.done()
    if style.size < MIN_SIZE_PT:
        raise SheetError(f"{where}: size {style.size:g} pt is below the legible {MIN_SIZE_PT:g} pt")
    return name, style


def _colours(element: ET.Element, base: Colours, palette: Mapping[str, str]) -> Colours:
    attrs = _Attributes(element, "colours")
    values = {f.name: colour_value(attrs.text(f.name, getattr(base, f.name)), palette, f"<colours {f.name}=...>")
              for f in fields(Colours)}
    attrs.done()
    return Colours(**values)


class _Attributes:
    """An element's attributes, read once each; ``done`` refuses any left unread."""

    def __init__(self, element: ET.Element, name: str) -> None:
        self.element = element
        self.name = name
        self.unread = set(element.attrib)

    def text(self, key: str, default: str = "") -> str:
        self.unread.discard(key)
        return self.element.get(key, default)

    def number(self, key: str, default: float, low: float, high: float) -> float:
        raw = self.text(key, "")
        if raw == "":
            return default
        if not _NUMBER.fullmatch(raw.strip()) or not low <= float(raw) <= high:
            raise SheetError(f"<{self.name}> {key}={raw!r}: expected a number from {low:g} to {high:g}")
        return float(raw)

    def integer(self, key: str, default: int, low: int, high: int) -> int:
        value = self.number(key, default, low, high)
        if value != int(value):
            raise SheetError(f"<{self.name}> {key}={value!r}: expected a whole number")
        return int(value)

    def flag(self, key: str, default: bool) -> bool:
        raw = self.text(key, "yes" if default else "no").lower()
        if raw not in ("yes", "no", "true", "false"):
            raise SheetError(f"<{self.name}> {key}={raw!r}: expected yes or no")
        return raw in ("yes", "true")

    def choice(self, key: str, allowed: tuple[str, ...], default: str) -> str:
        raw = self.text(key, default)
        if raw not in allowed:
            raise SheetError(f"<{self.name}> {key}={raw!r}: expected one of {', '.join(allowed)}")
        return raw

    def done(self) -> None:
        if self.unread:
            raise SheetError(f"<{self.name}> has unknown attributes: {', '.join(sorted(self.unread))}")


def attributes(element: ET.Element) -> _Attributes:
    """The checked attribute reader of a flowing element (used by the flowable builder)."""
    return _Attributes(element, element.tag)
