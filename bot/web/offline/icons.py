"""The app's icons, drawn at export with Pillow: the page's header brown, a paper disc and the
game's initial in Cinzel (the kits' title face). Full bleed and the mark inside the middle
80 %: the same picture serves as a maskable icon (Android crops it to a circle or a squircle)."""

from __future__ import annotations

import io
from PIL import Image, ImageDraw, ImageFont

BROWN, PAPER, INK = (74, 52, 34), (246, 238, 219), (43, 29, 16)
#: The files and their sizes: Android's two, and iOS's home-screen icon.
SIZES = {"icon-192.png": 192, "icon-512.png": 512, "apple-touch-icon.png": 180}


def _face(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The kits' bold title face (cut once, in the user cache), else Pillow's own."""
    from generator.draw.fonts import font_file
    try:
        return ImageFont.truetype(str(font_file("title-bold")), size)
    except OSError:
        return ImageFont.load_default(size)


def icon(size: int, title: str) -> bytes:
    """One icon of ``size`` pixels square, as PNG bytes."""
    scale = 4                                         # drawn large, scaled down: smooth edges
    big = size * scale
    picture = Image.new("RGB", (big, big), BROWN)
    draw = ImageDraw.Draw(picture)
    radius = big * 0.36
    middle = big / 2
    draw.ellipse((middle - radius, middle - radius, middle + radius, middle + radius), fill=PAPER,
                 outline=(176, 32, 28), width=max(1, big // 40))
    letter = (title.strip()[:1] or "?").upper()
    draw.text((middle, middle), letter, font=_face(int(big * 0.42)), fill=INK, anchor="mm")
    out = io.BytesIO()
    picture.resize((size, size), Image.Resampling.LANCZOS).save(out, "PNG", optimize=True)
    return out.getvalue()


def icons(title: str) -> dict[str, bytes]:
    """Every icon file of the app, by name."""
    return {name: icon(size, title) for name, size in SIZES.items()}
