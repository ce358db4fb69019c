"""Running text becomes fragments by our markup only; the template's XML is checked element by element."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from generator.draw.icons import Icon
from generator.draw.recorder import Picture, pdf_font
from generator.draw.scene import PathItem, Style
from generator.reference.markup import Face, MarkupError, Runs
from generator.reference.sheet import MIN_SIZE_PT, SheetError, read_sheet

BODY = Face("serif", "serif-bold", "serif-italic", 9.0, "#231c14")
REF = Face("serif-italic", "serif-bold", "serif-italic", 7.0, "#7d6b55")
TRIANGLE = Icon("crown", 10.0, 10.0, (PathItem((("M", 1, 9), ("L", 5, 1), ("L", 9, 9), ("Z",)), Style(fill="currentColor")),))


def _icons(name: str) -> Icon:
    if name != "crown":
        raise ValueError(f"unknown icon {name!r}")
    return TRIANGLE


def _frags(text: str) -> list:
    return Runs(BODY, REF, _icons).frags(ET.fromstring(f"<p>{text}</p>"))


def test_bold_italic_and_icons_come_from_our_markup() -> None:
    frags = _frags("Move **two** spaces, *then* :crown: fight <ref>(6.2)</ref>")
    faces = [(f.text, f.fontName) for f in frags if f.text]
    assert ("two", pdf_font("serif-bold")) in faces
    assert ("then", pdf_font("serif-italic")) in faces
    assert ("(6.2)", pdf_font("serif-italic")) in faces and any(f.fontSize == 7.0 for f in frags)
    icon = [f for f in frags if hasattr(f, "cbDefn")]
    assert len(icon) == 1 and isinstance(icon[0].cbDefn.image, Picture)
    assert icon[0].cbDefn.height == pytest.approx(9.0)   # an em tall, as on cards


def test_reportlab_markup_in_data_is_only_text() -> None:
    frags = _frags("&lt;img src=\"/etc/passwd\"/&gt; \\*not italic\\*")
    assert "".join(f.text for f in frags) == '<img src="/etc/passwd"/> *not italic*'
    assert not any(hasattr(f, "cbDefn") for f in frags)


@pytest.mark.parametrize("text, message", [
    ("**open", "never closed"),
    ("a :sword: here", "unknown icon 'sword'"),
    ("<img src='x'/>", "not allowed in running text"),
    ("\u2654 chess", "no glyph"),
])
def test_text_that_cannot_be_read_is_an_error(text: str, message: str) -> None:
    with pytest.raises(MarkupError, match=message):
        _frags(text)


def test_a_sheet_is_read_with_its_styles_and_sections() -> None:
    sheet = read_sheet('<sheet orientation="landscape" columns="3"><style name="body" size="9" colour="ink"/>'
                       '<section title="Combat"><p>x</p></section></sheet>', {"ink": "#3b2a1a"})
    assert (sheet.orientation, sheet.columns, sheet.pages) == ("landscape", 3, 1)
    assert sheet.styles["body"].size == 9 and sheet.styles["body"].colour == "#3b2a1a"
    assert [s.get("title") for s in sheet.sections] == ["Combat"]


@pytest.mark.parametrize("xml, message", [
    ("<page/>", "one <sheet>"),
    ('<sheet columns="4"/>', "columns='4'"),
    ('<sheet colour="red"/>', "unknown attributes: colour"),
    ('<sheet><style name="body" size="6"/></sheet>', f"below the legible {MIN_SIZE_PT:g} pt"),
    ('<sheet><style name="body" colour="rouge"/></sheet>', "palette name"),
    ("<sheet><section><p>x</p></section></sheet>", "needs a title"),
    ("<sheet><script/></sheet>", "cannot stand in <sheet>"),
    ('<!DOCTYPE sheet [<!ENTITY x "y">]><sheet/>', "refused"),
    ("<sheet>", "well-formed"),
])
def test_a_bad_sheet_is_refused_in_words(xml: str, message: str) -> None:
    with pytest.raises(SheetError, match=message):
        read_sheet(xml, {})
