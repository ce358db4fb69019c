"""The board picture of a page: the printed board's art (served once at ``/board.svg``, named
by ``board_href``), the position's layer (pieces, marks, arrows: a ``bot.web.sketch.Layer``, its
elements and the definitions they use), the hexes a question tints, and the regions a tap names
(``data-tap``), seen through a crop of the board (``view``).

Every page draws its board so (``bot.stockholm1520.page_layer``, ``bot.batalj.web``), set in an
SVG element of its own, sized by the page; no SVG text is edited. Every attribute value is
escaped. Standard library only: the offline app draws its pages with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from typing import Sequence

from bot.web.sketch import Layer

Point = tuple[float, float]


@dataclass(frozen=True)
class Region:
    """A shape over the board: a polygon (``points``), or a rectangle (``box``: x, y, width,
    height, its corners rounded by ``radius``), filled ``fill`` at ``opacity``, its edge
    ``stroke`` (none when empty, dashed by ``dash``); a tap on it names ``tap`` (none when
    empty: it lets taps through), and a pointer resting on it shows ``title``."""

    points: tuple[Point, ...] = ()
    box: tuple[float, float, float, float] | None = None
    radius: float = 0.0
    fill: str = "#fff"
    opacity: float = 0.0
    stroke: str = ""
    stroke_width: float = 0.0
    dash: str = ""
    tap: str = ""
    title: str = ""


@dataclass
class PagePicture:
    """What a page's board shows: the board's art at ``board_href``, the position's ``layer``
    over it (of the board's size), ``regions`` over both, seen through ``view`` (x, y, width,
    height in the layer's mm; None: all of it)."""

    board_href: str
    layer: Layer
    regions: list[Region] = field(default_factory=list)
    view: tuple[float, float, float, float] | None = None


def _number(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attrs(pairs: Sequence[tuple[str, str]]) -> str:
    return "".join(f' {name}="{escape(value, quote=True)}"' for name, value in pairs if value != "")


@lru_cache(maxsize=4096)
def _region(region: Region) -> str:
    """One region's element; kept, as a page's hexes are the same regions tap after tap."""
    if region.box is not None:
        x, y, w, h = region.box
        element = "rect"
        shape = [("x", _number(x)), ("y", _number(y)), ("width", _number(w)), ("height", _number(h)),
                 ("rx", _number(region.radius) if region.radius else "")]
    else:
        element = "polygon"
        shape = [("points", " ".join(f"{_number(x)},{_number(y)}" for x, y in region.points))]
    unseen = region.opacity == 0 and not region.stroke      # only tapped: never painted, a tap still finds it
    pairs = [("data-tap", region.tap), *shape, ("fill", "none" if unseen else region.fill),
             ("fill-opacity", "" if unseen else _number(region.opacity)), ("stroke", region.stroke),
             ("stroke-width", _number(region.stroke_width) if region.stroke else ""),
             ("stroke-dasharray", region.dash),
             ("pointer-events", ("all" if unseen else "") if region.tap else "none")]
    title = f"<title>{escape(region.title, quote=False)}</title>" if region.title else ""
    return f"<{element}{_attrs(pairs)}>{title}</{element}>" if title else f"<{element}{_attrs(pairs)}/>"


def page_svg(picture: PagePicture) -> str:
    """The picture as an SVG element for the page (no XML header, no width or height: the
    page sizes it)."""
    layer = picture.layer
    x, y, w, h = picture.view or (0.0, 0.0, layer.width, layer.height)
    head = _attrs([("baseProfile", "full"), ("version", "1.1"), ("xmlns", "http://www.w3.org/2000/svg"),
                   ("xmlns:xlink", "http://www.w3.org/1999/xlink"),
                   ("viewBox", " ".join(_number(v) for v in (x, y, w, h)))])
    title = f"<title>{escape(layer.title, quote=False)}</title>" if layer.title else ""
    board = f"<image{_attrs([('href', picture.board_href), ('x', '0'), ('y', '0'), ('width', _number(layer.width)), ('height', _number(layer.height))])}/>"
    regions = "".join(_region(r) for r in picture.regions)
    return f"<svg{head}>{title}<defs>{layer.defs}</defs>{board}{layer.elements}<g>{regions}</g></svg>"
