"""A kit's raster images (PNG, JPEG), checked before they are decoded.

An image file comes from whoever made the kit: its format is read from its content, not its
name; its pixel count is checked from the header before any pixel is decoded (a small file
can claim a huge canvas), and a JPEG's scans are counted from its markers (a small file can
repeat a scan tens of thousands of times, each a pass over the picture); then it is decoded
once, to find a broken file here rather than in a backend. What the backends embed is the
file's own bytes where every writer reads them alike (8-bit grey or RGB, in sRGB or with no
profile, upright), else a PNG of its pixels made plain by ``imagecolour.normalised``
(16-bit grey, CMYK, an ICC profile converted to sRGB, an EXIF-rotated photo), so the PDF,
the SVG and the PNG show the same colours the same way up.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageOps, UnidentifiedImageError

from generator.core.limits import MAX_JPEG_SCAN_PIXELS, MAX_JPEG_SCANS
from generator.core.contentcache import ContentCache
from generator.draw.assetfile import AssetFault, open_asset
from generator.draw.imagecolour import ColourFault, normalised, same_pixels
from generator.draw.jpegscans import jpeg_scans

MAX_IMAGE_BYTES = 50_000_000
MAX_PIXELS = 40_000_000       # e.g. 8000 x 5000; a full A3 page at 300 dpi is 17.4 million
MAX_SCAN_PIXELS = MAX_JPEG_SCAN_PIXELS
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
    return open_asset(path, shown, "image", MAX_IMAGE_BYTES,
                      lambda p, data: _DECODED.get((p, label), data, lambda: decode_image(data, source=label)))


#: Images decoded in this process, by their bytes (and the label their messages name).
_DECODED: ContentCache[RasterImage] = ContentCache(64)


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
            if fmt == "JPEG":
                _check_scans(data, width * height)
            try:
                image.load()
            except Exception as err:  # Pillow raises OSError, SyntaxError, ValueError for broken files
                raise ImageFault(f"the {fmt} image is damaged and cannot be decoded ({err})") from None
            rotated = _has_orientation(image)
            upright = (ImageOps.exif_transpose(image) or image) if rotated else image
            try:
                plain = normalised(upright)
            except ColourFault as err:
                raise ImageFault(f"the {fmt} image's {err}") from None
            kept = fmt in FORMATS and image.mode in _KEPT_MODES[fmt] and not rotated
            if kept and (plain is image or _same_colours(image, plain)):
                return RasterImage(data, FORMATS[fmt], width, height, source)
            return _as_png(plain, source)


def _check_scans(data: bytes, pixels: int) -> None:
    """Refuse a JPEG whose scans would cost the decoder more than the bounds allow."""
    scans = jpeg_scans(data, MAX_JPEG_SCANS)
    if scans > MAX_JPEG_SCANS:
        raise ImageFault(f"the JPEG image has more than {MAX_JPEG_SCANS} scans (progressive passes); "
                         f"images may have at most {MAX_JPEG_SCANS}: save it again as a baseline "
                         "(not progressive) JPEG or as PNG")
    if scans * pixels > MAX_SCAN_PIXELS:
        raise ImageFault(f"the JPEG image has {scans} scans of {pixels:,} pixels ({scans * pixels:,} pixels to "
                         f"decode); images may need at most {MAX_SCAN_PIXELS:,}: save it again as a baseline "
                         "(not progressive) JPEG or as PNG")


def _same_colours(image: Image.Image, plain: Image.Image) -> bool:
    """Whether the file's pixels, read as they are, are the colours ``normalised`` found: a
    profile that is sRGB itself (most photos embed one) changes nothing."""
    return same_pixels(image.convert(plain.mode), plain)


def _has_orientation(image: Image.Image) -> bool:
    return image.getexif().get(0x0112, 1) != 1


def image_from_pixels(image: Image.Image, source: str = "") -> RasterImage:
    """An image made in memory (any mode Pillow has) ready to embed: its pixels made plain
    as a file's are (``normalised``); a profile that cannot be used raises ImageFault."""
    try:
        return _as_png(normalised(image), source)
    except ColourFault as err:
        raise ImageFault(f"the image's {err}") from None


def _as_png(image: Image.Image, source: str) -> RasterImage:
    """Plain pixels (``normalised``) as a PNG with no profile: its numbers are sRGB."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, icc_profile=None)
    return RasterImage(buffer.getvalue(), FORMATS["PNG"], image.width, image.height, source)
