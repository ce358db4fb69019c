"""Sizes a kit declares are bounded (a paper of 1,000,000 mm, a sheet of a million slots), and
an image placed a thousand times is decoded and embedded once per file."""

from __future__ import annotations

import io

import pytest

from tests.hostile.conftest import GAME, Kit, refused_bounded


@pytest.mark.parametrize(("text", "said"), [
    ("papers:\n  huge: {label: Huge, width: 1000000, height: 1000000}\n",
     "data/sheets/papers.yaml:2: field 'papers.huge.width': input should be less than or equal to 1200"),
    ("papers:\n  tiny: {label: Tiny, width: 1e-300, height: 10}\n",
     "data/sheets/papers.yaml:2: field 'papers.tiny.width': input should be greater than or equal to 50"),
])
def test_a_kit_paper_past_the_bounds(kit: Kit, text: str, said: str) -> None:
    kit.path("data/sheets").mkdir()
    kit.path("data/sheets/papers.yaml").write_text(text, encoding="utf-8")
    output = refused_bounded(kit, "check", "mygame")
    assert said in output, output


def test_a_sheet_layout_of_a_million_slots(kit: Kit) -> None:
    kit.path("data/sheets").mkdir()
    kit.path("data/sheets/layouts.yaml").write_text(
        "layouts:\n  many:\n    type: template\n    paper: a4\n    cols: 1000000\n    rows: 1000000\n"
        "    width: 0.0001\n    height: 0.0001\n    left: 0\n    top: 0\n    col_pitch: 0.0001\n    row_pitch: 0.0001\n",
        encoding="utf-8")
    output = refused_bounded(kit, "check", "mygame")
    assert "data/sheets/layouts.yaml:5: field 'layouts.many.cols': input should be less than or equal to 100" in output


def _png(width: int, height: int) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (width, height), "#c03020").save(buffer, format="PNG")
    return buffer.getvalue()


def test_an_image_placed_many_times_is_decoded_and_embedded_once(monkeypatch) -> None:
    import pymupdf

    from generator.draw import pdfimage
    from generator.draw.images import decode_image
    from generator.draw.page import Page
    from generator.draw.pdf import render_pdf
    from generator.draw.scene import ImageItem, Scene

    image = decode_image(_png(400, 300))
    drawn: list[object] = []
    real = pdfimage._encode
    monkeypatch.setattr(pdfimage, "_encode", lambda *args: drawn.append(1) or real(*args))
    pages = []
    for _ in range(3):
        scene = Scene(210, 297)
        scene.items.extend(ImageItem(x, y, 20, 15, image) for x in range(0, 200, 20) for y in range(0, 280, 20))
        pages.append(Page(scene))
    data = render_pdf(pages)
    assert len(drawn) == 1                                     # 420 placements, one decoding
    document = pymupdf.open(stream=data, filetype="pdf")
    images = {xref for page in document for xref, *_ in page.get_images(full=True)}
    assert len(images) == 1 and document[2].get_images(full=True)
    picture = document[1].get_pixmap(dpi=20)
    assert picture.pixel(5, 5)[:3] == pytest.approx((0xc0, 0x30, 0x20), abs=8)    # drawn, on every page


def test_a_kit_image_on_a_thousand_cards_builds(kit: Kit) -> None:
    kit.path(f"{GAME}/art.png").write_bytes(_png(2000, 2000))
    kit.replace(f"{GAME}/layouts/card-front.yaml", "  - type: textbox                   # the rule text",
                "  - {type: image, source: ../art.png, x: 6, y: 17, w: 51.5, h: 34}\n"
                "  - type: textbox                   # the rule text")
    kit.replace(f"{GAME}/cards/cards.csv", "scout,Scout,3", "scout,Scout,1000")
    from tests.hostile.conftest import run_bounded

    run = run_bounded(kit, "build", "mygame", "--format", "pdf", "--out", str(kit.out))
    assert run.code == 0 and not run.crashed, run.output
