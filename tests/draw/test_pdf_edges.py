"""The PDF writer's edges: its header names the version of the features it uses, it never
writes a number past PDF's range, and a dash pattern a reader refuses is drawn solid in
every format (SVG's own rule), so whatever drew the scene, Ghostscript reads the file."""

from __future__ import annotations

import re
import zlib
from pathlib import Path

import pytest

from generator.core.errors import BuildError
from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.scene import Scene, Style
from generator.draw.svg import render_svg
from tests.pdfcheck import need_tools, pdf_problems, version_problems


def _stroked(width: float = 0.5, dash: tuple[float, ...] | None = None) -> Scene:
    scene = Scene(30, 20)
    scene.rect(2, 2, 20, 12, Style(stroke="#203040", stroke_width=width, dash=dash))
    return scene


def test_the_header_names_the_newest_feature_the_file_uses() -> None:
    plain = render_pdf([Page(_stroked())])
    duplex = render_pdf([Page(_stroked())], duplex=True)
    assert plain.startswith(b"%PDF-1.6\n") and b"/PrintScaling" in plain and b"/Duplex" not in plain
    assert duplex.startswith(b"%PDF-1.7\n") and b"/Duplex /DuplexFlipLongEdge" in duplex
    assert version_problems(plain) == [] and version_problems(duplex) == []
    # the checker itself sees a file that claims too little
    assert version_problems(b"%PDF-1.4\n" + duplex[9:]) == [
        "/PrintScaling is PDF 1.6 but the header says 1.4", "/Duplex is PDF 1.7 but the header says 1.4"]


@pytest.mark.parametrize("value", [1e300, -3e10, 2.5e9])
def test_a_number_past_pdfs_range_is_refused_not_written(value: float) -> None:
    scene = Scene(30, 20)
    scene.line(0, 0, value, 10, Style(stroke="#000000"))
    with pytest.raises(BuildError, match=r"beyond what a PDF can hold \(-2,147,483,647 to 2,147,483,647\)"):
        render_pdf([Page(scene)])
    with pytest.raises(BuildError, match="beyond what a PDF can hold"):
        render_pdf([Page(_stroked(width=abs(value)))])


def test_the_largest_numbers_written_are_short_tokens() -> None:
    scene = Scene(30, 20)
    scene.line(0, 0, 2_000_000_000, 10, Style(stroke="#000000"))
    data = render_pdf([Page(scene)])

    streams = [zlib.decompress(m) for m in re.findall(rb"stream\n(.*?)\nendstream", data, re.S)
               if m.startswith(b"x")]
    assert any(b"2000000000 10 l" in s for s in streams)


@pytest.mark.parametrize("dash", [(0.0, 0.0), (-1.0, 2.0), (0.0,), (1.0, float("inf"))])
def test_a_dash_no_reader_takes_is_drawn_solid_in_every_format(dash: tuple[float, ...], tmp_path: Path) -> None:
    scene = _stroked(dash=dash)
    assert scene.items[0].style.dash is None            # type: ignore[union-attr]
    assert "stroke-dasharray" not in render_svg(scene)
    data = render_pdf([Page(scene)])
    assert render_pdf([Page(_stroked())]) == data        # the very file of a solid line
    need_tools()
    path = tmp_path / "dash.pdf"
    path.write_bytes(data)
    assert pdf_problems([path]) == []


def test_the_checker_finds_what_ghostscript_refuses(tmp_path: Path) -> None:
    """The check has not gone blind: a zero dash written past the writer is found and named."""
    need_tools()
    data = render_pdf([Page(_stroked(dash=(1.0, 1.0)))])

    start = data.index(b"stream\n") + 7
    end = data.index(b"\nendstream", start)
    content = zlib.decompress(data[start:end])
    assert b"[1 1] 0 d" in content
    broken = zlib.compress(content.replace(b"[1 1] 0 d", b"[0 0] 0 d"))
    head = data[:start].rsplit(b"/Length ", 1)
    patched = head[0] + b"/Length %d >>\nstream\n" % len(broken) + broken + data[end:]
    path = tmp_path / "zero-dash.pdf"
    path.write_bytes(patched)
    found = pdf_problems([path])
    assert any("Ghostscript" in problem and "zero-dash.pdf" in problem for problem in found), found
