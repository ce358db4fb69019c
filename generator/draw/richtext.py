"""Rich text in a layout's text boxes: the markup of ``generator.draw.inline`` (``**bold**``,
``*italic*``, ``:icon:``, ``<span>``) and a layout's keywords, set in faces, colours and sizes
and measured.

A text is read into ``Segment`` s, each in one face and colour (or one icon); wrapping,
fitting and drawing (textfit, typeset) work on segments, so a bold word is measured in the
bold face it is drawn in, alike in every backend.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Iterator, Mapping, Sequence

from generator.draw import fonts, inline
from generator.draw.inline import Icons, MarkupError, Span

if TYPE_CHECKING:
    from generator.draw.icons import Icon

SMALL_CAPS = 0.75   # a small capital's size, times the text's: the x-height of most faces, a little over

@dataclass(frozen=True)
class Faces:
    """The faces one text is set in: plain, and for its ``**bold**`` and ``*italic*`` words
    (None: the font has no such face, and text that asks for it is refused)."""

    regular: str
    bold: str | None = None
    italic: str | None = None
    bold_italic: str | None = None

    @classmethod
    def of(cls, face: str, bold: str | None = None, italic: str | None = None) -> "Faces":
        """A face's family: its built-in bold and italic faces unless ``bold``/``italic`` name others."""
        known_bold, known_italic, known_both = fonts.FAMILIES.get(face, (None, None, None))
        both = known_both if bold is None and italic is None else (bold or italic)
        return cls(face, bold or known_bold, italic or known_italic, both or bold or known_bold)

    def pick(self, bold: bool, italic: bool) -> str:
        face = (self.bold_italic if bold and italic else self.bold if bold else self.italic if italic
                else self.regular)
        if face is None:
            kind = "bold italic" if bold and italic else "bold" if bold else "italic"
            raise MarkupError(f"the font {self.regular!r} has no {kind} face: give the layer "
                              f"{'bold_font' if bold else 'italic_font'} (or write \\* for a star)")
        return face


@dataclass(frozen=True)
class Keyword:
    """How a keyword is set wherever it stands in a text: its face and colour (None: as the text)."""

    face: str | None = None
    colour: str | None = None
    size: float = 1.0                   # times the text's size
    caps: str | None = None             # "small" or "all"


@dataclass(frozen=True)
class Rich:
    """Everything a text's markup may name: faces, the icons it uses, the layout's keywords,
    and the fonts (name -> face) and colours (name -> '#rrggbb') its spans name."""

    faces: Faces
    icons: Icons = field(default_factory=dict)
    keywords: Mapping[str, Keyword] = field(default_factory=dict)
    fonts: Mapping[str, str] = field(default_factory=dict)
    colours: Mapping[str, str] = field(default_factory=dict)

    def __hash__(self) -> int:
        return hash((self.faces, tuple(self.icons), tuple(self.keywords.items()), tuple(self.fonts.items()),
                     tuple(self.colours.items())))


@dataclass(frozen=True)
class Segment:
    """Text in one face and colour (``fill`` None: the text's own colour), or one icon."""

    text: str
    face: str
    fill: str | None = None
    icon: "Icon | None" = None
    scale: float = 1.0                  # its size, times the text's (a span's size, small capitals)

    def __str__(self) -> str:
        return f":{self.icon.name}:" if self.icon is not None else self.text


def plain_segments(text: str, face: str) -> list[Segment]:
    """Text without markup, in one face."""
    return [Segment(text, face)] if text else []


def segments(text: str, rich: Rich) -> list[Segment]:
    """The text's markup read into segments (MarkupError, or inline.UnknownIcon for an icon
    the kit lacks)."""
    out: list[Segment] = []
    pattern = _keyword_pattern(tuple(rich.keywords))
    for run in inline.runs(text):
        face, fill = _span_face(run, rich), _span_colour(run.span, rich)
        if run.icon is not None:
            out.append(Segment("", face, fill, inline.lookup(rich.icons, run.icon), run.span.size))
            continue
        last = 0
        for match in pattern.finditer(run.text) if pattern else ():
            if match.start() > last:
                out.extend(styled(run.text[last:match.start()], face, fill, run.span.size, run.span.caps))
            keyword = rich.keywords[match.group(0)]
            out.extend(styled(match.group(0), keyword.face or face, keyword.colour or fill,
                              run.span.size * keyword.size, keyword.caps or run.span.caps))
            last = match.end()
        if last < len(run.text):
            out.extend(styled(run.text[last:], face, fill, run.span.size, run.span.caps))
    return out


def _span_face(run: inline.Run, rich: Rich) -> str:
    """The face a run is set in: its span's font (its bold or italic face for emphasis), else the text's."""
    if run.span.font is None:
        return rich.faces.pick(run.bold, run.italic)
    face = rich.fonts.get(run.span.font)
    if face is None:
        raise MarkupError(f"a span names the font {run.span.font!r}, which the kit does not have")
    return Faces.of(face).pick(run.bold, run.italic) if run.bold or run.italic else face


def _span_colour(span: Span, rich: Rich) -> str | None:
    if span.colour is None:
        return None
    colour = rich.colours.get(span.colour)
    if colour is None:
        raise MarkupError(f"a span names the colour {span.colour!r}, which is not in the palette")
    return colour


def styled(text: str, face: str, fill: str | None, scale: float, caps: str | None) -> list[Segment]:
    """Text in one face, colour and size as segments; ``caps`` "all" sets it in capitals,
    "small" its lower-case letters as capitals ``SMALL_CAPS`` the size (the face's own
    capitals, so every backend draws them with the glyphs it measured)."""
    if not text:
        return []
    if caps == "all":
        return [Segment(text.upper(), face, fill, None, scale)]
    if caps != "small":
        return [Segment(text, face, fill, None, scale)]
    out: list[Segment] = []
    for low, chunk in _case_runs(text):
        out.append(Segment(chunk.upper() if low else chunk, face, fill, None, scale * SMALL_CAPS if low else scale))
    return out


def _case_runs(text: str) -> Iterator[tuple[bool, str]]:
    """The text cut where it turns from lower-case letters (with capitals of their own) to the rest."""
    start = 0
    for index in range(1, len(text) + 1):
        if index == len(text) or _lower(text[index]) != _lower(text[start]):
            yield _lower(text[start]), text[start:index]
            start = index


def _lower(char: str) -> bool:
    return char.islower() and char.upper() != char and len(char.upper()) == 1


@lru_cache(maxsize=256)
def _keyword_pattern(keywords: tuple[str, ...]) -> re.Pattern[str] | None:
    """Whole words or phrases, the longest first (``Flying Charge`` before ``Flying``)."""
    if not keywords:
        return None
    alternatives = "|".join(re.escape(k) for k in sorted(keywords, key=lambda k: (-len(k), k)))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)")


def missing_glyphs(parts: Sequence[Segment]) -> tuple[str, str, str] | None:
    """The first segment's face, the characters it cannot draw and its text; None if every
    segment's face can draw its text."""
    for part in parts:
        if part.icon is None:
            missing = fonts.missing_chars(part.text, part.face)
            if missing:
                return part.face, " ".join(sorted(missing)), part.text[:40]
    return None


def merged(parts: Sequence[Segment]) -> list[Segment]:
    """Neighbouring text segments of one face and colour joined (one text item each)."""
    out: list[Segment] = []
    for part in parts:
        if out and part.icon is None and out[-1].icon is None and \
                (out[-1].face, out[-1].fill, out[-1].scale) == (part.face, part.fill, part.scale):
            out[-1] = replace(part, text=out[-1].text + part.text)
        else:
            out.append(part)
    return out


def width(parts: Sequence[Segment], size_mm: float, letter_spacing: float = 0.0) -> float:
    """Width of one line of segments; an icon counts as its advance and as one character
    for letter spacing."""
    total = 0.0
    count = 0
    for part in merged(parts):
        if part.icon is not None:
            total += inline.advance(part.icon, size_mm * part.scale)
            count += 1
        else:
            total += fonts.text_width(part.text, part.face, size_mm * part.scale)
            count += len(part.text)
    return total + letter_spacing * max(count - 1, 0)


@dataclass(frozen=True)
class Run:
    """A measured piece of a line: text of one face and colour by its width in font units
    (``per_em`` of them to an em), or an icon by its aspect."""

    key: tuple[str, str | None, float] | None      # (face, colour, scale); None for an icon
    units: int = 0
    per_em: int = 1
    aspect: float = 0.0                 # an icon's advance in ems (a span's size included)


def measured(parts: Sequence[Segment]) -> tuple[Run, ...]:
    """The segments as runs, neighbours of one face and colour merged (as ``merged`` does)."""
    return joined_runs((), _runs(parts))


def _runs(parts: Sequence[Segment]) -> tuple[Run, ...]:
    out: list[Run] = []
    for part in parts:
        if part.icon is not None:
            out.append(Run(None, aspect=part.icon.aspect * part.scale))
        else:
            m = fonts.metrics(part.face)
            out.append(Run((part.face, part.fill, part.scale), m.text_units(part.text), m.units_per_em))
    return tuple(out)


def joined_runs(left: Sequence[Run], right: Sequence[Run]) -> tuple[Run, ...]:
    """Two lines' runs end to end, merging where the first ends as the second begins."""
    out = list(left)
    for run in right:
        if out and run.key is not None and out[-1].key == run.key:
            out[-1] = Run(run.key, out[-1].units + run.units, run.per_em)
        else:
            out.append(run)
    return tuple(out)


def runs_width(runs: Sequence[Run], size_mm: float) -> float:
    """Width of measured runs at ``size_mm``: the same sum, in the same order, as ``width``."""
    total = 0.0
    for run in runs:
        total += run.aspect * size_mm if run.key is None else run.units * (size_mm * run.key[2]) / run.per_em
    return total


def paragraphs(parts: Sequence[Segment]) -> Iterator[list[Segment]]:
    """The segments cut at newlines."""
    current: list[Segment] = []
    for part in parts:
        if part.icon is None and "\n" in part.text:
            pieces = part.text.split("\n")
            for index, piece in enumerate(pieces):
                if piece:
                    current.append(replace(part, text=piece))
                if index < len(pieces) - 1:
                    yield current
                    current = []
        else:
            current.append(part)
    yield current


@dataclass(frozen=True)
class Word:
    """A word (segments with no space between), and the face of the space before it."""

    parts: tuple[Segment, ...]
    space: Segment


#: Where a line may break: any whitespace but the non-breaking spaces (no-break, narrow no-break
#: and figure space), which a designer types to keep "+1 power" or "2 mm" on one line.
BREAKABLE_SPACE = re.compile(r"([^\S\u00a0\u202f\u2007]+)")


def words(paragraph: Sequence[Segment]) -> list[Word]:
    """A paragraph's words; a space takes the face and colour of the whitespace it stands for."""
    out: list[Word] = []
    current: list[Segment] = []
    space: Segment | None = None
    pending: Segment | None = None

    def close() -> None:
        nonlocal current, space
        if current:
            out.append(Word(tuple(current), space or Segment(" ", current[0].face, current[0].fill,
                                                              scale=current[0].scale)))
            current = []
            space = None

    for part in paragraph:
        if part.icon is not None:
            if not current and pending is not None:
                space, pending = pending, None
            current.append(part)
            continue
        for index, chunk in enumerate(BREAKABLE_SPACE.split(part.text)):
            if not chunk:
                continue
            if index % 2:       # whitespace
                close()
                pending = replace(part, text=" ")
            else:
                if not current and pending is not None:
                    space, pending = pending, None
                current.append(replace(part, text=chunk))
    close()
    return out


def joined(line: Sequence[Word]) -> tuple[Segment, ...]:
    """A line's words with one space between each two."""
    parts: list[Segment] = []
    for index, word in enumerate(line):
        if index:
            parts.append(word.space)
        parts.extend(word.parts)
    return tuple(merged(parts))


def text_of(parts: Sequence[Segment]) -> str:
    """The line as text, icons as ``:name:`` (for messages and tests)."""
    return "".join(str(part) for part in parts)
