"""The bytes of a PDF file: numbered objects, written as they come, then the cross-reference
table and trailer. An object may be given its number before it is written (a page names its
fonts, which are written once the whole document is known).

The header names the PDF version of the newest feature the file uses (``needs``): a reader
that trusts the header (a print shop's preflight, an old RIP) must not meet a feature of a
version it was told is not there."""

from __future__ import annotations

import hashlib
import zlib

BASE_VERSION = (1, 4)       # transparency (ca, CA) and soft masks, which most pages use
LATEST_VERSION = (1, 7)     # the last 1.x: a version the header names is always 1.4 to 1.7


def header(version: tuple[int, int]) -> bytes:
    """The first lines of a file of ``version``: the version, then a comment of high bytes
    that tells transfer programs the file is binary. The same length for every 1.x."""
    return b"%%PDF-%d.%d\n%%\xe2\xe3\xcf\xd3\n" % version


class PdfFile:
    """A PDF being written: objects are numbered from 1 in the order they are reserved."""

    def __init__(self) -> None:
        self.version = BASE_VERSION
        self._chunks: list[bytes] = [header(BASE_VERSION)]
        self._size = len(self._chunks[0])
        self._offsets: dict[int, int] = {}
        self._count = 0

    def needs(self, version: tuple[int, int]) -> None:
        """Note that the file uses a feature of PDF ``version``: the header will name it (or a
        later one)."""
        if not BASE_VERSION <= version <= LATEST_VERSION:
            raise ValueError(f"PDF {version[0]}.{version[1]} is not a version this writer makes")
        self.version = max(self.version, version)

    def reserve(self) -> int:
        """A number for an object written later (with ``put``)."""
        self._count += 1
        return self._count

    def put(self, number: int, body: str | bytes) -> int:
        """Write object ``number`` (reserved before); ``body`` is its PDF text."""
        data = body.encode("latin-1") if isinstance(body, str) else body
        if number in self._offsets:
            raise ValueError(f"object {number} is written twice")
        self._offsets[number] = self._size
        chunk = b"%d 0 obj\n%s\nendobj\n" % (number, data)
        self._chunks.append(chunk)
        self._size += len(chunk)
        return number

    def add(self, body: str | bytes) -> int:
        """Write a new object; returns its number."""
        return self.put(self.reserve(), body)

    def put_stream(self, number: int, entries: str, data: bytes, *, compress: bool = True) -> int:
        """Write a stream object: ``entries`` are its dictionary's entries but /Length (and
        /Filter, added when ``compress``)."""
        if compress:
            data = zlib.compress(data)
            entries = f"/Filter /FlateDecode {entries}"
        return self.put_compressed(number, entries, data)

    def put_compressed(self, number: int, entries: str, data: bytes) -> int:
        """Write a stream whose ``data`` is already as stored (its filter named in ``entries``)."""
        head = f"<< {entries} /Length {len(data)} >>\nstream\n".encode("latin-1")
        return self.put(number, head + data + b"\nendstream")

    def finish(self, root: int, info: int) -> bytes:
        """The whole file: every reserved object must have been written."""
        missing = [n for n in range(1, self._count + 1) if n not in self._offsets]
        if missing:
            raise ValueError(f"objects reserved but never written: {missing}")
        first = header(self.version)
        assert len(first) == len(self._chunks[0])       # the offsets counted from the first header hold
        body = first + b"".join(self._chunks[1:])
        identity = hashlib.md5(body).hexdigest()        # the same file, the same id
        rows = [b"xref\n0 %d\n0000000000 65535 f \n" % (self._count + 1)]
        rows.extend(b"%010d 00000 n \n" % self._offsets[n] for n in range(1, self._count + 1))
        trailer = (f"trailer\n<< /Size {self._count + 1} /Root {root} 0 R /Info {info} 0 R "
                   f"/ID [<{identity}> <{identity}>] >>\nstartxref\n{len(body)}\n%%EOF\n").encode("ascii")
        return body + b"".join(rows) + trailer


def text_string(text: str) -> str:
    """``text`` as a PDF string: printable ASCII as it is (escaped), anything else UTF-16."""
    if all(" " <= ch <= "~" for ch in text):
        return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"
    return "<feff" + text.encode("utf-16-be").hex() + ">"
