"""Colours as '#rrggbb' strings, the one form every backend accepts."""

from __future__ import annotations

import re

_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")

# An icon's paint that takes the colour it is drawn in (SVG's ``currentColor``); placing the
# icon resolves it, and a backend that meets it unresolved paints it black.
CURRENT_COLOUR = "currentColor"


def normalise(colour: str) -> str:
    """'#a33' -> '#aa3333'; raises ValueError for anything that is not a hex colour."""
    if not isinstance(colour, str) or not _HEX.fullmatch(colour):
        raise ValueError(f"expected a colour like '#7a1f1f', got {colour!r}")
    if len(colour) == 4:
        colour = "#" + "".join(ch * 2 for ch in colour[1:])
    return colour.lower()


def mix(a: str, b: str, t: float) -> str:
    """Blend colour a toward b by t (0..1): tints and shades from one palette entry."""
    a, b = normalise(a), normalise(b)
    channels = [round(int(a[i:i + 2], 16) * (1 - t) + int(b[i:i + 2], 16) * t) for i in (1, 3, 5)]
    return "#" + "".join(f"{c:02x}" for c in channels)


def concrete(colour: str) -> str:
    """A paint as a backend draws it: ``currentColor`` left unresolved is black."""
    return "#000000" if colour == CURRENT_COLOUR else colour
