"""Scene -> PNG by rasterising its SVG with resvg (no system fonts needed: text is outlines)."""

from __future__ import annotations

import struct
import zlib

import resvg_py

from generator.draw.scene import Scene
from generator.draw.svg import render_svg


def with_dpi(png: bytes, dpi: float) -> bytes:
    """The PNG with a pHYs chunk, so that other programs open it at its real size."""
    if png[12:16] != b"IHDR" or b"pHYs" in png[:64]:
        return png
    per_metre = round(dpi / 0.0254)
    body = b"pHYs" + struct.pack(">IIB", per_metre, per_metre, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    end_of_ihdr = 8 + 25
    return png[:end_of_ihdr] + chunk + png[end_of_ihdr:]


def svg_to_png(svg: str, dpi: float = 300.0, background: str | None = None) -> bytes:
    """Rasterise SVG text at ``dpi`` (sizes in the SVG are millimetres)."""
    png = bytes(resvg_py.svg_to_bytes(svg_string=svg, dpi=dpi, background=background, skip_system_fonts=True))
    return with_dpi(png, dpi)


def render_png(scene: Scene, dpi: float = 300.0, background: str | None = None) -> bytes:
    return svg_to_png(render_svg(scene), dpi=dpi, background=background)
