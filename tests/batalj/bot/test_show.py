"""The position picture: every piece of the battle is drawn where it stands (on a blank board
here; `pnpkit batalj show` draws on the printed Battlefield)."""

from __future__ import annotations

import pytest

import bot.batalj.show as show
from generator.draw.scene import CircleItem, GroupItem, PathItem, Scene, TextItem
from tests.batalj.bot.helpers import table


def _items(scene: Scene) -> list[object]:
    found: list[object] = []

    def walk(items: tuple | list) -> None:
        for item in items:
            if isinstance(item, GroupItem):
                walk(item.items)
            else:
                found.append(item)
    walk(scene.items)
    return found


def test_every_piece_and_card_is_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(show, "board_scene", lambda: (Scene(426, 386), 3.0))
    t = table(sectors={"s1": ("sweden", 2, 1, "Uppland"), "e2": ("enemy", 3, 0), "e1": ("sweden", 1, 0, "Skåne")},
              sr=(5, 0), er=(2, 1), cannons=([3], [2]))
    items = _items(show.position_scene(t.battle))
    discs = [i for i in items if isinstance(i, CircleItem)]
    blue = [d for d in discs if d.style.fill == show.COLOURS["sweden"]]
    red = [d for d in discs if d.style.fill == show.COLOURS["enemy"]]
    assert (len(blue), len(red)) == (2 + 1 + 5, 3 + 2)
    texts = [i.text for i in items if isinstance(i, TextItem)]
    assert "Uppland" in texts and "Skåne" in texts and "3" in texts and "2" in texts
    diamonds = [i for i in items if isinstance(i, PathItem) and i.style.stroke == "#f3d36b"]
    assert len(diamonds) == 2
    # the enemy's pieces stand in the top rows, Sweden's Sector below them (y down)
    assert max(d.cy for d in red if d.cy > 72) < min(d.cy for d in blue if 200 < d.cy < 320)
