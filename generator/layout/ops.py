"""Concrete drawing operations: a layer with every value known, in canvas millimetres.

``generator.layout.resolve`` makes them from a layout and an item; ``paint`` draws them into
a Scene. Text is fitted here, when a face is drawn: text that does not fit even at its
minimum size is an InputError naming the game, deck, item and layer field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence, Union

from generator.core.errors import InputError, Problem
from generator.core.notices import READABLE_PT, warn
from generator.core.units import MM_PER_PT
from generator.draw import richtext
from generator.draw.images import RasterImage
from generator.draw.richtext import Rich
from generator.draw.scene import Anchor, Command, Fit, Gradient, Scene, Style
from generator.draw.shadow import shadow
from generator.draw.textfit import TextOverflow
from generator.draw.typeset import draw_segments, draw_textbox
from generator.layout.files import Where

if TYPE_CHECKING:
    from generator.draw.icons import Icon

KAPPA = 0.5523  # cubic approximation of a quarter circle


def ellipse_commands(x: float, y: float, w: float, h: float) -> tuple[Command, ...]:
    rx, ry = w / 2, h / 2
    cx, cy = x + rx, y + ry
    kx, ky = KAPPA * rx, KAPPA * ry
    return (("M", cx, y), ("C", cx + kx, y, x + w, cy - ky, x + w, cy), ("C", x + w, cy + ky, cx + kx, y + h, cx, y + h),
            ("C", cx - kx, y + h, x, cy + ky, x, cy), ("C", x, cy - ky, cx - kx, y, cx, y), ("Z",))


@dataclass(frozen=True)
class ShapeOp:
    commands: tuple[Command, ...]
    style: Style


@dataclass(frozen=True)
class TextOp:
    x: float
    y: float
    text: str
    face: str
    size_pt: float
    fill: str
    anchor: Anchor
    letter_spacing: float
    opacity: float
    max_width: float | None
    min_size_pt: float
    rich: Rich
    where: Where
    gradient: Gradient | None = None    # fills the text instead of ``fill``


@dataclass(frozen=True)
class TextboxOp:
    box: tuple[float, float, float, float]
    text: str
    face: str
    size_pt: float
    min_size_pt: float
    fill: str
    align: str
    valign: str
    leading: float
    max_lines: int | None
    opacity: float
    rich: Rich
    where: Where
    gradient: Gradient | None = None


@dataclass(frozen=True)
class IconOp:
    icon: "Icon"
    box: tuple[float, float, float, float]
    tint: str | None
    opacity: float
    ornament: bool = False


@dataclass(frozen=True)
class ImageOp:
    image: RasterImage
    box: tuple[float, float, float, float]
    fit: Fit
    opacity: float


@dataclass(frozen=True)
class GroupOp:
    ops: tuple["Op", ...]
    translate: tuple[float, float]
    rotate: float
    scale: float
    opacity: float


@dataclass(frozen=True)
class ShadowOp:
    """The drop shadow of ``ops`` (drawn after it, on top): moved by dx, dy mm, in one colour."""

    ops: tuple["Op", ...]
    dx: float
    dy: float
    colour: str
    opacity: float
    blur: float


Op = Union[ShapeOp, TextOp, TextboxOp, IconOp, ImageOp, GroupOp, ShadowOp]


class Overflow(Exception):
    """Text that does not fit, with the layer it belongs to."""

    def __init__(self, where: Where, message: str):
        super().__init__(message)
        self.where = where


class TextDoesNotFit(InputError):
    """Text that does not fit at its smallest size, as a data problem (file, line, field):
    ``check`` reports it with the data errors, in one pass."""

    def __init__(self, message: str, problem: Problem, where: Where | None = None):
        super().__init__(message)
        self.problem = problem
        self.where = where      # the layer whose text it is


def paint(ops: Sequence[Op], scene: Scene, label: str) -> None:
    """Draw ``ops`` into ``scene``; ``label`` ("Game, Deck, item X") begins an overflow's message."""
    shrunk: list[tuple[Where, float]] = []
    try:
        _paint(ops, scene, shrunk)
    except Overflow as err:
        line = err.where.line("text")
        at = f"{err.where.file}:{line}" if line else err.where.file
        raise TextDoesNotFit(f"{label}: layer field '{err.where.field}.text' ({at}): {err}",
                             err.where.problem(f"{label}: {err}", "text"), err.where) from None
    for where, size in shrunk:
        line = where.line("text")
        at = f"{where.file}:{line}" if line else where.file
        warn(f"{at}: field '{where.field}.text': {label}: the text shrank to {size:g} pt to fit "
             f"(below {READABLE_PT:g} pt is hard to read)")


def _paint(ops: Sequence[Op], scene: Scene, shrunk: list[tuple[Where, float]], scale: float = 1.0) -> None:
    """Draw ``ops``; text shrunk below a readable size is noted in ``shrunk``, in the size it
    prints at (``scale``: the groups' scaling it is drawn in, a layout drawn in a design
    square and scaled to its trim)."""
    for op in ops:
        if isinstance(op, ShapeOp):
            scene.path(op.commands, op.style)
        elif isinstance(op, TextOp):
            size = _text(op, scene) * scale
            if size < min(READABLE_PT, op.size_pt * scale) - 1e-9:
                shrunk.append((op.where, round(size, 2)))
        elif isinstance(op, TextboxOp):
            _faded(scene, op.opacity, lambda o=op: _textbox(o, scene, shrunk, scale))
        elif isinstance(op, IconOp):
            _faded(scene, op.opacity, lambda o=op: _icon(o, scene))
        elif isinstance(op, ImageOp):
            scene.image(op.image, *op.box, fit=op.fit, opacity=op.opacity)
        elif isinstance(op, ShadowOp):
            _shadow(op, scene, scale)
        else:
            with scene.group(translate=op.translate, rotate=op.rotate, scale=op.scale, opacity=op.opacity):
                _paint(op.ops, scene, shrunk, scale * op.scale)


def _shadow(op: ShadowOp, scene: Scene, scale: float) -> None:
    """The ops drawn aside (their warnings are the layer's own, given when it is drawn), made
    into their shadow."""
    aside = Scene(scene.width, scene.height)
    _paint(op.ops, aside, [], scale)
    made = shadow(aside.items, op.dx, op.dy, op.colour, op.opacity, op.blur)
    if made is not None:
        scene.add(made)


def _faded(scene: Scene, opacity: float, draw: Any) -> None:
    if opacity >= 1.0:
        draw()
        return
    with scene.group(opacity=opacity):
        draw()


def _icon(op: IconOp, scene: Scene) -> None:
    x, y, w, h = op.box
    scene.icon(op.icon, x, y, w, h, tint=op.tint, ornament=op.ornament)


def _text(op: TextOp, scene: Scene) -> float:
    """One line of rich text, shrunk to ``max_width`` if it has one (bold words measured bold)."""
    size = op.size_pt
    parts = richtext.segments(op.text, op.rich)
    if op.max_width is not None:
        while richtext.width(parts, size * MM_PER_PT, op.letter_spacing) > op.max_width + 1e-9:
            if size - 0.25 < op.min_size_pt - 1e-9:
                raise Overflow(op.where, f"text does not fit {op.max_width:.1f} mm even at {op.min_size_pt:g} pt "
                                         f"({op.text!r}): shorten it or give it more room")
            size -= 0.25
    draw_segments(scene, op.x, op.y, parts, face=op.face, size_pt=round(size, 2), fill=op.fill,
                  anchor=op.anchor, opacity=op.opacity, letter_spacing=op.letter_spacing, gradient=op.gradient)
    return round(size, 2)


def _textbox(op: TextboxOp, scene: Scene, shrunk: list[tuple[Where, float]], scale: float) -> None:
    x, y, w, h = op.box
    try:
        fitted = draw_textbox(scene, x, y, w, h, op.text, face=op.face, size_pt=op.size_pt, min_size_pt=op.min_size_pt,
                     fill=op.fill, align=op.align, valign=op.valign, leading=op.leading, max_lines=op.max_lines,
                     rich=op.rich, gradient=op.gradient)
    except TextOverflow as err:
        raise Overflow(op.where, str(err)) from None
    if fitted.size_pt * scale < min(READABLE_PT, op.size_pt * scale) - 1e-9:
        shrunk.append((op.where, round(fitted.size_pt * scale, 2)))
