"""WCAG 2.x relative luminance and contrast ratio of '#rrggbb' colours (GUIDE.md, "Preflight")."""

from __future__ import annotations

from functools import lru_cache

from generator.draw.colour import mix, normalise

TEXT = 4.5          # normal text
LARGE_TEXT = 3.0    # 18 pt, or 14 pt bold; and meaningful graphics (symbols, pips)
GRAPHICS = 3.0


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


@lru_cache(maxsize=4096)
def luminance(colour: str) -> float:
    rgb = normalise(colour)
    r, g, b = (_linear(int(rgb[i:i + 2], 16)) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: str, b: str) -> float:
    """The contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def over(colour: str, behind: str, opacity: float) -> str:
    """``colour`` painted at ``opacity`` over ``behind``."""
    return colour if opacity >= 1.0 else mix(behind, colour, max(0.0, opacity))
