"""Stockholm 1520's icons (the SVG files in data/stockholm1520/icons, the source of its card art) load and tint."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.draw.icons import load_icon
from generator.draw.scene import Scene
from tests.draw.raster import RENDERERS, at, near

ICONS = Path(__file__).resolve().parents[2] / "data" / "stockholm1520" / "icons"
TINTED = {"cavalry", "crossbowmen", "pikemen", "boot"}
ALL = TINTED | {"bridge", "crown", "scroll", "ship", "flag-danish", "flag-swedish", "corner"}


def test_every_icon_is_there_and_only_troop_parts_take_a_tint() -> None:
    assert {p.stem for p in ICONS.glob("*.svg")} == ALL
    for name in ALL:
        icon = load_icon(ICONS / f"{name}.svg")
        assert icon.has_current_colour == (name in TINTED), name
        assert 0.3 < icon.aspect < 3, name


@pytest.mark.parametrize("backend", sorted(RENDERERS))
def test_a_troop_emblem_takes_the_troop_colour_around_a_cream_horseshoe(backend: str) -> None:
    icon = load_icon(ICONS / "cavalry.svg")
    scene = Scene(40, 40)
    scene.icon(icon, 0, 0, 40, 40, tint="#9c2a22")          # the shield: about 35 x 40 mm, centred
    image = RENDERERS[backend](scene)
    assert near(at(image, 20, 35), "#9c2a22", tolerance=20)   # the shield's point
    assert near(at(image, 8, 8), "#9c2a22", tolerance=20)     # its upper corner
    assert near(at(image, 20, 10.6), "#fbf5e3", tolerance=20)  # the top of the horseshoe, cream
    assert near(at(image, 1, 1), "#ffffff")                   # outside the shield
