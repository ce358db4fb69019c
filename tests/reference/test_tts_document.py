"""A game's reference sheets go to Tabletop Simulator as documents: a ``Custom_PDF`` each, its
PDF in the export's folder with the sheet's pages, even in a game with nothing else to lay out."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pypdfium2

from generator.build.engine import build
from generator.build.ledger import verify
from generator.pieces.job import BuildOptions


def test_a_reference_sheet_is_a_custom_pdf_of_its_pages(kit: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(["mini"], BuildOptions(formats=frozenset({"tts", "pdf"})), out)
    save = json.loads((out / "mini" / "tts" / "mini.json").read_text(encoding="utf-8"))
    [document] = [o for o in save["ObjectStates"] if o["Name"] == "Custom_PDF"]
    assert document["Nickname"] == "Player aid"
    pdf = Path(unquote(urlparse(document["CustomPDF"]["PDFUrl"]).path))
    assert pdf == (out / "mini" / "tts" / "aid.pdf").resolve()
    printed = pypdfium2.PdfDocument(out / "mini" / "reference" / "aid-a4.pdf")
    at_table = pypdfium2.PdfDocument(pdf)
    assert len(at_table) == len(printed) == 1
    words = at_table[0].get_textpage().get_text_range()
    assert "Sequence" in words and "Draw a card" in words
    assert verify(out) == []            # the save's link is in the ledger, and resolves
