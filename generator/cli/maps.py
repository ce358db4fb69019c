"""Command-line entry points of hex maps: ``pnpkit map build PATH`` and ``pnpkit hexgrid``.

The main CLI attaches ``commands``; each command is a small function over the library.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from generator.cli.options import MAP_OFFERS, default_output, format_option, paper_option, shown
from generator.core.limits import MAX_HEX_MM, MIN_HEX_MM
from generator.core.units import parse_length_mm
from generator.core.words import counted

if TYPE_CHECKING:
    from generator.hexmap.counters import CounterSet


def _size(ctx: click.Context, param: click.Parameter, value: str) -> float:
    try:
        size = parse_length_mm(value)
    except ValueError:
        raise click.BadParameter(f"a length like 16mm, 0.75in or 2cm; got {value!r}") from None
    if not MIN_HEX_MM <= size <= MAX_HEX_MM:
        raise click.BadParameter(f"hexes of {size:g} mm across the flats are not printable; "
                                 f"use {MIN_HEX_MM:g}-{MAX_HEX_MM:g} mm")
    return size


@click.group("map")
def map_group() -> None:
    """Hex maps: build any map file in the documented format (docs/map-format.md)."""


@map_group.command("build")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output directory.  [default: <kit>/output/maps]")
@paper_option(help="Paper for the tiled PDF.")
@format_option("pdf,svg,png", MAP_OFFERS)
@click.option("--dpi", type=click.IntRange(36, 600), default=100, show_default=True, help="PNG resolution.")
def build_command(path: Path, out_dir: Path | None, paper: str, formats: frozenset[str], dpi: int) -> None:
    """Check and draw the map in PATH: tiled PDF with assembly page, full-size PDF, SVG, PNG."""
    from generator.loading.games import load_game_map
    from generator.outputs.maps import build_map_files

    from generator.kit.paths import output_problem

    out_dir = out_dir or default_output("maps")
    refused = output_problem(out_dir)
    if refused:
        raise click.BadParameter(refused, param_hint="--out")
    hexmap = load_game_map(path)
    for written in build_map_files(hexmap, out_dir, paper, formats, dpi=dpi):
        click.echo(shown(written))


@map_group.command("check")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path))
def check_command(paths: tuple[Path, ...]) -> None:
    """Validate map files without drawing them; every problem is listed (ornaments that
    would lie over one another or off the map too)."""
    from generator.hexart.board import refuse_unplaced
    from generator.loading.games import load_game_map

    for path in paths:
        m = load_game_map(path)
        refuse_unplaced(m)
        click.echo(f"{shown(path)}: {m.cols} x {m.rows} hexes, {counted(len(m.features), 'features')}: valid")


@map_group.command("show")
@click.argument("path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.argument("position", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=Path("position.svg"), show_default=True,
              help="SVG to write; a PNG is written beside it.")
@click.option("--dpi", type=click.IntRange(10, 300), default=100, show_default=True, help="PNG resolution.")
def show_command(path: Path, position: Path, out: Path, dpi: int) -> None:
    """Draw POSITION (the bot's position JSON, with optional last_moves) on the map in PATH."""
    from generator.core.errors import DataError, Problem
    from generator.hexart.position import write_position
    from generator.kit.datafiles import load_json
    from generator.loading.games import load_game_map

    data = load_json(position)
    if not isinstance(data, dict):
        raise DataError([Problem(shown(position), "expected a JSON object (a bot's save or position)")])
    for written in write_position(load_game_map(path), data.get("position", data), out, dpi=dpi,
                                  counters=_game_counters(path)):
        click.echo(shown(written))


def _game_counters(map_path: Path) -> "CounterSet | None":
    """The counters of the game whose folder holds the map (its game.yaml's ``counters``
    component), so a position shows the pieces the game prints; None for a lone map."""
    from generator.kit.paths import inside_kit
    from generator.loading.games import load_game_counters, load_game_file

    folder = map_path.resolve().parent
    if not (folder / "game.yaml").is_file():
        return None
    sources = [c.get("source") for c in load_game_file(folder).components if c.get("kind") == "counters"]
    if not sources or not isinstance(sources[0], str):
        return None
    return load_game_counters(inside_kit(folder.parent.parent, folder, sources[0]))


@click.command("hexgrid")
@click.option("--cols", type=click.IntRange(1, 99), default=23, show_default=True)
@click.option("--rows", type=click.IntRange(1, 99), default=17, show_default=True)
@click.option("--size", "size", default="16mm", show_default=True, callback=_size,
              help="Across the flats: 16mm, 0.75in, 2cm.")
@click.option("--low", "low_columns", type=click.Choice(["even", "odd"]), default="even", show_default=True,
              help="Which columns sit half a hex lower.")
@click.option("--terrain", "terrain_file", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="YAML with terrains and terrain_rows (map format) to colour the hexes.")
@click.option("--title", default=None, help="Title printed under the grid.")
@paper_option(help="Paper for the tiled PDF.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output directory.  [default: <kit>/output/hexgrid]")
@format_option("pdf,svg", MAP_OFFERS)
def hexgrid_command(cols: int, rows: int, size: float, low_columns: str, terrain_file: Path | None,
                    title: str | None, paper: str, out_dir: Path | None, formats: frozenset[str]) -> None:
    """A numbered hex grid (0101 top left) for designing wargame maps."""
    from generator.components.hexgrid import GRID_OPTIONS, make_grid
    from generator.components.map_offers import map_tile_plan
    from generator.core.errors import BuildError
    from generator.outputs.maps import build_grid_files

    grid = make_grid(cols, rows, size, low_columns, terrain_file, title)
    try:            # refused before anything is drawn: the paper cannot hold a tile of these hexes
        map_tile_plan(grid, paper, GRID_OPTIONS)
    except ValueError as err:
        raise BuildError(f"a grid of {size:g} mm hexes cannot be tiled on {paper} ({err}); "
                         f"choose a larger --paper or a smaller --size") from None
    for written in build_grid_files(grid, out_dir or default_output("hexgrid"), paper, formats):
        click.echo(shown(written))


commands = [map_group, hexgrid_command]
