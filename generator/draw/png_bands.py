"""A tall one-page picture (a game's proof sheet) rasterised and compressed in bands of rows,
each band kept in this process, so that the next build redraws only the bands its changed
items touch (``pnpkit watch``: one card edited redraws a tenth of the proof's rows).

Every band is drawn by PDFium on its own (the whole page offset above it) and compressed on
its own (raw deflate, ended by a sync flush), whether kept or not: PDFium's antialiasing of
an offset page differs by a few levels from the whole page's, so a build that drew the whole
page at once would not write the same bytes as one that redrew some bands. The bands'
deflate streams are joined into one zlib stream (their Adler-32 checksums combined), an IDAT
chunk a band: a PNG like any other, written with its resolution (pHYs), rows unfiltered.

Which bands changed is known from the scene: its top-level items are compared with those of
the picture kept under the same name, and the rows of every item that differs (before and
after) are redrawn, with a margin for antialiasing; an item that cannot be bounded
(``generator.draw.extent``), a new size or a new number of items redraws every band.
"""

from __future__ import annotations

import ctypes
import math
import struct
import threading
import zlib
from collections import OrderedDict
from dataclasses import dataclass
from typing import Hashable, Sequence

from generator.core.units import MM_PER_INCH
from generator.draw.extent import item_box
from generator.draw.png import pdfium, pixel_size, require_pixels
from generator.draw.scene import Item, Scene

BAND_ROWS = 64              # rows drawn and compressed together
LEVEL = 1                   # zlib's fastest, as generator.draw.png.COMPRESS_LEVEL
MARGIN_PX = 3               # rows redrawn beyond an item's box (antialiasing, rounding)
KEPT_PICTURES = 16          # pictures a process keeps (each its compressed bands: 1.1 MB for a proof of 57 cards)
_ADLER_BASE = 65521
ZLIB_HEADER = b"\x78\x01"   # deflate, 32 kB window, the fastest level


@dataclass
class _Band:
    length: int             # bytes of its rows, each after a filter byte of 0
    packed: bytes           # raw deflate, sync-flushed (the last band: finished)
    adler: int
    chunk: bytes            # its IDAT chunk (the first band's begins the zlib stream); the last's is made
                            # with the stream's checksum, which every band changes


@dataclass
class _Picture:
    size: tuple[int, int]
    page: tuple[float, float]
    items: tuple[Item, ...]
    bands: list[_Band]


_kept: OrderedDict[Hashable, _Picture] = OrderedDict()
_lock = threading.Lock()


def banded_png(pdf: bytes, scene: Scene, dpi: float, keep: Hashable) -> bytes:
    """The first page of ``pdf`` (which draws ``scene``, on white paper) as an RGB PNG at
    ``dpi``; the bands of the picture kept under ``keep`` that no changed item touches are
    used again, and the new picture is kept under it."""
    size = pixel_size(scene, dpi)
    require_pixels(size, dpi, scene.title)
    items = tuple(scene.items)
    count = math.ceil(size[1] / BAND_ROWS)
    with _lock:
        kept = _kept.pop(keep, None)
    redraw = _changed_bands(kept, scene, size, items, count)
    bands: list[_Band] = []
    document = pdfium().PdfDocument(pdf)
    try:
        page = document[0]
        for index in range(count):
            if kept is not None and index not in redraw:
                bands.append(kept.bands[index])
            else:
                bands.append(_band(_rows(page, size, index), index, last=index == count - 1))
        page.close()
    finally:
        document.close()
    with _lock:
        _kept[keep] = _Picture(size, (scene.width, scene.height), items, bands)
        while len(_kept) > KEPT_PICTURES:
            _kept.popitem(last=False)
    return _png(size, dpi, bands)


def _changed_bands(kept: _Picture | None, scene: Scene, size: tuple[int, int], items: tuple[Item, ...],
                   count: int) -> set[int]:
    """The bands to draw again: every band unless the kept picture has this size and as many
    items, else those touched by an item that differs."""
    every = set(range(count))
    if kept is None or kept.size != size or kept.page != (scene.width, scene.height) or len(kept.items) != len(items):
        return every
    per_mm = size[1] / scene.height
    bands: set[int] = set()
    for old, new in zip(kept.items, items):
        if old is new or old == new:
            continue
        for item in (old, new):
            box = item_box(item)
            if box is None:
                return every
            top = max(0, math.floor(box[1] * per_mm) - MARGIN_PX)
            bottom = min(size[1] - 1, math.ceil(box[3] * per_mm) + MARGIN_PX)
            bands.update(range(top // BAND_ROWS, bottom // BAND_ROWS + 1))
    return bands


def _rows(page: object, size: tuple[int, int], index: int) -> memoryview:
    """Band ``index`` of the page drawn at ``size``, on white: its RGB rows, each after a 0
    (over the buffer drawn in, not a copy).

    PDFium draws straight into the PNG's rows: a bitmap over a zeroed buffer whose rows are
    one byte longer than their pixels and begin one byte in, so the byte before each row
    (its filter byte, 0) is never drawn on (no copy through an image, no join of rows)."""
    pypdfium2 = pdfium()
    raw = pypdfium2.raw
    width, height = size
    top = index * BAND_ROWS
    rows = min(BAND_ROWS, height - top)
    stride = 3 * width + 1
    buffer = ctypes.create_string_buffer(stride * rows + 1)        # one spare byte past the last row
    bitmap = raw.FPDFBitmap_CreateEx(width, rows, raw.FPDFBitmap_BGR, ctypes.byref(buffer, 1), stride)
    try:
        raw.FPDFBitmap_FillRect(bitmap, 0, 0, width, rows, 0xFFFFFFFF)
        raw.FPDF_RenderPageBitmap(bitmap, page, 0, -top, width, height, 0, raw.FPDF_REVERSE_BYTE_ORDER)
    finally:
        raw.FPDFBitmap_Destroy(bitmap)
    return memoryview(buffer)[:stride * rows]


def _band(raw: bytes | memoryview, index: int, last: bool) -> _Band:
    compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)
    packed = compressor.compress(raw) + compressor.flush(zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH)
    return _Band(len(raw), packed, zlib.adler32(raw), b"" if last else _chunk(b"IDAT", (ZLIB_HEADER if index == 0 else b"") + packed))


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings joined, from theirs (zlib's adler32_combine)."""
    remainder = second_length % _ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (remainder * sum1) % _ADLER_BASE
    sum1 = (sum1 + (second & 0xFFFF) + _ADLER_BASE - 1) % _ADLER_BASE
    sum2 = (sum2 + (first >> 16) + (second >> 16) + _ADLER_BASE - remainder) % _ADLER_BASE
    return sum1 | (sum2 << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def _png(size: tuple[int, int], dpi: float, bands: Sequence[_Band]) -> bytes:
    """The PNG: one IDAT chunk a band, which together hold one zlib stream."""
    adler = 1
    for band in bands:
        adler = adler32_combine(adler, band.adler, band.length)
    last = bands[-1]
    end = _chunk(b"IDAT", (ZLIB_HEADER if len(bands) == 1 else b"") + last.packed + struct.pack(">I", adler))
    per_metre = round(dpi * 1000 / MM_PER_INCH)
    return b"".join([b"\x89PNG\r\n\x1a\n",
                     _chunk(b"IHDR", struct.pack(">IIBBBBB", size[0], size[1], 8, 2, 0, 0, 0)),
                     _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)),
                     *(band.chunk for band in bands[:-1]), end,
                     _chunk(b"IEND", b"")])


def forget() -> None:
    """Forget every kept picture (tests)."""
    with _lock:
        _kept.clear()
