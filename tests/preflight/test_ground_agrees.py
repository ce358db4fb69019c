"""The preflight's picture of a page agrees with the page as printed: at many points of real
pages (the five bundled games' card sheets and boards, and a hostile page of clipped art), the
colour ``Ground.colour_at`` reads is the colour PDFium paints there from the PDF as written.
A reader that sees green where the paper is white says "no findings" (or finds a fault)
wrongly, on any kit: this is the check of that class.

Points are a grid plus points just inside and outside each piece's trim, each clip's corners
and each text's box. A point is not compared where the raster has an edge within two pixels
(anti-aliasing, hairlines) or the reader's picture has one (a point on a trim), a point whose
colour a pixel beside it shows (a point exactly on a shared trim, between two pixels), inside a text's box (glyphs are not ground) or where the reader
answers None (an image). Causes found when this was written (each fixed in
``generator.preflight.behind`` / ``generator.draw.ink``): strokes were not ground (a card's
2.5 mm frame, an icon drawn in strokes, a road); clips were taken as their box (a rounded or
hexagonal card, a rotated group); miter joins; a turned image's box; an ellipse read as a
circle."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from PIL import Image

from generator.build.engine import plan_game
from generator.draw.capture import inspecting
from generator.draw.ink import drawn
from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.png import pdf_image
from generator.draw.images import RasterImage, image_from_pixels
from generator.draw.scene import (CircleItem, Gradient, GroupItem, ImageItem, PathItem, Scene, Style, TextItem, apply,
                                  make_matrix, polygon_commands, rect_commands)
from generator.loading.games import load_games
from generator.pieces.job import BuildOptions
from generator.preflight.behind import Ground

GAMES = ["stockholm1520", "paxbaltica", "christinaregina", "batalj", "breitenfeld1631"]
PAGES_A_FILE = 2        # the first pages of each printed file (fronts and backs of a sheet, first tiles)
DPI = 150
EDGE_PX = 2             # a point with a raster edge this near is not compared
SAME = 10               # per channel, 0-255
STEP = 4.0              # mm between grid points
NEAR = 0.8              # mm inside and outside a trim, a clip's corner, a text's box


@dataclass
class Printed:
    name: str
    page: Page
    image: Image.Image


class _Enough(Exception):
    """Stops drawing a file once its first pages are seen."""


def _first_pages(render) -> list[Page]:
    pages: list[Page] = []

    def look(page: Page, index: int) -> None:
        pages.append(page)
        if len(pages) >= PAGES_A_FILE:
            raise _Enough
    try:
        with inspecting(look):
            render()
    except _Enough:
        pass
    return pages


def _printed(name: str, pages: list[Page]) -> list[Printed]:
    """Each page rasterised from the PDF the project's writer makes of it."""
    pdf = render_pdf(pages)
    found = []
    for index, page in enumerate(pages):
        scene = page.scene
        size = (round(scene.width * DPI / 25.4), round(scene.height * DPI / 25.4))
        found.append(Printed(f"{name} page {index + 1}", page, pdf_image(pdf, size, "#ffffff", page_index=index).convert("RGB")))
    return found


@pytest.fixture(scope="session")
def bundled_pages() -> list[Printed]:
    """The first pages of every file the bundled games print at home (sheets, label sheets,
    tiled boards; not the reference documents), on A4."""
    found = []
    for game in load_games(GAMES):
        for job in plan_game(game, BuildOptions(paper="a4", formats=frozenset({"pdf"})), None, "ground"):
            if job.preflight is None or job.role == "document":
                continue
            found.extend(_printed(str(job.path), _first_pages(job.render)))
    return found


def _checker() -> Image.Image:
    picture = Image.new("RGB", (8, 8))
    picture.putdata([(200, 30, 30) if (x + y) % 2 else (30, 30, 200) for y in range(8) for x in range(8)])
    return picture.resize((64, 64), Image.NEAREST)


def hostile_page() -> Page:
    """Clipped art as designers make it: a full-bleed colour in a rounded card, a hex clip, a
    turned group with a clip, clips nested in it, an even-odd ring, gradients, opacity, a turned
    image, thick strokes with caps, joins and dashes, an ellipse, a rounded card turned and scaled
    with its art bleeding past its clip, text."""
    scene = Scene(150.0, 120.0)
    green = Style(fill="#3f6b32")
    scene.add(GroupItem((_path(rect_commands(7, 7, 46, 61), green),), clip=rect_commands(10, 10, 40, 55, radius=6)))
    hexagon = polygon_commands([(75, 10), (88, 17.5), (88, 32.5), (75, 40), (62, 32.5), (62, 17.5)])
    scene.add(GroupItem((_path(rect_commands(55, 5, 40, 40), Style(fill="#9c2a22")),), clip=hexagon))
    inner = GroupItem((_path(rect_commands(-20, -20, 40, 40), Style(fill="#2b4c7e")),),
                      clip=tuple(rect_commands(-6, -6, 12, 12, radius=4)))
    turned = GroupItem((_path(rect_commands(-30, -30, 60, 60), Style(fill="#e0b73a")), inner),
                       matrix=make_matrix((125, 30), rotate=30), clip=rect_commands(-14, -10, 28, 20))
    scene.add(turned)
    card = GroupItem((_path(rect_commands(-12, -16, 24, 32), Style(fill="#1d3557")),
                      _path(rect_commands(-9, -13, 18, 26, radius=3), Style(stroke="#e0b73a", stroke_width=1.2))),
                     matrix=make_matrix((30, 95), rotate=-25), clip=rect_commands(-10, -14, 20, 28, radius=4))
    ring = (("M", 10, 75), ("L", 50, 75), ("L", 50, 115), ("L", 10, 115), ("Z",),
            ("M", 20, 85), ("L", 40, 85), ("L", 40, 105), ("L", 20, 105), ("Z",))
    scene.path(ring, Style(fill="#553458", fill_rule="evenodd"))
    scene.rect(60, 50, 40, 25, Style(gradient=Gradient("linear", ((0, "#ffffff"), (1, "#1d3557")), (60, 50), (100, 50))))
    scene.rect(60, 80, 30, 30, Style(gradient=Gradient("radial", ((0, "#f1faee"), (1, "#e63946")), (75, 95), radius=15)))
    scene.add(GroupItem((_path(rect_commands(95, 80, 30, 30), Style(fill="#1d3557")),
                         _path(rect_commands(105, 90, 30, 25), Style(fill="#e63946", opacity=0.5))), opacity=0.6))
    picture = image_from_pixels(_checker(), "checker")
    scene.add(GroupItem((_image(picture),), matrix=make_matrix((135, 100), rotate=20)))
    scene.line(60, 116, 95, 116, Style(stroke="#2b2118", stroke_width=2.0, cap="square"))
    scene.polyline([(100, 60), (120, 75), (140, 60)], Style(stroke="#7a2e22", stroke_width=3.0, join="miter"))
    scene.line(102, 48, 145, 48, Style(stroke="#3d6b35", stroke_width=2.5, dash=(4.0, 3.0)))
    scene.add(GroupItem((_circle(),), matrix=make_matrix((30, 95), scale=(1.0, 0.5))))
    scene.add(GroupItem((card,), matrix=make_matrix((105, 0), scale=0.6)))     # a turned, rounded card, scaled
    scene.text(12, 70, "Hostile", size_pt=9)
    return Page(scene, label="hostile", pieces=(("card", (10.0, 10.0, 40.0, 55.0)),))


def _path(commands: tuple, style: Style) -> PathItem:
    return PathItem(tuple(commands), style)


def _image(picture: RasterImage) -> ImageItem:
    return ImageItem(-8, -6, 16, 12, picture, fit="cover")


def _circle() -> CircleItem:
    return CircleItem(0, 0, 8, Style(fill="#e9d8a6", stroke="#2b2118", stroke_width=1.5))


def _points(page: Page) -> list[tuple[float, float]]:
    """A grid, and points just inside and outside each trim, clip corner and text box."""
    scene = page.scene
    points = [(x * STEP, y * STEP) for x in range(1, int(scene.width / STEP)) for y in range(1, int(scene.height / STEP))]
    corners: list[tuple[float, float]] = []
    for _, (x, y, w, h) in page.pieces:
        corners += [(x, y), (x + w, y), (x, y + h), (x + w, y + h), (x + w / 2, y), (x + w / 2, y + h),
                    (x, y + h / 2), (x + w, y + h / 2)]
    for d in drawn(scene.items):
        for matrix, commands in d.clips:
            corners += [apply(matrix, (c[-2], c[-1])) for c in commands if len(c) > 2]
        if isinstance(d.item, TextItem):
            left, top, right, bottom = d.box
            corners += [(left, top), (right, bottom), ((left + right) / 2, top), ((left + right) / 2, bottom)]
    for cx, cy in dict.fromkeys(corners):
        points += [(cx + dx, cy + dy) for dx in (-NEAR, 0.0, NEAR) for dy in (-NEAR, 0.0, NEAR) if dx or dy]
    return points


def _differ(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return max(abs(p - q) for p, q in zip(a, b)) > SAME


def _edge_near(ground: Ground, x: float, y: float, below: int, said: str, reach: float) -> bool:
    """Whether the reader's own picture has an edge within ``reach`` of the point (a point on
    a trim or a stroke's side is on an edge whichever side the reader puts it). Probed finely:
    PDFium draws a line thinner than a pixel a pixel wide, so a hairline near the point
    darkens its pixels (``ground`` then has every hairline). Asked only where the two pictures differ."""
    colour = tuple(int(said[k:k + 2], 16) for k in (1, 3, 5))
    steps = 6
    for i in range(-steps, steps + 1):
        for j in range(-steps, steps + 1):
            there = ground.colour_at(x + reach * i / steps, y + reach * j / steps, below)
            if there is None or _differ(colour, tuple(int(there[k:k + 2], 16) for k in (1, 3, 5))):
                return True
    return False


def disagreements(printed: Printed) -> tuple[int, list[str]]:
    """How many points were compared, and where the reader and the raster differ."""
    scene, pixels = printed.page.scene, printed.image.load()
    width, height = printed.image.size
    per_mm = DPI / 25.4
    items = list(drawn(scene.items))
    ground = Ground(items)
    exact = Ground(items, hairline=0.0)     # hairlines too: where the page has an edge the rules' reader does not
    texts = [d.box for d in items if isinstance(d.item, TextItem)]
    compared, wrong = 0, []
    for x, y in _points(printed.page):
        i, j = int(x * per_mm), int(y * per_mm)
        if not (EDGE_PX <= i < width - EDGE_PX and EDGE_PX <= j < height - EDGE_PX):
            continue
        if any(b[0] - 0.3 <= x <= b[2] + 0.3 and b[1] - 0.3 <= y <= b[3] + 0.3 for b in texts):
            continue
        around = [pixels[a, b] for a in range(i - EDGE_PX, i + EDGE_PX + 1) for b in range(j - EDGE_PX, j + EDGE_PX + 1)]
        if any(max(p[k] for p in around) - min(p[k] for p in around) > SAME for k in range(3)):
            continue
        said = ground.colour_at(x, y, len(items))
        if said is None:
            continue
        compared += 1
        expected = tuple(int(said[k:k + 2], 16) for k in (1, 3, 5))
        if (_differ(expected, pixels[i, j]) and not _edge_near(exact, x, y, len(items), said, EDGE_PX / per_mm)
                and all(_differ(expected, pixels[i + di, j + dj]) for di in (-1, 0, 1) for dj in (-1, 0, 1))):
            wrong.append(f"({x:.1f}, {y:.1f}) mm: the reader says {said}, the page is #{bytes(pixels[i, j]).hex()}")
    return compared, wrong


def test_the_reader_agrees_with_the_printed_pages_of_the_bundled_games(bundled_pages: list[Printed]) -> None:
    assert len({p.name.split("/")[0] for p in bundled_pages}) == len(GAMES)
    report, total = [], 0
    for printed in bundled_pages:
        compared, wrong = disagreements(printed)
        total += compared
        assert compared > 500, f"{printed.name}: only {compared} points compared"
        if wrong:
            report.append(f"{printed.name}: {len(wrong)} of {compared} points differ, e.g. {wrong[:3]}")
    assert not report, "\n".join(report)
    assert total > 30_000


def test_the_reader_agrees_with_a_page_of_clipped_art() -> None:
    [printed] = _printed("hostile", [hostile_page()])
    compared, wrong = disagreements(printed)
    assert compared > 1000
    assert not wrong, "\n".join(wrong[:20])


def test_a_colour_clipped_to_a_rounded_card_is_not_read_past_its_corner() -> None:
    """The reported case: a full-bleed colour clipped to a rounded card is paper outside the
    corner's curve, though inside the clip's box."""
    page = hostile_page()
    items = list(drawn(page.scene.items))
    ground = Ground(items)
    assert ground.colour_at(11.0, 11.0, len(items)) == "#ffffff"        # the corner cut away
    assert ground.colour_at(30.0, 30.0, len(items)) == "#3f6b32"
    assert ground.colour_at(63.0, 11.0, len(items)) == "#ffffff"        # outside the hexagon, inside its box
    assert ground.colour_at(75.0, 25.0, len(items)) == "#9c2a22"
