"""docs/reference-format.md: its worked example builds, and says what the code does."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pymupdf
import pytest

from generator.build.engine import build
from generator.pieces.job import BuildOptions
from generator.reference.diagrams import SPECS
from generator.reference.sheet import DEFAULT_STYLES
from tests.reference.conftest import ICON

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "reference-format.md").read_text(encoding="utf-8")


def _yaml_blocks() -> list[str]:
    return re.findall(r"```yaml\n(.*?)```", DOC, re.S)


def test_the_worked_example_builds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = _yaml_blocks()
    units = next(b for b in blocks if b.startswith("units:"))
    reference = next(b for b in blocks if b.startswith("title: Example Game"))
    root = tmp_path / "kit"
    shutil.copytree(ROOT / "data" / "sheets", root / "data" / "sheets")
    game = root / "data" / "example"
    (game / "icons").mkdir(parents=True)
    (game / "icons" / "crown.svg").write_text(ICON, encoding="utf-8")
    (game / "units.yaml").write_text(units, encoding="utf-8")
    (game / "reference.yaml").write_text(reference, encoding="utf-8")
    (game / "game.yaml").write_text("id: example\ntitle: Example Game\ntables: {units: units.yaml}\ncomponents:\n"
                                    "  - {kind: reference, id: aid, title: Reference, source: reference.yaml}\n")
    monkeypatch.chdir(root)
    out = tmp_path / "out"
    build(["example"], BuildOptions(formats=frozenset({"pdf"})), out, only={"reference"})
    text = pymupdf.open(out / "example" / "reference" / "aid-a4.pdf")[0].get_text()
    for words in ("The turn", "Draw", "Attack once per unit", "Horse", "Guns", "beats", "Same unit", "(3.1)"):
        assert words in text


def test_every_diagram_kind_and_style_is_documented() -> None:
    for kind in SPECS:
        assert f"| `{kind}` |" in DOC
    for style in DEFAULT_STYLES:
        assert f"`{style}`" in DOC


def test_a_game_registers_a_diagram_kind_only_its_sheets_see() -> None:
    """A game's own diagram (``register_diagram``) is drawn for its sheets, unknown to others."""
    from typing import Literal

    from generator.draw.scene import Scene, Style
    from generator.reference.diagrams import DiagramKind, diagram_kinds, draw_diagram, register_diagram
    from generator.reference.diagrams.base import Spec
    from generator.reference.sheet import SheetError

    class DotSpec(Spec):
        kind: Literal["dot"]
        r: float

    def dot(spec: DotSpec, width: float, drawing: object) -> Scene:
        scene = Scene(2 * spec.r, 2 * spec.r)
        scene.circle(spec.r, spec.r, spec.r, Style(fill="#000000"))
        return scene

    register_diagram("dotgame", "dot", DiagramKind(DotSpec, dot))
    text = None                                   # the sheet's text: not read by this kind
    assert draw_diagram("dot", {"r": 3}, 50, text, lambda name: None, game="dotgame").width == 6
    assert "dot" in diagram_kinds("dotgame") and "dot" not in diagram_kinds(None)
    with pytest.raises(SheetError, match="unknown diagram kind 'dot'"):
        draw_diagram("dot", {"r": 3}, 50, text, lambda name: None)
    with pytest.raises(SheetError, match="diagram 'dot': r"):
        draw_diagram("dot", {"r": "big"}, 50, text, lambda name: None, game="dotgame")
