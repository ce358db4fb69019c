"""An image's pixels as every writer draws them: 8-bit sRGB grey or RGB, with or without alpha.

Pillow hands over a picture in whatever mode its file holds, and its own ``convert`` is not
a colour conversion for all of them: a 16-bit grey (``I;16``) comes out white (it clips
0-65535 to 0-255), an embedded ICC profile is ignored. The PDF, SVG and PNG writers all
draw what ``normalised`` makes of an image (generator.draw.images embeds it; the PDF writer
reads the same pixels back, generator.draw.pdfimage), so a picture prints in one set of
colours whatever the format.

What each mode means:
- ``1``, ``L``, ``LA``, ``RGB``, ``RGBA``: as they are (``1`` as black and white).
- ``P`` / ``PA``: the palette's colours, its transparency kept as alpha.
- ``I;16*``: 16-bit grey, 0-65535, scaled (not clipped) to 0-255.
- ``I``: 32-bit integers, read as 16-bit grey (0-65535) since a 16-bit PNG is where Pillow
  makes them; past 65535 is white.
- ``F``: floating-point grey in Pillow's own scale, 0.0-255.0 (as ``convert`` reads it).
- ``CMYK``, ``LAB``, ``YCbCr``, ``HSV``, premultiplied ``La``/``RGBa``: converted to RGB(A);
  CMYK through its ICC profile when it has one, LAB through LittleCMS's Lab (D50).
- An embedded ICC profile (any mode): the pixels converted from it to sRGB (relative
  colorimetric, black point compensation), so a wide-gamut photo is not printed as if its
  numbers were sRGB. A profile that cannot be read is refused (``ColourFault``).
"""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageCms

NORMAL_MODES = frozenset({"L", "LA", "RGB", "RGBA"})
_SIXTEEN_BIT = frozenset({"I;16", "I;16L", "I;16B", "I;16N"})


class ColourFault(ValueError):
    """An image whose colours cannot be known: its ICC profile is damaged or does not fit it."""


def has_alpha(image: Image.Image) -> bool:
    """Whether the image carries transparency: an alpha band, or a transparent palette entry or colour."""
    return "A" in image.getbands() or "a" in image.getbands() or "transparency" in image.info


def normalised(image: Image.Image) -> Image.Image:
    """``image`` as 8-bit sRGB pixels in one of L, LA, RGB, RGBA (see the module's words for
    each mode). The same image object is returned when it already is one of them, with no
    profile to apply."""
    profile = image.info.get("icc_profile")
    if profile:
        return _from_profile(image, profile)
    return _plain(image)


def _plain(image: Image.Image) -> Image.Image:
    mode = image.mode
    if "transparency" in image.info and mode in ("1", "L", "RGB"):
        return image.convert("LA" if mode != "RGB" else "RGBA")             # the transparent colour as alpha
    if mode in NORMAL_MODES:
        return image
    if mode == "1":
        return image.convert("L")
    if mode in ("P", "PA"):
        return image.convert("RGBA" if has_alpha(image) else "RGB")
    if mode in _SIXTEEN_BIT or mode == "I":
        wide = image if mode == "I" else image.convert("I")
        return wide.point(lambda v: v * (1 / 257) + 0.5).convert("L")      # 65535 -> 255, rounded
    if mode == "F":
        return image.point(lambda v: v + 0.5).convert("L")                 # Pillow's 0-255, rounded
    if mode == "LAB":
        return ImageCms.applyTransform(image, _lab_to_srgb()) or image
    if mode == "La":
        return image.convert("RGBa").convert("RGBA").convert("LA")
    return image.convert("RGBA" if has_alpha(image) else "RGB")          # CMYK, YCbCr, HSV, RGBa, RGBX


@lru_cache(maxsize=1)
def _lab_to_srgb() -> ImageCms.ImageCmsTransform:
    return ImageCms.buildTransform(ImageCms.createProfile("LAB"), ImageCms.createProfile("sRGB"), "LAB", "RGB")


def _from_profile(image: Image.Image, profile: bytes) -> Image.Image:
    """The pixels converted from their embedded profile to sRGB, alpha kept as it was."""
    base = image if image.mode in ("L", "LA", "RGB", "RGBA", "CMYK") else _plain(image)
    alpha = None
    if base.mode in ("LA", "RGBA"):
        alpha = base.getchannel("A")
        base = base.convert(base.mode[:-1])
    try:
        source = ImageCms.ImageCmsProfile(io.BytesIO(profile))
        transform = ImageCms.buildTransform(source, _srgb(), base.mode, "RGB",
                                            renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                            flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
        converted = ImageCms.applyTransform(base, transform)
    except (ImageCms.PyCMSError, OSError, ValueError, TypeError) as err:
        raise ColourFault(f"embedded colour profile (ICC) cannot be used ({err}); save the image "
                          "again in sRGB, or without a profile") from None
    assert converted is not None
    if base.mode == "L" and _grey(converted):
        converted = converted.convert("L")
    if alpha is not None:
        converted = converted.convert("RGBA" if converted.mode == "RGB" else "LA")
        converted.putalpha(alpha)
    return converted


@lru_cache(maxsize=1)
def _srgb() -> ImageCms.ImageCmsProfile:
    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))


def _grey(image: Image.Image) -> bool:
    red, green, blue = image.split()
    return ImageChops.difference(red, green).getbbox() is None and ImageChops.difference(red, blue).getbbox() is None


def same_pixels(first: Image.Image, second: Image.Image, tolerance: int = 1) -> bool:
    """Whether two images of one mode differ by at most ``tolerance`` in every channel: an
    image whose profile is sRGB itself converts to (almost) its own pixels."""
    if first.mode != second.mode or first.size != second.size:
        return False
    extrema: Any = ImageChops.difference(first, second).getextrema()
    bands = [extrema] if isinstance(extrema[0], (int, float)) else extrema     # one band, or one pair a band
    return all(high <= tolerance for _, high in bands)
