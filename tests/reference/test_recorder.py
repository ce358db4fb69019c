"""The recording canvas puts what platypus draws where reportlab's own PDF canvas puts it."""

from __future__ import annotations

import io

import pymupdf as fitz
import pytest
from reportlab.lib.enums import TA_JUSTIFY
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Frame, Paragraph, Table, TableStyle

from generator.core.units import PT_PER_MM
from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.recorder import CanvasError, RecordingCanvas, pdf_font
from generator.draw.scene import PathItem, TextItem
from generator.draw.svg import render_svg

W, H = 150.0, 100.0
TEXT = ("The Imperialist rolls the die for <b>visibility</b>; on a 6 it stays as it was, and "
        "<i>game turn zero</i> is moderate. Artillery on a hilltop ignores blocking hexes closer "
        "than half the distance to the target.")


def _story() -> list:
    body = ParagraphStyle("b", fontName=pdf_font("serif"), fontSize=9, leading=11, alignment=TA_JUSTIFY,
                          bulletFontName=pdf_font("serif-bold"))
    from reportlab.lib.fonts import addMapping
    for bold, italic, face in ((0, 0, "serif"), (1, 0, "serif-bold"), (0, 1, "serif-italic"), (1, 1, "serif-bold")):
        addMapping(pdf_font("serif"), bold, italic, pdf_font(face))
    table = Table([["Die", "Visibility"], ["1-2", "Clear"], ["3-4", "Moderate"]])
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), pdf_font("serif"), 8),
                               ("LINEBELOW", (0, 0), (-1, 0), 0.5, "#000000"), ("BACKGROUND", (0, 0), (-1, 0), "#e9dcc0")]))
    return [Paragraph(TEXT, body), Paragraph("• a bullet item", body, bulletText="1."), table]


def _draw(canvas) -> None:
    frame = Frame(10 * PT_PER_MM, 10 * PT_PER_MM, 90 * PT_PER_MM, 80 * PT_PER_MM, showBoundary=0)
    frame.addFromList(_story(), canvas)


def _words(pdf: bytes) -> list[tuple[str, float, float]]:
    page = fitz.open(stream=pdf, filetype="pdf")[0]
    return [(w[4], round(w[0], 1), round(w[3], 1)) for w in page.get_text("words")]


def test_text_lands_where_reportlabs_own_canvas_puts_it() -> None:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(W * PT_PER_MM, H * PT_PER_MM), initialFontName=pdf_font("serif"))
    _draw(canvas)
    canvas.showPage()
    canvas.save()
    recorder = RecordingCanvas(W, H)
    _draw(recorder)
    recorder.showPage()
    ours = _words(render_pdf([Page(scene) for scene in recorder.pages]))
    theirs = _words(buffer.getvalue())
    assert [w for w, _, _ in ours] == [w for w, _, _ in theirs]
    assert len(ours) > 30   # justified lines: every word placed, word spacing included
    for (word, x1, y1), (_, x2, y2) in zip(ours, theirs):
        assert abs(x1 - x2) < 0.3 and abs(y1 - y2) < 0.3, word


def test_svg_and_pdf_come_from_the_same_items() -> None:
    recorder = RecordingCanvas(W, H)
    _draw(recorder)
    recorder.showPage()
    scene = recorder.pages[0]
    texts = [item for item in scene.walk_text()]
    assert {t.face for t in texts} >= {"serif", "serif-bold", "serif-italic"}
    svg = render_svg(scene)
    for item in texts:
        assert f'aria-label="{item.text}"' in svg
    assert any(isinstance(i, PathItem) and i.style.fill == "#e9dcc0" for i in scene.items)   # the table head


def test_what_cannot_be_recorded_is_refused() -> None:
    recorder = RecordingCanvas(W, H)
    with pytest.raises(CanvasError, match="icons"):
        recorder.drawImage("/etc/passwd", 0, 0, 10, 10)
    recorder.rotate(30)
    with pytest.raises(CanvasError, match="rotated"):
        recorder.drawString(10, 10, "tilted")
    with pytest.raises(AttributeError):
        recorder.linearGradient(0, 0, 10, 10, ["#000000", "#ffffff"])   # never silently dropped


def test_text_in_a_face_that_is_not_the_kits_is_refused() -> None:
    recorder = RecordingCanvas(W, H)
    recorder.setFont("Helvetica", 10)
    with pytest.raises(CanvasError, match="Helvetica"):
        recorder.drawString(10, 10, "unembedded")
    assert not any(isinstance(i, TextItem) for i in recorder._scene.items)
