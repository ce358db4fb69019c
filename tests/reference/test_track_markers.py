"""Every bundled reference track is a piece to play on: it says which marker it holds."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import yaml

from generator.kit.location import bundled_root


def _tracks(node: Any) -> Iterator[dict]:
    if isinstance(node, dict):
        if node.get("kind") == "track":
            yield node
        for value in node.values():
            yield from _tracks(value)
    elif isinstance(node, list):
        for value in node:
            yield from _tracks(value)


def test_every_bundled_track_diagram_names_the_marker_size_it_holds() -> None:
    """A track diagram without ``min_box`` may draw boxes smaller than its marker (Stockholm's round
    track once had 10 mm boxes for a 20 mm round marker)."""
    missing = []
    for path in sorted((Path(bundled_root()) / "data").glob("*/*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for track in _tracks(data):
            if not track.get("min_box"):
                missing.append(f"{path.parent.name}/{path.name}")
    assert missing == []
