"""The example in docs/map-format.md is a valid map (docs that lie are worse than none)."""

from __future__ import annotations

import re

from generator.hexart.board import draw_map
from generator.hexmap.loader import load_map

from .conftest import REPO


def test_docs_example_loads_and_draws(tmp_path):
    text = (REPO / "docs" / "map-format.md").read_text(encoding="utf-8")
    example = re.search(r"## A small complete example\n\n```yaml\n(.*?)```", text, re.S).group(1)
    path = tmp_path / "example.yaml"
    path.write_text(example, encoding="utf-8")
    m = load_map(path)
    assert m.cells["0302"].label == "Mühlheim" and m.cells["0601"].terrain == "woods"
    assert not m.passable("0203")
    assert draw_map(m).width > 0
