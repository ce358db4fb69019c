"""Counters: the square pieces that stand in hexes, and their faces.

A face is a side, a type and a label. What a side looks like (its rim and flag) and what a
type looks like (its body colour, emblem, movement and name) is the game's data: the
``sides:`` and ``types:`` of its counters file; a game's code may give some types' names,
colours and movement from a file of its own (``generator.hexmap.overlay.CounterOverlay``).
A face is painted by ``generator.hexart.counters``; a counters file is read by
``generator.hexmap.counterfile``.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.hexmap.counterlook import CounterLook, Face


@dataclass(frozen=True)
class Counter:
    id: str
    front: Face
    back: Face
    quantity: int = 1
    designed: str = ""


@dataclass(frozen=True)
class CounterSet:
    size_mm: float
    counters: list[Counter]
    look: CounterLook
