"""The bounds every input is held to, in one place (documented in docs/limits.md).

A kit or a save may come from a stranger: each file is read up to a size, each YAML
document nested to a depth, so that the cost of any input is bounded by these numbers
before anything is allocated from it.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any


MAX_DATA_FILE_BYTES = 32 * 1024 * 1024     # one YAML, CSV or JSON file of a kit or a save
MAX_NESTING = 64                           # mappings and lists inside each other in a YAML or JSON file
MAX_YAML_ALIASES = 1_000                   # uses of an anchor (*name, <<: *name) in one YAML file
MAX_ALIAS_EXPANSION = 100_000              # values the aliases of one YAML file add once expanded
# A workbook (.xlsx, .ods) is a zip of XML: bounded unpacked, before a part is opened (a zip bomb)
MAX_WORKBOOK_PARTS = 1_000                 # files in its zip
MAX_WORKBOOK_UNPACKED_BYTES = 64 * 1024 * 1024   # all its parts unpacked (pictures pasted in included)
MAX_WORKBOOK_XML_BYTES = 16 * 1024 * 1024  # its XML parts unpacked: a .ods is parsed whole, some 20 times its size in memory
MAX_SHEET_ROWS = 10_000                    # rows of a sheet read (a deck holds at most 5,000 items)
MAX_SHEET_COLUMNS = 200                    # columns of a sheet read
MAX_SHEET_CELLS = 2_000_000                # cells of a sheet read: each row's up to the last it holds (an
                                           # empty cell at column XFD makes a row of 16,384)
# A CFF font's charstrings call subroutines (the PostScript form of composite glyphs): bounded
# as the Type 2 charstring format itself bounds them, and by the calls drawing one glyph makes
MAX_CFF_SUBR_DEPTH = 10                    # subroutines nested inside each other (Adobe's Type 2 limit)
MAX_CFF_SUBR_CALLS = 1_000                 # subroutine calls drawing one glyph makes, nested ones each counted
MAX_CFF_FONT_CALLS = 2_000_000             # subroutine calls checking the whole font makes
MAX_EXCERPT = 60                           # characters of a refused value an error quotes
# A bot's position file (pnpkit bot ask, pnpkit batalj ask): a real one is a few kB of some 100 values
MAX_POSITION_BYTES = 256 * 1024            # its size, read up to the bound
MAX_POSITION_VALUES = 5_000                # JSON values in it (objects, lists, texts, numbers), counted before any is checked
MAX_PROBLEMS_SHOWN = 20                    # problems one message lists; it says how many more there are

# Sizes of what is drawn: past these a drawing is not printable, and its cost has no bound.
MIN_PIECE_MM, MAX_PIECE_MM = 5.0, 500.0   # a card, tile or label (its trim); A3 is 297 x 420
MIN_HEX_MM, MAX_HEX_MM = 5.0, 100.0        # a hex across the flats (maps, pnpkit hexgrid --size)
MIN_LABEL_PT, MAX_LABEL_PT = 4.0, 200.0    # a map label's type size
MIN_PAPER_MM, MAX_PAPER_MM = 50.0, 1200.0  # a paper a kit declares (data/sheets/papers.yaml); A0 is 841 x 1189
MAX_SHEET_SLOTS = 100                      # columns, and rows, of a sheet layout (a sticker sheet has 4 x 20)
MAX_BACK_OFFSET_MM = 20.0                  # build --back-offset: a printer's drift, not a layout
MAX_IMAGE_PIXELS = 100_000_000             # a PNG: a 99 x 99 map of 20 mm hexes at 100 dpi is 54 million (400 MB a copy)
MAX_JPEG_SCANS = 100                       # a kit's progressive JPEG's scans: cameras and editors write about 10
MAX_JPEG_SCAN_PIXELS = 1_000_000_000       # ... its pixels times its scans, the decoder's work (40 million pixels, 25 scans)
MAX_KEYWORDS = 500                         # keywords of one layout (rich text: words set in a style of their own)
MAX_GRADIENT_STOPS = 32                    # colours of one gradient fill
MIN_SPAN_SIZE, MAX_SPAN_SIZE = 0.25, 4.0   # a <span>'s or a keyword's size, times the text's
MAX_SHADOW_MM = 50.0                       # how far a drop shadow falls, each way
MAX_BLUR_MM = 20.0                         # a drop shadow's blur
MAX_BLUR_PIXELS = 6_000_000                # a blurred shadow's picture (an A4 page at 200 dpi is 3.9 million)
LANGUAGE_CODE_PATTERN = r"[a-z]{2,3}(-[a-z0-9]{2,8})?"   # a language of a kit: sv, de, pt-br (--lang, game.yaml)
MAX_LANGUAGE_KEYS = 200                    # key patterns of game.yaml's languages: keys (each file's list)
MAX_GLOSSARY_TERMS = 2000                  # terms of a game's glossary

# Ids become file and folder names of the output: a name, never a path.
ID_PATTERN = r"^[a-z0-9][a-z0-9-]*$"
# Names Windows keeps for devices, whatever their case and extension ("aux", "CON", "nul.txt"):
# a file of that name cannot be made or opened there.
WINDOWS_RESERVED = frozenset({"con", "prn", "aux", "nul", *(f"{port}{n}" for port in ("com", "lpt") for n in
                                                              ("1", "2", "3", "4", "5", "6", "7", "8", "9",
                                                               "\u00b9", "\u00b2", "\u00b3"))})


class TooLarge(ValueError):
    """A file over ``MAX_DATA_FILE_BYTES``, or one that is not a regular file (a device, a pipe)."""


def read_bounded(path: Path, limit: int = MAX_DATA_FILE_BYTES) -> bytes:
    """The bytes of ``path``, refused (TooLarge) past ``limit``: a device such as /dev/zero or
    a huge file never reaches memory whole. OSError (missing file...) passes through."""
    path = Path(path)
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise TooLarge(f"larger than {limit // (1024 * 1024)} MB: a data file this big is refused")
    return data


def nesting_depth(value: Any, limit: int = MAX_NESTING) -> int:
    """How deep mappings and lists nest in ``value`` (0 for a scalar), counted without
    recursion and given up once past ``limit`` (the result is then ``limit + 1``)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children: Any = list(node.keys()) + list(node.values())
        elif isinstance(node, (list, tuple)):
            children = node
        else:
            continue
        depth += 1
        if depth > limit:
            return limit + 1
        deepest = max(deepest, depth)
        stack.extend((child, depth) for child in children)
    return deepest


def excerpt(value: Any, limit: int = MAX_EXCERPT) -> str:
    """A short, escaped quotation of a refused value: control characters escaped, long text
    cut, so that an error never prints a whole file or raw bytes to the terminal."""
    text = value if isinstance(value, str) else str(value)
    shown = repr(text[: limit + 1])
    if len(text) > limit:
        shown = repr(text[:limit])[:-1] + "..." + shown[-1]
    return shown


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def visible(text: str, keep: str = "\n\t") -> str:
    """``text`` whole, each character a terminal acts on or a reader cannot see (control,
    bidirectional and other format characters, unassigned: what ``repr`` and ``excerpt``
    escape) written as its escape (``\\x1b``, ``\\u202e``); ``keep`` (line breaks, tabs)
    passes. Every value pnpkit echoes whole goes through it; a quoted value goes through
    ``excerpt``, which escapes the same characters."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch in keep else _escape(ch) for ch in text)


def visible_json(data: Any, **options: Any) -> str:
    """``data`` as JSON text in which every character ``visible`` escapes is written ``\\uXXXX``
    (the decoded value is unchanged; other letters, such as å, stay as they are)."""
    import json

    text = json.dumps(data, ensure_ascii=False, **options)
    if text.isprintable():
        return text

    def escaped(ch: str) -> str:
        code = ord(ch)
        if code < 0x10000:
            return f"\\u{code:04x}"
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"

    # Outside its texts, JSON holds only spaces and (indented) line breaks: every other
    # character escaped here is inside a text, where \uXXXX means that character.
    return "".join(ch if ch.isprintable() or ch == "\n" else escaped(ch) for ch in text)


def file_name_key(name: str) -> str:
    """What ``name`` is as a file name on the default disks of macOS and Windows, which ignore
    case and (macOS) Unicode normalisation: two names with one key are one file there."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())


def reserved_name(name: str) -> str | None:
    """Why ``name`` cannot name an output file on Windows, or None: its part before the first
    dot (trailing spaces dropped) is a device name such as CON, AUX or COM1."""
    stem = name.split(".", 1)[0].rstrip(" ").casefold()
    if stem in WINDOWS_RESERVED:
        return (f"{excerpt(name)} is a name Windows keeps for a device (CON, PRN, AUX, NUL, COM1-9, LPT1-9, "
                "with any extension); it names output files, so choose another")
    return None


def not_reserved(name: str) -> str:
    """``name``, refused (ValueError) if Windows keeps it for a device: a validator of ids."""
    problem = reserved_name(name)
    if problem:
        raise ValueError(problem)
    return name

