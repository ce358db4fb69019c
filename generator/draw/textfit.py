"""Fitting text into boxes: wrap at word boundaries, then shrink down to a floor.

Text that still does not fit at the smallest allowed size is an error, never silent
overflow: the caller names the card and field in the message.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from generator.core.units import MM_PER_PT
from generator.core.words import counted
from generator.draw import fonts, richtext
from generator.draw.richtext import Rich, Segment

MIN_SIZE_PT = 6.0


class TextOverflow(ValueError):
    """Text does not fit its box even at the minimum size."""


@dataclass(frozen=True)
class FittedText:
    """Lines that fit, at the size that made them fit; y values are baselines from the box top.
    Each line is its segments (richtext.Segment): text in one face and colour, or an icon."""

    lines: tuple[tuple[Segment, ...], ...]
    size_pt: float
    baselines: tuple[float, ...]
    line_height: float

    def texts(self) -> tuple[str, ...]:
        """The lines as text (icons as ``:name:``)."""
        return tuple(richtext.text_of(line) for line in self.lines)


def wrap(text: str, face: str, size_mm: float, width: float, rich: Rich | None = None) -> list[tuple[Segment, ...]] | None:
    """Greedy word wrap; paragraphs split on newlines. None if a single word is too wide.
    With ``rich``, the text's markup is read (richtext.segments); without, it is plain."""
    parts = richtext.segments(text, rich) if rich is not None else richtext.plain_segments(text, face)
    lines = wrap_measured(_measure(parts), size_mm, width)
    return None if lines is None else _set(lines)


@dataclass(frozen=True)
class _Word:
    word: richtext.Word
    runs: tuple[richtext.Run, ...]          # the word measured
    space: tuple[richtext.Run, ...]         # the space before it measured


def _measure(parts: Sequence[Segment]) -> list[list[_Word]]:
    """The paragraphs' words, measured once: their widths in font units do not change with size."""
    return [[_Word(word, richtext.measured(word.parts), richtext.measured([word.space]))
             for word in richtext.words(paragraph)] for paragraph in richtext.paragraphs(parts)]


def _set(lines: list[list[_Word]]) -> list[tuple[Segment, ...]]:
    """Lines of words as the segments they are drawn in."""
    return [richtext.joined([w.word for w in line]) for line in lines]


def wrap_measured(paragraphs: list[list[_Word]], size_mm: float, width: float) -> list[list[_Word]] | None:
    """``wrap`` of text read and measured (``_measure``), as lines of words."""
    lines: list[list[_Word]] = []
    for words in paragraphs:
        if not words:
            lines.append([])
            continue
        current: list[_Word] = []
        runs: tuple[richtext.Run, ...] = ()
        for word in words:
            candidate = richtext.joined_runs(richtext.joined_runs(runs, word.space), word.runs) if current else word.runs
            if richtext.runs_width(candidate, size_mm) <= width + 1e-9:
                current.append(word)
                runs = candidate
            elif not current:
                return None
            else:
                lines.append(current)
                current, runs = [word], word.runs
                if richtext.runs_width(runs, size_mm) > width + 1e-9:
                    return None
        lines.append(current)
    return lines


def fit_text(text: str, face: str, size_pt: float, width: float, height: float, *,
             min_size_pt: float = MIN_SIZE_PT, leading: float = 1.2, max_lines: int | None = None,
             step_pt: float = 0.25, rich: Rich | None = None) -> FittedText:
    """Largest size from ``size_pt`` down to ``min_size_pt`` at which the text fits the box.
    With ``rich``, its markup is read: bold words are measured in the bold face, icons by
    their advance (an unknown icon raises inline.UnknownIcon, bad markup MarkupError)."""
    m = fonts.metrics(face)
    parts = richtext.segments(text, rich) if rich is not None else richtext.plain_segments(text, face)
    measured = _measure(parts)
    size = size_pt
    while size >= min_size_pt - 1e-9:
        size_mm = size * MM_PER_PT
        lines = wrap_measured(measured, size_mm, width)
        if lines is not None and (max_lines is None or len(lines) <= max_lines):
            line_height = size_mm * leading
            ascent = m.ascender / m.units_per_em * size_mm
            descent = -m.descender / m.units_per_em * size_mm
            total = ascent + (len(lines) - 1) * line_height + descent
            if total <= height + 1e-9:
                baselines = tuple(ascent + i * line_height for i in range(len(lines)))
                return FittedText(tuple(_set(lines)), round(size, 2), baselines, line_height)
        size -= step_pt
    raise TextOverflow(
        f"text does not fit a {width:.1f} x {height:.1f} mm box even at {min_size_pt:g} pt "
        f"({counted(len(text), 'characters')}): shorten it or enlarge the box")
