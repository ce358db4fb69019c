"""Kit-wide output: the calibration and duplex test pages, and each game's PRINTING.md."""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any, Iterable, Mapping, Sequence

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from generator import __version__
from generator.build import ledger
from generator.build.manifest_entry import ManifestEntry
from generator.draw.pdf import render_pdf
from generator.kit.paths import templates_dir
from generator.loading.games import Game
from generator.outputs.packed import KIND as PACKED_KIND
from generator.pieces.faces import fingerprint
from generator.pieces.job import BuildOptions, OutputJob
from generator.pieces.roles import HOME_PRINT_ROLES, SCREEN_ROLES, Role, exported
from generator.preflight import report as preflight_report
from generator.printing import layouts as sheet_layouts
from generator.printing.calibration import calibration_page, duplex_test_pages
from generator.printing.notes import bleed, counted, media_of, pages, rows, sheet_for
from generator.printing.tiling import JOINING_SUMMARY

KIT_KIND = "calibration"


def kit_jobs(options: BuildOptions, code_hash: str) -> Iterable[OutputJob]:
    paper = sheet_layouts.paper(options.paper)
    key = fingerprint(code_hash, paper.model_dump())
    yield OutputJob(PurePosixPath(f"calibration-{paper.id}.pdf"), "kit", KIT_KIND, "calibration", "pdf", key,
                    lambda: render_pdf([calibration_page(paper)], title=f"pnpkit calibration - {paper.label}"),
                    paper=paper.id, items=0, role="test")
    yield OutputJob(PurePosixPath(f"duplex-test-{paper.id}.pdf"), "kit", KIT_KIND, "duplex test", "pdf", key,
                    lambda: render_pdf(duplex_test_pages(paper), title=f"pnpkit duplex test - {paper.label}",
                                       duplex=True),
                    paper=paper.id, items=0, role="test")


def _environment() -> Environment:
    return Environment(loader=FileSystemLoader(str(templates_dir())), undefined=StrictUndefined,
                       keep_trailing_newline=True, autoescape=False)


def _packed_line(job: OutputJob, base: PurePosixPath, guides: bool) -> str:
    """PRINTING.md's line for a game's shared sheets (``generator.outputs.packed``)."""
    path = f"`{job.path.relative_to(base)}`"
    names = str(job.extra.get("components", "the pieces"))
    stock = str(job.extra.get("media", ""))
    cut = "cut lines" if guides else "crop marks"
    shared = (f"The pieces of {names} share these pages ({counted(job.items, 'pieces')}), a block of each with its own "
              f"bleed and {cut}: cut the blocks apart through the blank between them, then along the {cut}.")
    if job.role == "gutterfold":
        return (f"**Gutterfold sheets**: print {path} one-sided at 100 % ({stock}). Fold each page on its dashed middle "
                f"line, printed side out, so that each back lies behind its front; glue the halves together, then "
                f"cut both layers at once. {shared}")
    if job.role == "duplex-sheets":
        return (f"**Sheets**: print {path} double-sided, flip on the long edge, at 100 % ({stock}). Each fronts page is "
                f"followed by its backs page; a one-sided piece has nothing printed behind it. {shared}")
    return f"**One-sided sheets**: print {path} one-sided at 100 % ({stock}). {shared}"


def _home_printing(game_jobs: Sequence[OutputJob], components: dict[str, Any], base: PurePosixPath,
                   paper_label: str, guides: bool, sheets: str = "packed") -> list[str]:
    """One line per component printed at home: its file and how to print it."""
    lines = []
    for job in game_jobs:
        comp = components.get(job.component)
        if comp is None and job.kind == PACKED_KIND and job.format == "pdf":
            lines.append(_packed_line(job, base, guides))
            continue
        if comp is None or job.role not in HOME_PRINT_ROLES or job.role == "gutterfold":   # gutterfold: shared sheets
            continue
        path = f"`{job.path.relative_to(base)}`"
        if job.role == "document":
            count = job.extra.get("pages", 1)
            lines.append(f"**{comp.title}** ({count} page{'s' if count != 1 else ''}): print {path} one-sided on "
                         f"{paper_label} {media_of(comp)}, at 100 % (a track or marker on it is drawn to size, to play "
                         "on).")
            continue
        cut = "cut lines" if guides else "crop marks"
        if job.role == "tiles":
            lines.append(f"**{comp.title}**: print {path} one-sided on {media_of(comp)}. Page 1 is the assembly "
                         f"diagram; each tile is labelled with its row and column. {JOINING_SUMMARY} Then glue it "
                         "on card.")
        elif job.role == "label-sheets":
            groups = ("Each group of labels has its own pages" if sheets == "per-component" else
                      "The groups of labels follow one another")
            lines.append(f"**{comp.title}** ({counted(job.items, comp.noun)}): print {path} one-sided on {media_of(comp)}. "
                         f"{groups}, each under a heading with how many labels it holds. Cut along the cut lines.")
        elif job.role == "duplex-sheets":
            lines.append(f"**{comp.title}** ({counted(job.items, comp.noun)}): print {path} double-sided on "
                         f"{media_of(comp)}, flip on the long edge. Each fronts page is followed by its backs "
                         f"page. Cut along the {cut}.")
        else:       # a kind whose page has no crop marks says what to cut along (cut_along)
            along = getattr(comp, "cut_along", "") or f"the {cut}"
            lines.append(f"**{comp.title}** ({counted(job.items, comp.noun)}): print {path} one-sided on {media_of(comp)} "
                         f"and cut out along {along}.")
        note = getattr(comp.spec, "printing_note", "")
        if note:
            lines[-1] += f" {note}"
    return lines


def _print_shops(game_jobs: Sequence[OutputJob], components: dict[str, Any]) -> list[str]:
    """What a print shop gets: each piece's PDF with bleed, a map's full-size page."""
    lines = []
    for comp_id in dict.fromkeys(j.component for j in game_jobs):
        comp = components.get(comp_id)
        mine = [j for j in game_jobs if j.component == comp_id]
        if comp is None:
            continue
        piece = next((j for j in mine if j.role == "piece"), None)
        if piece is not None:
            lines.append(f"Each of the {comp.noun} of **{comp.title}** also has its own PDF ({pages(piece)}) "
                         f"{bleed(piece, 'a')}; the TrimBox and BleedBox are set.")
        for j in mine:
            if j.role == "fullsize":
                lines.append(f"**{comp.title}** has one page at full size, {j.trim_mm[0]:.0f} x {j.trim_mm[1]:.0f} mm "
                             f"(`{j.path.name}`): a sheet of {sheet_for(j.trim_mm)} or larger."
                             if j.trim_mm else f"**{comp.title}** has one page at full size (`{j.path.name}`).")
    if any(j.format == "svg" for j in game_jobs):
        lines.append("The SVG files carry the same art with text as outlines.")
    return lines


#: The formats a game's folder may lack, how to tell a file of each (its ledger entry's format
#: and role) and what PRINTING.md calls them.
FORMATS: dict[str, tuple[str, frozenset[Role], str]] = {
    "pdf": ("pdf", frozenset(), "the PDFs to print"),
    "svg": ("svg", frozenset(), "the SVG pictures (text as outlines)"),
    "png": ("png", SCREEN_ROLES, "the PNG pictures"),
    "tts": ("", exported("tts"), "Tabletop Simulator's saved object and pictures"),
    "tgc": ("", exported("tgc"), "The Game Crafter's uploads"),
    "showcase": ("", exported("showcase"), "the showcase pictures"),
    "hand": ("", exported("hand"), "the pictures of cards in a hand"),
    "cut": ("", exported("cut"), "the cut files for a cutting machine"),
}
TABLE_FORMATS = ("tts", "tgc", "showcase", "hand", "cut")      # written only for a game with pieces


def listed(game_id: str, entries: Mapping[str, ManifestEntry], order: Sequence[str] = ()) -> list[ManifestEntry]:
    """The ledger entries PRINTING.md describes: the game's files (its own notes aside), in
    the order the build plans them (``order``), then the rest by path; and the kit's test pages
    (which of them it points to is its paper's: ``printing_notes_job``)."""
    rank = {path: n for n, path in enumerate(order)}
    own = [e for e in entries.values() if e.game == game_id and e.role != "notes"]
    kit = [e for e in entries.values() if e.kind == KIT_KIND]
    return sorted(own, key=lambda e: (rank.get(e.path, len(rank)), e.path)) + kit


def _flags(options: BuildOptions) -> str:
    """The build options a suggested command repeats (the paper, how sheets are laid out)."""
    return (f" --paper {options.paper}" if options.paper != BuildOptions.paper else "") + \
        (f" --sheets {options.sheets}" if options.sheets != BuildOptions.sheets else "")


def _not_built(game: Game, jobs: Sequence[OutputJob], calibrated: bool, options: BuildOptions) -> list[str]:
    """What of the game this folder lacks, each with the command that builds it."""
    flags = _flags(options)
    made = {j.component for j in jobs} | {c for j in jobs for c in j.extra.get("component_ids", ())}  # shared sheets'
    lines = [f"**{c.title}** (its {c.kind}): `pnpkit build {game.id} --only {c.kind}{flags}`"
             for c in game.components if c.id not in made]
    with_pieces = any(getattr(c, "pieces", None) for c in game.components)
    for name, (fmt, roles, said) in FORMATS.items():
        if name in TABLE_FORMATS and not with_pieces:
            continue
        if not any((not fmt or j.format == fmt) and (not roles or j.role in roles) for j in jobs):
            lines.append(f"{said[0].upper()}{said[1:]}: `pnpkit build {game.id} --format {name}{flags}`")
    paper = sheet_layouts.paper(options.paper)
    if not calibrated:
        lines.append(f"The calibration and duplex test pages ({paper.label}): `pnpkit build --only {KIT_KIND}{flags}`")
    return lines


def printing_notes_job(game: Game, jobs: Sequence[OutputJob], options: BuildOptions, code_hash: str) -> OutputJob:
    """The game's PRINTING.md, written from the ledger as this build leaves it
    (``generator.build.ledger.held``): exactly the files of its folder then, what each is
    and what to print it on, and what was not built this time with the command that builds
    it. Its rows come from ledger entries, so a file kept from an earlier build is described
    as one made now is. ``jobs``: the game's files the build plans, in the order told."""
    paper = sheet_layouts.paper(options.paper)
    base = PurePosixPath(game.id)
    path = base / "PRINTING.md"
    components = {c.id: c for c in game.components}
    order = [str(j.path) for j in jobs if j.game == game.id]
    notes = OutputJob(path, game.id, "notes", "printing notes", "md", "", lambda: b"", role="notes")

    calibration, duplex_test = f"calibration-{paper.id}.pdf", f"duplex-test-{paper.id}.pdf"

    def described() -> tuple[list[OutputJob], list[str]]:
        """The game's files it describes, and the kit's test pages of its paper it points to
        (the duplex test for double-sided sheets only): present beside them."""
        entries = ledger.held()
        if entries is None:     # outside a build: the files this plan writes, and a whole build's test pages
            game_jobs = [j for j in jobs if j.game == game.id and j.role != "notes"]
            present = {calibration, duplex_test}
        else:
            chosen = listed(game.id, entries, order)
            game_jobs = [e.job() for e in chosen if e.kind != KIT_KIND]
            present = {e.path for e in chosen if e.kind == KIT_KIND}
        duplex = any(j.role == "duplex-sheets" for j in game_jobs)
        return game_jobs, [page for page in (calibration, duplex_test if duplex else "") if page in present]

    def render() -> bytes:
        game_jobs, pages = described()
        files = [{"path": r.file, "what": r.what, "print_on": r.print_on}
                 for r in rows([*game_jobs, notes], base, components, paper.label)]
        report = preflight_report.current(game.id)
        return _environment().get_template("printing.md.j2").render(
            game=game, paper=paper, files=files, version=__version__,
            home=_home_printing(game_jobs, components, base, paper.label, options.guides, options.sheets),
            shops=_print_shops(game_jobs, components), duplex=any(j.role == "duplex-sheets" for j in game_jobs),
            notes=list(game.printing), also_need=game.also_need, calibration=calibration in pages, duplex_test=duplex_test in pages,
            not_built=_not_built(game, game_jobs, calibration in pages, options),
            preflight=report.lines() if report else []).encode("utf-8")

    # what it describes is known once the build is about to commit: it is reused when its
    # bytes come out the same (generator.build.engine)
    key = fingerprint(code_hash, game.title, game.subtitle, list(game.printing), game.also_need, paper.model_dump(), options.guides,
                      options.sheets, order)
    return OutputJob(path, game.id, "notes", "printing notes", "md", key, render, paper=paper.id, items=0,
                     role="notes", refs=lambda: [*(str(j.path) for j in described()[0]), *described()[1]])
