"""Rendering: the PDF text carries every hex id; the outputs exist and are what they claim."""

from __future__ import annotations

import pymupdf as fitz
import pytest

from generator.hexart.board import draw_map
from generator.hexmap.loader import load_map
from generator.outputs.maps import map_jobs

from .conftest import BOARD


@pytest.fixture(scope="module")
def board():
    m = load_map(BOARD)
    return m, draw_map(m)


def _pdf(m, name: str) -> bytes:
    """The map's file ``name`` as ``pnpkit map build`` makes it (the map's id, then ``name``)."""
    return next(job for job in map_jobs(m, "a4", ["pdf"]) if job.path.name == f"{m.id}{name}").render()


def test_full_size_pdf_has_every_hex_id(board):
    m, scene = board
    doc = fitz.open(stream=_pdf(m, "-fullsize.pdf"), filetype="pdf")
    assert len(doc) == 1
    page = doc[0]
    assert abs(page.rect.width / 72 * 25.4 - scene.width) < 0.1
    words = set(page.get_text().split())
    assert set(m.cells) <= words
    assert {"Burg", "Haven", "Mill"} <= words


def test_tiled_pdf_has_every_hex_id_and_labels(board):
    m, scene = board
    doc = fitz.open(stream=_pdf(m, "-a4-tiled.pdf"), filetype="pdf")
    text = "".join(page.get_text() for page in doc)
    assert all(hid in text for hid in m.cells)
    assert "A1, row 1 of" in text and "assembling the map" in text


def test_scene_is_deterministic():
    m = load_map(BOARD)
    assert draw_map(m).items == draw_map(m).items


def test_png_is_the_board_at_the_asked_resolution(board):
    from PIL import Image
    import io

    from generator.draw.png import render_png

    m, scene = board
    image = Image.open(io.BytesIO(render_png(scene, dpi=20)))
    assert abs(image.width - scene.width / 25.4 * 20) <= 1
    assert abs(image.height - scene.height / 25.4 * 20) <= 1
