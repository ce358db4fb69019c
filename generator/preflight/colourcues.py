"""Rule 7, colour-only cues on the drawing: two badges or texts set alike (one face, one size,
the same words once their numbers are set aside) that differ only by colour, where those
colours merge for a protanope or a deuteranope, tell the two apart by colour alone.

The declared colour sets (``generator.preflight.colourvision``) cover what a game codes by
colour on purpose; this finds what a layout or map style drew that way without saying so: a
turn track's "D" badge green for one army and olive for the other reads as one badge to a
player who cannot tell green from olive. Compared within one piece (a card, a label) or one
sheet's loose drawing, since a second cue can only be read where both marks are seen. The
colour of a mark is its text's and the ground behind its letters (a badge's fill); a pair
whose colours differ too little for anyone is no colour code and is left alone.
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import Iterator

from generator.draw.colour import normalise
from generator.draw.ink import Drawn
from generator.draw.scene import TextItem, apply
from generator.preflight.colourvision import MERGE, _linear, ciede2000, lab, seen_as
from generator.preflight.findings import Finding
from generator.preflight.page import PrintedPage

RULE = "colour-cue"
DEFICIENCIES = ("protanopia", "deuteranopia")
_NUMBER = re.compile(r"\d+")
_LETTER = re.compile(r"[^\W\d_]")
TOGETHER = 1.5      # mm between texts of one colour and ground that read as one mark


def _difference(a: str, b: str, deficiency: str | None) -> float:
    if deficiency is None:
        return ciede2000(lab(_linear(a)), lab(_linear(b)))
    return ciede2000(lab(seen_as(a, deficiency)), lab(seen_as(b, deficiency)))


def _apart(one: tuple[str, str], two: tuple[str, str], deficiency: str | None) -> float:
    """How far apart two marks' colours (text, ground) are: the larger of the two differences."""
    return max(_difference(a, b, deficiency) for a, b in zip(one, two))


def _looks(page: PrintedPage) -> dict[tuple[str, str], dict[tuple[str, str], Drawn]]:
    """Marks set alike by their colours. A mark is a run of texts of one colour on one ground
    that stand together (a marker's "Imp." over "losses" is one mark, "Imp. losses"); marks are
    alike when their piece, faces, sizes and words (numbers set aside) are."""
    ground = page.ground
    texts: list[tuple[Drawn, TextItem, tuple[str, str], tuple[float, float, float, float]]] = []
    for order, d in enumerate(page.items):
        item = d.item
        if not isinstance(item, TextItem) or not item.text.strip() or d.shadow or d.opacity <= 0 \
                or item.gradient is not None or (page.overview and d.scale < 0.999):
            continue
        x = item.start_x() + item.width() / 2
        px, py = apply(d.matrix, (x, item.y - item.size_mm * 0.3))
        behind = ground.colour_at(px, py, order) or "#ffffff"
        try:
            colours = (normalise(item.fill), normalise(behind))
        except (ValueError, TypeError):
            continue
        texts.append((d, item, colours, d.box))
    parent = list(range(len(texts)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i
    for i, (d1, _, c1, b1) in enumerate(texts):
        for j in range(i + 1, len(texts)):
            d2, _, c2, b2 = texts[j]
            if c1 == c2 and d1.piece == d2.piece and max(b2[0] - b1[2], b1[0] - b2[2], b2[1] - b1[3],
                                                          b1[1] - b2[3]) <= TOGETHER:
                parent[root(j)] = root(i)
    marks: dict[int, list[int]] = {}
    for i in range(len(texts)):
        marks.setdefault(root(i), []).append(i)
    found: dict[tuple[str, str], dict[tuple[str, str], Drawn]] = {}
    for members in marks.values():
        members.sort(key=lambda i: (round(texts[i][3][1], 1), texts[i][3][0]))
        words = _NUMBER.sub("#", " ".join(" ".join(texts[i][1].text.split()) for i in members))
        if not _LETTER.search(words):
            continue                    # numbers alone read as themselves
        first = texts[members[0]][0]
        style = ",".join(f"{texts[i][1].face}/{round(texts[i][1].size_pt * texts[i][0].scale, 1)}" for i in members)
        found.setdefault((f"{first.piece}|{style}", words), {}).setdefault(texts[members[0]][2], first)
    return found


def check(page: PrintedPage) -> Iterator[Finding]:
    for (_, words), looks in _looks(page).items():
        for (one, d1), (two, d2) in combinations(looks.items(), 2):
            if _apart(one, two, None) < MERGE:
                continue                # no colour code: alike for everyone
            merged = [(_apart(one, two, deficiency), deficiency) for deficiency in DEFICIENCIES]
            delta, deficiency = min(merged)
            if delta >= MERGE:
                continue
            yield page.finding(RULE, d2, f"marks {words!r} ({one[0]} on {one[1]}; {two[0]} on {two[1]})",
                               f"alike but for colour, which merges under {deficiency}: CIEDE2000 {delta:.1f}",
                               f"{MERGE:g}, or a second cue (other words or a symbol)")
            break                       # one finding for a look: the designer fixes them together
