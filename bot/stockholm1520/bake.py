"""Stockholm 1520's data baked for the offline app at export time. Not yet (issue 43): its page
in the app still reads the kit (``bot.stockholm1520.browser``); nothing is baked."""

from __future__ import annotations


def bake() -> dict[str, bytes]:
    """The files the offline app reads Stockholm 1520's data from, by name (none yet)."""
    return {}
