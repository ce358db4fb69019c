"""Whether every component of a kit can be printed on the chosen paper, known before drawing.

``check`` and ``build`` ask the same question here, so that ``check`` refuses every kit
``build`` would: a card larger than the paper, a sticker sheet made for another paper,
a map whose tiles cannot be cut from it.
"""

from __future__ import annotations

from typing import Any, Iterable

from generator.kit.datafiles import display_path
from generator.pieces.job import BuildOptions


def _sheet_problem(component: Any, options: BuildOptions) -> str | None:
    from generator.printing.imposition import LayoutError, slots_for

    if not component.pieces or not getattr(component, "imposed", True) or not hasattr(component.spec, "sheet"):
        return None
    spec = component.sheet_spec(options)
    first = component.pieces[0]
    try:
        slots_for(spec.paper, first.width, first.height, spec.layout, spec.margin)
    except LayoutError as err:
        advice = f"; build with --paper {spec.layout.paper}" if getattr(spec.layout, "paper", None) else \
            "; choose a larger --paper or a smaller size"
        return f"{component.kind} {component.id!r} (sheet {component.sheet_name()!r}): {err}{advice}"
    return None


def _map_problem(component: Any, options: BuildOptions) -> str | None:
    from generator.components.map_offers import map_tile_plan

    hexmap = getattr(component, "hexmap", None)
    if hexmap is None:
        return None
    try:
        map_tile_plan(hexmap, options.paper)
    except ValueError as err:
        return f"{component.kind} {component.id!r}: its hexes cannot be tiled on {options.paper} ({err})"
    return None


def paper_problems(games: Iterable[Any], options: BuildOptions) -> list[str]:
    """Every component that cannot be printed on ``options.paper``, one line each naming the
    game's file and the component."""
    problems = []
    for game in games:
        where = display_path(game.folder / "game.yaml")
        for component in game.components:
            for find in (_sheet_problem, _map_problem):
                problem = find(component, options)
                if problem:
                    problems.append(f"{where}: {problem}")
    return problems
