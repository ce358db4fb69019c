"""Map ornaments placed as a set (issue 35, item 3): at every map size from 1 x 1 to 30 x 20
hexes of 10-40 mm, the legend, title, scale and compass (in the panel, or at a hex) and the
labels lie over none of one another, a hex number or the map's edge, as the preflight's
collision rule measures the drawn board; or the map is refused with a message naming the
ornament to move. An exit's band is drawn over the playfield outline, not under it."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.errors import DataError
from generator.draw.ink import drawn
from generator.draw.page import Page
from generator.draw.scene import PathItem
from generator.hexart.board import draw_map
from generator.hexart.places import places
from generator.hexart.style import PALETTE
from generator.loading.games import load_game_map
from generator.preflight import collisions
from generator.preflight.findings import Limits
from generator.preflight.page import PrintedPage

SIZES = [(1, 1, 10), (1, 1, 40), (2, 2, 30), (3, 2, 16), (4, 3, 20), (5, 4, 12), (6, 3, 26), (7, 5, 30),
         (8, 6, 10), (9, 7, 35), (10, 5, 25), (12, 8, 16), (14, 10, 19), (15, 4, 40), (16, 12, 13),
         (18, 9, 22), (20, 14, 15), (22, 16, 11), (24, 10, 28), (26, 18, 12), (28, 12, 20), (30, 20, 10),
         (30, 20, 16)]
ORNAMENTS = ("cartouche", "legend", "scale", "compass")


def _map(folder: Path, cols: int, rows: int, flat: float, decor: dict[str, str]) -> Path:
    terrain = "\n".join("  " + " ".join("L" for _ in range(cols)) for _ in range(rows))
    lines = "\n".join(f"  {name}: \"{at}\"" for name, at in decor.items())
    exit_hexes = ", ".join(f'"01{r:02d}"' for r in range(1, rows + 1))
    path = folder / f"map-{cols}x{rows}-{flat:g}.yaml"
    path.write_text(f"""id: m{cols}x{rows}
title: A designer's field
subtitle: {cols} by {rows}
grid: {{cols: {cols}, rows: {rows}, flat_mm: {flat}}}
terrains:
  - {{name: land, key: L, fill: "#ddcb98"}}
terrain_rows: |
{terrain}
features:
  - {{kind: camp, hexes: ["0101"], name: Camp}}
  - {{kind: exit_edge, hexes: [{exit_hexes}], name: the west road}}
decor:
{lines}
legend:
  camp: "Camp"
""", encoding="utf-8")
    return path


def _collisions(scene) -> list[str]:
    page = PrintedPage(Page(scene, label="board"), "map.pdf", 1, Limits())
    return [f.message() for f in collisions.check(page)]


def _apart(regions) -> bool:
    boxes = [b for _, b in regions]
    return not any(a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
                   for i, a in enumerate(boxes) for b in boxes[i + 1:])


@pytest.mark.parametrize("decor_at", ["panel", "hex"])
def test_ornaments_at_every_size_lie_apart_or_the_map_names_the_one_to_move(tmp_path: Path, decor_at: str) -> None:
    drawn = refused = 0
    for cols, rows, flat in SIZES:
        at = ({name: "panel" for name in ORNAMENTS} if decor_at == "panel" else
              {"legend": f"{max(1, cols // 2):02d}{max(1, rows // 2):02d}", "compass": f"{cols:02d}{rows:02d}",
               "cartouche": "panel", "scale": "panel"})
        hexmap = load_game_map(_map(tmp_path, cols, rows, flat, {**at, "panel": "bottom"}))
        try:
            scene = draw_map(hexmap)
        except DataError as err:
            refused += 1
            message = str(err)
            assert "field 'decor." in message and ("move the " in message or "move it " in message), message
            named = [name for name in ORNAMENTS if f"move the {name}" in message or f"the {name} at " in message]
            assert named, message
            continue
        drawn += 1
        regions = places(hexmap)
        assert _apart(regions), (cols, rows, flat, regions)
        for name, (x0, y0, x1, y1) in regions:           # on the board, inside its frame
            assert x0 >= 5.2 - 1.0 and y0 >= 5.2 and x1 <= scene.width - 5.2 + 1.0 and y1 <= scene.height - 5.2, \
                (cols, rows, flat, name)
        assert _collisions(scene) == [], (cols, rows, flat)
    assert drawn >= 5 and refused >= 1 and drawn + refused == len(SIZES)


def test_a_narrow_maps_panel_is_refused_naming_the_ornament_that_does_not_fit(tmp_path: Path) -> None:
    hexmap = load_game_map(_map(tmp_path, 3, 3, 16, {**{n: "panel" for n in ORNAMENTS}, "panel": "bottom"}))
    with pytest.raises(DataError) as err:
        draw_map(hexmap)
    message = str(err.value)       # 3 columns of 16 mm: not even the title fits the panel
    assert "field 'decor.cartouche'" in message and "panel below the grid is" in message
    assert "move the cartouche to a hex" in message and "or leave it out" in message


def test_a_legend_set_at_a_hex_near_the_edge_is_refused_naming_it(tmp_path: Path) -> None:
    """A designer's 7 x 5 map of 30 mm hexes with the legend at 0705 (the issue's case)."""
    hexmap = load_game_map(_map(tmp_path, 7, 5, 30, {"legend": "0705"}))
    with pytest.raises(DataError) as err:
        draw_map(hexmap)
    assert "field 'decor.legend'" in str(err.value) and "the legend at 0705 runs past the map's edge" in str(err.value)


def test_the_exit_band_is_drawn_over_the_playfield_outline(tmp_path: Path) -> None:
    path = _map(tmp_path, 4, 3, 20, {"compass": "0202"})
    text = path.read_text(encoding="utf-8").replace("  L L L L\n  L L L L\n  L L L L", "  L L L L\n  L L L L\n  l l l l")
    path.write_text(text, encoding="utf-8")
    hexmap = load_game_map(path)
    scene = draw_map(hexmap)
    order = [d.item.style.stroke for d in drawn(scene.items) if isinstance(d.item, PathItem) and d.item.style.stroke
             and not d.item.style.fill]
    band = max(i for i, stroke in enumerate(order) if stroke == PALETTE["rubric"])
    playfield = [i for i, stroke in enumerate(order) if stroke == PALETTE["playfield"]]
    assert playfield and band > max(playfield)


def test_map_check_names_the_ornament_to_move_instead_of_saying_valid(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from generator.cli.app import main

    path = _map(tmp_path, 7, 5, 30, {"legend": "0705"})
    result = CliRunner().invoke(main, ["map", "check", str(path)])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "field 'decor.legend'" in result.output and "valid" not in result.output
    fine = _map(tmp_path, 7, 5, 30, {"legend": "0403"})
    result = CliRunner().invoke(main, ["map", "check", str(fine)])
    assert result.exit_code == 0 and "valid" in result.output, result.output
