"""Clear space on a small piece: its words and symbols keep a distance from each other.

A block label or a sticker is read at arm's length in a few millimetres: a pip that touches a
name or two baggage circles that run together read as one mark. Published labels keep clear
space round every symbol; this measures it on the drawing itself (what a reader sees, not the
layout's boxes). A word is a text's letters (cap height to just below the baseline); a symbol
is an icon (its drawn extent), a circle or a shape (a box round a numeral). A mark lying wholly on another (a numeral in its
box, everything on the label's ground) is that one's content, not its neighbour; the designed
mark is set beside the one value it qualifies, as a footnote mark is, and keeps clear of the rest.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Sequence

from generator.core.limits import excerpt
from generator.draw.ink import Box, Drawn, drawn, inks
from generator.draw.marks import DESIGNED
from generator.draw.read import ICON
from generator.draw.scene import CircleItem, Item, PathItem, TextItem, apply

CAP = 0.68      # a capital's height above the baseline, in font sizes
FOOT = 0.12     # the letters' foot below it


@dataclass(frozen=True)
class Mark:
    """A word or symbol of a drawing with its box (mm)."""

    what: str
    box: Box

    @property
    def designed(self) -> bool:
        return self.what == f"symbol {DESIGNED}"


def _letters(d: Drawn) -> Box:
    item = d.item
    assert isinstance(item, TextItem)
    x0 = item.start_x()
    x1 = x0 + item.width()
    corners = [apply(d.matrix, (x, y)) for x in (x0, x1)
               for y in (item.y - CAP * item.size_mm, item.y + FOOT * item.size_mm)]
    return (min(c[0] for c in corners), min(c[1] for c in corners),
            max(c[0] for c in corners), max(c[1] for c in corners))


def marks(items: Sequence[Item]) -> list[Mark]:
    """The words and symbols a drawing shows, each with its box."""
    found: list[Mark] = []
    icons: dict[int, tuple[str, list[float]]] = {}
    for d in drawn(items):
        icon = next((g for g in d.groups if g.name.startswith(ICON)), None)
        if icon is not None:
            _, box = icons.setdefault(id(icon), (icon.name, [*d.box]))
            box[:] = [min(box[0], d.box[0]), min(box[1], d.box[1]), max(box[2], d.box[2]), max(box[3], d.box[3])]
        elif isinstance(d.item, TextItem) and d.item.text.strip() and d.opacity > 0:    # white on a box too
            found.append(Mark(f"text {excerpt(d.item.text.strip(), 40)}", _letters(d)))
        elif isinstance(d.item, CircleItem) and inks(d):
            found.append(Mark("a circle", d.box))
        elif isinstance(d.item, PathItem) and inks(d):
            found.append(Mark("a shape", d.box))
    found.extend(Mark(f"symbol {name.removeprefix(ICON)}", (b[0], b[1], b[2], b[3])) for name, b in icons.values())
    return found


def gap(a: Box, b: Box) -> float:
    """The shortest distance between two boxes (0 where they meet)."""
    dx = max(0.0, b[0] - a[2], a[0] - b[2])
    dy = max(0.0, b[1] - a[3], a[1] - b[3])
    return math.hypot(dx, dy)


def _on(inner: Box, outer: Box) -> bool:
    return outer[0] <= inner[0] + 1e-6 and inner[2] <= outer[2] + 1e-6 and outer[1] <= inner[1] + 1e-6 \
        and inner[3] <= outer[3] + 1e-6


def crowded(found: Iterable[Mark], clear: float) -> list[tuple[Mark, Mark, float]]:
    """Every pair of marks closer than ``clear`` mm, closest first. A mark lying on another is
    its content; a designed mark is exempt only from the one mark nearest to it (the value it
    qualifies)."""
    every = list(found)
    qualified: dict[int, int] = {}
    for i, m in enumerate(every):
        if m.designed:
            others = [(gap(m.box, o.box), j) for j, o in enumerate(every)
                      if j != i and not o.designed and not _on(m.box, o.box)]
            if others:
                qualified[i] = min(others)[1]
    pairs = []
    for i, a in enumerate(every):
        for j in range(i + 1, len(every)):
            b = every[j]
            if _on(a.box, b.box) or _on(b.box, a.box) or qualified.get(i) == j or qualified.get(j) == i:
                continue
            distance = gap(a.box, b.box)
            if distance < clear - 1e-6:
                pairs.append((a, b, distance))
    return sorted(pairs, key=lambda p: p[2])


SAME_SIZE = 0.05    # mm two symbols' boxes may differ by and still be alike


def _alike(a: Mark, b: Mark) -> bool:
    return a.what == b.what and all(abs((a.box[k + 2] - a.box[k]) - (b.box[k + 2] - b.box[k])) <= SAME_SIZE
                                    for k in (0, 1))


def wrapped_runs(found: Iterable[Mark]) -> list[tuple[Mark, int, int]]:
    """Each run of like symbols (the same symbol or shape at the same size, each within its
    own size of the next: a count, as baggage circles or pips) set on more than one line:
    (its first mark, how many, on how many lines). A count is read along one line, as a name
    is; its last circle on a line of its own reads as a second count (five circles set four and one)."""
    every = [m for m in found if not m.what.startswith("text ") and not m.designed]     # a designed mark qualifies, never counts
    runs: list[list[Mark]] = []
    for mark in every:
        size = max(mark.box[2] - mark.box[0], mark.box[3] - mark.box[1])
        joined = [r for r in runs if _alike(r[0], mark) and any(gap(m.box, mark.box) <= size for m in r)]
        for r in joined[1:]:
            joined[0].extend(r)
            runs.remove(r)
        if joined:
            joined[0].append(mark)
        else:
            runs.append([mark])
    wrapped = []
    for run in runs:
        if len(run) < 2:
            continue
        height = run[0].box[3] - run[0].box[1]
        lines: list[float] = []
        for m in sorted(run, key=lambda m: m.box[1]):
            middle = (m.box[1] + m.box[3]) / 2
            if not lines or middle - lines[-1] > height / 2:
                lines.append(middle)
        if len(lines) > 1:
            wrapped.append((run[0], len(run), len(lines)))
    return wrapped
