"""A map's or a hex grid's files outside a game (``pnpkit map build``, ``pnpkit hexgrid``):
the offers of ``generator.components.map_offers`` and ``generator.components.hexgrid`` planned
with the writers and written as one set of files."""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from typing import Any, Callable, Iterable, Sequence

from generator.components.hexgrid import grid_offers
from generator.components.map_offers import map_offers
from generator.core.atomic import FileSet
from generator.draw.scene import Scene
from generator.hexart.board import board_size, draw_map
from generator.hexmap.model import HexMap
from generator.hexmap.options import MapOptions
from generator.outputs.registry import planned
from generator.pieces.faces import Face, once
from generator.pieces.job import BuildOptions, OutputJob
from generator.pieces.offers import JobMaker, Offer


def standalone_jobs(hexmap: HexMap, offers: Callable[[JobMaker], list[Offer]], options: BuildOptions) -> list[OutputJob]:
    """The jobs of a map outside a game (``map build``, ``hexgrid``): ``offers`` made with a
    job maker that names the map as the file's game and item."""
    def make(path: PurePosixPath, item: str, format: str, key: str, render: Callable[[], bytes],
             faces: Sequence[Face] = (), **facts: Any) -> OutputJob:
        return OutputJob(path, hexmap.id, "map", item, format, key, render, **facts)

    return list(planned(offers(make), options))


def map_jobs(hexmap: HexMap, paper: str = "a4", formats: Iterable[str] = ("pdf", "svg", "png"),
             dpi: float = 100.0) -> list[OutputJob]:
    """The files of a map on its own (``pnpkit map build``), named by the map's id."""
    board = once(lambda: draw_map(hexmap))
    return standalone_jobs(hexmap, lambda make: map_offers(hexmap, make, PurePosixPath(hexmap.id), "", board, dpi=dpi,
                                                          png_from_pdf=False),
                           BuildOptions(paper=paper, formats=frozenset(formats)))


def write_jobs(jobs: Sequence[OutputJob], out_dir: Path, size_mm: tuple[float, float]) -> list[Path]:
    """Render ``jobs`` (of a drawing of ``size_mm``) into ``out_dir`` as one set of files
    (``generator.core.atomic.FileSet``): all of them, or none. A PNG past the pixel limit is
    refused before anything is drawn."""
    from generator.draw.png import pixel_size, require_pixels

    for job in jobs:
        if job.format == "png":
            dpi = job.extra["dpi"]
            require_pixels(pixel_size(Scene(*size_mm), dpi), dpi, job.path.name)
    files = FileSet()                    # each file staged as it is made, renamed when all are
    try:
        for job in jobs:
            files.add(Path(out_dir) / str(job.path), job.render())
    except BaseException:
        files.discard()
        raise
    return files.commit()


def build_map_files(hexmap: HexMap, out_dir: Path, paper: str = "a4", formats: Iterable[str] = ("pdf", "svg", "png"),
                    dpi: float = 100.0) -> list[Path]:
    """Write the map's files into ``out_dir``; returns their paths."""
    return write_jobs(map_jobs(hexmap, paper, formats, dpi), out_dir, board_size(hexmap, MapOptions()))


def build_grid_files(grid: HexMap, out_dir: Path, paper: str = "a4", formats: Iterable[str] = ("pdf", "svg")) -> list[Path]:
    """Full-size PDF, the same on ``paper`` (tiled when larger), SVG and PNG of a plain grid."""
    scene = draw_map(grid, MapOptions(plain=True, margin_mm=10.0))
    jobs = standalone_jobs(grid, lambda make: grid_offers(grid, make, paper, scene),
                           BuildOptions(paper=paper, formats=frozenset(formats)))
    return write_jobs(jobs, out_dir, (scene.width, scene.height))
