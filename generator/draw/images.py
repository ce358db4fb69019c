"""A kit's raster images (PNG, JPEG), checked before they are decoded.

An image file comes from whoever made the kit: its format is read from its content, not its
name; its pixel count is checked from the header before any pixel is decoded (a small file
can claim a huge canvas); then it is decoded once, to find a broken file here rather than in
a backend. What the backends embed is the file's own bytes where they can be used as they
are, else a PNG re-encoding (CMYK JPEGs, EXIF-rotated photos, unusual modes), so the PDF
and the SVG/PNG show the same pixels the same way up.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageOps, UnidentifiedImageError

from generator.draw.assetfile import AssetFault, open_asset, read_bounded

MAX_IMAGE_BYTES = 50_000_000
MAX_PIXELS = 40_000_000       # e.g. 8000 x 5000; a full A3 page at 300 dpi is 17.4 million
FORMATS = {"PNG": "image/png", "JPEG": "image/jpeg"}
_KEPT_MODES = {"PNG": {"1", "L", "LA", "P", "RGB", "RGBA"}, "JPEG": {"L", "RGB"}}


class ImageFault(AssetFault):
    """Internal: what is wrong with an image, before the file's name is attached."""


@dataclass(frozen=True)
class RasterImage:
    """An image ready to embed: PNG or JPEG bytes and its size in pixels."""

    data: bytes
    mime: str
    width_px: int
    height_px: int
    source: str = ""

    @property
    def aspect(self) -> float:
        return self.width_px / self.height_px


def load_image(path: Path, shown: str | None = None) -> RasterImage:
    """Read a PNG or JPEG file; anything else, or too big, is a DataError naming ``shown``."""
    label = shown or str(path)
    return open_asset(path, shown, "image", lambda p, mtime, size: _load_cached(p, mtime, size, label))


@lru_cache(maxsize=64)
def _load_cached(path: Path, mtime_ns: int, size: int, label: str) -> RasterImage:
    return decode_image(read_bounded(path, size, MAX_IMAGE_BYTES, "image"), source=label)


def decode_image(data: bytes, source: str = "") -> RasterImage:
    """Check and prepare PNG or JPEG bytes; raises ImageFault saying what is wrong."""
    if len(data) > MAX_IMAGE_BYTES:
        raise ImageFault(f"the image is {len(data):,} bytes; images may have at most {MAX_IMAGE_BYTES:,}")
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            image = Image.open(io.BytesIO(data), formats=list(FORMATS))
        except UnidentifiedImageError:
            raise ImageFault("not a PNG or JPEG image (only those two formats are read)") from None
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise ImageFault(f"the image claims too many pixels; at most {MAX_PIXELS:,}") from None
        with image:
            fmt = image.format or ""
            width, height = image.size
            if width * height > MAX_PIXELS:
                raise ImageFault(f"the image is {width} x {height} pixels ({width * height:,}); "
                                 f"images may have at most {MAX_PIXELS:,}")
            if width < 1 or height < 1:
                raise ImageFault("the image has no pixels")
            try:
                image.load()
            except Exception as err:  # Pillow raises OSError, SyntaxError, ValueError for broken files
                raise ImageFault(f"the {fmt} image is damaged and cannot be decoded ({err})") from None
            rotated = _has_orientation(image)
            if fmt in FORMATS and image.mode in _KEPT_MODES[fmt] and not rotated:
                return RasterImage(data, FORMATS[fmt], width, height, source)
            upright = ImageOps.exif_transpose(image) if rotated else image
            return _as_png(upright or image, source)


def _has_orientation(image: Image.Image) -> bool:
    return image.getexif().get(0x0112, 1) != 1


def _as_png(image: Image.Image, source: str) -> RasterImage:
    if image.mode not in _KEPT_MODES["PNG"]:
        has_alpha = "A" in image.getbands() or "transparency" in image.info
        image = image.convert("RGBA" if has_alpha else "RGB")
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False)
    return RasterImage(buffer.getvalue(), FORMATS["PNG"], image.width, image.height, source)
