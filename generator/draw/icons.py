"""A kit's SVG icons, read safely and turned into Scene items that every backend draws.

An icon file comes from whoever made the kit, so it is screened before anything else reads
it: no DTD or entities (defusedxml), no scripts or event handlers, no reference that leaves
the file (``href``, ``url(...)``, CSS ``@import``), bounded size and element count (``<use>``
expansions included). What passes is handed to svgelements, which resolves styles, ``<use>``,
transforms and shapes; each shape becomes a path of M, L, C, Q and Z commands in the icon's
viewBox units, with its fill, stroke, opacity and fill rule.

Colours: a shape painted ``currentColor`` (or whose fill is left unset, SVG's default black)
takes the colour the icon is drawn in; every other paint stays as drawn, unless the icon has
no such shape and a tint is given: then every paint becomes the tint.
"""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

import defusedxml.ElementTree as SafeET
import svgelements as se
from defusedxml import DefusedXmlException

from generator.core.usercache import kept, source_digest
from generator.core.contentcache import ContentCache
from generator.draw.assetfile import AssetFault, open_asset
from generator.draw.colour import CURRENT_COLOUR
from generator.draw.scene import (
    Command,
    GroupItem,
    Item,
    Matrix,
    PathItem,
    Style,
    rect_commands,
)

MAX_ICON_BYTES = 1_000_000
MAX_ELEMENTS = 5_000          # after <use> expansion
MAX_COMMANDS = 200_000        # path commands of the whole icon
MAX_DEPTH = 64                # elements inside each other (groups in groups)
VIEWBOX_RANGE = (1e-3, 1e6)   # a viewBox's width and height, and how far its corner may be from 0

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"

# Elements that run code or pull in other documents: a hostile file, refused.
_HOSTILE = {"script", "foreignObject", "iframe", "embed", "object", "audio", "video", "handler", "listener"}
# Elements the icon format does not draw: refused with a hint rather than silently dropped.
_UNSUPPORTED = {
    "text": "text is not drawn in icons: convert it to paths",
    "tspan": "text is not drawn in icons: convert it to paths",
    "textPath": "text is not drawn in icons: convert it to paths",
    "image": "images inside icons are not drawn: use an image layer, or vector art",
}
_URL = re.compile(r"url\(\s*['\"]?([^'\")]*)['\"]?\s*\)")
_PAINT_PROPERTIES = {"fill", "stroke"}


class IconError(AssetFault):
    """Internal: what is wrong with an icon file, before the file's name is attached."""


@dataclass(frozen=True)
class Icon:
    """An icon's shapes in its own units: (0, 0) is the viewBox's top-left corner."""

    name: str
    width: float
    height: float
    items: tuple[Item, ...]
    clip: bool = False   # some shape reaches outside the viewBox (SVG clips it there)
    source: str = ""

    @property
    def aspect(self) -> float:
        """Width over height: an inline icon's advance in ems."""
        return self.width / self.height

    @property
    def has_current_colour(self) -> bool:
        return any(_paints(self.items, CURRENT_COLOUR))

    def tinted(self, tint: str | None = None, *, only_current: bool = False) -> tuple[Item, ...]:
        """The items with their colours resolved: ``currentColor`` -> tint (else black); with a
        tint and no ``currentColor`` shape, every paint -> tint (unless ``only_current``)."""
        whole = tint is not None and not only_current and not self.has_current_colour
        current = tint or "#000000"
        return tuple(_recolour(item, current, tint if whole else None) for item in self.items)

    def placed(self, x: float, y: float, w: float, h: float, tint: str | None = None, *,
               only_current: bool = False, opacity: float = 1.0) -> GroupItem:
        """The icon fitted into the box (x, y, w, h) keeping its aspect ratio, centred."""
        scale = min(w / self.width, h / self.height)
        dx = x + (w - self.width * scale) / 2
        dy = y + (h - self.height * scale) / 2
        matrix: Matrix = (scale, 0.0, 0.0, scale, dx, dy)
        clip = rect_commands(0.0, 0.0, self.width, self.height) if self.clip else None
        return GroupItem(self.tinted(tint, only_current=only_current), matrix, clip, opacity, name=f"icon {self.name}")


def _paints(items: Iterable[Item], colour: str) -> Iterator[bool]:
    for item in items:
        if isinstance(item, PathItem):
            yield item.style.fill == colour or item.style.stroke == colour
        elif isinstance(item, GroupItem):
            yield any(_paints(item.items, colour))


def _recolour(item: Item, current: str, whole: str | None) -> Item:
    if isinstance(item, GroupItem):
        return replace(item, items=tuple(_recolour(i, current, whole) for i in item.items))
    if not isinstance(item, PathItem):
        return item

    def paint(value: str | None) -> str | None:
        if value is None:
            return None
        if whole is not None:
            return whole
        return current if value == CURRENT_COLOUR else value

    style = item.style
    return replace(item, style=replace(style, fill=paint(style.fill), stroke=paint(style.stroke)))


# -- loading --------------------------------------------------------------------------------
def load_icon(path: Path, shown: str | None = None) -> Icon:
    """Read an icon file; a bad or hostile one is a DataError naming ``shown`` (else the path)."""
    label = shown or str(path)
    return open_asset(path, shown, "icon", MAX_ICON_BYTES,
                      lambda p, data: _PARSED.get((p, label), data, lambda: _parsed(p, data, label)))


#: Icons parsed in this process, by their bytes (and the path and label they are named by).
_PARSED: ContentCache[Icon] = ContentCache(256)


def _parsed(path: Path, data: bytes, label: str) -> Icon:
    """The icon parsed, or as parsed before from the same bytes by the same code (kept in the
    user cache: parsing an icon's SVG twice with svgelements takes milliseconds a file)."""
    code = source_digest("generator.draw.icons", "generator.draw.scene") + se.SVGELEMENTS_VERSION
    key = b"\0".join((code.encode(), path.stem.encode(), label.encode(), data))
    return kept("icons", str(path), key, lambda: parse_icon(data, name=path.stem, source=label), Icon)


def parse_icon(data: bytes, name: str = "icon", source: str = "") -> Icon:
    """An icon from SVG bytes (screened first); raises IconError saying what is wrong."""
    if len(data) > MAX_ICON_BYTES:
        raise IconError(f"the icon is {len(data):,} bytes; icons may have at most {MAX_ICON_BYTES:,}")
    root = _screen(data)
    width, height = _prepare_root(root)
    text = ET.tostring(root, encoding="unicode")
    # Parsed twice with two colours for currentColor: a shape whose paint differs between the
    # two uses currentColor, whatever colours the icon also uses.
    first = _shapes(text, "#000001")
    second = _shapes(text, "#000002")
    items: list[Item] = []
    count = 0
    for a, b in zip(first, second):
        commands = _commands(a)
        count += len(commands)
        if count > MAX_COMMANDS:
            raise IconError(f"the icon has more than {MAX_COMMANDS:,} path commands")
        if commands:
            items.extend(_path_items(a, b, commands))
    if not items:
        raise IconError("the icon draws nothing (no visible shape)")
    return Icon(name, width, height, tuple(items), _reaches_out(items, width, height), source)


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1] if tag.startswith("{") else tag


def _describe(element: ET.Element) -> str:
    ident = element.get("id")
    return f"<{_local(element.tag)}{f' id={ident!r}' if ident else ''}>"


def _screen(data: bytes) -> ET.Element:
    """Parse with no DTD, entities or external references; refuse hostile or unsupported parts."""
    try:
        root = SafeET.fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as err:
        raise IconError(f"the file declares a DTD or entities, which icons may not ({type(err).__name__})") from None
    except ET.ParseError as err:
        line, column = getattr(err, "position", (None, None))
        where = f" at line {line}, column {column}" if line else ""
        raise IconError(f"not well-formed XML{where}") from None
    if _local(root.tag) != "svg" or root.tag not in ("svg", f"{{{SVG_NS}}}svg"):
        raise IconError(f"expected an <svg> document, found <{_local(root.tag)}>")
    depth = _depth(root)
    if depth > MAX_DEPTH:
        raise IconError(f"elements nest more than {MAX_DEPTH} deep (groups inside groups); icons may nest at most "
                        f"{MAX_DEPTH}")
    _strip_foreign(root)
    elements = list(root.iter())
    if len(elements) > MAX_ELEMENTS:
        raise IconError(f"the icon has {len(elements):,} elements; icons may have at most {MAX_ELEMENTS:,}")
    for element in elements:
        _check_element(element)
    _check_expansion(root)
    return root


def _depth(root: ET.Element) -> int:
    """How deep elements nest under ``root`` (1 for a lone root), counted without recursion
    and given up past MAX_DEPTH: everything after this check may recurse."""
    deepest = 0
    stack = [(root, 1)]
    while stack:
        element, depth = stack.pop()
        deepest = max(deepest, depth)
        if deepest > MAX_DEPTH:
            break
        stack.extend((child, depth + 1) for child in element)
    return deepest


def _strip_foreign(root: ET.Element) -> None:
    """Drop elements of other namespaces (editor metadata); SVG tags lose their namespace."""
    for parent in list(root.iter()):
        for child in list(parent):
            if not isinstance(child.tag, str):
                parent.remove(child)
            elif child.tag.startswith("{") and not child.tag.startswith(f"{{{SVG_NS}}}"):
                parent.remove(child)
    for element in root.iter():
        element.tag = _local(element.tag)
        for key in list(element.attrib):
            if key == f"{{{XLINK_NS}}}href":
                element.set("href", element.attrib.pop(key))
            elif key.startswith("{"):
                del element.attrib[key]


def _check_element(element: ET.Element) -> None:
    tag = element.tag
    where = _describe(element)
    if tag in _HOSTILE:
        raise IconError(f"{where} is not allowed in an icon (scripts and embedded documents are refused)")
    for key, value in element.attrib.items():
        if key.lower().startswith("on"):
            raise IconError(f"{where} has an event handler '{key}': scripts are refused")
        if key == "href" and not value.strip().startswith("#"):
            raise IconError(f"{where} refers outside the file ({key}={value!r}): icons must be self-contained")
        _check_urls(where, key, value)
    for prop, value in _style_declarations(element.get("style", "")):
        _check_urls(where, prop, value)
    if tag in _UNSUPPORTED:
        raise IconError(f"{where}: {_UNSUPPORTED[tag]}")
    if tag == "style":
        css = "".join(element.itertext())
        if "@import" in css:
            raise IconError(f"{where} imports another style sheet: icons must be self-contained")
        for match in _URL.finditer(css):
            _check_url(where, "style sheet", match.group(1))


def _check_urls(where: str, prop: str, value: str) -> None:
    for match in _URL.finditer(value):
        _check_url(where, prop, match.group(1))


def _check_url(where: str, prop: str, target: str) -> None:
    if not target.strip().startswith("#"):
        raise IconError(f"{where} refers outside the file ({prop}: url({target})): icons must be self-contained")
    if prop in _PAINT_PROPERTIES:
        raise IconError(f"{where}: {prop} url({target}): gradients and patterns are not drawn in icons; use flat colours")
    raise IconError(f"{where}: {prop} url({target}) is not drawn in icons (clip paths, masks, filters and markers)")


def _style_declarations(style: str) -> Iterator[tuple[str, str]]:
    for declaration in style.split(";"):
        prop, sep, value = declaration.partition(":")
        if sep:
            yield prop.strip(), value.strip()


def _check_expansion(root: ET.Element) -> None:
    """Count elements as drawn, each <use> counting what it repeats: a small file of nested
    <use> can otherwise stand for billions of shapes."""
    by_id = {e.get("id"): e for e in root.iter() if e.get("id")}
    sizes: dict[int, int] = {}
    active: set[int] = set()

    def size(element: ET.Element) -> int:
        key = id(element)
        if key in sizes:
            return sizes[key]
        if key in active:
            raise IconError(f"{_describe(element)} uses itself (a <use> cycle)")
        active.add(key)
        total = 1 + sum(size(child) for child in element)
        if element.tag == "use":
            target = by_id.get(element.get("href", "").strip()[1:])
            if target is not None:
                total += size(target)
        active.discard(key)
        sizes[key] = total
        if total > MAX_ELEMENTS:
            raise IconError(f"the icon expands to more than {MAX_ELEMENTS:,} elements (through <use>)")
        return total

    size(root)


def _number(value: str | None) -> float | None:
    if value is None:
        return None
    match = re.fullmatch(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(px)?\s*", value)
    return float(match.group(1)) if match else None


def _prepare_root(root: ET.Element) -> tuple[float, float]:
    """Size the document to its viewBox (so shapes come out in viewBox units), make an unset
    fill currentColor, and fold group opacity down to the shapes."""
    box = root.get("viewBox")
    if box:
        parts = [p for p in re.split(r"[\s,]+", box.strip()) if p]
        values = [_number(p) for p in parts]
        if len(values) != 4 or any(v is None for v in values):
            raise IconError(f"the viewBox {box!r} is not four numbers")
        min_x, min_y, width, height = (float(v) for v in values if v is not None)
    else:
        w, h = _number(root.get("width")), _number(root.get("height"))
        if w is None or h is None:
            raise IconError("the icon has no viewBox (and no plain width and height to make one)")
        min_x, min_y, width, height = 0.0, 0.0, w, h
    if not (width > 0 and height > 0 and math.isfinite(width) and math.isfinite(height)):
        raise IconError(f"the icon's viewBox must have a positive width and height, not {width:g} x {height:g}")
    low, high = VIEWBOX_RANGE
    if not (low <= width <= high and low <= height <= high and abs(min_x) <= high and abs(min_y) <= high):
        raise IconError(f"the icon's viewBox {min_x:g} {min_y:g} {width:g} {height:g} is out of scale: its width "
                        f"and height must be {low:g} to {high:g}, its corner within {high:g} of 0")
    root.set("viewBox", f"{min_x!r} {min_y!r} {width!r} {height!r}")
    root.set("width", repr(width))
    root.set("height", repr(height))
    root.set("preserveAspectRatio", "none")
    declared = dict(_style_declarations(root.get("style", "")))
    if "fill" not in root.attrib and "fill" not in declared:
        root.set("fill", "currentColor")
    _fold_opacity(root, 1.0)
    return width, height


def _fold_opacity(element: ET.Element, inherited: float) -> None:
    """svgelements passes a group's opacity down but lets a child's replace it: write the
    product on every element instead, so nested opacities multiply as SVG says."""
    own = _number(element.get("opacity"))
    declarations = list(_style_declarations(element.get("style", "")))
    for prop, value in declarations:
        if prop == "opacity":
            own = _number(value)
    if any(prop == "opacity" for prop, _ in declarations):
        element.set("style", ";".join(f"{p}:{v}" for p, v in declarations if p != "opacity"))
    total = inherited * (min(max(own, 0.0), 1.0) if own is not None else 1.0)
    element.set("opacity", repr(total))
    for child in element:
        _fold_opacity(child, total)


def _shapes(text: str, current: str) -> list[se.Shape]:
    try:
        document = se.SVG.parse(io.StringIO(text), reify=False, color=current, on_error="raise")
    except Exception as err:  # svgelements raises plain exceptions for bad path data, lengths...
        raise IconError(f"cannot read the SVG: {err}") from None
    return [e for e in document.elements() if isinstance(e, se.Shape)]


def _commands(shape: se.Shape) -> tuple[Command, ...]:
    """The shape as M, L, C, Q, Z commands in viewBox units (arcs become cubics)."""
    path = se.Path(shape)
    path.reify()
    commands: list[Command] = []
    here: tuple[float, float] | None = None
    for segment in path.segments():
        if isinstance(segment, se.Move):
            here = _xy(segment.end)
            commands.append(("M", *here))
            continue
        if isinstance(segment, se.Close):
            commands.append(("Z",))
            here = _xy(segment.end) if segment.end is not None else here
            continue
        start = _xy(segment.start)
        if here is None or not _same(here, start):
            commands.append(("M", *start))
        if isinstance(segment, se.Arc):
            quarters = max(1, math.ceil(abs(segment.sweep) / (math.pi / 2) - 1e-9))
            curves = list(segment.as_cubic_curves(quarters)) if segment.sweep else []
            for curve in curves:
                commands.append(("C", *_xy(curve.control1), *_xy(curve.control2), *_xy(curve.end)))
            if not curves:
                commands.append(("L", *_xy(segment.end)))
        elif isinstance(segment, se.Line):
            commands.append(("L", *_xy(segment.end)))
        elif isinstance(segment, se.CubicBezier):
            commands.append(("C", *_xy(segment.control1), *_xy(segment.control2), *_xy(segment.end)))
        elif isinstance(segment, se.QuadraticBezier):
            commands.append(("Q", *_xy(segment.control), *_xy(segment.end)))
        else:  # pragma: no cover - svgelements has no other segment kinds
            raise IconError(f"cannot draw a path segment of kind {type(segment).__name__}")
        here = _xy(segment.end)
    far = VIEWBOX_RANGE[1] * 1000
    for command in commands:
        if not all(math.isfinite(v) for v in command[1:]):
            raise IconError("a shape has coordinates that are not finite numbers")
        if any(abs(v) > far for v in command[1:]):
            raise IconError(f"a shape reaches {far:g} units or more from the viewBox's origin: out of scale")
    # a lone move draws nothing
    return tuple(commands) if any(c[0] != "M" for c in commands) else ()


def _xy(point: Any) -> tuple[float, float]:
    return float(point.x), float(point.y)


def _same(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) < 1e-9 and abs(a[1] - b[1]) < 1e-9


def _paint(first: Any, second: Any) -> tuple[str | None, float]:
    """A paint as (colour, alpha): currentColor where the two parses differ; None for none."""
    if first is None or first.value is None or second is None or second.value is None:
        return None, 0.0
    alpha = first.alpha / 255
    if (first.red, first.green, first.blue) != (second.red, second.green, second.blue):
        return CURRENT_COLOUR, alpha
    return f"#{first.red:02x}{first.green:02x}{first.blue:02x}", alpha


def _path_items(a: se.Shape, b: se.Shape, commands: tuple[Command, ...]) -> list[PathItem]:
    """One shape's paths: one item when fill and stroke share an opacity, else fill then stroke."""
    opacity = _number(str(a.values.get("opacity", "1")))
    opacity = 1.0 if opacity is None else opacity
    fill, fill_alpha = _paint(a.fill, b.fill) if not isinstance(a, se.SimpleLine) else (None, 0.0)
    stroke, stroke_alpha = _paint(a.stroke, b.stroke)
    matrix = a.transform
    scale = math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c)) if matrix is not None else 1.0
    width = float(a.stroke_width or 0.0) * scale
    if fill is not None and fill_alpha * opacity <= 0:
        fill = None
    if stroke is not None and (width <= 0 or stroke_alpha * opacity <= 0):
        stroke = None
    if fill is None and stroke is None:
        return []
    common: dict[str, Any] = {
        "fill_rule": "evenodd" if str(a.values.get("fill-rule", "")).strip() == "evenodd" else "nonzero",
        "stroke_width": width if stroke else 0.25,
        "cap": _choice(a.values.get("stroke-linecap"), ("butt", "round", "square"), "butt"),
        "join": _choice(a.values.get("stroke-linejoin"), ("miter", "round", "bevel"), "miter"),
        "dash": _dash(a.values.get("stroke-dasharray"), scale) if stroke else None,
    }
    if fill is not None and stroke is not None and abs(fill_alpha - stroke_alpha) > 1e-6:
        return [PathItem(commands, Style(fill=fill, opacity=opacity * fill_alpha, **common)),
                PathItem(commands, Style(stroke=stroke, opacity=opacity * stroke_alpha, **common))]
    alpha = fill_alpha if fill is not None else stroke_alpha
    return [PathItem(commands, Style(fill=fill, stroke=stroke, opacity=opacity * alpha, **common))]


def _choice(value: Any, allowed: Sequence[str], default: str) -> Any:
    text = str(value).strip() if value is not None else default
    return text if text in allowed else default


def _dash(value: Any, scale: float) -> tuple[float, ...] | None:
    if value is None or str(value).strip() in ("", "none"):
        return None
    lengths = [_number(p) for p in re.split(r"[\s,]+", str(value).strip()) if p]
    if not lengths or any(v is None or v < 0 for v in lengths) or not any(lengths):
        return None
    numbers = [float(v) * scale for v in lengths if v is not None]
    return tuple(numbers * 2 if len(numbers) % 2 else numbers)


def _reaches_out(items: Sequence[Item], width: float, height: float) -> bool:
    """Whether any shape (stroke included) reaches outside the viewBox, so must be clipped."""
    for item in items:
        if not isinstance(item, PathItem):
            continue
        half = item.style.stroke_width / 2 if item.style.stroke else 0.0
        for command in item.commands:
            values = command[1:]
            for x, y in zip(values[0::2], values[1::2]):
                if x - half < -1e-6 or y - half < -1e-6 or x + half > width + 1e-6 or y + half > height + 1e-6:
                    return True
    return False
