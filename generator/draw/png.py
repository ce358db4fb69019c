"""Scene -> PNG: the scene's PDF rasterised by PDFium (pypdfium2) into a Pillow image,
written with its dpi by pypng.

PDFium draws a card face in about half the time MuPDF took, and its wheel is 4 MB where
PyMuPDF 2.0 brought 300 MB of requirements (figures in docs/benchmarks.md, measured by
``benchmarks/png_routes.py``). ``svg_to_png`` stays for SVG text (resvg, no system fonts).
"""

from __future__ import annotations

import io
from types import ModuleType
from typing import Iterator

import png as pypng
import resvg_py
from PIL import Image

from generator.core.errors import InputError
from generator.core.limits import MAX_IMAGE_PIXELS
from generator.core.units import MM_PER_INCH
from generator.draw.colour import CURRENT_COLOUR, concrete, normalise
from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.scene import PathItem, Scene


# zlib's fastest level: the same pixels as the default (6), in files about 15 % larger, in
# half the time; encoding is most of a PNG's cost (benchmarks/build.py, docs/benchmarks.md).
COMPRESS_LEVEL = 1
# A picture of few colours (a position for the screen): one byte a pixel compresses well
# enough at zlib's level 6 to be worth its time (a third of the RGB file at level 1).
PALETTE_LEVEL = 6
SCREEN_COLOURS = 256
_ROWS_AT_ONCE = 64          # rows copied out of the image at a time: a big board is not copied whole


def png_bytes(image: Image.Image, dpi: float) -> bytes:
    """The image as PNG with its resolution recorded (pHYs, as Pillow records it), so that
    other programs open it at its real size.

    pypng writes it, its rows unfiltered: Pillow's own writer always tries the five PNG
    filters on every row, which is most of a face's encoding time, and on flat-coloured print
    art the unfiltered rows compress as well or better (figures: docs/benchmarks.md)."""
    palette = None
    if image.mode == "P" and "transparency" not in image.info:
        colours, (_, last) = image.getpalette() or [], image.getextrema()
        assert isinstance(last, int)        # a palette image's extrema are its first and last index
        palette = [tuple(colours[i:i + 3]) for i in range(0, 3 * (last + 1), 3)]
    elif image.mode not in ("RGB", "RGBA", "L", "LA"):
        image = image.convert("RGBA" if "A" in image.getbands() or "transparency" in image.info else "RGB")
    width, height = image.size
    per_metre = round(dpi * 1000 / MM_PER_INCH)
    writer = pypng.Writer(width, height, greyscale=image.mode in ("L", "LA"), alpha=image.mode in ("RGBA", "LA"),
                          palette=palette, bitdepth=8, compression=PALETTE_LEVEL if palette else COMPRESS_LEVEL,
                          x_pixels_per_unit=per_metre, y_pixels_per_unit=per_metre, unit_is_meter=True)
    out = io.BytesIO()
    writer.write_packed(out, _rows(image))
    return out.getvalue()


def _rows(image: Image.Image) -> Iterator[memoryview]:
    """The image's rows as bytes, a few dozen copied out at a time."""
    width, height = image.size
    stride = width * len(image.getbands())
    for top in range(0, height, _ROWS_AT_ONCE):
        band = memoryview(image.crop((0, top, width, min(height, top + _ROWS_AT_ONCE))).tobytes())
        for start in range(0, len(band), stride):
            yield band[start:start + stride]


def _flatten(image: Image.Image, background: str | None) -> Image.Image:
    if background is None or image.mode == "RGB":
        return image
    ground = Image.new("RGBA", image.size, concrete(background))
    ground.alpha_composite(image.convert("RGBA"))
    return ground


def svg_to_png(svg: str, dpi: float = 300.0, background: str | None = None) -> bytes:
    """Rasterise SVG text at ``dpi`` (sizes in the SVG are millimetres)."""
    png = bytes(resvg_py.svg_to_bytes(svg_string=svg, dpi=dpi, background=background, skip_system_fonts=True))
    return png_bytes(Image.open(io.BytesIO(png)), dpi)


def pdfium() -> ModuleType:
    """pypdfium2, imported on first use: most commands never rasterise."""
    import pypdfium2

    return pypdfium2


def pixel_size(scene: Scene, dpi: float) -> tuple[int, int]:
    """The scene's size in pixels at ``dpi``, rounded to the nearest (as resvg does)."""
    return (max(1, round(scene.width / MM_PER_INCH * dpi)), max(1, round(scene.height / MM_PER_INCH * dpi)))


def require_pixels(size: tuple[int, int], dpi: float, what: str = "") -> None:
    """Refuse (InputError) an image past ``MAX_IMAGE_PIXELS`` before anything is allocated
    for it: ``map build --dpi 600`` of a big map would take gigabytes."""
    if size[0] * size[1] > MAX_IMAGE_PIXELS:
        raise InputError(f"{what or 'an image'}: {size[0]} x {size[1]} pixels at {dpi:g} dpi is past the limit of "
                         f"{MAX_IMAGE_PIXELS // 1_000_000} million pixels (docs/limits.md); ask for a lower dpi")


def opaque(scene: Scene) -> bool:
    """Whether the scene's first item paints its whole canvas in one opaque colour (a card's
    background with its bleed, a board's ground): nothing can show through, so its picture
    needs no alpha channel, and Pillow encodes an RGB image a quarter faster than RGBA."""
    first = scene.items[0] if scene.items else None
    if not isinstance(first, PathItem) or first.style.opacity < 1 or first.style.fill in (None, CURRENT_COLOUR):
        return False
    if any(command[0] not in ("M", "L", "Z") for command in first.commands):
        return False
    points = {(round(c[1], 6), round(c[2], 6)) for c in first.commands if c[0] != "Z"}
    w, h = round(scene.width, 6), round(scene.height, 6)
    return points == {(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)}


def render_image(scene: Scene, dpi: float = 300.0, background: str | None = None,
                 size: tuple[int, int] | None = None) -> Image.Image:
    """The scene as an image: RGBA, transparent where nothing is drawn, or RGB when it is
    ``opaque`` or on white paper (``background``); ``size`` pixels if given (stretched to
    it), else its size at ``dpi``."""
    size = size or pixel_size(scene, dpi)
    require_pixels(size, dpi, scene.title)
    return pdf_image(render_pdf([Page(scene)]), size, background, opaque(scene))


def pdf_image(pdf: bytes, size: tuple[int, int], background: str | None = None, opaque: bool = False,
              page_index: int = 0) -> Image.Image:
    """A page of a PDF (the first unless ``page_index``) as an image of ``size`` pixels: what
    ``render_image`` makes of a scene's one-page PDF, from a PDF already made (a piece's own,
    a reference sheet's). ``opaque``: the page covers itself (see ``opaque``): RGB."""
    pypdfium2 = pdfium()
    raw = pypdfium2.raw
    document = pypdfium2.PdfDocument(pdf)
    try:
        page = document[page_index]
        # White paper and opaque pages have no alpha channel (PDFium paints on the ground it is
        # given); the page is drawn onto exactly ``size`` pixels, stretched if need be.
        paper = background is not None and normalise(background) == "#ffffff"
        alpha = not (paper or opaque)
        bitmap = pypdfium2.PdfBitmap.new_native(size[0], size[1], raw.FPDFBitmap_BGRA if alpha else raw.FPDFBitmap_BGR,
                                                rev_byteorder=True)
        bitmap.fill_rect((0, 0, 0, 0) if alpha else (255, 255, 255, 255), 0, 0, *size)
        raw.FPDF_RenderPageBitmap(bitmap, page, 0, 0, size[0], size[1], 0, raw.FPDF_REVERSE_BYTE_ORDER)
        image = bitmap.to_pil()             # RGBA over the bitmap's memory; RGB a copy
        page.close()
    finally:
        document.close()
    return _flatten(image, background)


def render_png(scene: Scene, dpi: float = 300.0, background: str | None = None, screen: bool = False) -> bytes:
    """The scene as PNG; ``screen``: a picture to look at, not to print, in at most
    ``SCREEN_COLOURS`` colours (a third of the bytes; a board's flat colours show no
    difference), if it is opaque."""
    image = render_image(scene, dpi, background)
    return png_bytes(screen_colours(image) if screen else image, dpi)


def screen_colours(image: Image.Image) -> Image.Image:
    """An opaque (RGB) picture to look at in ``SCREEN_COLOURS`` colours (see ``render_png``)."""
    if image.mode != "RGB":
        return image
    return image.quantize(SCREEN_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def pdf_png(pdf: bytes, scene: Scene, dpi: float = 300.0, background: str | None = None, page_index: int = 0) -> bytes:
    """``render_png(scene, dpi, background)`` from ``pdf``, a PDF already made whose page
    ``page_index`` is ``scene``: the drawing is not made into a PDF a second time."""
    size = pixel_size(scene, dpi)
    require_pixels(size, dpi, scene.title)
    return png_bytes(pdf_image(pdf, size, background, opaque(scene), page_index), dpi)
