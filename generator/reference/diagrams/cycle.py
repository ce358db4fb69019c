"""``cycle``: pieces that beat one another in a ring (the combat triangle of a
rock-paper-scissors game): nodes with a colour, an icon and a label; arrows from each node
to the one it beats, labelled."""

from __future__ import annotations

import math
from typing import Any, Literal

from pydantic import Field

from generator.core.units import MM_PER_PT
from generator.draw.scene import Scene, Style
from generator.reference.diagrams.base import INK, Colour, Drawing, Spec, Weight, arrow, centred_lines


class Node(Spec):
    id: str
    label: str
    sub: str = ""
    colour: Colour = INK
    icon: str = ""
    beats: str


class CycleSpec(Spec):
    kind: Literal["cycle"]
    nodes: list[Node] = Field(min_length=3, max_length=6)
    verb: str = "beats"
    centre: str = ""


def draw(spec: Any, width: float, d: Drawing) -> Scene:
    nodes: list[Node] = _ordered_cycle(spec.nodes)
    width = min(width, 70.0)
    r = width * 0.12
    label_size = d.size
    line = label_size * MM_PER_PT * 1.15
    lines_per_label = 2 if any(n.sub for n in nodes) else 1
    label_h = lines_per_label * line + 1.0
    radius = width * 0.29
    cx = width / 2
    cy = label_h + r + radius
    angles = [-math.pi / 2 + 2 * math.pi * i / len(nodes) for i in range(len(nodes))]
    centres = [(cx + radius * math.cos(a), cy + radius * math.sin(a)) for a in angles]
    scene = Scene(width, max(y for _, y in centres) + r + label_h + 1.0)
    for i, (x1, y1) in enumerate(centres):
        x2, y2 = centres[(i + 1) % len(centres)]
        arrow(scene, (x1, y1), (x2, y2), r + 1.2, INK, 0.45)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        out_x, out_y = mx - cx, my - cy
        norm = math.hypot(out_x, out_y) or 1.0
        lx, ly = mx + out_x / norm * 3.2, my + out_y / norm * 3.2
        anchor: Literal["start", "middle", "end"] = "middle" if abs(out_x) < 1 else ("start" if out_x > 0 else "end")
        scene.text(lx, ly + label_size * MM_PER_PT * 0.35, spec.verb, face=d.face("italic"), size_pt=label_size,
                   fill=INK, anchor=anchor)
    for node, (x, y) in zip(nodes, centres):
        scene.circle(x, y, r, Style(fill=node.colour, stroke=INK, stroke_width=0.35))
        if node.icon:
            s = r * 1.25
            scene.icon(d.icon(node.icon), x - s / 2, y - s / 2, s, s, tint=node.colour)
        texts: list[tuple[str, Weight]] = [(node.label, "bold")]
        if node.sub:
            texts.append((node.sub, "italic"))
        # labels stand outside the ring: above a node in its upper half, below one in its lower half
        above = y < cy - 0.1 * radius
        first = y - r - 1.0 - (len(texts) - 1) * line - line * 0.2 if above else y + r + line * 0.95
        for k, (text, weight) in enumerate(texts):
            scene.text(x, first + k * line, text, face=d.face(weight), size_pt=label_size, fill=INK, anchor="middle")
    if spec.centre:
        centred_lines(scene, d, spec.centre, cx, cy + r * 0.15, radius * 0.9)
    return scene


def _ordered_cycle(nodes: list[Node]) -> list[Node]:
    """The nodes in the order each beats the next; ValueError unless they form one ring."""
    by_id = {n.id: n for n in nodes}
    order = [nodes[0]]
    while len(order) < len(nodes):
        nxt = by_id.get(order[-1].beats)
        if nxt is None:
            raise ValueError(f"{order[-1].id!r} beats {order[-1].beats!r}, which is not a node")
        if nxt in order:
            raise ValueError(f"the nodes do not form one ring ({' > '.join(n.id for n in order)} > {nxt.id})")
        order.append(nxt)
    if order[-1].beats != order[0].id:
        raise ValueError(f"the ring does not close: {order[-1].id!r} beats {order[-1].beats!r}, not {order[0].id!r}")
    return order
