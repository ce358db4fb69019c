"""Pax Baltica's tables, tracks and scenarios as data, against the rules' own words (12.0, 13.0)."""

from __future__ import annotations

from tests.paxbaltica.conftest import data


def _table(table_id: str) -> dict:
    return next(t for t in data("tables.yaml")["event_tables"] if t["id"] == table_id)


def test_each_event_table_has_one_row_per_die_roll() -> None:
    tables = data("tables.yaml")["event_tables"]
    assert [(t["id"], t["rule"]) for t in tables] == [("event", "13.1"), ("swedish", "13.2"),
                                                     ("coalition", "13.3"), ("politics", "13.4")]
    for table in tables:
        assert [row["roll"] for row in table["rows"]] == [1, 2, 3, 4, 5, 6], table["id"]


def test_event_rows_keep_the_rules_words() -> None:
    event = _table("event")["rows"]
    assert event[1]["title"] == "Epidemic."
    assert [c["text"] for c in event[1]["choices"]] == [
        "Sweden and Finland", "Denmark and Norway", "Germany", "Baltic (Estland, Livland, Ingermanland & Nyen)",
        "Poland and Ukraine", "Russia (except Ukraine)"]
    assert _table("swedish")["rows"][2]["text"] == "Place an Ottoman garrison marker on Kremenchuk."
    coalition = _table("coalition")["rows"][2]
    assert coalition["title"] + " " + coalition["text"] == (
        "Russian army reforms accelerated. Move one reformed Russian army on the Year track to the next lower Year "
        "box (but not into the current year).")
    politics = _table("politics")["rows"][4]
    assert politics["text"] == ("Roll two dice and receive that many RPs to be spent immediately in the same manner "
                                "as the Interphase.")


def test_replacement_and_forage_costs() -> None:
    tables = data("tables.yaml")
    assert [(c["block"], c["rp_per_step"]) for c in tables["replacements"]["costs"]] == [
        ("Army", 2), ("Regiment", 1), ("Fleet", 2)]                                  # 5.2
    assert [(c["block"], c["fp"]) for c in tables["forage"]["costs"]][:2] == [("Army", 2), ("Regiment", 1)]  # 8.1


def test_designed_action_table_rows_are_marked_and_the_stated_ones_are_the_rules() -> None:
    rows = data("tables.yaml")["action_table"]["rows"]
    stated = {row["roll"]: row["result"] for row in rows if not row.get("designed")}
    assert stated == {3: "2 actions", 6: "Event (13.1)"}                              # 3.1 example


def test_the_tracks() -> None:
    tracks = data("tracks.yaml")
    assert (tracks["years"]["first"], tracks["years"]["last"]) == (1700, 1721)
    assert len(tracks["nyen"]["spaces"]) == 8                                         # 11.2
    rows = tracks["attrition"]["rows"]
    assert [row["title"] for row in rows] == ["Sweden not in Russia", "Sweden in Russia"]
    assert all(row["boxes"][0]["space"] == "Start" for row in rows)
    assert "Hannover defects" in " ".join(box["effect"] for box in rows[0]["boxes"])     # 11.9
    assert tracks["attrition"]["designed"]


def test_the_four_scenarios() -> None:
    scenarios = data("scenarios.yaml")
    facts = [(s["rule"], s["title"], s["years"], s["turns"], s["playing_time"]) for s in scenarios]
    assert facts == [
        ("12.1", "Next Stop Moscow", [1707, 1710], 13, "1-2 hours"),
        ("12.2", "On the Road to Glory", [1700, 1710], 42, "3-7 hours"),
        ("12.3", "The End is Near", [1710, 1721], 48, "4-8 hours"),
        ("12.4", "The Grand Campaign", [1700, 1721], 86, "7-14 hours"),
    ]
    for scenario in scenarios:
        assert scenario["special_rules"] and scenario["victory"]["end"]["table"], scenario["id"]
        start = scenario["attrition_start"]
        assert start["row"] == "out"
    moscow, glory, end, grand = scenarios
    assert moscow["rp"]["sweden"] == {"level": 32, "source": "rules"}
    assert end["rp"]["sweden"]["level"] == 32 and end["rp"]["saxony"] == {"level": 12, "source": "rules"}
    assert end["attrition_start"]["space"] == "2"
    assert glory["setup"] == grand["setup"]                                            # 12.2 and 12.4 alike
    assert [v["result"] for v in moscow["victory"]["during"]] == ["Coalition Triumphant Victory",
                                                                 "Swedish Triumphant Victory"]
    assert [row["score"] for row in end["victory"]["end"]["table"]] == ["40 or more", "20-36", "16", "8-12",
                                                                        "4 or less"]
    assert [row["score"] for row in glory["victory"]["end"]["table"]] == ["40 or more", "32-36", "28", "12-24",
                                                                          "8 or less"]
    assert {h["nation"]: h.get("build") for h in end["setup"]} == {"sweden": None, "russia": None,
                                                                   "denmark": 16, "saxony": 12}


def test_garrisons_by_scenario() -> None:
    scenarios = {s["rule"]: s for s in data("scenarios.yaml")}
    def garrisons(rule: str, nation: str) -> list[str]:
        heading = next(h for h in scenarios[rule]["setup"] if h["nation"] == nation)
        return [g["territory"] for g in heading.get("garrisons", [])]
    assert garrisons("12.1", "sweden") == ["Mazowsze", "Kraków"]
    assert garrisons("12.1", "russia") == ["Ingermanland", "Nyen"]
    assert garrisons("12.3", "sweden") == ["Mazowsze", "Kraków"]


def test_rp_levels_name_only_nations_with_a_track_level() -> None:
    nations = data("nations.yaml")
    for scenario in data("scenarios.yaml"):
        for nation, level in scenario["rp"].items():
            assert nations[nation]["rp"] is not None, f"{scenario['rule']}: {nation} has no RP level"
            if level["source"] == "printed":
                assert level["level"] == nations[nation]["rp"], f"{scenario['rule']}: {nation}"


def test_label_colours_as_rules_0_1_gives_them() -> None:
    nations = data("nations.yaml")
    wanted = {"sweden": ("light blue", "blue"), "hannover": ("yellow", "blue"), "britain": ("dark red", "blue"),
              "ukraine": ("orange", "blue"), "ottoman": ("brown", "blue"), "holstein": ("gold", "blue"),
              "russia": ("green", "green"), "saxony": ("white", "grey"), "poland": ("pink", "grey"),
              "prussia": ("grey", "grey"), "denmark": ("red", "red")}
    assert {n: (v["label_name"], v["block"]) for n, v in nations.items()} == wanted
    colours = data("colours.yaml")["blocks"]
    for block, facts in colours.items():
        assert sorted(facts["nations"]) == sorted(n for n, v in nations.items() if v["block"] == block)


def test_a_scenario_card_prints_one_name_for_a_territory() -> None:
    """12.3 spells Mazowsze three ways; a card prints the map's name only (issue 38): a
    scenario's own spelling is kept as printed_as, never printed beside the map's."""
    from generator.loading.games import load_game

    scenarios = data("scenarios.yaml")
    cards = {p.id: " ".join(t.text for t in p.front().walk_text())
             for p in next(c for c in load_game("paxbaltica").components if c.id == "scenarios").pieces}
    spellings = set()
    for scenario in scenarios:
        for side in scenario.get("setup", []):
            for place in [*side.get("places", []), *side.get("garrisons", [])]:
                if "printed_as" in place:
                    spellings.add(place["printed_as"])
    assert "Masowsze" in spellings
    for card, text in cards.items():
        for spelling in spellings | {"Masowze"}:
            assert spelling not in text, (card, spelling)
