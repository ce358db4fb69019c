"""Pages that let a user check their printer: a 100 mm ruler, and a duplex offset test.

The calibration page proves the printer did not scale ("fit to page" is the most common
print-and-play failure). The duplex test page prints a scale on the front and a cross on
the back; held against the light, the cross reads off the offset to pass as
``--back-offset X,Y``.
"""

from __future__ import annotations

from generator.draw.page import Page
from generator.draw.scene import Scene, Style
from generator.printing.layouts import Paper

INK = "#000000"
GREY = "#6b6b6b"
THIN = Style(stroke=INK, stroke_width=0.15)
RULE = Style(stroke=INK, stroke_width=0.25)


def _ruler(scene: Scene, x: float, y: float, length: int, vertical: bool = False) -> None:
    """A millimetre ruler from (x, y) along x (or down along y) with cm numbers."""
    if vertical:
        scene.line(x, y, x, y + length, RULE)
    else:
        scene.line(x, y, x + length, y, RULE)
    for mm in range(length + 1):
        tick = 6.0 if mm % 10 == 0 else 4.0 if mm % 5 == 0 else 2.5
        if vertical:
            scene.line(x, y + mm, x + tick, y + mm, THIN)
            if mm % 10 == 0:
                scene.text(x + 7.5, y + mm + 1.1, str(mm // 10), face="serif", size_pt=7, fill=INK)
        else:
            scene.line(x + mm, y, x + mm, y - tick, THIN)
            if mm % 10 == 0:
                scene.text(x + mm, y - 7.5, str(mm // 10), face="serif", size_pt=7, fill=INK, anchor="middle")


def calibration_page(paper: Paper) -> Page:
    """One page: 100 mm rulers across and down, a 50 mm square, and what to check."""
    scene = Scene(paper.width, paper.height, title=f"pnpkit calibration - {paper.label}")
    left = 25.0
    scene.text(left, 28, "Printer calibration", face="title-bold", size_pt=20, fill=INK)
    scene.text(left, 36, f"{paper.label} ({paper.width:g} x {paper.height:g} mm). Print at 100 % / actual size, "
               "never 'fit to page'.", face="serif", size_pt=10, fill=INK)
    _ruler(scene, left, 62, 100)
    scene.text(left + 105, 62, "100 mm", face="serif-bold", size_pt=10, fill=INK)
    _ruler(scene, left, 80, 100, vertical=True)
    scene.text(left + 2, 186, "100 mm", face="serif-bold", size_pt=10, fill=INK)
    scene.rect(left + 40, 90, 50, 50, Style(stroke=INK, stroke_width=0.25))
    scene.line(left + 40, 115, left + 90, 115, Style(stroke=GREY, stroke_width=0.1, dash=(1, 1)))
    scene.line(left + 65, 90, left + 65, 140, Style(stroke=GREY, stroke_width=0.1, dash=(1, 1)))
    scene.text(left + 65, 146, "50 x 50 mm square", face="serif-italic", size_pt=9, fill=INK, anchor="middle")
    lines = [
        "1. Measure both rulers with a real ruler: each must be exactly 100 mm.",
        "2. If they are shorter (about 94-97 mm), your print dialogue scaled the page:",
        "   choose 'Actual size' or 'Scale 100 %' and switch off 'Fit to page' / 'Shrink oversized pages'.",
        "3. The square must be square: if it is not, the printer's driver stretches one direction.",
        "4. For double-sided sheets, print duplex-test too and set --back-offset from it.",
    ]
    for i, line in enumerate(lines):
        scene.text(left, 200 + i * 6.5, line, face="serif", size_pt=10, fill=INK)
    return Page(scene, label="calibration")


def _scale(scene: Scene, cx: float, cy: float, horizontal: bool, flip: bool) -> None:
    """A -5..+5 mm scale centred on cx (horizontal, ticks down from cy) or cy (vertical, ticks left of cx)."""
    for mm in range(-5, 6):
        length = 3.0 if mm == 0 else 2.2 if mm % 5 == 0 else 1.4
        value = -mm if flip else mm
        label = f"{value:+d}" if value else "0"
        if horizontal:
            scene.line(cx + mm, cy, cx + mm, cy + length, THIN)
            if mm % 5 == 0:
                scene.text(cx + mm, cy + length + 2.4, label, face="serif", size_pt=6, fill=INK, anchor="middle")
        else:
            scene.line(cx, cy + mm, cx - length, cy + mm, THIN)
            if mm % 5 == 0:
                scene.text(cx - length - 0.8, cy + mm + 0.8, label, face="serif", size_pt=6, fill=INK, anchor="end")


TARGETS = ((0.2, 0.2), (0.8, 0.2), (0.5, 0.5), (0.2, 0.8), (0.8, 0.8))


def duplex_test_pages(paper: Paper) -> list[Page]:
    """Front with scales, back with crosses at the mirrored points (long-edge flip)."""
    front = Scene(paper.width, paper.height, title=f"pnpkit duplex test - front - {paper.label}")
    back = Scene(paper.width, paper.height, title=f"pnpkit duplex test - back - {paper.label}")
    front.text(paper.width / 2, 20, "Duplex test (front)", face="title-bold", size_pt=16, fill=INK, anchor="middle")
    notes = [
        "Print both pages on one sheet, double-sided, flip on the long edge, at 100 %.",
        "Hold the sheet against a window. Where the back's cross meets each scale is the offset:",
        "read X on the horizontal scale and Y on the vertical one, then build with --back-offset X,Y.",
    ]
    for i, line in enumerate(notes):
        front.text(paper.width / 2, 29 + i * 5.5, line, face="serif", size_pt=9, fill=INK, anchor="middle")
    for fx, fy in TARGETS:
        x, y = paper.width * fx, paper.height * fy
        # The correction, in back-page units: a back that shows to the right (from the front) is
        # too far left on its own page, so X reads as seen; a back shown low must move up: Y flips.
        _scale(front, x, y + 5.0, horizontal=True, flip=False)
        _scale(front, x - 5.0, y, horizontal=False, flip=True)
        front.circle(x, y, 0.4, Style(fill=INK))
        front.text(x + 2.0, y - 2.0, "X below, Y left", face="serif-italic", size_pt=5.5, fill=GREY)
        bx = paper.width - x
        back.line(bx - 9, y, bx + 9, y, Style(stroke="#c00000", stroke_width=0.2))
        back.line(bx, y - 9, bx, y + 9, Style(stroke="#c00000", stroke_width=0.2))
    back.text(paper.width / 2, paper.height - 20, "Duplex test (back): the red crosses should sit on the front's dots.",
              face="serif", size_pt=9, fill=INK, anchor="middle")
    return [Page(front, label="duplex front"), Page(back, label="duplex back")]
