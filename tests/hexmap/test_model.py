"""Map loading in the generic format: the API a bot uses, and one clear message per kind of
mistake. A game's overlay keys (roads, zones, lineups) are tested with it: tests/stockholm1520."""

from __future__ import annotations

import pytest

from generator.core.errors import DataError
from generator.hexmap.loader import load_map

from .conftest import SMALL, write_map


def messages(tmp_path, text):
    path = write_map(tmp_path, text)
    with pytest.raises(DataError) as err:
        load_map(path)
    return [str(p) for p in err.value.problems]


def test_small_map_loads(small_map_path):
    m = load_map(small_map_path)
    assert (m.cols, m.rows) == (5, 4)
    assert len(m.cells) == 20
    assert m.cells["0101"].playfield is False and m.cells["0201"].playfield is True
    assert not m.passable("0204") and m.passable("0203")
    assert m.hexes_of("goal") == ["0302"] and m.hexes_of("camp") == ["0501", "0502"]
    assert [(h.kind, h.sides) for h in m.hexsides] == [("river", [("0203", "0303"), ("0303", "0403")])]
    assert m.features[0].options == {}                 # no game overlay: no keys beyond the format
    assert m.neighbours("0101") == ["0201", "0102"]     # grid edge cut off, fixed order
    assert m.distance("0101", "0504") == 5


def test_neighbour_order_is_fixed(small_map_path):
    m = load_map(small_map_path)
    # 0302 is in an odd (high) column: SE, NE, N, NW, SW, S
    assert m.neighbours("0302") == ["0402", "0401", "0301", "0201", "0202", "0303"]


def test_unknown_terrain(tmp_path):
    text = SMALL.replace("  L W L L L\n", "  L W L L X\n")
    [msg] = messages(tmp_path, text)
    assert "unknown terrain key 'X' in row 4, column 5" in msg
    assert "map.yaml:12:" in msg                      # the line of that row


def test_unknown_terrain_in_hex_override(tmp_path):
    [msg] = messages(tmp_path, SMALL + 'hexes:\n  "0303": {terrain: lava}\n')
    assert "unknown terrain 'lava'" in msg and "hexes.0303.terrain" in msg


def test_hexside_between_hexes_not_adjacent(tmp_path):
    text = SMALL.replace('["0303", "0403"]', '["0303", "0503"]')
    [msg] = messages(tmp_path, text)
    assert "river side 0303-0503: hexes are not adjacent, so they share no edge" in msg
    assert ":17:" in msg and "hexsides.0.sides.1" in msg


def test_overlay_keys_are_unknown_without_the_game(tmp_path):
    """A road of one game's overlay is an unknown key on a map of no game, like a typo."""
    msgs = messages(tmp_path, SMALL + 'roads:\n  - {zone: A, number: 1, path: ["0102", "0202"]}\n')
    assert any("unknown field" in m and "roads" in m for m in msgs)
    msgs = messages(tmp_path, SMALL.replace("rules: {exactly_one: [goal]}", "rules: {exactly_one: [goal], lineup: 1}"))
    assert any("unknown field" in m and "rules.lineup" in m for m in msgs)


def test_hex_outside_grid(tmp_path):
    text = SMALL.replace('hexes: ["0302"], name: Goal', 'hexes: ["0302", "0905"], name: Goal')
    msgs = messages(tmp_path, text)
    assert any("goal hex 0905 is outside the grid" in m for m in msgs)


def test_duplicate_hex_key(tmp_path):
    msgs = messages(tmp_path, SMALL + 'hexes:\n  "0303": {label: a}\n  "0303": {label: b}\n')
    assert any("duplicate key '0303'" in m for m in msgs)


def test_duplicate_terrain(tmp_path):
    text = SMALL.replace('  - {name: water, key: W', '  - {name: land, key: W')
    msgs = messages(tmp_path, text)
    assert any("duplicate terrain name 'land'" in m for m in msgs)


def test_unquoted_octal_hex_id(tmp_path):
    text = SMALL.replace('hexes: ["0302"]', "hexes: [0302]")
    msgs = messages(tmp_path, text)
    assert any("write hex ids in quotes" in m for m in msgs)


def test_all_problems_at_once(tmp_path):
    text = SMALL.replace('["0303", "0403"]', '["0303", "0503"]').replace(
        "  L W L L L\n", "  L W L L X\n")
    assert len(messages(tmp_path, text)) == 2


def test_text_without_glyphs_is_refused(tmp_path):
    from generator.core.errors import BuildError
    from generator.hexart.board import draw_map
    m = load_map(write_map(tmp_path, SMALL + 'hexes:\n  "0303": {label: "Fort \u2605"}\n'))
    with pytest.raises(BuildError, match="no glyph"):
        draw_map(m)


def test_unknown_field_and_bad_value(tmp_path):
    msgs = messages(tmp_path, SMALL.replace("flat_mm: 25", "flat_mm: -1, colour: red"))
    assert any("grid.flat_mm" in m for m in msgs)
    assert any("unknown field" in m and "grid.colour" in m for m in msgs)
