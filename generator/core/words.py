"""Words of messages that depend on a number: "1 card", "2 cards" (never "1 cards")."""

from __future__ import annotations


def counted(n: int, noun: str) -> str:
    """'48 cards', '1 card', '1 box': ``noun`` is the plural, made singular for one."""
    return f"{n} {singular(noun) if n == 1 else noun}"


def singular(noun: str) -> str:
    """The singular of a regular English plural: 'cards' -> 'card', 'hexes' -> 'hex'."""
    if noun.endswith(("xes", "ches", "shes", "sses")):
        return noun[:-2]
    return noun[:-1] if noun.endswith("s") else noun
