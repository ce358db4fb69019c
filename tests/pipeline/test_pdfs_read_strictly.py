"""Every PDF a build of every bundled game writes is read through by qpdf and by Ghostscript
stopping at the first error (as a print shop's RIP would), and names in its header the PDF
version of every feature it uses. Skips, saying why, without the tools (.ci/run installs them)."""

from __future__ import annotations

from pathlib import Path

from tests.pdfcheck import need_tools, pdf_problems


def test_every_pdf_of_every_bundled_game_passes_qpdf_and_ghostscript(every_game_built: Path) -> None:
    pdfs = sorted(every_game_built.rglob("*.pdf"))
    games = {p.relative_to(every_game_built).parts[0] for p in pdfs if len(p.relative_to(every_game_built).parts) > 1}
    assert games == {"batalj", "breitenfeld1631", "christinaregina", "paxbaltica", "stockholm1520"}
    assert len(pdfs) > 100
    need_tools()
    assert pdf_problems(pdfs) == []
