"""Fitting text into boxes: wrap at word boundaries, then shrink down to a floor.

Text that still does not fit at the smallest allowed size is an error, never silent
overflow: the caller names the card and field in the message.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from generator.draw import fonts, inline
from generator.draw.inline import Icons
from generator.units import MM_PER_PT

MIN_SIZE_PT = 6.0


class TextOverflow(ValueError):
    """Text does not fit its box even at the minimum size."""


@dataclass(frozen=True)
class FittedText:
    """Lines that fit, at the size that made them fit; y values are baselines from the box top."""

    lines: tuple[str, ...]
    size_pt: float
    baselines: tuple[float, ...]
    line_height: float


def wrap(text: str, face: str, size_mm: float, width: float, icons: Icons | None = None) -> list[str] | None:
    """Greedy word wrap; paragraphs split on newlines. None if a single word is too wide.
    With ``icons``, ``:name:`` is an inline icon (see inline.py); lines keep the markup."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        current = ""
        for word in words:
            candidate = f"{current} {word}" if current else word
            if inline.width(candidate, face, size_mm, icons) <= width + 1e-9:
                current = candidate
            elif not current:
                return None
            else:
                lines.append(current)
                current = word
                if inline.width(current, face, size_mm, icons) > width + 1e-9:
                    return None
        lines.append(current)
    return lines


def fit_text(text: str, face: str, size_pt: float, width: float, height: float, *,
             min_size_pt: float = MIN_SIZE_PT, leading: float = 1.2, max_lines: int | None = None,
             step_pt: float = 0.25, icons: Icons | None = None) -> FittedText:
    """Largest size from ``size_pt`` down to ``min_size_pt`` at which the text fits the box.
    With ``icons``, ``:name:`` is an inline icon (an unknown name raises inline.UnknownIcon)."""
    m = fonts.metrics(face)
    size = size_pt
    while size >= min_size_pt - 1e-9:
        size_mm = size * MM_PER_PT
        lines = wrap(text, face, size_mm, width, icons)
        if lines is not None and (max_lines is None or len(lines) <= max_lines):
            line_height = size_mm * leading
            ascent = m.ascender / m.units_per_em * size_mm
            descent = -m.descender / m.units_per_em * size_mm
            total = ascent + (len(lines) - 1) * line_height + descent
            if total <= height + 1e-9:
                baselines = tuple(ascent + i * line_height for i in range(len(lines)))
                return FittedText(tuple(lines), round(size, 2), baselines, line_height)
        size -= step_pt
    raise TextOverflow(
        f"text does not fit a {width:.1f} x {height:.1f} mm box even at {min_size_pt:g} pt "
        f"({len(text)} characters): shorten it or enlarge the box")
