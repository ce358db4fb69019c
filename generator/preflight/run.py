"""Running the rules on the pages of a file as the build draws it."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace
from typing import Callable, Hashable, Iterable, Iterator, Sequence

from generator.core.words import counted
from generator.draw.capture import inspecting
from generator.draw.page import Page
from generator.preflight import collisions, colourcues, columns, contrast, cutting, margin, safezone, textsize, tiles
from generator.preflight.findings import Finding, Limits
from generator.preflight.page import PrintedPage

Rule = Callable[[PrintedPage], Iterable[Finding]]
RULES: tuple[Rule, ...] = (textsize.check, contrast.check, margin.check, cutting.check, tiles.check, collisions.check,
                          colourcues.check, columns.check, safezone.check)


PAGES_REMEMBERED = 256     # pages whose findings a process keeps (a watch rebuild redraws a sheet of
                           # which one card changed: its other pages are found again from here)
_remembered: OrderedDict[Hashable, tuple[Finding, ...]] = OrderedDict()


def _page_key(page: Page, file: str, number: int, limits: Limits, rules: Sequence[Rule]) -> Hashable:
    """All a page's findings depend on: the rules read nothing but the page's frozen items (a
    font by its face name, which a changed font file renames; an image by its bytes), its boxes,
    its file and number, and the limits."""
    scene = page.scene
    return (scene.width, scene.height, tuple(scene.items), page.trim, page.bleed, page.label, page.pieces,
            page.tile, page.columns_left, file, number, limits, tuple(rules))


def page_findings(page: Page, file: str, number: int, limits: Limits, rules: Sequence[Rule] = RULES
                  ) -> list[Finding]:
    """What the rules find on one page (``number`` from 1); a page drawn again unchanged (by
    the next rebuild of ``pnpkit watch``) is not measured again."""
    key = _page_key(page, file, number, limits, rules)
    found = _remembered.get(key)
    if found is None:
        printed = PrintedPage(page, file, number, limits)
        found = tuple(finding for rule in rules for finding in rule(printed))
        _remembered[key] = found
        if len(_remembered) > PAGES_REMEMBERED:
            _remembered.popitem(last=False)
    else:
        _remembered.move_to_end(key)
    return list(found)


MOST_NAMED = 3      # texts named in one finding of many alike (a map's hex numbers)


def once_per_file(findings: Iterable[Finding]) -> list[Finding]:
    """A finding repeated on several pages of a file (every page's crop marks, a back printed
    under every fronts page) once, on the first page it is on; findings alike but for their
    text (every hex number of a map at one size) as one, naming the first few."""
    seen: dict[tuple[str, ...], Finding] = {}
    for f in findings:
        seen.setdefault((f.rule, f.file, f.item, f.what, f.measured, f.limit), f)
    alike: dict[tuple[str, ...], list[Finding]] = {}
    for f in seen.values():
        if f.what.startswith("text "):          # texts alike but for what they say
            alike.setdefault((f.rule, f.file, f.measured, f.limit, "text"), []).append(f)
        else:                                   # the same thing on several pieces: the worst
            alike.setdefault((f.rule, f.file, f.limit, f.what), []).append(f)
    merged = []
    for group in alike.values():
        items = list(dict.fromkeys(f.item for f in group if f.item))
        if len(group) == 1:
            merged.extend(group)
        elif group[0].what.startswith("text "):
            texts = list(dict.fromkeys(f.what.removeprefix("text ") for f in group))
            merged.append(replace(group[0], what=f"{counted(len(texts), 'texts')} ({_first_few(texts)})", item=_first_few(items)))
        else:
            worst = min(group, key=lambda f: _number(f.measured))
            merged.append(replace(worst, item=_first_few(items)))
    return merged


def _number(measured: str) -> float:
    try:
        return float(measured.split(" ")[0])
    except ValueError:
        return 0.0


def _first_few(names: list[str]) -> str:
    more = f" and {len(names) - MOST_NAMED} more" if len(names) > MOST_NAMED else ""
    return ", ".join(names[:MOST_NAMED]) + more


def inspected(render: Callable[[], bytes], file: str, limits: Limits) -> tuple[bytes, list[Finding]]:
    """``render``'s bytes, and what the rules find on every page of the PDF it draws."""
    found: list[Finding] = []

    def look(page: Page, index: int) -> None:
        found.extend(page_findings(page, file, index + 1, limits))
    with inspecting(look):
        data = render()
    return data, once_per_file(found)


def sort_key(f: Finding) -> tuple[str, ...]:
    return f.file, f.rule, f.item, f.page, f.what


def ordered(findings: Iterable[Finding]) -> Iterator[Finding]:
    yield from sorted(findings, key=sort_key)
