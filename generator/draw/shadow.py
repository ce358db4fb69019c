"""Drop shadows: what a layer draws, in one colour, moved a little and drawn beneath it.

A sharp shadow is the drawing itself recoloured (vector in every backend). A blurred one
has no vector form PDF can hold, so its silhouette is rasterised (PDFium, as PNGs are),
blurred with Pillow and placed as an image: the same pixels in PDF, SVG and PNG. Either is
a group named ``shadow``, which the preflight does not read as text or as ground.
"""

from __future__ import annotations

import io
import math
from dataclasses import replace
from functools import lru_cache
from typing import Sequence

from PIL import Image, ImageFilter

from generator.core.limits import MAX_BLUR_MM, MAX_BLUR_PIXELS
from generator.core.units import MM_PER_INCH
from generator.draw.colour import concrete
from generator.draw.images import RasterImage
from generator.draw.scene import (SHADOW, CircleItem, GroupItem, ImageItem, Item, PathItem, Scene, Style,
                                  TextItem, make_matrix, rect_commands)

BLUR_DPI = 200.0            # a blurred edge shows no pixels at this resolution (a big shadow: less)


def silhouette(items: Sequence[Item], colour: str) -> tuple[Item, ...]:
    """``items`` with every paint in ``colour`` (an image: its box filled)."""
    out: list[Item] = []
    for item in items:
        if isinstance(item, (PathItem, CircleItem)):
            style = item.style
            out.append(replace(item, style=replace(style, fill=colour if style.fill else None, gradient=None,
                                                   stroke=colour if style.stroke else None)))
        elif isinstance(item, TextItem):
            out.append(replace(item, fill=colour, gradient=None))
        elif isinstance(item, GroupItem):
            out.append(replace(item, items=silhouette(item.items, colour)))
        else:
            x, y, w, h = item.placement() if not item.clipped else (item.x, item.y, item.w, item.h)
            out.append(PathItem(rect_commands(x, y, w, h), Style(fill=colour, opacity=item.opacity)))
    return tuple(out)


def shadow(items: Sequence[Item], dx: float, dy: float, colour: str, opacity: float, blur: float) -> GroupItem | None:
    """The shadow of ``items`` moved by (dx, dy) mm, blurred by ``blur`` mm (0: sharp); None
    if the items draw nothing."""
    shape = silhouette(items, colour)
    if blur <= 0:
        return GroupItem(shape, make_matrix((dx, dy)), None, opacity, name=SHADOW)
    image = _blurred(shape, colour, min(blur, MAX_BLUR_MM))
    if image is None:
        return None
    picture, (left, top, width, height) = image
    placed = ImageItem(left + dx, top + dy, width, height, picture, fit="stretch", opacity=opacity)
    return GroupItem((placed,), name=SHADOW)


@lru_cache(maxsize=128)
def _blurred(shape: tuple[Item, ...], colour: str, blur: float) -> tuple[RasterImage, tuple[float, float, float, float]] | None:
    """The silhouette rasterised and blurred, with the box (x, y, w, h mm) it covers. Only its
    coverage is blurred, then painted in ``colour``: no dark fringe from transparent pixels.
    Kept for the faces after: a deck's cards often cast the same shadow."""
    from generator.draw.capture import unseen
    from generator.draw.ink import drawn
    from generator.draw.png import png_bytes, render_image

    boxes = [d.box for d in drawn(shape)]
    if not boxes:
        return None
    pad = 3 * blur
    left, top = min(b[0] for b in boxes) - pad, min(b[1] for b in boxes) - pad
    right, bottom = max(b[2] for b in boxes) + pad, max(b[3] for b in boxes) + pad
    width, height = right - left, bottom - top
    dpi = BLUR_DPI
    area = (width / MM_PER_INCH * dpi) * (height / MM_PER_INCH * dpi)
    if area > MAX_BLUR_PIXELS:
        dpi *= math.sqrt(MAX_BLUR_PIXELS / area)
    scene = Scene(width, height)
    scene.add(GroupItem(shape, make_matrix((-left, -top))))
    size = (max(1, round(width / MM_PER_INCH * dpi)), max(1, round(height / MM_PER_INCH * dpi)))
    with unseen():
        coverage = render_image(scene, dpi, size=size).convert("RGBA").getchannel("A")
    picture = Image.new("RGBA", size, concrete(colour))
    picture.putalpha(coverage.filter(ImageFilter.GaussianBlur(blur / MM_PER_INCH * dpi)))
    data = png_bytes(picture, dpi)
    check = Image.open(io.BytesIO(data))
    return RasterImage(data, "image/png", check.width, check.height, source=SHADOW), (left, top, width, height)
