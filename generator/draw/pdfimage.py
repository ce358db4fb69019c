"""A raster image as a PDF image XObject: a JPEG's own bytes (DCTDecode); a PNG's pixels
compressed, its transparency a soft mask (SMask). Made once per image in a process and
written once per document, however many times its pages place it."""

from __future__ import annotations

import io
import weakref
import zlib
from dataclasses import dataclass

from PIL import Image

from generator.draw.imagecolour import normalised
from generator.draw.images import RasterImage


@dataclass(frozen=True)
class ImageStreams:
    """An image's XObject (dictionary entries but /Length, and its stored bytes) and its
    soft mask's, if it has transparency."""

    entries: str
    data: bytes
    mask: tuple[str, bytes] | None = None


_made: "weakref.WeakKeyDictionary[RasterImage, ImageStreams]" = weakref.WeakKeyDictionary()


def image_streams(image: RasterImage) -> ImageStreams:
    """The streams that draw ``image``, decoded and compressed once per image."""
    made = _made.get(image)
    if made is None:
        made = _made[image] = _encode(image)
    return made


def _entries(image: Image.Image | RasterImage, space: str, fltr: str) -> str:
    width, height = (image.width, image.height) if isinstance(image, Image.Image) else (image.width_px, image.height_px)
    return (f"/Type /XObject /Subtype /Image /Width {width} /Height {height} /ColorSpace /{space} "
            f"/BitsPerComponent 8 /Filter /{fltr}")


def _encode(image: RasterImage) -> ImageStreams:
    with Image.open(io.BytesIO(image.data)) as picture:
        if image.mime == "image/jpeg" and picture.mode in ("L", "RGB"):
            space = "DeviceGray" if picture.mode == "L" else "DeviceRGB"
            return ImageStreams(_entries(image, space, "DCTDecode"), image.data)
        picture.load()
        plain = normalised(picture)          # the pixels the SVG and PNG show too
    grey = plain.mode in ("L", "LA")
    mask = None
    if plain.mode in ("LA", "RGBA"):
        alpha = plain.getchannel("A")
        if alpha.getextrema() != (255, 255):
            mask = (_entries(alpha, "DeviceGray", "FlateDecode"), zlib.compress(alpha.tobytes()))
        plain = plain.convert("L" if grey else "RGB")
    space = "DeviceGray" if grey else "DeviceRGB"
    return ImageStreams(_entries(plain, space, "FlateDecode"), zlib.compress(plain.tobytes()), mask)
