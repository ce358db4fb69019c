"""Reference templates are compiled once per machine: the compiled code is kept in the user's
cache, and a template whose source changed is compiled again."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.reference.templates import render


def test_a_template_is_compiled_once_and_again_when_it_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))
    kit = tmp_path / "kit"
    folder = kit / "data" / "game"
    folder.mkdir(parents=True)
    (folder / "sheet.xml.j2").write_text("<p>{{ word }}</p>", encoding="utf-8")
    assert render(kit, folder, "sheet.xml.j2", {"word": "one"}) == "<p>one</p>"
    compiled = list((tmp_path / "cache" / "pnpkit").glob("templates-*/*"))
    assert len(compiled) == 1
    (folder / "sheet.xml.j2").write_text("<b>{{ word }}</b>", encoding="utf-8")
    assert render(kit, folder, "sheet.xml.j2", {"word": "two"}) == "<b>two</b>"
