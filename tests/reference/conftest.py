"""A small kit with one game and a reference sheet, for tests that change it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import game_kit


GAME = """\
id: mini
title: Mini Game
tables:
  units: units.yaml
components:
  - {kind: reference, id: aid, title: Player aid, source: reference.yaml}
"""

UNITS = """\
units:
  horse: {name: Horse, moves: 3, colour: "#9c2a22", beats: foot}
  foot: {name: Foot, moves: 2, colour: "#2b4a7a", beats: guns}
  guns: {name: Guns, moves: 1, colour: "#3f6b32", beats: horse}
"""

REFERENCE = """\
title: Mini Game
subtitle: A test of the reference kind
layout: {orientation: portrait, columns: 2, pages: 1, size: 9}
sections:
  - title: Sequence
    rule: "1.0"
    blocks:
      - steps: ["Draw a card", "**Move** your units", {text: "Fight *once*", rule: "1.3"}]
  - title: Units
    rule: "2.0"
    blocks:
      - table:
          columns: [{title: Unit}, {title: Moves, align: c, width: 14}]
          rows: {from: units.units, each: [":crown: **{{ name }}**", "{{ moves }}"]}
      - diagram:
          kind: cycle
          nodes: {from: units.units, each: {id: "{{ key }}", label: "{{ name }}", colour: "{{ colour }}", beats: "{{ beats }}"}}
"""

ICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
        '<path d="M1 9 L5 1 L9 9 Z" fill="currentColor"/></svg>')


@pytest.fixture
def kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A kit with the shared sheets and the game ``mini``; returns the game's folder."""
    return game_kit(tmp_path, monkeypatch, "mini", {"game.yaml": GAME, "units.yaml": UNITS,
                                                    "reference.yaml": REFERENCE, "icons/crown.svg": ICON})


def replace_in(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path.name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
