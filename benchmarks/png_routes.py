"""Scene -> PNG: resvg (via SVG), PDFium (via a one-page PDF, what pnpkit uses) and, where
PyMuPDF is installed (the test extra), MuPDF: time a face and difference from PDFium.

Run: python benchmarks/png_routes.py [GAME] [N]   (figures printed; docs/exports.md records them)
"""

from __future__ import annotations

import io
import sys
import time
from typing import Callable

import resvg_py
from PIL import Image, ImageChops, ImageStat

from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.png import pdf_image, pixel_size
from generator.draw.scene import Scene
from generator.draw.svg import render_svg
from generator.loading.games import load_games

DPI = 300


def via_resvg(scene: Scene) -> Image.Image:
    png = bytes(resvg_py.svg_to_bytes(svg_string=render_svg(scene), dpi=DPI, skip_system_fonts=True))
    return Image.open(io.BytesIO(png)).convert("RGBA")


def via_pdfium(scene: Scene) -> Image.Image:
    return pdf_image(render_pdf([Page(scene)]), pixel_size(scene, DPI)).convert("RGBA")


def via_mupdf(scene: Scene) -> Image.Image:
    import pymupdf

    document = pymupdf.open(stream=render_pdf([Page(scene)]), filetype="pdf")
    width, height = pixel_size(scene, DPI)
    page = document[0]
    pixmap = page.get_pixmap(matrix=pymupdf.Matrix(width / page.rect.width, height / page.rect.height), alpha=True)
    image = Image.frombuffer("RGBa", (pixmap.width, pixmap.height), pixmap.samples_mv, "raw", "RGBa", 0, 1)
    return image.convert("RGBA").crop((0, 0, width, height))


def _mean_difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference of two pictures over their common part, 0-255."""
    size = (min(a.width, b.width), min(a.height, b.height))
    difference = ImageChops.difference(a.crop((0, 0, *size)), b.crop((0, 0, *size)))
    return sum(ImageStat.Stat(difference).mean) / len(difference.getbands())


def main() -> None:
    game_id = sys.argv[1] if len(sys.argv) > 1 else "stockholm1520"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    game = load_games([game_id])[0]
    scenes = [face.scene() for component in game.components for face in component.faces()][:count]
    render_pdf([Page(scenes[0])])                        # fonts registered before timing
    routes: dict[str, Callable[[Scene], Image.Image]] = {"pdfium": via_pdfium, "resvg": via_resvg}
    try:
        import pymupdf  # noqa: F401  (the test extra)
        routes["mupdf"] = via_mupdf
    except ImportError:
        print("mupdf: not installed (pip install -e '.[test]' installs it)")
    reference: list[Image.Image] = []
    for name, route in routes.items():
        started = time.perf_counter()
        images = [route(scene) for scene in scenes]
        seconds = (time.perf_counter() - started) / len(scenes)
        if not reference:
            reference = images
            print(f"{name}: {seconds * 1000:.0f} ms a face ({len(scenes)} faces, {DPI} dpi)")
            continue
        worst = max(_mean_difference(a, b) for a, b in zip(reference, images))
        print(f"{name}: {seconds * 1000:.0f} ms a face; worst mean difference from pdfium {worst:.2f} / 255")


if __name__ == "__main__":
    main()
