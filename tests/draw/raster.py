"""Rasterise what the backends write, to sample colours at places given in millimetres."""

from __future__ import annotations

import io

import pymupdf as fitz
from PIL import Image

from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.png import render_png
from generator.draw.scene import Scene
from generator.draw.svg import render_svg

DPI = 150.0


def via_pdf(scene: Scene, dpi: float = DPI) -> Image.Image:
    document = fitz.open(stream=render_pdf([Page(scene)]), filetype="pdf")
    pixmap = document[0].get_pixmap(dpi=round(dpi), alpha=False)
    return Image.open(io.BytesIO(pixmap.tobytes("png"))).convert("RGB")


def via_png(scene: Scene, dpi: float = DPI) -> Image.Image:
    return Image.open(io.BytesIO(render_png(scene, dpi=dpi, background="#ffffff"))).convert("RGB")


def via_svg(scene: Scene, dpi: float = DPI) -> Image.Image:
    """The SVG read by MuPDF's own SVG reader: a second opinion beside resvg's PNG."""
    document = fitz.open(stream=render_svg(scene).encode(), filetype="svg")
    page = document[0]
    zoom = dpi / 25.4 / (page.rect.width / scene.width)   # MuPDF sizes the page in points
    pixmap = page.get_pixmap(matrix=fitz.Matrix(zoom, zoom), alpha=False)
    return Image.open(io.BytesIO(pixmap.tobytes("png"))).convert("RGB")


RENDERERS = {"pdf": via_pdf, "svg": via_svg, "png": via_png}


def at(image: Image.Image, x_mm: float, y_mm: float, dpi: float = DPI) -> tuple[int, int, int]:
    pixel = image.getpixel((int(x_mm / 25.4 * dpi), int(y_mm / 25.4 * dpi)))
    assert isinstance(pixel, tuple)
    return (int(pixel[0]), int(pixel[1]), int(pixel[2]))


def near(actual: tuple[int, int, int], expected: str, tolerance: int = 12) -> bool:
    want = tuple(int(expected[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= tolerance for a, b in zip(actual, want))
