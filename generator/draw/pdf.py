"""Scene -> PDF: a writer of our own, drawing each page's scene straight into PDF operators.

Fonts are embedded as subsets (generator.draw.pdffont), images once per document however
often they are placed (generator.draw.pdfimage), pages with their trim and bleed boxes, the
document with print preferences (100 % scale; long-edge duplex when asked). The output is
deterministic: the same scenes make the same bytes (no dates, no random ids).

A page's content stream depends on its scene alone (generator.draw.pdfcontent), so a page
drawn before in this process is written again without drawing it (``drawn_page``): a watch
rebuild after one card's edit redraws one page of a game's shared sheets, not all of them.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Iterable

from generator.core.units import PT_PER_MM
from generator.draw.capture import seen
from generator.draw.images import RasterImage
from generator.draw.page import Box, Page
from generator.draw.pdfcontent import DrawnPage, draw_page, number
from generator.draw.pdffile import PdfFile, text_string
from generator.draw.pdffont import font_objects, resource_name
from generator.draw.pdfimage import image_streams
from generator.draw.scene import Scene


# Pages kept drawn in this process (``drawn_page``): at most so many, holding at most so many
# bytes of content (before compression); the least recently written go first.
MAX_PAGES_KEPT = 256
MAX_CONTENT_KEPT = 8_000_000
# The PDF version that brought each viewer preference written (ISO 32000-1, table 150): the
# header names the newest one used (generator.draw.pdffile).
PRINT_SCALING = (1, 6)
DUPLEX = (1, 7)


class _PageKey:
    """A scene's size and items, hashed once: a dataclass's hash is worked out anew each time
    it is asked for, and the items are equal (so the page the same) only if all of them are."""

    __slots__ = ("scene", "hashed")

    def __init__(self, scene: tuple[float, float, tuple[object, ...]]) -> None:
        self.scene = scene
        self.hashed = hash(scene)

    def __hash__(self) -> int:
        return self.hashed

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _PageKey) and self.hashed == other.hashed and self.scene == other.scene


_kept: "OrderedDict[_PageKey, DrawnPage]" = OrderedDict()
_kept_size = 0
_kept_lock = threading.Lock()


def drawn_page(scene: Scene) -> DrawnPage:
    """``scene``'s content stream: as drawn before in this process, or drawn now and kept.
    A page's stream depends only on its scene, and looking a scene up (hashing its items,
    comparing them on a hit) costs a seventh to a third of drawing it: a watch rebuild
    writes a game's shared sheets again with the pages that did not change as they were, and
    a build writes each identical page (the backs of a deck) once per process."""
    global _kept_size
    try:
        key = _PageKey((scene.width, scene.height, tuple(scene.items)))
    except TypeError:               # an item holds something unhashable: drawn, not kept
        return draw_page(scene)
    with _kept_lock:
        drawn = _kept.get(key)
        if drawn is not None:
            _kept.move_to_end(key)
            return drawn
    drawn = draw_page(scene)
    with _kept_lock:
        if key not in _kept:
            _kept[key] = drawn
            _kept_size += drawn.length
        while _kept and (len(_kept) > MAX_PAGES_KEPT or _kept_size > MAX_CONTENT_KEPT):
            _kept_size -= _kept.popitem(last=False)[1].length
    return drawn


def _pdf_box(box: Box, page_height: float) -> str:
    x, y, w, h = box
    corners = (x, page_height - y - h, x + w, page_height - y)
    return "[" + " ".join(number(v * PT_PER_MM) for v in corners) + "]"


class _Document:
    """The pages written so far and what they named: fonts, transparency states, images and
    gradients each written once per document, at their first use (fonts at the end, once
    all the characters they draw are known)."""

    def __init__(self, out: PdfFile, tree: int) -> None:
        self.out = out
        self.tree = tree
        self.kids: list[int] = []
        self.fonts: dict[str, tuple[int, set[str]]] = {}
        self.named: dict[str, int] = {}        # states, images and shadings by their stream names

    def add(self, page: Page, drawn: DrawnPage) -> None:
        out, scene = self.out, page.scene
        contents = out.put_compressed(out.reserve(), "/Filter /FlateDecode", drawn.stream)
        resources = []
        if drawn.fonts:
            resources.append("/Font << " + " ".join(f"/{resource_name(face)} {self.font(face, chars)} 0 R"
                                                    for face, chars in drawn.fonts) + " >>")
        if drawn.states:
            resources.append("/ExtGState << " + " ".join(
                f"/{name} {self.object(name, f'<< /Type /ExtGState {body} >>')} 0 R"
                for name, body in drawn.states) + " >>")
        if drawn.images:
            resources.append("/XObject << " + " ".join(f"/{name} {self.image(name, image)} 0 R"
                                                       for name, image in drawn.images) + " >>")
        if drawn.shadings:
            resources.append("/Shading << " + " ".join(
                f"/{name} {self.object(name, body)} 0 R" for name, body in drawn.shadings) + " >>")
        media = _pdf_box((0.0, 0.0, scene.width, scene.height), scene.height)
        boxes = f"/MediaBox {media}"
        if page.trim:
            boxes += f" /TrimBox {_pdf_box(page.trim, scene.height)}"
        if page.bleed:
            boxes += f" /BleedBox {_pdf_box(page.bleed, scene.height)}"
        self.kids.append(out.add(f"<< /Type /Page /Parent {self.tree} 0 R {boxes} "
                                 f"/Resources << {' '.join(resources)} >> /Contents {contents} 0 R >>"))

    def font(self, face: str, chars: Iterable[str]) -> int:
        known = self.fonts.get(face)
        if known is None:
            known = self.fonts[face] = (self.out.reserve(), set())
        known[1].update(chars)
        return known[0]

    def object(self, name: str, body: str) -> int:
        number_ = self.named.get(name)
        if number_ is None:
            number_ = self.named[name] = self.out.add(body)
        return number_

    def image(self, name: str, image: RasterImage) -> int:
        number_ = self.named.get(name)
        if number_ is None:
            streams = image_streams(image)
            entries = streams.entries
            if streams.mask is not None:
                mask = self.out.put_compressed(self.out.reserve(), *streams.mask)
                entries += f" /SMask {mask} 0 R"
            number_ = self.named[name] = self.out.put_compressed(self.out.reserve(), entries, streams.data)
        return number_

    def write_fonts(self) -> None:
        out = self.out
        for face, (number_, chars) in self.fonts.items():
            made = font_objects(face, frozenset(chars))
            program = out.put_compressed(out.reserve(), f"/Filter /FlateDecode /Length1 {made.program_length}",
                                         made.program)
            descriptor = out.add(f"<< /Type /FontDescriptor {made.descriptor} /FontFile2 {program} 0 R >>")
            cid = out.add(f"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /{made.base_font} "
                          f"/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> "
                          f"/FontDescriptor {descriptor} 0 R /W {made.widths} /CIDToGIDMap /Identity >>")
            to_unicode = out.put_compressed(out.reserve(), "/Filter /FlateDecode", made.to_unicode)
            out.put(number_, f"<< /Type /Font /Subtype /Type0 /BaseFont /{made.base_font} /Encoding /Identity-H "
                             f"/DescendantFonts [{cid} 0 R] /ToUnicode {to_unicode} 0 R >>")


def render_pdf(pages: Iterable[Page], *, title: str = "", author: str = "pnpkit",
               duplex: bool = False, subject: str = "") -> bytes:
    """All pages as one PDF document. Deterministic output: same scenes, same bytes.
    ``pages`` may be made one at a time (a generator): each is drawn, then let go, so a
    map of a hundred tiles holds one tile's scene at a time."""
    out = PdfFile()
    catalog, tree, info = out.reserve(), out.reserve(), out.reserve()
    document = _Document(out, tree)
    for index, page in enumerate(pages):
        seen(page, index)               # the preflight looks at what is printed (generator.preflight)
        document.add(page, drawn_page(page.scene))
    if not document.kids:
        raise ValueError("a PDF needs at least one page")
    document.write_fonts()
    kids = " ".join(f"{kid} 0 R" for kid in document.kids)
    out.put(tree, f"<< /Type /Pages /Kids [{kids}] /Count {len(document.kids)} >>")
    # Print at 100 %: "fit to page" is the most common print-and-play failure.
    preferences = "/PrintScaling /None"
    out.needs(PRINT_SCALING)
    if duplex:
        preferences += " /Duplex /DuplexFlipLongEdge"
        out.needs(DUPLEX)
    out.put(catalog, f"<< /Type /Catalog /Pages {tree} 0 R /ViewerPreferences << {preferences} >> >>")
    out.put(info, f"<< /Title {text_string(title)} /Author {text_string(author)} /Subject {text_string(subject)} "
                  f"/Creator (pnpkit) /Producer (pnpkit) >>")
    return out.finish(catalog, info)
