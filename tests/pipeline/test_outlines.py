"""Pieces of any outline (hex-flat, hex-pointy, round, an SVG path) and ``--format cut``: the
outline's geometry and its bleed, hexes nested on the packed sheets, the cut line printed
along the outline, the cut files (SVG and DXF) checked against the printed outline within
0.1 mm, the table exports (Tabletop Simulator, The Game Crafter), bad outlines refused with
the file and the field, and the ledger true for the new files."""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pymupdf
import pypdfium2
import pytest
from PIL import Image

from generator.build.engine import build
from generator.build.ledger import verify
from generator.core.errors import DataError
from generator.loading.games import load_game
from generator.pieces.job import BuildOptions
from generator.pieces.outline import Outline, PathError, area, check_in_box, grown, path_ring
from generator.printing.cuts import read_dxf
from generator.printing.packing import Run, pack
from generator.printing.imposition import Rect

from tests.conftest import game_kit

PT = 72 / 25.4          # PDF points per mm
HEX = (38.1, 33.0)      # a flat hex, point to point x flat to flat: The Game Crafter's small hex tile
FRONT = """layers:
  - {type: rect, area: bleed, fill: "{{ '#cc3333' if side == 'red' else '#3355cc' }}"}
  - {type: text, x: 50%, y: 45%, text: "{{ name }}", size: 8, align: center, colour: "#ffffff"}
"""
BACK = """layers:
  - {type: rect, area: bleed, fill: "#e6e6e6"}
"""
SHIELD = "M0 0 H24 V16 Q24 26 12 30 Q0 26 0 16 Z"


def _game(extra: str = "") -> str:
    return f"""id: shapes
title: Shapes
components:
  - kind: tiles
    id: hexes
    title: Hex counters
    source: hexes.csv
    front: front.yaml
    back: back.yaml
    size: {{width: {HEX[0]}, height: {HEX[1]}}}
    outline: hex-flat
  - kind: tiles
    id: pointy
    title: Pointy hexes
    source: few.csv
    front: front.yaml
    size: {{width: {HEX[1]}, height: {HEX[0]}}}
    outline: hex-pointy
  - kind: tiles
    id: discs
    title: Discs
    source: few.csv
    front: front.yaml
    size: {{width: 25, height: 25}}
    outline: round
  - kind: tiles
    id: shields
    title: Shields
    source: few.csv
    front: front.yaml
    size: {{width: 24, height: 30}}
    outline: {{path: "{SHIELD}"}}
""" + extra


ROWS = "id,name,side,quantity\na,Alpha,red,14\nb,Beta,blue,9\n"
FEW = "id,name,side,quantity\nr,Rnd,red,4\n"


@pytest.fixture
def kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return game_kit(tmp_path, monkeypatch, "shapes", {"front.yaml": FRONT, "back.yaml": BACK, "hexes.csv": ROWS,
                                                      "few.csv": FEW, "game.yaml": _game()})


@pytest.fixture
def built(kit: Path) -> Path:
    out = kit.parent.parent / "output"
    build(["shapes"], BuildOptions(formats=frozenset({"pdf", "cut", "tts", "tgc"})), out, jobs_n=1)
    return out


# geometry ----------------------------------------------------------------------------------

def _edge_distance(point: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    """The distance from ``point`` to the line through a and b."""
    (x0, y0), (x1, y1) = a, b
    return abs((x1 - x0) * (y0 - point[1]) - (x0 - point[0]) * (y1 - y0)) / math.dist(a, b)


def test_a_hex_fills_its_trim_box_and_its_bleed_keeps_the_bleed_from_every_edge() -> None:
    ring = Outline("hex-flat").ring(*HEX)
    assert len(ring) == 6 and area(ring) > 0
    assert (min(x for x, _ in ring), max(x for x, _ in ring)) == (0.0, HEX[0])
    assert (min(y for _, y in ring), max(y for _, y in ring)) == (0.0, HEX[1])
    bled = Outline("hex-flat").ring(*HEX, grow=3.0)
    for i in range(6):      # each grown edge lies 3 mm out from its edge, parallel to it
        a, b = ring[i], ring[(i + 1) % 6]
        assert _edge_distance(bled[i], a, b) == pytest.approx(3.0, abs=1e-9)
        assert _edge_distance(bled[(i + 1) % 6], a, b) == pytest.approx(3.0, abs=1e-9)
    pointy = Outline("hex-pointy").ring(HEX[1], HEX[0])
    assert sorted((round(y, 3), round(x, 3)) for x, y in pointy) == \
        sorted((round(x, 3), round(y, 3)) for x, y in ring)       # the flat hex turned a quarter


def test_a_disc_grows_by_its_bleed_and_stays_within_a_hundredth_of_a_circle() -> None:
    ring = Outline("round").ring(25, 25, grow=2.0)
    assert all(abs(math.dist(p, (12.5, 12.5)) - 14.5) < 1e-9 for p in ring)
    n = len(ring)
    assert 14.5 * (1 - math.cos(math.pi / n)) < 0.01       # the chord's sag between two points


def test_a_path_is_flattened_with_its_curves_and_arcs_and_grown_as_an_outline() -> None:
    ring = path_ring(SHIELD)
    assert min(y for _, y in ring) == 0 and max(y for _, y in ring) == pytest.approx(30)
    assert not check_in_box(ring, 24, 30)
    arc = path_ring("M0 10 A10 10 0 0 1 20 10 L20 20 L0 20 Z")      # a half disc on a square
    top = min(arc, key=lambda p: p[1])
    assert top == pytest.approx((10.0, 0.0), abs=0.01)
    assert all(math.dist(p, (10, 10)) == pytest.approx(10, abs=1e-6) for p in arc if p[1] < 10)
    relative = path_ring("m2 2 h10 v10 h-10 z")
    assert relative == [(2, 2), (12, 2), (12, 12), (2, 12)]
    bigger = grown(relative, 1.0)
    assert bigger == [pytest.approx(p) for p in [(1, 1), (13, 1), (13, 13), (1, 13)]]


@pytest.mark.parametrize("data, said", [
    ("M0 0 L10 0 L10 10", "not closed: end it with Z"),
    ("M0 0 L10 0 L10 10 Z M20 20 L30 20 L30 30 Z", "one closed shape"),
    ("M0 0 L10 0 X5 5 Z", "unexpected 'X5 5 Z' at character 12"),
    ("L0 0 L10 0 Z", "starts with M"),
    ("M0 0 L10 0 L20 0 Z", "encloses no area"),
    ("M0 0 C1 1 Z", "C takes 6 numbers"),
    ("M0 0 L10 0 \u202eL10 10 Z", "unexpected '\\u202eL10 10 Z' at character 12"),
])
def test_a_path_that_is_not_one_closed_outline_is_refused_saying_why(data: str, said: str) -> None:
    with pytest.raises(PathError, match=re.escape(said)):
        path_ring(data)


@pytest.mark.parametrize("outline, said", [
    ("hexagon", "outline is one of rect, hex-flat, hex-pointy, round"),
    ('{path: "M0 0 L10 0 L10 10"}', "not closed: end it with Z"),
    ('{path: "M0 0 L40 0 L40 10 Z"}', "outside the 24 x 30 mm trim box"),
])
def test_a_bad_outline_in_game_yaml_is_refused_with_its_file_and_field(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                     outline: str, said: str) -> None:
    text = _game().replace(f'outline: {{path: "{SHIELD}"}}', f"outline: {outline}")
    game_kit(tmp_path, monkeypatch, "shapes", {"front.yaml": FRONT, "back.yaml": BACK, "hexes.csv": ROWS,
                                               "few.csv": FEW, "game.yaml": text})
    with pytest.raises(DataError) as caught:
        load_game("shapes")
    message = str(caught.value)
    assert said in message and "game.yaml" in message and "outline" in message
    assert "Traceback" not in message


# packing -----------------------------------------------------------------------------------

def _overlap(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> float:
    """How far two convex polygons overlap along their least axis (<= 0: they are apart by that much)."""
    least = math.inf
    for ring in (a, b):
        for i in range(len(ring)):
            (x0, y0), (x1, y1) = ring[i], ring[(i + 1) % len(ring)]
            nx, ny = y1 - y0, x0 - x1
            length = math.hypot(nx, ny)
            pa = [(x * nx + y * ny) / length for x, y in a]
            pb = [(x * nx + y * ny) / length for x, y in b]
            least = min(least, min(max(pa), max(pb)) - max(min(pa), min(pb)))
    return least


@pytest.mark.parametrize("kind, w, h", [("hex-flat", *HEX), ("hex-pointy", HEX[1], HEX[0])])
def test_hexes_nest_on_a_sheet_with_the_gutter_between_facing_edges(kind: str, w: float, h: float) -> None:
    outline = Outline(kind)
    region = Rect(10, 10, 190, 277)
    nested, _ = pack([Run(list(range(60)), w, h, gap=6.0, nest=outline.nest)], region)
    grid, _ = pack([Run(list(range(60)), w, h, gap=6.0)], region)
    first = nested[0].slots()
    assert len(first) > len(grid[0].slots())          # nesting fits more hexes on a page than a grid
    rings = [[(s.x + x, s.y + y) for x, y in outline.ring(w, h)] for s in first]
    closest = min(-_overlap(a, b) for i, a in enumerate(rings) for b in rings[i + 1:])
    assert closest == pytest.approx(6.0, abs=1e-6)     # neighbours keep the gutter, edge to edge, and never overlap
    assert all(region.x - 1e-6 <= s.x and s.right <= region.right + 1e-6 and region.y - 1e-6 <= s.y
               and s.bottom <= region.bottom + 1e-6 for s in first)


# the sheets and the cut files ----------------------------------------------------------------

def _printed_outlines(pdf: Path, page: int) -> list[list[tuple[float, float]]]:
    """The closed cut lines drawn on a page (thin grey strokes), in mm."""
    with pymupdf.open(pdf) as doc:
        found = []
        for drawing in doc[page].get_drawings():
            if drawing.get("color") is None or drawing.get("fill") is not None:
                continue
            if abs((drawing.get("width") or 0) - 0.1 * PT) > 0.01:
                continue
            points = [(it[1].x / PT, it[1].y / PT) for it in drawing["items"] if it[0] == "l"]
            if len(points) >= 3:
                found.append(points)
        return found


def _svg_paths(svg: Path) -> list[list[tuple[float, float]]]:
    root = ET.parse(svg).getroot()
    ns = {"s": "http://www.w3.org/2000/svg"}
    paths = []
    for element in root.findall(".//s:g[@id='cut']/s:path", ns):
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", element.get("d", ""))]
        assert element.get("d", "").endswith("Z") and element.get("fill") is None
        paths.append(list(zip(numbers[0::2], numbers[1::2])))
    return paths


def _near(a: list[tuple[float, float]], b: list[tuple[float, float]], tolerance: float) -> bool:
    """Every vertex of each polygon lies within ``tolerance`` of a vertex of the other."""
    return all(min(math.dist(p, q) for q in b) <= tolerance for p in a) and \
        all(min(math.dist(p, q) for q in a) <= tolerance for p in b)


def test_the_hex_sheet_cut_files_match_the_printed_outline_within_a_tenth_of_a_mm(built: Path) -> None:
    folder = built / "shapes"
    pdf = folder / "shapes-sheets-a4.pdf"
    svg, dxf = folder / "shapes-sheets-a4-cut.svg", folder / "shapes-sheets-a4-cut.dxf"
    assert pdf.exists() and svg.exists() and dxf.exists()
    printed = _printed_outlines(pdf, 0)
    hexes = [p for p in printed if len(p) == 6]
    assert len(hexes) == 27                            # every hex counter: 14 + 9 flat, 4 pointy
    with pymupdf.open(pdf) as doc:
        assert len(doc) == 2 and not _printed_outlines(pdf, 1)     # the backs page has no cut line to misregister
    root = ET.parse(svg).getroot()
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("210mm", "297mm", "0 0 210 297")
    assert root.find(".//{http://www.w3.org/2000/svg}g[@id='registration']") is None   # the machine prints its own
    cut_svg = _svg_paths(svg)
    cut_dxf = [points for layer, closed, points in read_dxf(dxf.read_text("ascii")) if layer == "CUT" and closed]
    assert len(cut_svg) == len(cut_dxf) == len(printed)
    for cuts in (cut_svg, cut_dxf):
        for outline in printed:
            assert any(_near(outline, cut, 0.1) for cut in cuts)
        for cut in cuts:
            assert any(_near(cut, outline, 0.1) for outline in printed)
    text = dxf.read_text("ascii")
    assert "AC1009" in text and "$INSUNITS" in text and text.rstrip().endswith("EOF")
    assert "LWPOLYLINE" not in text                    # R12 knows POLYLINE / VERTEX / SEQEND only


def test_the_hex_sheet_bleeds_along_the_outline_and_nests_its_rows(built: Path) -> None:
    pdf = built / "shapes" / "shapes-sheets-a4.pdf"
    hexes = [p for p in _printed_outlines(pdf, 0) if len(p) == 6]
    dpmm = 8
    with pypdfium2.PdfDocument(str(pdf)) as doc:
        image = doc[0].render(scale=dpmm / PT).to_pil().convert("RGB")
    top = min(hexes, key=lambda ring: (min(y for _, y in ring), min(x for x, _ in ring)))
    left_top = min(p for p in top if abs(p[1] - min(y for _, y in top)) < 1e-6)
    mid = (left_top[0] + HEX[0] / 4, left_top[1])          # the middle of the top edge

    def colour(x: float, y: float) -> tuple[int, ...]:
        return tuple(image.getpixel((round(x * dpmm), round(y * dpmm))))
    red = (0xcc, 0x33, 0x33)
    assert max(abs(a - b) for a, b in zip(colour(mid[0], mid[1] + 2), red)) < 12     # the face
    assert max(abs(a - b) for a, b in zip(colour(mid[0], mid[1] - 1.5), red)) < 12   # its bleed, beyond the cut
    assert colour(mid[0], mid[1] - 4.5) == (255, 255, 255)                            # no more than the bleed
    corner = (min(x for x, _ in top) + 0.5, min(y for _, y in top) + 0.5)   # its trim box's corner: 8 mm off the hex
    assert colour(*corner) == (255, 255, 255)
    tops = sorted({round(min(y for _, y in ring), 2) for ring in hexes})
    assert tops[1] - tops[0] == pytest.approx((HEX[1] + 6.0) / 2, abs=0.01)         # columns half a row apart


def test_a_shaped_piece_print_file_has_a_cut_file_with_the_shops_registration_marks(built: Path) -> None:
    folder = built / "shapes" / "tiles" / "shields"
    svg = ET.parse(folder / "r-cut.svg").getroot()
    ns = "{http://www.w3.org/2000/svg}"
    assert svg.get("viewBox") == "0 0 30 36"           # the print file's page: 24 x 30 mm and 3 mm of bleed
    assert len(svg.findall(f".//{ns}g[@id='registration']/{ns}polyline")) == 4
    (path,) = _svg_paths(folder / "r-cut.svg")
    assert _near(path, [(x + 3, y + 3) for x, y in path_ring(SHIELD)], 0.001)
    polylines = read_dxf((folder / "r-cut.dxf").read_text("ascii"))
    assert [(layer, closed) for layer, closed, _ in polylines] == [("CUT", True)] + [("REGISTRATION", False)] * 4


def test_the_ledger_holds_the_cut_files_and_verify_passes(built: Path) -> None:
    manifest = json.loads((built / "manifest.json").read_text("utf-8"))
    entries = manifest.get("files", manifest)
    names = " ".join(entries) if isinstance(entries, dict) else json.dumps(entries)
    assert "shapes/shapes-sheets-a4-cut.svg" in names and "shapes/shapes-sheets-a4-cut.dxf" in names
    assert not verify(built)
    notes = (built / "shapes" / "PRINTING.md").read_text("utf-8")
    assert "shapes-sheets-a4-cut.dxf" in notes and "cutting machine" in notes
    assert "they cut along its hex-flat outline" in notes and "they cut along its path outline" in notes


# the table exports ------------------------------------------------------------------------

def test_tabletop_simulator_gets_hex_tiles_round_tiles_and_tokens_cut_to_the_outline(built: Path) -> None:
    save = json.loads(next((built / "shapes" / "tts").glob("*.json")).read_text("utf-8"))
    found: dict[str, set[tuple[str, object]]] = {}

    def walk(objects: list[dict]) -> None:
        for o in objects:
            if o["Name"] == "Bag":
                found[o["Nickname"]] = {(c["Name"], c.get("CustomImage", {}).get("CustomTile", {}).get("Type"))
                                        for c in o.get("ContainedObjects", [])}
            walk(o.get("ContainedObjects", []))
    walk(save["ObjectStates"])
    assert found["Hex counters"] == {("Custom_Tile", 1)} and found["Pointy hexes"] == {("Custom_Tile", 1)}
    assert found["Discs"] == {("Custom_Tile", 2)} and found["Shields"] == {("Custom_Token", None)}
    with Image.open(built / "shapes" / "tts" / "shields" / "r-front.png") as picture:
        assert picture.mode == "RGBA"
        w, h = picture.size
        assert picture.getpixel((1, h - 2))[3] == 0              # outside the shield's point: see-through
        assert picture.getpixel((w // 2, h // 5))[3] == 255


def test_the_game_crafter_takes_the_hexes_and_lists_the_path_outline_as_not_uploadable(built: Path) -> None:
    readme = (built / "shapes" / "tgc" / "README.md").read_text("utf-8")
    assert "**Hex counters** (`hexes/`, `hexes.csv`): Small Hex Tile" in readme
    assert "**Pointy hexes** (`pointy/`, `pointy.csv`): Small Hex Tile" in readme
    not_uploadable = readme.split("## Not uploadable", 1)[1]
    assert "**Shields**" in not_uploadable
    with Image.open(built / "shapes" / "tgc" / "hexes" / "a-front.png") as upload:
        assert upload.size == (525, 465)


def test_a_components_own_sheets_draw_shaped_pieces_and_have_cut_files(kit: Path) -> None:
    out = kit.parent.parent / "output"
    build(["shapes"], BuildOptions(formats=frozenset({"pdf", "cut"}), sheets="per-component"), out, jobs_n=1)
    folder = out / "shapes" / "tiles"
    pdf = folder / "shields-sheets-a4.pdf"
    printed = _printed_outlines(pdf, 0)
    cut = _svg_paths(folder / "shields-sheets-a4-cut.svg")
    assert len(printed) == len(cut) == 4
    assert all(any(_near(p, c, 0.1) for c in cut) for p in printed)
    with pymupdf.open(folder / "hexes-sheets-a4.pdf") as doc:
        pages = len(doc)
    fronts = pages // 2
    cuts = sorted(p.name for p in folder.glob("hexes-sheets-a4-cut*.svg"))
    assert cuts == (["hexes-sheets-a4-cut.svg"] if fronts == 1 else [f"hexes-sheets-a4-cut-{n}.svg" for n in range(1, fronts + 1)])
    assert not verify(out)
