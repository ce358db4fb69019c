"""What a build writes, read back: PDF pages and boxes, fonts, SVG, manifest, PDF/SVG agreement."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pymupdf
import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from generator.build.engine import build
from generator.draw.png import svg_to_png
from generator.pieces.job import BuildOptions

MM = 72 / 25.4


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("kit")
    build(["stockholm1520"], BuildOptions(paper="a4", formats=frozenset({"pdf", "svg"})), out,
          only={"cards", "calibration"})
    return out


SHARED = "stockholm1520/stockholm1520-sheets-card-a4.pdf"     # every card of the game, packed (the default)
BOARD = "stockholm1520/stockholm1520-sheets-board-a4.pdf"      # the counters: another stock, another file


def test_sheets_pdf_has_fronts_then_backs_on_a4(kit: Path) -> None:
    reader = PdfReader(kit / SHARED)
    # 48 zone cards, 9 a page, then the 9 event cards (the counters are board: not here)
    # -> 7 fronts pages, each with its backs page
    assert len(reader.pages) == 2 * 7
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(210 * MM, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(297 * MM, abs=0.01)
    texts = [page.extract_text() for page in reader.pages]
    assert all(("fronts" if i % 2 == 0 else "backs") in text for i, text in enumerate(texts))
    assert "page 1 of 7" in texts[0] and "A4" in texts[0] and "Zone cards" in texts[0]
    assert "Z-A1-R" in texts[0] and "E-SHIP" in " ".join(texts[10:])


def test_sheets_pdf_asks_for_duplex_and_no_scaling(kit: Path) -> None:
    reader = PdfReader(kit / SHARED)
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == "/DuplexFlipLongEdge"
    assert prefs["/PrintScaling"] == "/None"


def test_every_font_is_embedded_and_subset(kit: Path) -> None:
    for name in (SHARED, "stockholm1520/cards/event-cards/E-SHIP.pdf",
                 "calibration-a4.pdf"):
        doc = pymupdf.open(kit / name)
        for page in doc:
            fonts = page.get_fonts()
            assert fonts, name
            for xref, ext, ftype, basefont, *_ in fonts:
                assert ext == "ttf", (name, basefont)          # an embedded font file, not a reference
                assert "+" in basefont, (name, basefont)       # subset prefix
                assert "Helvetica" not in basefont


def test_single_card_pdf_has_bleed_trim_and_bleed_boxes(kit: Path) -> None:
    reader = PdfReader(kit / "stockholm1520/cards/zone-cards/Z-A2-R.pdf")
    assert len(reader.pages) == 2  # front and back
    for page in reader.pages:
        media = [float(v) / MM for v in page.mediabox]
        trim = [float(v) / MM for v in page.trimbox]
        bleed = [float(v) / MM for v in page.bleedbox]
        assert media == pytest.approx([0, 0, 69.5, 94.9], abs=0.01)
        assert trim == pytest.approx([3, 3, 66.5, 91.9], abs=0.01)
        assert bleed == pytest.approx(media, abs=0.01)


def test_kit_text_covers_nordic_and_german_letters() -> None:
    from generator.draw.fonts import missing_chars

    for face in ("serif", "serif-bold", "serif-italic", "title", "title-bold"):
        assert missing_chars("Östgöta Vi ær røde Preußen ÅÄÖÆØÜ åäöæøüß", face) == set(), face


def test_svgs_are_well_formed_and_sized_in_mm(kit: Path) -> None:
    svgs = sorted((kit / "stockholm1520/cards").rglob("*.svg"))
    assert len(svgs) == 48 + 7 + 2  # 48 zone cards, 7 event card designs (9 cards), 2 backs
    for path in svgs[:5] + svgs[-3:]:
        root = ET.parse(path).getroot()
        assert root.get("width") == "69.5mm" and root.get("height") == "94.9mm"


def test_manifest_lists_every_file_with_hash_and_trim(kit: Path) -> None:
    manifest = json.loads((kit / "manifest.json").read_text())
    files = {entry["path"]: entry for entry in manifest["files"]}
    on_disk = {str(p.relative_to(kit)) for p in kit.rglob("*") if p.is_file() and p.name != "manifest.json"}
    assert set(files) == on_disk
    entry = files["stockholm1520/cards/zone-cards/Z-C4-B.pdf"]
    assert entry["game"] == "stockholm1520" and entry["kind"] == "cards" and entry["item"] == "Z-C4-B"
    assert entry["format"] == "pdf" and entry["trim_mm"] == [63.5, 88.9]
    import hashlib
    assert entry["sha256"] == hashlib.sha256((kit / entry["path"]).read_bytes()).hexdigest()
    assert files[SHARED]["paper"] == "a4" and files[SHARED]["items"] == 48 + 9 + 2   # the cards and the two track strips
    assert files[BOARD]["paper"] == "a4" and files[BOARD]["items"] == 63
    assert not any(p.endswith("-a4.pdf") and "-sheets-" in p for p in files if p not in (SHARED, BOARD))


def test_pdf_and_svg_of_a_card_agree(kit: Path) -> None:
    dpi = 100
    page = pymupdf.open(kit / "stockholm1520/cards/event-cards/E-PROPAGANDA.pdf")[0]
    from_pdf = Image.open(io.BytesIO(page.get_pixmap(dpi=dpi).tobytes("png"))).convert("RGB")
    svg = (kit / "stockholm1520/cards/event-cards/E-PROPAGANDA-front.svg").read_text()
    from_svg = Image.open(io.BytesIO(svg_to_png(svg, dpi=dpi))).convert("RGB")
    assert from_pdf.size == from_svg.size
    diff = ImageChops.difference(from_pdf, from_svg).convert("L")
    histogram = diff.histogram()
    strong = sum(histogram[64:]) / sum(histogram)
    assert strong < 0.01  # only anti-aliasing along edges differs
    # and the agreement test itself can fail: a different card does not match
    other = pymupdf.open(kit / "stockholm1520/cards/event-cards/E-SHIP.pdf")[0]
    other_img = Image.open(io.BytesIO(other.get_pixmap(dpi=dpi).tobytes("png"))).convert("RGB")
    other_hist = ImageChops.difference(other_img, from_svg).convert("L").histogram()
    assert sum(other_hist[64:]) / sum(other_hist) > 0.02


def test_calibration_page_ruler_is_100_mm(kit: Path) -> None:
    page = pymupdf.open(kit / "calibration-a4.pdf")[0]
    assert "100 mm" in page.get_text()
    lines = [d for d in page.get_drawings() if d["items"] and d["items"][0][0] == "l"]
    long_lines = [d["rect"] for d in lines if d["rect"].width / MM > 99 or d["rect"].height / MM > 99]
    assert any(abs(r.width / MM - 100) < 0.05 for r in long_lines)
    assert any(abs(r.height / MM - 100) < 0.05 for r in long_lines)
