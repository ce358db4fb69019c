"""pnpkit's own marks, icons every game has (``templates/marks/``): ``designed``, the one cue of
a value the rulebook does not give (a designed value, printed with a footnote saying so).

A game may draw its own mark of the same name in its icons folder; its own wins.
"""

from __future__ import annotations

from pathlib import Path

from generator.draw.icons import Icon, load_icon
from generator.kit.location import templates_dir

DESIGNED = "designed"


def mark_files() -> dict[str, Path]:
    """Each mark's SVG file by name."""
    folder = templates_dir() / "marks"
    return {path.stem: path for path in sorted(folder.glob("*.svg"))} if folder.is_dir() else {}


def mark_icons() -> dict[str, Icon]:
    """Each mark as an icon (for text drawn outside a game's layouts: sheet headings, notes)."""
    return {name: load_icon(path, f"pnpkit's mark {name}") for name, path in mark_files().items()}
