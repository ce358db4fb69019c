"""Which known name a mistyped one was meant to be: "did you mean quantity?"."""

from __future__ import annotations

import difflib
from typing import Iterable

CUTOFF = 0.75   # how alike two names must be to be a near miss (difflib's ratio)


def _swaps(a: str, b: str) -> int:
    """Edits (a letter added, dropped, changed, or two swapped) turning a into b."""
    before = list(range(len(b) + 1))
    previous: list[int] = []
    for i, ca in enumerate(a, start=1):
        now = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            now[j] = min(before[j] + 1, now[j - 1] + 1, before[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                now[j] = min(now[j], previous[j - 2] + 1)
        previous, before = before, now
    return before[len(b)]


def closest(name: str, known: Iterable[str]) -> str | None:
    """The known name ``name`` is a near miss of (a typo: one edit, or mostly the same letters), or None."""
    options = sorted(set(known))
    one_edit = [option for option in options if len(option) > 1 and _swaps(name, option) == 1]
    if one_edit:
        return one_edit[0]
    close = difflib.get_close_matches(name, options, n=1, cutoff=CUTOFF)
    return close[0] if close else None
