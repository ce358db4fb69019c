"""PDFium is imported by the building process after forking only when later runs will fork
from it (watch, a build of several games): a one-run build leaves it to the one worker that
rasterises, not taking a core from the two workers."""

from __future__ import annotations

import pytest

from generator.build import render_pool
from generator.draw import png


def test_pdfium_is_imported_after_forking_only_for_later_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    imported: list[str] = []
    monkeypatch.setattr(png, "pdfium", lambda: imported.append("pdfium"))
    monkeypatch.setattr(render_pool, "_later_runs", False)
    render_pool._warm_later()
    assert imported == []
    render_pool.expect_later_runs()
    render_pool._warm_later()
    assert imported == ["pdfium"]

