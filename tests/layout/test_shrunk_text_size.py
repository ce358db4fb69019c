"""Text shrunk to fit is warned of in the size it prints at: a layout drawn in a design
square and scaled to its trim prints its text scaled too."""

from __future__ import annotations

import re

from generator.core.notices import collecting
from generator.draw.richtext import Faces, Rich
from generator.draw.scene import Scene
from generator.layout.files import Where
from generator.layout.ops import GroupOp, TextboxOp, paint

LONG = "Tordenskjold Wachtmeister Lewenhaupt Rehnskiold"


def _box(size_pt: float) -> TextboxOp:
    return TextboxOp(box=(0.0, 0.0, 12.0, 4.0), text=LONG, face="serif", size_pt=size_pt, min_size_pt=2.0,
                     fill="#000000", align="center", valign="middle", leading=1.0, max_lines=None, opacity=1.0,
                     rich=Rich(Faces.of("serif")), where=Where("layout.yaml", {}, "layers.0"))


def _warned(scale: float, size_pt: float) -> list[float]:
    with collecting() as said:
        paint((GroupOp((_box(size_pt),), (0.0, 0.0), 0.0, scale, 1.0),), Scene(40, 40), "Game, Deck, item x")
    return [float(found) for found in re.findall(r"shrank to ([\d.]+) pt", "\n".join(said))]


def test_the_warning_gives_the_printed_size() -> None:
    [unscaled] = _warned(1.0, 6.0)
    [scaled] = _warned(2.0, 6.0)                # the same box drawn twice as large
    assert unscaled < 6.0
    assert abs(scaled - 2 * unscaled) < 0.01


def test_text_that_prints_large_enough_is_not_warned_of() -> None:
    [shrunk] = _warned(1.0, 6.0)
    assert _warned(8.5 / shrunk, 6.0) == []      # scaled up until the shrunk text prints at 8.5 pt
