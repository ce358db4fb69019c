"""A small ICC v2 display profile made in the test: sRGB's primaries with a plain gamma, so
that an image's numbers mean other colours than sRGB's (gamma 1.0: linear light)."""

from __future__ import annotations

import struct

D50 = (0.9642, 1.0, 0.8249)
# sRGB's primaries adapted to D50, as every sRGB profile holds them
PRIMARIES = {b"rXYZ": (0.4361, 0.2225, 0.0139), b"gXYZ": (0.3851, 0.7169, 0.0971), b"bXYZ": (0.1431, 0.0606, 0.7141)}


def _s15(value: float) -> bytes:
    return struct.pack(">i", round(value * 65536))


def _xyz(values: tuple[float, float, float]) -> bytes:
    return b"XYZ \0\0\0\0" + b"".join(_s15(v) for v in values)


def _curve(gamma: float) -> bytes:
    return b"curv\0\0\0\0" + struct.pack(">IH", 1, round(gamma * 256)) + b"\0\0"


def _desc(text: str) -> bytes:
    ascii_ = text.encode("ascii") + b"\0"
    return b"desc\0\0\0\0" + struct.pack(">I", len(ascii_)) + ascii_ + struct.pack(">II", 0, 0) + b"\0\0\0" + b"\0" * 67


def rgb_profile(gamma: float, name: str = "Linear test RGB") -> bytes:
    """An RGB monitor profile of sRGB's primaries and white, with ``gamma`` for its curves."""
    tags = [(b"desc", _desc(name)), (b"wtpt", _xyz(D50)),
            *((sig, _xyz(xyz)) for sig, xyz in PRIMARIES.items()),
            *((sig, _curve(gamma)) for sig in (b"rTRC", b"gTRC", b"bTRC")),
            (b"cprt", b"text\0\0\0\0none\0\0\0\0")]
    table_size = 4 + 12 * len(tags)
    offset = 128 + table_size
    entries, bodies = [], b""
    for sig, body in tags:
        body += b"\0" * (-len(body) % 4)
        entries.append(struct.pack(">4sII", sig, offset + len(bodies), len(body)))
        bodies += body
    size = 128 + table_size + len(bodies)
    header = (struct.pack(">I4sI4s4s4s", size, b"\0\0\0\0", 0x02100000, b"mntr", b"RGB ", b"XYZ ")
              + struct.pack(">6H", 2026, 1, 1, 0, 0, 0) + b"acsp" + b"\0" * 4 + struct.pack(">I", 0)
              + b"\0" * 8 + b"\0" * 8 + struct.pack(">I", 0) + b"".join(_s15(v) for v in D50) + b"\0" * 4)
    header += b"\0" * (128 - len(header))
    return header + struct.pack(">I", len(tags)) + b"".join(entries) + bodies


def linear_to_srgb(value: int) -> int:
    """What a linear-light 0-255 value is in sRGB's encoding."""
    x = value / 255
    encoded = 12.92 * x if x <= 0.0031308 else 1.055 * x ** (1 / 2.4) - 0.055
    return round(encoded * 255)
