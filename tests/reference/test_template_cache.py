"""Reference templates are compiled once per machine: the compiled code is kept in the user's
cache, and a template whose source changed is compiled again."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.reference.templates import render


def _kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, template: str) -> tuple[Path, Path]:
    """A kit whose game folder holds ``sheet.xml.j2``, and a user cache of its own."""
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))
    kit = tmp_path / "kit"
    folder = kit / "data" / "game"
    folder.mkdir(parents=True)
    (folder / "sheet.xml.j2").write_text(template, encoding="utf-8")
    return kit, folder


def test_a_template_is_compiled_once_and_again_when_it_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    kit, folder = _kit(tmp_path, monkeypatch, "<p>{{ word }}</p>")
    assert render(kit, folder, "sheet.xml.j2", {"word": "one"}) == "<p>one</p>"
    compiled = list((tmp_path / "cache" / "pnpkit").glob("templates-*/*"))
    assert len(compiled) == 1
    (folder / "sheet.xml.j2").write_text("<b>{{ word }}</b>", encoding="utf-8")
    assert render(kit, folder, "sheet.xml.j2", {"word": "two"}) == "<b>two</b>"


def test_templates_compiled_by_other_sandbox_code_are_compiled_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sandbox instruments loops and joins as a template is compiled: code compiled
    before that instrumenting changed must not be run."""
    import sys

    from generator.core.usercache import source_digest

    kit, folder = _kit(tmp_path, monkeypatch, "{% for i in range(3) %}{{ i ~ word }}{% endfor %}")
    assert render(kit, folder, "sheet.xml.j2", {"word": "x"}) == "0x1x2x"
    first = list((tmp_path / "cache" / "pnpkit").glob("templates-*/*"))
    assert len(first) == 1
    assert render(kit, folder, "sheet.xml.j2", {"word": "y"}) == "0y1y2y"       # kept: no new entry
    assert list((tmp_path / "cache" / "pnpkit").glob("templates-*/*")) == first
    sandbox = sys.modules["generator.layout.expressions"]
    changed = tmp_path / "expressions.py"
    changed.write_bytes(Path(str(sandbox.__file__)).read_bytes() + b"\n# instrumented otherwise\n")
    monkeypatch.setattr(sandbox, "__file__", str(changed))
    source_digest.cache_clear()
    try:
        assert render(kit, folder, "sheet.xml.j2", {"word": "z"}) == "0z1z2z"
        compiled = list((tmp_path / "cache" / "pnpkit").glob("templates-*/*"))
        assert len(compiled) == 2 and compiled[0].parent != compiled[1].parent   # a miss: compiled anew, apart
    finally:
        source_digest.cache_clear()
