"""How many scans a JPEG holds, counted from its markers before a pixel is decoded.

A progressive JPEG is drawn in scans, each a pass over the whole picture: a camera or an
editor writes about ten. A small file can repeat one tiny scan tens of thousands of times,
and the decoder does a picture's worth of work for each (970 kB decoded for minutes), so the
count is bounded before decoding (generator.draw.images). The walk reads segment headers and
skips each scan's entropy-coded data to the next marker: a marker-like pair inside an APPn
segment (a thumbnail, a profile) is never counted.
"""

from __future__ import annotations

import re
import struct

SOI, SOS, EOI = 0xD8, 0xDA, 0xD9
_STANDALONE = frozenset({0x01, *range(0xD0, 0xD8)})      # TEM and RST0-7: no length follows
# In entropy-coded data a 0xFF byte is followed by 0x00 (a stuffed byte) or is a restart
# marker (RST0-7) or fill (0xFF); anything else is the next segment's marker.
_NEXT_MARKER = re.compile(rb"\xff[^\x00\xd0-\xd7\xff]")


def jpeg_scans(data: bytes, stop_after: int) -> int:
    """The number of scans (SOS segments) in ``data``, given up once past ``stop_after`` (the
    result is then ``stop_after + 1``): a file of endless scans is never walked to its end.
    A file too damaged to walk returns the scans seen so far: the decoder says what is wrong."""
    if data[:2] != b"\xff\xd8":
        return 0
    scans = 0
    at = 2
    end = len(data)
    while at + 4 <= end:
        if data[at] != 0xFF:
            return scans
        marker = data[at + 1]
        if marker == 0xFF:                  # fill bytes before a marker
            at += 1
            continue
        if marker == EOI:
            return scans
        if marker in _STANDALONE:
            at += 2
            continue
        (length,) = struct.unpack_from(">H", data, at + 2)
        if length < 2:
            return scans
        at += 2 + length
        if marker == SOS:
            scans += 1
            if scans > stop_after:
                return scans
            found = _NEXT_MARKER.search(data, at)
            if found is None:
                return scans
            at = found.start()
    return scans
