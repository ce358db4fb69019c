"""Pax Baltica's order of battle (blocks.csv) against what the rules say of each block."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.paxbaltica.conftest import blocks, data, find, one

# Every block rules section 12 names, by nation and by the name the rules print
# (12.1-12.4 set-ups and special rules; True: the starred, reformed block of 11.2).
SECTION_12 = [
    # 12.1 Next Stop Moscow
    ("sweden", "Pommerska", None), ("sweden", "Östgöta", None), ("sweden", "Lewenhaupt", None),
    ("sweden", "Vellinck", None), ("sweden", "Södra Skånska", None), ("sweden", "Wachtmeister", None),
    ("sweden", "Watrang", None), ("sweden", "Karl XII", None), ("sweden", "Rehnskiöld", None),
    ("sweden", "Dalregementet", None), ("sweden", "Kronoberg", None),
    ("russia", "Sjeremetev", False), ("russia", "Repnin", True), ("russia", "Mensjikov", True),
    ("russia", "Golitsyn", True), ("russia", "Ogilvy", False), ("russia", "Pjotr I", None),
    ("russia", "Schnewentz", None), ("russia", "Woronjetski", None),
    # 12.2 On the Road to Glory and 12.4 The Grand Campaign (the same set-up)
    ("sweden", "Elfsborg", None), ("sweden", "Estländska", None),
    ("russia", "Kazanski", None), ("russia", "Repnin", False),
    ("saxony", "Flemming", None), ("poland", "Lubomirski", None),
    # 12.3 The End is Near ("All Russian armies are reformed")
    ("britain", "Rooke", None), ("russia", "Golitsyn", True), ("russia", "Mensjikov", True),
    ("russia", "Sjeremetev", True), ("russia", "Stubinski", None), ("russia", "Botsis", None),
    ("russia", "Cossacks", None),
]

# Blocks other sections name (examples, royal blocks, national rules).
OTHER_SECTIONS = [
    ("saxony", "August II"), ("denmark", "Frederik IV"), ("denmark", "Reventlov"),
    ("denmark", "Prins Christian"), ("denmark", "Bergenhus"), ("saxony", "Schulenburg"),
    ("poland", "Sobieski"), ("poland", "Oginski"), ("sweden", "Savolax"), ("ukraine", "Mazepa"),
    ("holstein", "Friedrich IV"),
]

FLEETS = ("fleet", "galley fleet")


@pytest.mark.parametrize("nation, name, reformed", SECTION_12)
def test_every_block_section_12_names_is_there_by_its_exact_name(nation: str, name: str, reformed: bool | None) -> None:
    assert len(find(nation, name, reformed)) >= 1, f"no {nation} block {name!r}"


@pytest.mark.parametrize("nation, name", OTHER_SECTIONS)
def test_blocks_named_elsewhere_in_the_rules_are_there(nation: str, name: str) -> None:
    assert find(nation, name), f"no {nation} block {name!r}"


def test_the_values_the_rules_state() -> None:
    karl = one("sweden", "Karl XII")
    assert (karl["type"], karl["rating"], karl["royal"]) == ("army", "A3", "yes")            # 6.4, 2.3
    pjotr = one("russia", "Pjotr I")
    assert (pjotr["type"], pjotr["rating"], pjotr["strength"], pjotr["royal"]) == ("army", "B3", "4", "yes")  # 6.5
    reventlov = one("denmark", "Reventlov")
    assert (reventlov["type"], reventlov["rating"]) == ("army", "B2")                          # 6.4
    assert (one("sweden", "Pommerska")["type"], one("sweden", "Pommerska")["rating"]) == ("regiment", "B1")
    assert (one("denmark", "Prins Christian")["type"], one("denmark", "Prins Christian")["rating"]) == ("regiment", "B1")
    repnin = one("russia", "Repnin", reformed=True)                                           # 2.1 example
    assert (repnin["type"], repnin["rating"], repnin["move"], repnin["baggage"]) == ("army", "B2", "2", "1")
    assert one("saxony", "Schulenburg")["strength"] == "4"                                   # 5.6: 1 + 3 steps
    assert one("poland", "Lubomirski")["type"] == "army"                                     # 5.6, 11.5


def test_regiments_move_black_2_as_infantry_and_white_3_as_cavalry() -> None:
    regiments = [b for b in blocks() if b["type"] == "regiment"]
    assert len(regiments) >= 10
    for block in regiments:
        assert (block["arm"], block["move"]) in {("infantry", "2"), ("cavalry", "3")}, block["name"]
        assert block["baggage"] == "0", f"{block['name']}: only armies have baggage trains (2.1)"


def test_fleets_move_six_and_the_galley_fleet_three() -> None:
    fleets = [b for b in blocks() if b["type"] == "fleet"]
    galleys = [b for b in blocks() if b["type"] == "galley fleet"]
    assert len(fleets) == 6 and len(galleys) == 1                 # not vacuous: 2.2, 9.1, 11.11
    for block in fleets:
        assert block["move"] == "6", block["name"]
    for block in galleys:
        assert block["move"] == "3", block["name"]


def test_fleet_counts_the_rules_give() -> None:
    fleets = Counter(b["nation"] for b in blocks() if b["type"] in FLEETS)
    assert fleets["sweden"] == 2 and fleets["denmark"] == 2      # 2.2
    assert fleets["russia"] == 2                                 # 2.2, 11.2: after Sankt-Peterburg
    assert fleets["britain"] == 1                                # 11.11
    assert sum(fleets.values()) == 7
    assert [b["name"] for b in blocks() if b["type"] == "galley fleet"] == ["Botsis"]   # 9.1: one galley fleet


def test_the_four_royal_blocks() -> None:
    royals = {(b["nation"], b["name"]) for b in blocks() if b["royal"] == "yes"}
    assert royals == {("sweden", "Karl XII"), ("russia", "Pjotr I"), ("saxony", "August II"), ("denmark", "Frederik IV")}


def test_every_reformable_russian_army_has_its_starred_twin() -> None:
    reformable = {b["name"] for b in blocks() if b["reform"] == "reformable"}
    reformed = {b["name"] for b in blocks() if b["reform"] == "reformed"}
    assert reformable == reformed == {"Sjeremetev", "Repnin", "Mensjikov", "Golitsyn", "Ogilvy"}
    assert {b["nation"] for b in blocks() if b["reform"]} == {"russia"}
    assert {b["type"] for b in blocks() if b["reform"]} == {"army"}


def test_poland_has_three_blocks_two_of_them_regiments() -> None:
    polish = [b for b in blocks() if b["nation"] == "poland"]                # 11.5, 12.2
    assert len(polish) == 3
    assert sorted(b["type"] for b in polish) == ["army", "regiment", "regiment"]


def test_designed_values_are_marked_with_real_column_names() -> None:
    columns = set(blocks()[0])
    for block in blocks():
        for word in block["designed"].split():
            assert word in columns, f"{block['id']}: designed names {word!r}, not a column"
        assert block["rule"], block["id"]
    assert one("sweden", "Karl XII")["designed"].split().count("rating") == 0      # A3 is the rules'
    assert "rating" in one("sweden", "Rehnskiöld")["designed"].split()


def _block_refs() -> list[tuple[str, str, str, bool]]:
    """(scenario, nation, name, reformed) of every block scenarios.yaml places or sets aside."""
    refs = []
    for scenario in data("scenarios.yaml"):
        for heading in scenario["setup"]:
            entries = [b for place in heading["places"] for b in place["blocks"]] + heading.get("pool", [])
            for entry in entries:
                entry = entry if isinstance(entry, dict) else {"block": entry}
                refs.append((scenario["rule"], entry.get("nation", heading["nation"]), entry["block"],
                             bool(entry.get("reformed"))))
        for entry in scenario.get("set_aside", []):
            refs.append((scenario["rule"], entry["nation"], entry["block"], False))
    return refs


def test_every_block_a_scenario_places_is_one_block_of_the_data() -> None:
    refs = _block_refs()
    assert len(refs) > 50
    for rule, nation, name, reformed in refs:
        found = find(nation, name)
        if len(found) > 1:
            found = [b for b in found if (b["reform"] == "reformed") == reformed]
        assert len(found) == 1, f"{rule}: {nation} {name!r} (reformed={reformed})"
        if reformed:
            assert found[0]["reform"] == "reformed", f"{rule}: {name}"


def test_scenario_set_ups_place_the_blocks_section_12_names() -> None:
    placed = {(nation, name) for _, nation, name, _ in _block_refs()}
    for nation, name, _ in SECTION_12:
        assert (nation, name) in placed, f"{nation} {name}"
