"""Scene -> PNG by rasterising its SVG with resvg (no system fonts needed: text is outlines)."""

from __future__ import annotations

import resvg_py

from generator.draw.scene import Scene
from generator.draw.svg import render_svg


def svg_to_png(svg: str, dpi: float = 300.0, background: str | None = None) -> bytes:
    """Rasterise SVG text at ``dpi`` (sizes in the SVG are millimetres)."""
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, dpi=dpi, background=background, skip_system_fonts=True))


def render_png(scene: Scene, dpi: float = 300.0, background: str | None = None) -> bytes:
    return svg_to_png(render_svg(scene), dpi=dpi, background=background)
