"""Kit-wide output: the calibration and duplex test pages, and each game's PRINTING.md."""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Iterable, Sequence

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from generator import __version__
from generator.components.base import BuildOptions, OutputJob, fingerprint
from generator.draw.pdf import render_pdf
from generator.games import Game
from generator.paths import templates_dir
from generator.printing import layouts as sheet_layouts
from generator.printing.calibration import calibration_page, duplex_test_pages

KIT_KIND = "calibration"


def kit_jobs(options: BuildOptions, code_hash: str) -> Iterable[OutputJob]:
    paper = sheet_layouts.paper(options.paper)
    key = fingerprint(code_hash, paper.model_dump())
    yield OutputJob(PurePosixPath(f"calibration-{paper.id}.pdf"), "kit", KIT_KIND, "calibration", "pdf", key,
                    lambda: render_pdf([calibration_page(paper)], title=f"pnpkit calibration - {paper.label}"),
                    paper=paper.id, items=0)
    yield OutputJob(PurePosixPath(f"duplex-test-{paper.id}.pdf"), "kit", KIT_KIND, "duplex test", "pdf", key,
                    lambda: render_pdf(duplex_test_pages(paper), title=f"pnpkit duplex test - {paper.label}",
                                       duplex=True),
                    paper=paper.id, items=0)


def _environment() -> Environment:
    return Environment(loader=FileSystemLoader(str(templates_dir())), undefined=StrictUndefined,
                       keep_trailing_newline=True, autoescape=False)


def printing_notes_job(game: Game, jobs: Sequence[OutputJob], options: BuildOptions, code_hash: str) -> OutputJob:
    """The game's PRINTING.md: what each file is and how to print it."""
    paper = sheet_layouts.paper(options.paper)
    base = PurePosixPath(game.id)
    files = [{"path": str(j.path.relative_to(base)), "what": f"{j.kind}: {j.item} ({j.format})"}
             for j in jobs if j.game == game.id and j.paper]
    components = []
    for component in game.components:
        sheets = [j for j in jobs if j.game == game.id and j.kind == component.kind and j.paper
                  and component.id in str(j.path)]
        if sheets:
            pieces = getattr(component, "pieces", [])
            components.append({"title": component.title, "kind": component.kind, "count": component.item_count(),
                               "sheets": str(sheets[0].path.relative_to(base)),
                               "backs": bool(pieces) and all(piece.has_back for piece in pieces),
                               "all_sheets": [str(j.path.relative_to(base)) for j in sheets]})
    context = {"game": game, "paper": paper, "files": files, "components": components, "bleed": 3,
               "version": __version__, "guides": options.guides}
    key = fingerprint(code_hash, context["files"], components, game.title, game.subtitle, paper.model_dump(),
                      options.guides)

    def render() -> bytes:
        return _environment().get_template("printing.md.j2").render(**context).encode("utf-8")

    return OutputJob(base / "PRINTING.md", game.id, "notes", "printing notes", "md", key, render, paper=paper.id,
                     items=0)
