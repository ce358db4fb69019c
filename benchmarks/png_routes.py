"""Scene -> PNG: resvg (via SVG) against MuPDF (via a one-page PDF), time and difference.

Run: python benchmarks/png_routes.py [GAME] [N]   (figures printed; docs/exports.md records them)
"""

from __future__ import annotations

import io
import sys
import time

import numpy as np
import pymupdf
import resvg_py
from PIL import Image

from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.svg import render_svg
from generator.games import load_games


def via_resvg(scene, dpi: int) -> Image.Image:
    png = bytes(resvg_py.svg_to_bytes(svg_string=render_svg(scene), dpi=dpi, skip_system_fonts=True))
    return Image.open(io.BytesIO(png))


def via_mupdf(scene, dpi: int) -> Image.Image:
    doc = pymupdf.open(stream=render_pdf([Page(scene)]), filetype="pdf")
    pix = doc[0].get_pixmap(dpi=dpi, alpha=True)
    return Image.frombytes("RGBA", (pix.width, pix.height), pix.samples)


def main() -> None:
    game_id = sys.argv[1] if len(sys.argv) > 1 else "stockholm1520"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    game = load_games([game_id])[0]
    faces = [f for c in game.components for f in c.faces()][:count]
    scenes = [f.scene() for f in faces]
    render_pdf([Page(scenes[0])])                        # fonts registered before timing
    for name, route in (("resvg", via_resvg), ("mupdf", via_mupdf)):
        started = time.perf_counter()
        images = [route(s, 300) for s in scenes]
        print(f"{name}: {(time.perf_counter() - started) / len(scenes) * 1000:.0f} ms a face ({len(scenes)} faces, 300 dpi)")
        if name == "resvg":
            reference = images
    worst = 0.0
    for a, b in zip(reference, images):
        size = (min(a.width, b.width), min(a.height, b.height))
        x = np.asarray(a.convert("RGBA").crop((0, 0, *size)), dtype=float)
        y = np.asarray(b.convert("RGBA").crop((0, 0, *size)), dtype=float)
        worst = max(worst, float(np.abs(x - y).mean()))
        print(f"  sizes {a.size} vs {b.size}: mean |difference| {np.abs(x - y).mean():.2f} / 255")
    print(f"worst mean difference {worst:.2f} / 255")


if __name__ == "__main__":
    main()
