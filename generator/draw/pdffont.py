"""A face in a PDF: a Type0 font over a CIDFontType2 whose character ids are glyph ids, and
the font program cut down to the glyphs a document draws.

Text is written as two-byte glyph ids (Identity-H, CIDToGIDMap Identity), so what a page's
content stream says depends on that page alone, never on what another page drew first: a
page's stream can be kept and written again in another document (generator.draw.pdf).

The subset keeps every glyph id where it was and blanks the outlines of glyphs not drawn
(their ``glyf`` data emptied, their ``hmtx`` metrics zero), keeping the parts of composite
glyphs, and only the tables a PDF's TrueType program needs. Cutting a document's subset is
then a matter of copying a few hundred glyphs' bytes: no font library runs per document.
Widths come from the same advance widths the layout measures (generator.draw.fonts), without
kerning; a ToUnicode map makes the text extractable and searchable.
"""

from __future__ import annotations

import hashlib
import re
import struct
import sys
import zlib
from array import array
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from generator.draw import fonts

# The tables a TrueType font program in a PDF needs (ISO 32000-1, 9.9, table 126).
KEPT_TABLES = (b"cvt ", b"fpgm", b"glyf", b"head", b"hhea", b"hmtx", b"loca", b"maxp", b"prep")
# Composite glyph record flags (OpenType glyf table)
_ARGS_ARE_WORDS = 0x0001
_HAVE_SCALE = 0x0008
_MORE_COMPONENTS = 0x0020
_HAVE_XY_SCALE = 0x0040
_HAVE_TWO_BY_TWO = 0x0080
_NOT_NAME = re.compile(r"[^A-Za-z0-9_.+-]")
_BFCHAR_BLOCK = 100     # a ToUnicode CMap's bfchar sections hold at most 100 entries


class GlyphCodes(dict[str, str]):
    """A face's characters as the hex glyph ids a content stream writes them in (four hex
    digits each), looked up once per character: a character the font lacks is glyph 0
    (.notdef), as the widths measure it."""

    def __init__(self, face: str, path: Path) -> None:
        super().__init__()
        self.gids = _font_program(face, path).gid_of

    def __missing__(self, char: str) -> str:
        code = self[char] = "%04x" % self.gids(char)
        return code


def glyph_codes(face: str) -> GlyphCodes:
    """The character -> hex glyph id table of ``face`` (one per face's file and process)."""
    return _glyph_codes(face, fonts.font_file(face))


@lru_cache(maxsize=None)
def _glyph_codes(face: str, path: Path) -> GlyphCodes:
    return GlyphCodes(face, path)


def resource_name(face: str) -> str:
    """The name a content stream calls ``face`` by: its PostScript name, the same in every
    document."""
    return pdf_name(fonts.FACES[face].postscript_name)


@lru_cache(maxsize=1024)
def pdf_name(name: str) -> str:
    """``name`` as a PDF name's characters: a PostScript name's own (letters, digits, - _ .),
    anything else (a space, a delimiter) as an underscore."""
    return _NOT_NAME.sub("_", name)


@dataclass
class _FontProgram:
    """One face's font file, read into what cutting subsets needs."""

    postscript_name: str
    tables: dict[bytes, bytes]
    offsets: list[int]              # glyph i's outline is glyf[offsets[i]:offsets[i + 1]]
    glyph_count: int
    hmtx: bytes                     # (advance, left side bearing) of every glyph: a hmtx table of
                                    # as many long metrics as glyphs
    units_per_em: int
    cmap: dict[int, int]            # code point -> glyph id
    descriptor: str                 # the FontDescriptor's entries but its name and file

    def gid_of(self, char: str) -> int:
        return self.cmap.get(ord(char), 0)

    def components(self, gid: int) -> list[int]:
        """The glyphs a composite glyph is drawn from (none for a simple glyph)."""
        glyf = self.tables[b"glyf"]
        start, end = self.offsets[gid], self.offsets[gid + 1]
        if end - start < 10 or struct.unpack_from(">h", glyf, start)[0] >= 0:
            return []
        parts, at = [], start + 10
        while True:
            flags, part = struct.unpack_from(">HH", glyf, at)
            parts.append(part)
            at += 4 + (4 if flags & _ARGS_ARE_WORDS else 2)
            at += 2 if flags & _HAVE_SCALE else 4 if flags & _HAVE_XY_SCALE else 8 if flags & _HAVE_TWO_BY_TWO else 0
            if not flags & _MORE_COMPONENTS:
                return parts

    def width(self, gid: int) -> str:
        """The glyph's advance in a PDF font's thousandths of an em."""
        units = struct.unpack_from(">H", self.hmtx, 4 * gid)[0] if 0 <= gid < self.glyph_count else 0
        return _number(units * 1000 / self.units_per_em)


def _number(value: float) -> str:
    text = ("%.3f" % value).rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


@lru_cache(maxsize=None)
def _font_program(face: str, path: Path) -> _FontProgram:
    """``face``'s font file (the cut ``path``: a face's caches are keyed by its file) read."""
    data = path.read_bytes()
    tables = _table_directory(data)
    head, hhea = tables[b"head"], tables[b"hhea"]
    units_per_em = struct.unpack_from(">H", head, 18)[0]
    long_offsets = struct.unpack_from(">h", head, 50)[0] == 1
    glyph_count = struct.unpack_from(">H", tables[b"maxp"], 4)[0]
    loca = tables[b"loca"]
    if long_offsets:
        offsets = list(struct.unpack_from(f">{glyph_count + 1}I", loca))
    else:
        offsets = [2 * o for o in struct.unpack_from(f">{glyph_count + 1}H", loca)]
    long_metrics = struct.unpack_from(">H", hhea, 34)[0]
    hmtx = tables[b"hmtx"]
    # the glyphs past the long metrics have the last advance and a bearing of their own
    short = glyph_count - long_metrics
    bearings = hmtx[4 * long_metrics:4 * long_metrics + 2 * short]
    last = hmtx[4 * long_metrics - 4:4 * long_metrics - 2] if long_metrics else b"\0\0"
    tail = bytearray(4 * short)
    tail[0::4], tail[1::4] = last[:1] * short, last[1:] * short
    tail[2::4], tail[3::4] = bearings[0::2], bearings[1::2]
    full_hmtx = hmtx[:4 * long_metrics] + bytes(tail)
    read = fonts.metrics(face)
    order = {name: gid for gid, name in enumerate(read.advances)}     # in glyph order: no font library
    cmap = {code: order.get(name, 0) for code, name in read.cmap.items()}
    postscript_name = pdf_name(fonts.FACES[face].postscript_name)
    return _FontProgram(postscript_name, tables, offsets, glyph_count, full_hmtx, units_per_em, cmap,
                        _descriptor(face, units_per_em))


def _table_directory(data: bytes) -> dict[bytes, bytes]:
    count = struct.unpack_from(">H", data, 4)[0]
    tables = {}
    for index in range(count):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        tables[tag] = data[offset:offset + length]
    return tables


def _descriptor(face: str, units_per_em: int) -> str:
    """The face's FontDescriptor entries, in thousandths of an em: its box, ascent, descent,
    cap height, slant, a stem width estimated from its weight, and flags (symbolic, as a
    font read by glyph id is; italic; bold)."""
    read = fonts.metrics(face)
    weight, italic = fonts.weight_and_italic(face)
    angle = read.italic_angle
    flags = 4 | (64 if italic else 0) | (262144 if weight >= 600 else 0)
    scale = 1000 / units_per_em
    box = " ".join(_number(v * scale) for v in read.box)
    stem = 50 + int((weight / 65) ** 2)
    return (f"/Flags {flags} /FontBBox [{box}] /ItalicAngle {_number(angle)} /Ascent {_number(read.ascender * scale)} "
            f"/Descent {_number(read.descender * scale)} /CapHeight {_number(read.cap_height * scale)} /StemV {stem}")


def subset_program(face: str, gids: Iterable[int]) -> bytes:
    """The face's font program with the outlines of ``gids`` (and .notdef, and the parts of
    composites), every other glyph blank, each glyph at its own id."""
    program = _font_program(face, fonts.font_file(face))
    glyph_count = program.glyph_count
    keep: set[int] = set()
    waiting = [0, *gids]
    while waiting:
        gid = waiting.pop()
        if 0 <= gid < glyph_count and gid not in keep:
            keep.add(gid)
            waiting.extend(program.components(gid))
    count = max(keep) + 1
    source, old, full_hmtx = program.tables[b"glyf"], program.offsets, program.hmtx
    outlines: list[bytes] = []
    loca = array("I", bytes(4 * (count + 1)))      # glyph i is glyf[loca[i]:loca[i + 1]]
    hmtx = bytearray(4 * count)                     # a blank glyph has no advance and no bearing
    at = done = 0                                   # loca[0..done] are set
    for gid in sorted(keep):
        loca[done + 1:gid + 1] = array("I", [at]) * (gid - done)
        outline = source[old[gid]:old[gid + 1]]
        outline += b"\0" * (-len(outline) % 4)
        outlines.append(outline)
        at += len(outline)
        done = gid
        hmtx[4 * gid:4 * gid + 4] = full_hmtx[4 * gid:4 * gid + 4]
    loca[done + 1:] = array("I", [at]) * (count - done)
    if sys.byteorder == "little":
        loca.byteswap()
    tables = {tag: program.tables[tag] for tag in KEPT_TABLES if tag in program.tables}
    tables[b"glyf"] = b"".join(outlines)
    tables[b"loca"] = loca.tobytes()
    tables[b"hmtx"] = bytes(hmtx)
    hhea = bytearray(tables[b"hhea"])
    struct.pack_into(">H", hhea, 34, count)
    tables[b"hhea"] = bytes(hhea)
    maxp = bytearray(tables[b"maxp"])
    struct.pack_into(">H", maxp, 4, count)
    tables[b"maxp"] = bytes(maxp)
    head = bytearray(tables[b"head"])
    struct.pack_into(">I", head, 8, 0)              # checkSumAdjustment, set once the file is whole
    struct.pack_into(">h", head, 50, 1)             # long loca offsets
    tables[b"head"] = bytes(head)
    return _sfnt(tables)


def _checksum(data: bytes) -> int:
    padded = data + b"\0" * (-len(data) % 4)
    return sum(struct.unpack(f">{len(padded) // 4}I", padded)) & 0xFFFFFFFF


def _sfnt(tables: dict[bytes, bytes]) -> bytes:
    """The tables as a TrueType file (sorted by tag, each padded to four bytes)."""
    tags = sorted(tables)
    count = len(tags)
    power = 1 << (count.bit_length() - 1)
    header = struct.pack(">IHHHH", 0x00010000, count, power * 16, power.bit_length() - 1, count * 16 - power * 16)
    records, bodies, offset = [], [], 12 + 16 * count
    for tag in tags:
        body = tables[tag]
        records.append(struct.pack(">4sIII", tag, _checksum(body), offset, len(body)))
        padded = body + b"\0" * (-len(body) % 4)
        bodies.append(padded)
        offset += len(padded)
    whole = header + b"".join(records) + b"".join(bodies)
    adjustment = (0xB1B0AFBA - _checksum(whole)) & 0xFFFFFFFF
    at = 12 + 16 * count + sum(len(b) for b in bodies[:tags.index(b"head")])
    return whole[:at + 8] + struct.pack(">I", adjustment) + whole[at + 12:]


def subset_tag(face: str, gids: Iterable[int]) -> str:
    """Six capital letters naming a subset (PDF's ``ABCDEF+Name``), the same for the same glyphs."""
    digest = hashlib.md5((resource_name(face) + ",".join(map(str, sorted(gids)))).encode()).digest()
    return "".join(chr(65 + b % 26) for b in digest[:6])


@dataclass(frozen=True)
class FontObjects:
    """What a document writes for one face: its subset's name, widths (a W array), the
    ToUnicode CMap and the font program (both compressed), and the descriptor's entries."""

    base_font: str
    widths: str
    to_unicode: bytes
    program: bytes
    program_length: int             # the program's length before compression (/Length1)
    descriptor: str


def font_objects(face: str, chars: frozenset[str]) -> FontObjects:
    """The pieces of ``face``'s font objects for a document that draws ``chars``; kept, as
    a rebuild writes the same documents with the same characters again."""
    return _font_objects(face, fonts.font_file(face), chars)


@lru_cache(maxsize=256)
def _font_objects(face: str, path: Path, chars: frozenset[str]) -> FontObjects:
    program = _font_program(face, path)
    by_glyph: dict[int, str] = {}
    for char in sorted(chars):
        gid = program.gid_of(char)
        if gid and gid not in by_glyph:
            by_glyph[gid] = char        # the first character (by code point) a glyph draws
    gids = sorted({0, *by_glyph})
    base = f"{subset_tag(face, gids)}+{program.postscript_name}"
    widths = " ".join(f"{gid} [{program.width(gid)}]" for gid in gids)
    cut = subset_program(face, gids)
    return FontObjects(base, f"[{widths}]", zlib.compress(_to_unicode(by_glyph)), zlib.compress(cut), len(cut),
                       f"/FontName /{base} {program.descriptor}")


def _to_unicode(by_glyph: dict[int, str]) -> bytes:
    """A CMap from glyph ids back to the characters they were drawn for."""
    lines = ["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
             "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
             "/CMapName /Adobe-Identity-UCS def", "/CMapType 2 def",
             "1 begincodespacerange", "<0000> <FFFF>", "endcodespacerange"]
    entries = sorted(by_glyph.items())
    for start in range(0, len(entries), _BFCHAR_BLOCK):
        block = entries[start:start + _BFCHAR_BLOCK]
        lines.append(f"{len(block)} beginbfchar")
        lines.extend(f"<{gid:04x}> <{char.encode('utf-16-be').hex()}>" for gid, char in block)
        lines.append("endbfchar")
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return "\n".join(lines).encode("ascii")
