"""Markup inside text: ``:name:`` draws the kit's icon ``name`` where it stands in a line,
``**bold**`` and ``*italic*`` set words in the text's bold and italic faces. This is the one
reader of that markup: layouts (``generator.draw.richtext``) and reference sheets
(``generator.reference.markup``) both take their runs from ``runs``.

The markup: ``:cavalry:`` is an icon (a name starts with a letter, then letters, digits,
``-`` or ``_``, so times and ratios such as 12:30 or 3:2:1 stay text); ``\\:``, ``\\*`` and
``\\\\`` are a literal colon, star and backslash, for the rare text that needs them. Text is
read as markup only when the caller passes a mapping of icons (possibly empty); with none,
text is plain.

Spans (layouts only): ``<span colour="red" size="120%" font="title-bold" caps="small">...</span>``
sets the text between in a colour (a palette name or ``#rrggbb``), a size (a percentage of
the text's, 25% to 400%), a font (a kit or built-in font's name) and small capitals (``caps:
small``; ``all`` for capitals), as Pango's ``<span>`` does in Squib. Spans nest (the inner
one's values win, sizes multiply); ``\\<`` is a literal ``<``. Any other ``<`` is text.

An icon is as tall as the type's em and as wide as its aspect ratio makes it (its advance);
its em box is centred on the middle of the capitals, so it sits on the baseline beside them
and reaches a little below it, like a symbol set in the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Iterable, Iterator, Literal, Mapping, Union

from generator.core.limits import MAX_SPAN_SIZE, MIN_SPAN_SIZE, excerpt
from generator.draw import fonts

if TYPE_CHECKING:
    from generator.draw.icons import Icon

Icons = Mapping[str, "Icon"]
TOKEN = re.compile(r"\\([*:\\<])|(\*{1,3})|:([A-Za-z][A-Za-z0-9_-]*):|(<span(?:\s[^<>]*)?>|</span\s*>)")
ATTRIBUTE = re.compile(r"\s*([A-Za-z_][\w-]*)\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s\"'>]+))")
SPAN_KEYS = ("colour", "color", "size", "font", "caps")
MAX_SPAN_DEPTH = 16


class MarkupError(ValueError):
    """Text the markup cannot read (an unknown icon, an unclosed ``**``, a glyph the font lacks)."""


class UnknownIcon(LookupError):
    """Text names an icon the kit does not have."""

    def __init__(self, name: str, known: Iterable[str] = ()):
        self.name = name
        self.known = sorted(known)
        hint = f"; known icons: {', '.join(self.known)}" if self.known else "; the kit has no icons"
        super().__init__(f"unknown icon ':{name}:'{hint} (write \\: for a literal colon)")

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class IconRef:
    """An icon's place in a line of text."""

    name: str


Piece = Union[str, IconRef]


@dataclass(frozen=True)
class Span:
    """What the ``<span>`` s around a run set: a colour and a font by the names written (the
    layout finds them), a size times the text's, capitals."""

    colour: str | None = None
    size: float = 1.0
    font: str | None = None
    caps: Literal["small", "all"] | None = None


PLAIN = Span()


@dataclass(frozen=True)
class Run:
    """A stretch of text in one emphasis, or one icon (``icon`` set, ``text`` empty)."""

    text: str
    bold: bool = False
    italic: bool = False
    icon: str | None = None
    span: Span = PLAIN


def read_span(tag: str) -> Span:
    """The attributes of one ``<span ...>`` tag (over a plain span); MarkupError for an
    unknown attribute or value."""
    body = tag[len("<span"):-1]
    found: dict[str, str] = {}
    at = 0
    for match in ATTRIBUTE.finditer(body):
        if body[at:match.start()].strip():
            break
        found[match.group(1).lower()] = next(g for g in match.groups()[1:] if g is not None)
        at = match.end()
    if body[at:].strip():
        raise MarkupError(f"cannot read the span {excerpt(tag)}: write attributes as name=\"value\", "
                          f"e.g. <span colour=\"red\" size=\"120%\">")
    unknown = [key for key in found if key not in SPAN_KEYS]
    if unknown:
        raise MarkupError(f"unknown span attribute {excerpt(unknown[0])} in {excerpt(tag)}; "
                          "a span takes colour, size, font and caps")
    span = Span(colour=found.get("colour", found.get("color")), font=found.get("font"))
    if "size" in found:
        span = replace(span, size=_span_size(found["size"], tag))
    if "caps" in found:
        caps = found["caps"].strip().lower()
        if caps not in ("small", "all"):
            raise MarkupError(f"a span's caps is 'small' or 'all', got {excerpt(found['caps'])} in {excerpt(tag)}")
        span = replace(span, caps="small" if caps == "small" else "all")
    for key, value in (("colour", span.colour), ("font", span.font)):
        if value is not None and not value.strip():
            raise MarkupError(f"a span's {key} is empty in {excerpt(tag)}")
    return span


def _span_size(value: str, tag: str) -> float:
    text = value.strip()
    try:
        factor = float(text[:-1]) / 100 if text.endswith("%") else float("nan")
    except ValueError:
        factor = float("nan")
    if not (MIN_SPAN_SIZE <= factor <= MAX_SPAN_SIZE):
        raise MarkupError(f"a span's size is a percentage of the text's from {MIN_SPAN_SIZE:.0%} to "
                          f"{MAX_SPAN_SIZE:.0%}, like '120%', got {excerpt(value)} in {excerpt(tag)}")
    return factor


def _within(outer: Span, inner: Span) -> Span:
    """A span inside another: the inner one's values win, sizes multiply."""
    return Span(inner.colour or outer.colour, outer.size * inner.size, inner.font or outer.font,
                inner.caps or outer.caps)


def runs(text: str, bold: bool = False, italic: bool = False, spans: bool = True) -> Iterator[Run]:
    """``text`` as runs of one emphasis and icons, escapes resolved; ``bold`` and ``italic``
    are the emphasis it starts in (a reference sheet's ``<b>``). MarkupError for an unclosed
    or overlapping mark, or a span that is unclosed or cannot be read; ``spans`` False reads
    ``<span>`` as text (a reference sheet has markup of its own)."""
    buffer: list[str] = []
    opened: list[str] = []
    now_bold, now_italic = bold, italic
    stack: list[Span] = [PLAIN]

    def flush() -> Iterator[Run]:
        if buffer:
            chunk = "".join(buffer)
            buffer.clear()
            if chunk:
                yield Run(chunk, now_bold, now_italic, span=stack[-1])

    last = 0
    for match in TOKEN.finditer(text):
        escaped, mark, icon, tag = match.groups()
        if tag and not spans:
            continue
        buffer.append(text[last:match.start()])
        last = match.end()
        if escaped:
            buffer.append(escaped)
        elif tag:
            yield from flush()
            if tag.startswith("</"):
                if len(stack) == 1:
                    raise MarkupError(f"a </span> closes no span in {excerpt(text)}")
                stack.pop()
            elif len(stack) > MAX_SPAN_DEPTH:
                raise MarkupError(f"spans nested more than {MAX_SPAN_DEPTH} deep in {excerpt(text)}")
            else:
                stack.append(_within(stack[-1], read_span(tag)))
        elif mark:
            yield from flush()
            _mark(opened, mark, text)
            now_bold = bold or "**" in opened or "***" in opened
            now_italic = italic or "*" in opened or "***" in opened
        else:
            yield from flush()
            yield Run("", now_bold, now_italic, icon, stack[-1])
    buffer.append(text[last:])
    yield from flush()
    if len(stack) > 1:
        raise MarkupError(f"a <span> is opened and never closed in {excerpt(text)} (write </span> after "
                          "its text, or \\< for a literal '<')")
    if opened:
        raise MarkupError(f"'{opened[-1]}' is opened and never closed in {text!r} (write \\* for a star)")


def _mark(opened: list[str], mark: str, text: str) -> None:
    """Open or close ``mark`` on the stack of marks open. ``***`` opens bold and italic at
    once (either may close first) and closes both when they were opened last."""
    top = opened[-1] if opened else None
    if top == mark:
        opened.pop()
    elif top == "***" and mark in ("*", "**"):
        opened[-1] = "**" if mark == "*" else "*"          # the other one stays open
    elif mark == "***" and len(opened) >= 2 and set(opened[-2:]) == {"*", "**"}:
        del opened[-2:]
    elif mark in opened or (mark == "***" and ("*" in opened or "**" in opened)) \
            or (mark != "***" and "***" in opened):
        raise MarkupError(f"'{mark}' marks overlap in {text!r}: close the inner one first")
    else:
        opened.append(mark)


def pieces(text: str) -> list[Piece]:
    """Text split into runs of plain text (escapes resolved, emphasis marks dropped) and
    icon references."""
    out: list[Piece] = []
    for run in runs(text):
        if run.icon is not None:
            out.append(IconRef(run.icon))
        elif out and isinstance(out[-1], str):
            out[-1] += run.text
        else:
            out.append(run.text)
    return out


def icon_names(text: str) -> list[str]:
    """The icons a text names, in order (for checks before drawing)."""
    return [p.name for p in pieces(text) if isinstance(p, IconRef)]


def lookup(icons: Icons, name: str) -> "Icon":
    """The icon ``name``; UnknownIcon if the kit has none of that name."""
    try:
        return icons[name]
    except KeyError:
        raise UnknownIcon(name, icons.keys()) from None


def advance(icon: "Icon", size_mm: float) -> float:
    return icon.aspect * size_mm


def icon_box(icon: "Icon", x: float, baseline: float, face: str, size_mm: float) -> tuple[float, float, float, float]:
    """Where an inline icon starting at x is drawn: an em tall, centred on the capitals' middle."""
    m = fonts.metrics(face)
    middle = baseline - m.cap_height / m.units_per_em * size_mm / 2
    return x, middle - size_mm / 2, advance(icon, size_mm), size_mm
