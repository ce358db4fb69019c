"""Colour-only cues (issue 38, item 4): two badges or texts set alike that differ only by a
colour pair that merges under protanopia or deuteranopia are a finding; a second cue (other
words) or colours that stay apart for every viewer are not."""

from __future__ import annotations

from generator.draw.page import Page
from generator.draw.scene import Scene, Style
from generator.preflight.findings import Limits
from generator.preflight.run import page_findings

SAXON = "#3f6b32"        # green
IMPERIAL = "#7a5c14"     # dark gold: merges with the green for a protanope
SWEDISH = "#2b5ea7"      # blue: apart from both for everyone


def _found(scene: Scene) -> list:
    return [f for f in page_findings(Page(scene, label="play aids"), "game/aids.pdf", 1, Limits())
            if f.rule == "colour-cue"]


def _track(first: tuple[str, str], second: tuple[str, str]) -> Scene:
    """A turn track's two badges: (colour, words) each, white letters on the colour."""
    s = Scene(120, 40)
    s.rect(0, 0, 120, 40, Style(fill="#ffffff"))
    for x, (colour, words) in ((20, first), (60, second)):
        s.rect(x, 10, 12, 6, Style(fill=colour))
        s.text(x + 6, 14.5, words, face="serif-bold", size_pt=8, fill="#ffffff", anchor="middle")
    return s


def test_badges_alike_but_for_colours_that_merge_are_a_finding() -> None:
    found = _found(_track((SAXON, "D"), (IMPERIAL, "D")))
    assert len(found) == 1
    finding = found[0]
    assert finding.page == "play aids" and "'D'" in finding.what
    assert SAXON in finding.what and IMPERIAL in finding.what and "protanopia" in finding.measured


def test_texts_alike_once_their_numbers_are_set_aside_are_compared_too() -> None:
    s = Scene(120, 40)
    s.rect(0, 0, 120, 40, Style(fill="#ffffff"))
    s.text(10, 30, "7 D", face="serif-bold", size_pt=8, fill=SAXON)
    s.text(60, 30, "9 D", face="serif-bold", size_pt=8, fill=IMPERIAL)
    assert len(_found(s)) == 1


def test_a_second_cue_or_colours_apart_for_everyone_are_not() -> None:
    assert _found(_track((SAXON, "D·S"), (IMPERIAL, "D·I"))) == []      # the words tell them apart
    assert _found(_track((SAXON, "D"), (SWEDISH, "D"))) == []           # green and blue stay apart
    assert _found(_track((SAXON, "D"), (SAXON, "D"))) == []             # one colour: no colour code


def test_a_marker_read_as_a_whole_carries_its_second_cue() -> None:
    s = Scene(120, 40)
    s.rect(0, 0, 120, 40, Style(fill="#ffffff"))
    for x, colour, army in ((20, SAXON, "Sax."), (60, IMPERIAL, "Imp.")):
        s.rect(x, 5, 16, 12, Style(fill=colour))
        s.text(x + 8, 10, army, face="serif-bold", size_pt=8, fill="#ffffff", anchor="middle")
        s.text(x + 8, 14, "losses", face="serif-bold", size_pt=8, fill="#ffffff", anchor="middle")
    assert _found(s) == []
