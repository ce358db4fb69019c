"""Every count of Christina Regina's components, in the data, against the rules' section 2
(and sections 3, 6 and 7 where they say more)."""

from __future__ import annotations

from tests.christinaregina.conftest import (ACTIONS, FACTIONS, GAME, INFLUENCERS, METALS, SECTION_2, SECTION_6, copies,
                                             data, rows)


def test_court_tiles_per_metal_their_number_and_faction_tiles() -> None:
    tiles = rows("tiles.csv")
    assert sum(int(t["quantity"]) for t in tiles) == 80
    metals = data("metals.yaml")["metals"]
    for metal, (count, marked, faction_tiles) in SECTION_2["tiles"].items():
        of_metal = [t for t in tiles if t["metal"] == metal]
        assert sum(int(t["quantity"]) for t in of_metal) == count, metal
        assert metals[metal]["number"] == marked
        assert {abs(int(t["value"])) for t in of_metal} == {marked}, metal        # "marked 1", or -1 when negative
        assert sum(int(t["quantity"]) for t in of_metal if t["faction"]) == faction_tiles, metal


def test_two_faction_tiles_per_faction_and_metal_and_none_white() -> None:
    per = copies([t for t in rows("tiles.csv") if t["faction"]], "metal", "faction")
    assert per == {(metal, faction): 2 for metal in METALS[1:] for faction in FACTIONS}
    assert sum(per.values()) == 40                                   # "all the 40 faction colors" (3)


def test_faction_tiles_are_never_negative_and_white_tiles_are_zero() -> None:
    for tile in rows("tiles.csv"):
        if tile["faction"]:
            assert int(tile["value"]) > 0, tile["id"]
        if tile["metal"] == "white":
            assert not tile["faction"] and tile["value"] == "0"


def test_eight_negative_values_on_non_faction_tiles() -> None:
    negative = [t for t in rows("tiles.csv") if int(t["value"]) < 0]
    assert sum(int(t["quantity"]) for t in negative) == 8            # "all the 8 negative values" (3)
    assert all(not t["faction"] and t["designed"] for t in negative)


def test_non_faction_tiles_are_non_colored_and_two_of_each_metal_negative() -> None:
    """Their only colour is their metal (7: "non-colored court tiles"), which sets and "the same
    color" go by (6.1); which 8 are negative is ours: 2 of each metal, so every action stack can lose one."""
    plain = [t for t in rows("tiles.csv") if not t["faction"] and t["metal"] != "white"]
    assert sum(int(t["quantity"]) for t in plain) == 32 and all(t["designed"] for t in plain)
    assert set(plain[0]) == {"id", "metal", "value", "faction", "quantity", "designed"}   # no colour of their own
    negatives_per_metal = {metal: sum(int(t["quantity"]) for t in plain if t["metal"] == metal and int(t["value"]) < 0)
                           for metal in METALS[1:]}
    assert negatives_per_metal == {metal: 2 for metal in METALS[1:]}


def test_the_rings_of_the_court_hold_the_tiles_of_their_metal() -> None:
    """A 9 x 9 court: ring r around the empty middle has 8r spaces (3, 6.1)."""
    metals = data("metals.yaml")["metals"]
    spaces = {ring: sum(1 for x in range(9) for y in range(9) if max(abs(x - 4), abs(y - 4)) == ring)
              for ring in range(5)}
    for ring in range(1, 5):
        in_ring = sum(SECTION_2["tiles"][m][0] for m in METALS if metals[m]["ring"] == ring)
        assert in_ring == spaces[ring], ring
    assert spaces[0] == 1                                            # the Queen's empty start space


def test_factions_symbols_and_influencers_are_section_6s() -> None:
    factions = data("factions.yaml")["factions"]
    assert set(factions) == set(FACTIONS)
    for key, (name, symbol, influencers) in SECTION_6.items():
        assert factions[key]["name"] == name and factions[key]["symbol"] == symbol
        assert [factions[key]["influencers"][court] for court in (1, 2, 3, 4)] == influencers
        assert (GAME / "icons" / f"{symbol}.svg").is_file()


def test_twenty_faction_cards_four_per_colour_one_per_court() -> None:
    cards = rows("cards/faction_cards.csv")
    assert sum(int(c["quantity"]) for c in cards) == SECTION_2["faction cards"]
    assert copies(cards, "faction") == {(f,): SECTION_2["faction cards per colour"] for f in FACTIONS}
    assert copies(cards, "faction", "court") == {(f, str(court)): 1 for f in FACTIONS for court in (1, 2, 3, 4)}


def test_ten_action_cards_with_their_timing() -> None:
    cards = rows("cards/action_cards.csv")
    assert sum(int(c["quantity"]) for c in cards) == SECTION_2["action cards"]
    assert [c["name"] for c in cards] == ACTIONS
    assert [c["rule"] for c in cards] == [f"6.2.{n}" for n in range(1, 11)]
    assert {c["name"] for c in cards if c["out_of_turn"] == "yes"} == {"Protection", "Veto"}
    assert {c["name"] for c in cards if c["two_player"] == "no"} == {"Protection"}
    for card in cards:
        assert card["text"].startswith(card["name"]) and card["flavour"].startswith(f"{card['name']} reflects")


def test_dagger_cards_ten_in_two_sets_of_the_five_colours() -> None:
    """Section 2 says 10 and lists 1 of each of 5 colours: we print two sets (see the CSV)."""
    cards = rows("cards/dagger_cards.csv")
    assert sum(int(c["quantity"]) for c in cards) == SECTION_2["dagger cards"]
    assert copies(cards, "faction") == {(f,): 2 for f in FACTIONS}
    assert all(c["designed"] for c in cards)


def test_ten_score_cards_five_iron_copper_five_silver_gold() -> None:
    cards = rows("cards/score_cards.csv")
    assert sum(int(c["quantity"]) for c in cards) == SECTION_2["score cards"]
    assert copies(cards, "first", "second") == {("iron", "copper"): SECTION_2["score cards iron/copper"],
                                                ("silver", "gold"): SECTION_2["score cards silver/gold"]}


def test_the_score_table_is_section_7s_and_reads_as_its_example() -> None:
    scoring = data("scoring.yaml")
    assert scoring["points"] == [[4, 3, 2, 1, 0], [0, 4, 3, 2, 1], [1, 0, 4, 3, 2], [2, 1, 0, 4, 3], [3, 2, 1, 0, 4]]
    order = scoring["order"]
    black_on_top = dict(zip(order, scoring["points"][order.index("black")]))
    # "the Iron stack (1) scores 4 points to Black, 3 to Purple, 2 to Blue, 1 to Red" (7)
    assert black_on_top == {"black": 4, "purple": 3, "blue": 2, "red": 1, "green": 0}
    assert sorted(order) == sorted(FACTIONS)


def test_twenty_influencers_all_distinct() -> None:
    assert len(set(INFLUENCERS)) == 20



