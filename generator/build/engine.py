"""The build: plan every file, reuse what has not changed, render the rest, then commit.

Nothing is written until every file has rendered: data problems and render errors (text
that does not fit) stop the build with the output directory untouched. Rendered files
are staged in a temporary folder and renamed into place; the manifest is written last.
"""

from __future__ import annotations

import gc
import json
import shutil
import time
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from generator import __version__
from generator.build import unchanged_games
from generator.build.commit import commit, is_committed, recover
from generator.build.kit_files import KIT_KIND, kit_jobs, printing_notes_job
from generator.build.ledger import MANIFEST, holding, remove_emptied_folders, resolved
from generator.build.manifest_entry import ManifestEntry, entries_by_path
from generator.build.output_lock import output_lock
from generator.build.ownership import WrittenFiles, foreign_files, make_staging, manifest_json
from generator.build.paper_fit import paper_problems
from generator.build.render_pool import RenderRun, expect_later_runs
from generator.build.selection import narrowed
from generator.core.errors import BuildError, DataError, InputError, InputMessage, Problem
from generator.core.inputs import reading_session, recording
from generator.core.notices import collecting, warn
from generator.core.processes import default_jobs
from generator.draw import fonts
from generator.draw.textfit import TextOverflow
from generator.kit.cachekeys import FileHashes, core_code_hash, game_code_hash, inputs_unchanged, record_inputs, sha256
from generator.kit.datafiles import display_path
from generator.kit.location import current_kit
from generator.loading.games import Game, load_game, load_games
from generator.outputs.registry import component_jobs, planned
from generator.outputs.tts import with_asset_url
from generator.pieces.faces import fingerprint
from generator.pieces.job import BuildOptions, OutputJob
from generator.pieces.offers import GamePieces, Pieces
from generator.pieces.roles import HOME_PRINT_ROLES, PIECE_ROLES
from generator.preflight import paperuse
from generator.preflight.colourvision import game_findings
from generator.preflight.findings import Finding
from generator.preflight.report import GameReport, reporting
from generator.preflight.run import ordered
from generator.printing.layouts import printer_margin
from generator.printing.notes import counted

SHOWN_REMOVED = 6
MANIFEST_FORMAT = 3     # 2: each file records the input files it was drawn from; 3: what it is and links to


@dataclass
class BuildResult:
    written: list[OutputJob] = field(default_factory=list)
    reused: list[OutputJob] = field(default_factory=list)
    seconds: float = 0.0
    out_dir: Path = Path("output")
    removed: list[str] = field(default_factory=list)   # files of an earlier build drawn from inputs changed since
    unlinked: list[str] = field(default_factory=list)  # files of an earlier build linking to files removed

    def item_counts(self) -> tuple[int, int]:
        """Items (cards, counters, tiles, ...) rendered again, and items whose every file was reused.

        An item with files of its own (a card) counts once however many files it has; items
        that only appear together on a sheet (counters) count by the sheet's item count (on a
        game's shared sheets, its pieces without files of their own: ``extra["loose"]``)."""
        everything = self.written + self.reused
        own_files = {(j.game, j.kind) for j in everything if j.items == 1}

        def count(jobs: list[OutputJob], exclude: set) -> tuple[set, int]:
            ids = {(j.game, j.kind, j.item) for j in jobs if j.items == 1} - exclude
            sheets: dict[tuple[str, str], int] = {}
            for j in jobs:
                if j.items > 1 and (j.game, j.kind) not in own_files:
                    sheets[(j.game, j.kind)] = max(sheets.get((j.game, j.kind), 0), int(j.extra.get("loose", j.items)))
            return ids, sum(sheets.values())

        rendered_ids, rendered_sheets = count(self.written, set())
        reused_ids, _ = count(self.reused, rendered_ids)
        rendered_groups = {(j.game, j.kind) for j in self.written}
        _, reused_sheets = count([j for j in self.reused if (j.game, j.kind) not in rendered_groups], set())
        return len(rendered_ids) + rendered_sheets, len(reused_ids) + reused_sheets

    def summary(self) -> str:
        rendered, reused = self.item_counts()
        said = (f"Wrote {counted(len(self.written), 'files')}, reused {len(self.reused)} "
                f"({counted(rendered, 'items')} rendered, {reused} reused) in {self.seconds:.1f} s -> {display_path(self.out_dir)}")
        if self.removed:
            shown = _listed(self.removed)
            said += (f"\nRemoved {counted(len(self.removed), 'files')} of an earlier build drawn from data changed "
                     f"since (not asked for this time; build them again to have them): {shown}")
        if self.unlinked:
            said += (f"\nRemoved {counted(len(self.unlinked), 'files')} that link to files removed (build their format "
                     f"again to have them): {_listed(self.unlinked)}")
        return said


def _listed(paths: Sequence[str]) -> str:
    """The first few of ``paths``, and how many more."""
    return ", ".join(paths[:SHOWN_REMOVED]) + (f" and {len(paths) - SHOWN_REMOVED} more"
                                              if len(paths) > SHOWN_REMOVED else "")


def _remove(out_dir: Path, paths: Sequence[str]) -> list[str]:
    """Delete the build's own stale files (listed in its manifest, as written); the ones removed."""
    removed = []
    for relative in paths:
        target = out_dir / relative
        if ".." in Path(relative).parts or Path(relative).is_absolute():
            continue
        try:
            target.unlink()
        except FileNotFoundError:
            pass
        except OSError:
            continue             # kept on disk; the manifest no longer lists it
        removed.append(relative)
    return removed


def _read_manifest(out_dir: Path) -> _Earlier:
    """What the last build left in the folder's manifest (read once, here); nothing from a
    manifest of another format or one that cannot be read."""
    try:
        data = manifest_json(out_dir / MANIFEST)
        if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT:
            return _Earlier()
        games = data.get("games")
        return _Earlier(entries_by_path(data.get("files")), games if isinstance(games, dict) else {})
    except (OSError, ValueError):
        return _Earlier()


def plan_game(game: Game, options: BuildOptions, only: set[str] | None, core_hash: str,
              reads: dict[str, set[Path]] | None = None) -> list[OutputJob]:
    """Every file of one game the build would write, in a stable order. Its files are keyed
    by the core's code and the game's own (``code:``), so one game's code change redraws it
    only. ``reads`` gains the files its planning read (sheet layouts, papers), by game."""
    chash = game_code_hash(game.code, core_hash)
    game = narrowed(game, options.select)      # build --rows/--where: the items it draws
    with recording() as read:
        every = [(component, job) for component in game.components for job in component_jobs(component, options, chash)]
        game_jobs = [job for component, job in every if chosen(component, only)]
        exported: list[OutputJob] = []
        if any(chosen(component, only) for component in game.components):
            # the game-wide files (a TTS save, the proof sheet, PRINTING.md) and the shop
            # uploads always hold every component, so a partial build never leaves them
            # describing part of the game; a build of some items (--rows, --where) writes
            # none of them, only the pictures of those items (a hand, a showcase)
            pieced = [c for c in game.components if c.pieces]
            table = [c for c in game.components if c.table_pieces()]
            offers: list[Any] = [Pieces(c, chash) for c in pieced if options.select is None or chosen(c, only)]
            if options.select is None:
                offers.append(GamePieces(game, pieced, chash, table))
            exported = list(planned(offers, options))
            game_jobs.extend(exported)
        inspect_home_prints(game, game_jobs, options)
        measure_paper_use(game, [job for _, job in every] + exported, game_jobs, options)
        if (game_jobs or (only is not None and KIT_KIND in only)) and options.select is None:   # the test pages
            game_jobs.append(printing_notes_job(game, [job for _, job in every] + exported, options, chash))
    if reads is not None:
        reads.setdefault(game.id, set()).update(read)
    return game_jobs


def chosen(component: Any, only: set[str] | None) -> bool:
    """Whether ``--only`` asks for the component: by its kind (``cards``) or its id (``markers``)."""
    return only is None or component.kind in only or component.id in only


def inspect_home_prints(game: Game, jobs: Sequence[OutputJob], options: BuildOptions) -> None:
    """Ask the preflight to inspect the game's files printed at home, against the game's
    limits and the printer margin of the build (both join the files' keys)."""
    limits = game.preflight.limits(printer_margin(options))
    for job in jobs:
        if job.format == "pdf" and job.role in HOME_PRINT_ROLES:
            job.preflight = limits
            job.key = fingerprint(job.key, "preflight", limits)


def measure_paper_use(game: Game, every: Sequence[OutputJob], jobs: Sequence[OutputJob], options: BuildOptions) -> None:
    """The paper-use rule on the game's piece sheets (``every`` planned file of the game): its
    finding goes with the first of them this build draws (``jobs``), whose key it joins."""
    from generator.outputs.packed import KIND as SHARED_SHEETS

    measured = {c.id for c in paperuse.measured_components(game)}
    sheets = [job for job in every if job.format == "pdf" and job.role in PIECE_ROLES
              and (job.kind == SHARED_SHEETS or job.component in measured)]
    ids = {id(job) for job in sheets}
    _measure_lone_sheets(game, every, jobs, options)
    carrier = next((job for job in jobs if id(job) in ids and job.preflight is not None), None)
    if carrier is None:
        return
    carrier.findings = tuple(paperuse.check(game, options, [str(job.path) for job in sheets]))
    carrier.key = fingerprint(carrier.key, "paper-use", [f.to_json() for f in carrier.findings])


def _measure_lone_sheets(game: Game, every: Sequence[OutputJob], jobs: Sequence[OutputJob], options: BuildOptions) -> None:
    """The paper-use rule on the components' own piece sheets: each finding goes with its file."""
    own = {job.component: job for job in every if job.format == "pdf" and job.role in PIECE_ROLES and job.component}
    drawn = {id(job) for job in jobs if job.preflight is not None}
    for finding in paperuse.check_lone(game, options, {c: str(job.path) for c, job in own.items()}):
        job = own[finding.item]
        if id(job) in drawn:
            job.findings = (*job.findings, finding)
            job.key = fingerprint(job.key, "paper-use", finding.to_json())


def plan(games: Sequence[Game], options: BuildOptions, only: set[str] | None, core_hash: str) -> list[OutputJob]:
    """Every file the build would write, in a stable order: each game's (plan_game), then the kit's."""
    jobs = [job for game in games for job in plan_game(game, options, only, core_hash)]
    jobs.extend(_kit_jobs(options, only, core_hash))
    _refuse_clashes(jobs)
    return jobs


def _kit_jobs(options: BuildOptions, only: set[str] | None, core_hash: str) -> list[OutputJob]:
    return list(kit_jobs(options, core_hash)) if only is None or KIT_KIND in only else []


def _refuse_clashes(jobs: Sequence[OutputJob]) -> None:
    seen: set[str] = set()
    clashes: set[str] = set()
    for job in jobs:
        path = str(job.path)
        (clashes if path in seen else seen).add(path)
    if clashes:
        raise InputError(f"two components would write the same file: {', '.join(sorted(clashes))}")


@dataclass(frozen=True)
class _Inputs:
    """Where a build finds the input files its manifest names, and their hashes (once each)."""

    kit_root: Path
    hashes: FileHashes


def _reusable(job: OutputJob, entry: ManifestEntry | None, written: WrittenFiles, inputs: _Inputs) -> bool:
    """Same key, every recorded input file unchanged, and the file as it was written."""
    if entry is None or not entry.key or entry.key != job.key:
        return False
    if not inputs_unchanged(entry.inputs, inputs.kit_root, inputs.hashes):
        return False
    return written.as_written(str(job.path), entry)


def _render_into(staging: Path, runs: Sequence[RenderRun], inputs: _Inputs,
                 progress: Callable[[Iterable[OutputJob]], Iterable[OutputJob]] | None
                 ) -> tuple[list[tuple[OutputJob, ManifestEntry]], list[str]]:
    """Every job of the runs (started as their games were loaded), written into ``staging``
    as it comes, so memory holds one file's bytes at a time, not the whole kit's; its manifest
    entries in plan order, and the render errors (all of them, to report at once).
    ``progress`` sees each job as it is done."""
    staged: list[tuple[OutputJob, ManifestEntry]] = []
    errors: list[str] = []

    def finished() -> Iterator[OutputJob]:
        for run in runs:
            for outcome in run.outcomes():
                job = outcome.job
                if outcome.error is not None:
                    errors.append(outcome.error)
                elif not errors:         # after an error nothing will be kept: stop writing
                    staged.append(_stage(staging, job, outcome.data, outcome.read, inputs, outcome.findings))
                yield job
    for _ in (progress(finished()) if progress else finished()):
        pass
    return staged, errors


def _stage(staging: Path, job: OutputJob, data: bytes, read: frozenset[Path], inputs: _Inputs,
           findings: Sequence[Finding] = ()) -> tuple[OutputJob, ManifestEntry]:
    """Write one rendered file into ``staging``; its manifest entry."""
    target = staging / str(job.path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    recorded = record_inputs(read, inputs.kit_root, inputs.hashes)
    return job, _with_data_inputs(ManifestEntry.of_job(job, sha256(data), len(data), recorded, findings), job, inputs)


def _with_data_inputs(entry: ManifestEntry, job: OutputJob, inputs: _Inputs) -> ManifestEntry:
    """``entry`` with the hashes of the job's data inputs as they are now (OutputJob.data_inputs)."""
    if not job.data_inputs:
        return entry
    return replace(entry, data_inputs=record_inputs(job.data_inputs, inputs.kit_root, inputs.hashes))


def _preflight(games: Sequence[Game], entries: Mapping[str, ManifestEntry],
               options: BuildOptions) -> dict[str, GameReport]:
    """Each loaded game's preflight report, from the manifest entries of the files it
    inspected (rendered now, or reused with what they were found to hold). Every finding is a
    warning, those of games not loaded (unchanged since the last build) too; a strict game's
    findings stop the build (BuildError) before anything is written, but for the paper used
    by ``--sheets per-component``, which the user chose (one component a sheet), and the
    rules that only warn (``WARNING_RULES``)."""
    by_game: dict[str, list[Finding]] = {}
    for entry in entries.values():
        for data in entry.preflight or ():
            by_game.setdefault(entry.game, []).append(Finding.from_json(data))
    reports = {game.id: GameReport(game.id, game.preflight, tuple(by_game.get(game.id, ())) + tuple(game_findings(game)))
               for game in games}
    for game_id in sorted(set(by_game) - set(reports)):
        for finding in ordered(by_game[game_id]):
            warn(f"preflight: {finding.message()}")
    refused: list[str] = []
    for report in reports.values():
        for line in report.lines()[1:] if report.findings else ():
            warn(f"preflight: {line}")
        chosen = paperuse.RULE if options.sheets == "per-component" else None
        refusing = [f for f in report.faults if f.rule != chosen]
        if refusing and report.settings.strict:
            refused.append(f"{report.game}: preflight: strict (game.yaml), and the preflight found:\n"
                           + "\n".join(f"  {f.message()}" for f in ordered(refusing)))
    if refused:
        raise BuildError("\n".join(refused))
    return reports


def _destination_problems(out_dir: Path, jobs: Sequence[OutputJob]) -> list[str]:
    """Paths the build could not write (a file where a folder must go, or the reverse):
    found before anything is rendered, so a build never stops halfway through writing."""
    problems = []
    checked: set[Path] = set()
    for job in jobs:
        final = out_dir / str(job.path)
        if final.is_dir():
            problems.append(f"cannot write {final}: a folder of that name is in the way")
        for parent in final.parents:
            if parent in checked or parent == out_dir.parent:
                break
            checked.add(parent)
            if parent.exists() and not parent.is_dir():
                problems.append(f"cannot write {final}: {parent} is a file, not a folder")
    return list(dict.fromkeys(problems))


def _manifest_text(files: Sequence[ManifestEntry], records: dict[str, Any]) -> str:
    """The manifest as JSON, one line for each file and each game: as easy to read and to
    compare as an indented one, written by json's C encoder (an indented manifest is
    written in Python, a twentieth of a one-card rebuild)."""
    def line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    def block(name: str, brackets: str, lines: list[str]) -> str:
        inside = ",".join(f"\n    {text}" for text in lines) + ("\n  " if lines else "")
        return f'  "{name}": {brackets[0]}{inside}{brackets[1]}'

    return "\n".join(["{", f'  "format": {MANIFEST_FORMAT},', f'  "generator": {line(f"pnpkit {__version__}")},',
                      block("files", "[]", [line(entry.to_json()) for entry in files]) + ",",
                      block("games", "{}", [f"{line(game)}: {line(record)}" for game, record in sorted(records.items())]),
                      "}"]) + "\n"


def build(game_ids: list[str] | None, options: BuildOptions, out_dir: Path, *, only: set[str] | None = None,
          progress: Callable[[Iterable[OutputJob]], Iterable[OutputJob]] | None = None,
          force: bool = False, jobs_n: int | None = None,
          waiting: Callable[[str], None] | None = None, fork_above: int = 1) -> BuildResult:
    """Build the kit; raises DataError or BuildError before writing anything. ``force``
    renders every file again, whatever the manifest says, and replaces files in the way
    that the build did not write (generator.build.ownership); without it they are refused.
    ``jobs_n`` processes render (default: every core), with the same bytes whatever their number;
    a game with at most ``fork_above`` files to render renders them in this process (watch's
    small rebuilds: forking workers costs more than it saves there, see RenderRun).
    One build at a time writes into a folder: ``waiting`` hears when this one has to wait."""
    started = time.perf_counter()
    jobs_n = jobs_n or default_jobs()
    options = with_asset_url(options, Path(out_dir))
    out_dir = Path(out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise BuildError(f"the output directory {out_dir} is a file")
    fonts.cut_faces(fonts.BUILTIN_FACES, waiting)
    # what the manifest records of each input is its content as this build read it
    with output_lock(out_dir, waiting) as held, _older_objects_frozen(), reading_session():
        try:
            result = _build_locked(game_ids, options, out_dir, only, force, jobs_n, progress, fork_above)
        except BaseException:
            held.remove_if_unused()
            raise
        if not result.written and not result.reused:
            held.remove_if_unused()
    result.seconds = time.perf_counter() - started
    return result


@contextmanager
def _older_objects_frozen() -> Iterator[None]:
    """The objects made before the build (modules, fonts, games of an earlier build in watch
    mode) left out of the garbage collector's passes while it runs: a full pass over them
    cost a fifth of a one-card rebuild. Forked render workers inherit them frozen, so the
    collector does not touch, and copy, their pages either."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@dataclass(frozen=True)
class _Earlier:
    """What the last build into the folder left in its manifest: its files' entries by path,
    and the records of the games it loaded (generator.build.unchanged_games)."""

    entries: dict[str, ManifestEntry] = field(default_factory=dict)
    records: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class _Run:
    """What every step of one build shares: its folder, what it asks, what the last build left."""

    out_dir: Path
    options: BuildOptions
    force: bool
    partial: bool               # plans only some of a game's files (--only, --rows, --where)
    core_hash: str
    inputs: _Inputs
    written: WrittenFiles
    earlier: _Earlier


def _build_locked(game_ids: list[str] | None, options: BuildOptions, out_dir: Path, only: set[str] | None,
                  force: bool, jobs_n: int,
                  progress: Callable[[Iterable[OutputJob]], Iterable[OutputJob]] | None,
                  fork_above: int = 1) -> BuildResult:
    """The build's work on its output folder, which it holds (generator.build.output_lock): finish
    or remove what killed builds left, load and plan the games (rendering each as soon as it
    is planned), render into a staging folder, commit (generator.build.commit). A failure removes
    only this build's staging folder."""
    try:
        recover(out_dir, MANIFEST)
    except OSError as err:
        raise BuildError(f"cannot finish the build that was stopped in {out_dir}: {err.strerror or err}") from None
    run = _Run(out_dir, options, force, only is not None or options.select is not None, core_code_hash(),
               _Inputs(current_kit().root.resolve(), FileHashes()), WrittenFiles(out_dir, MANIFEST),
               _read_manifest(out_dir) if out_dir.is_dir() else _Earlier())
    ids = list(game_ids or current_kit().game_ids())
    skipped = _unchanged_games(run, ids)
    loaded = _Loaded()
    staging = _load_and_stage(run, loaded, ids, skipped, only, (jobs_n, fork_above))
    result = BuildResult(out_dir=out_dir)
    result.reused.extend(loaded.reused)
    staged: list[tuple[OutputJob, ManifestEntry]] = []
    try:
        result.reused.extend(run.earlier.entries[path].job()
                             for gid in ids if gid in skipped for path in run.earlier.records[gid]["files"])
        staged = _render_all(staging, loaded, run.inputs, progress)
        new_entries = {entry.path: entry for _, entry in staged}
        for job in result.reused:       # current: its data inputs are recorded as they are now
            new_entries[str(job.path)] = _with_data_inputs(run.earlier.entries[str(job.path)], job, run.inputs)
        kept, stale = _kept_entries(run, new_entries, {str(job.path) for job in loaded.after_preflight})
        # and only while every file they link to stays (a Tabletop Simulator save whose
        # pictures were stale): removed with them (generator.build.ledger)
        ledger_now, unlinked = resolved({**kept, **new_entries}, kept)
        with reporting(_preflight(loaded.games, new_entries, options)), holding(ledger_now):
            _draw_notes(run, loaded.after_preflight, staging, staged, new_entries, result)
        kept = {path: entry for path, entry in kept.items() if path not in unlinked}
        files = sorted({**kept, **new_entries}.values(), key=lambda e: e.path)
        if files or (out_dir / MANIFEST).exists():
            text = _manifest_text(files, _game_records(run, loaded))
            commit(staging, out_dir, MANIFEST, text, [e.path for e in files])
        result.written = [job for job, _ in staged]
        result.removed = _remove(out_dir, stale)
        result.unlinked = _remove(out_dir, sorted(unlinked))
        remove_emptied_folders(out_dir, result.removed + result.unlinked)
    except OSError as err:
        where = f" ({err.filename})" if err.filename else ""
        if is_committed(staging):
            raise BuildError(f"cannot move the new files into place: {err.strerror or err}{where}; they are kept in "
                             f"{staging}, and the next build into {out_dir} finishes moving them") from None
        raise BuildError(f"cannot write the kit: {err.strerror or err}{where}; nothing was changed in "
                         f"{out_dir}") from None
    finally:
        loaded.stop()
        if not is_committed(staging):
            shutil.rmtree(staging, ignore_errors=True)
    return result


def _unchanged_games(run: _Run, ids: Sequence[str]) -> set[str]:
    """The games taken from the last build's manifest as they are, not loaded again
    (generator.build.unchanged_games); none when forced or when the build plans part of a game."""
    if run.force or run.partial:
        return set()
    return {gid for gid in ids if unchanged_games.unchanged(
        run.earlier.records.get(gid), run.earlier.entries,
        lambda code: unchanged_games.game_key(code, run.core_hash, run.options),
        run.written, run.inputs.kit_root, run.inputs.hashes)}


def _load_and_stage(run: _Run, loaded: _Loaded, ids: list[str], skipped: set[str], only: set[str] | None,
                    processes: tuple[int, int]) -> Path:
    """Load, plan and start rendering the games not ``skipped`` (``_load_and_start``), say again
    what the skipped ones warned of, refuse what is in the way of the files, and make the
    staging folder; every render stopped if this fails."""
    try:
        _load_and_start(loaded, [gid for gid in ids if gid not in skipped], run.options, only, run.core_hash, processes,
                        lambda job: not run.force and _reusable(job, run.earlier.entries.get(str(job.path)),
                                                                run.written, run.inputs))
        for gid in ids:                 # what they warned of when they were loaded
            for message in run.earlier.records[gid].get("warnings", []) if gid in skipped else ():
                warn(str(message))
        problems = _destination_problems(run.out_dir, loaded.jobs)
        if not run.force:
            problems.extend(foreign_files(run.out_dir, [str(job.path) for job in loaded.jobs], MANIFEST, run.written))
        if problems:
            raise BuildError("\n".join(problems))
        try:
            return make_staging(run.out_dir)
        except OSError as err:
            raise BuildError(f"cannot write into {run.out_dir}: {err.strerror or err}") from None
    except BaseException:
        loaded.stop()
        raise


def _render_all(staging: Path, loaded: _Loaded, inputs: _Inputs,
                progress: Callable[[Iterable[OutputJob]], Iterable[OutputJob]] | None
                ) -> list[tuple[OutputJob, ManifestEntry]]:
    """Every started render written into ``staging`` (``_render_into``); its errors raised at
    once, text that does not fit as the data problem ``check`` calls it."""
    staged, errors = _render_into(staging, loaded.runs, inputs, progress)
    if errors:
        overflows = _overflows(loaded.games)
        if overflows:
            raise DataError(overflows)
        raise _render_failure(errors)
    return staged


def _kept_entries(run: _Run, new_entries: Mapping[str, ManifestEntry], notes: set[str]
                  ) -> tuple[dict[str, ManifestEntry], list[str]]:
    """The last build's entries of files this build did not plan (a partial build's other
    kinds), kept only while they are as written (the new manifest is newer than any change
    made to them), and the paths of those no longer current, to remove: a file this build did
    not redraw whose inputs changed since (a layout edited under watch, which draws PDF and
    SVG only) would be uploaded from an old design, and so would one whose items' data changed
    since (a card whose row is gone, the sheets of another paper)."""
    kept = {path: entry for path, entry in run.earlier.entries.items()
            if path not in new_entries and path not in notes and run.written.as_written(path, entry)}
    stale = sorted(path for path, entry in kept.items()
                   if any(recorded and not inputs_unchanged(recorded, run.inputs.kit_root, run.inputs.hashes)
                          for recorded in (entry.inputs, entry.data_inputs)))
    for path in stale:
        del kept[path]
    return kept, stale


def _draw_notes(run: _Run, notes: Sequence[OutputJob], staging: Path, staged: list[tuple[OutputJob, ManifestEntry]],
                new_entries: dict[str, ManifestEntry], result: BuildResult) -> None:
    """PRINTING.md of each game, drawn once the preflight has run and the folder's ledger is
    known (its report, and the folder as it will be): reused when it comes out the same."""
    for job in notes:
        data = job.render()
        entry = run.earlier.entries.get(str(job.path))
        if (not run.force and entry is not None and entry.key and entry.key == job.key
                and entry.sha256 == sha256(data) and run.written.as_written(str(job.path), entry)):
            result.reused.append(job)       # the same notes and the same report: kept as it is
            new_entries[str(job.path)] = entry
            continue
        staged.append(_stage(staging, job, data, frozenset(job.inputs()), run.inputs))
        new_entries[str(job.path)] = staged[-1][1]


def _game_records(run: _Run, loaded: _Loaded) -> dict[str, Any]:
    """The manifest's records of the games: those loaded now, and, as their files are kept,
    those of games not built this time; a partial build records none anew."""
    records = dict(run.earlier.records)
    if run.partial:
        return records
    by_game: dict[str, list[str]] = {}
    for job in loaded.jobs:
        by_game.setdefault(job.game, []).append(str(job.path))
    for game in loaded.games:
        records[game.id] = unchanged_games.game_record(
            game.code, unchanged_games.game_key(game.code, run.core_hash, run.options), loaded.reads[game.id],
            loaded.warnings[game.id], by_game.get(game.id, []), run.inputs.kit_root, run.inputs.hashes)
    return records


@dataclass
class _Loaded:
    """What loading the games gave: the games, the files each read and the warnings it gave
    (for the manifest's record of it), every planned job, those reused, and the renders started."""

    games: list[Game] = field(default_factory=list)
    reads: dict[str, set[Path]] = field(default_factory=dict)
    warnings: dict[str, list[str]] = field(default_factory=dict)
    jobs: list[OutputJob] = field(default_factory=list)
    reused: list[OutputJob] = field(default_factory=list)
    runs: list[RenderRun] = field(default_factory=list)
    after_preflight: list[OutputJob] = field(default_factory=list)   # rendered here once it has run

    def stop(self) -> None:
        for run in self.runs:
            run.abandon()
        for run in self.runs:
            run.stop()


def _load_and_start(loaded: _Loaded, game_ids: list[str], options: BuildOptions, only: set[str] | None,
                    core_hash: str, processes: tuple[int, int], reusable: Callable[[OutputJob], bool]) -> None:
    """Load each game, plan it, and start rendering its files at once, while the next game
    loads (workers forked then see the games loaded so far). Every game's data problems are
    gathered before raising, then paper problems and clashes, as ``load_games``, ``plan`` and
    the paper-fit check (paper_problems) finds them; a build that will stop starts no more renders."""
    from generator.core.errors import ProblemCollector

    problems = ProblemCollector()
    misfits: list[str] = []
    if len(game_ids) > 1:
        expect_later_runs()
    for game_id in game_ids:
        with recording() as read, collecting() as said:
            try:
                game = load_game(game_id)
            except DataError as err:
                problems.extend(err.problems)
                # its good components' text that does not fit is reported with the data problems
                problems.extend(_overflows([err.loaded] if err.loaded is not None else []))
                continue
        loaded.games.append(game)
        loaded.reads[game.id], loaded.warnings[game.id] = set(read), list(said)
        misfit = paper_problems([game], options)
        misfits.extend(misfit)
        if misfit or problems.problems:
            continue
        game_jobs = plan_game(game, options, only, core_hash, loaded.reads)
        _start(loaded, game_jobs, processes, reusable)
    if problems.problems:
        problems.extend(_overflows(loaded.games))
    problems.raise_if_any()
    if misfits:
        raise InputError("\n".join(misfits))       # the paper asked for: bad input, as check says
    kit = _kit_jobs(options, only, core_hash)
    _refuse_clashes(loaded.jobs + kit)
    _start(loaded, kit, processes, reusable)


def _start(loaded: _Loaded, jobs: list[OutputJob], processes: tuple[int, int],
           reusable: Callable[[OutputJob], bool]) -> None:
    """Render the jobs not reused; ``processes`` is (at most this many, only above this many files)."""
    loaded.jobs.extend(jobs)
    to_render: list[OutputJob] = []
    for job in jobs:
        # PRINTING.md carries the preflight's report: drawn once the files it reports on are
        (loaded.after_preflight if job.role == "notes" else loaded.reused if reusable(job) else to_render).append(job)
    if to_render:
        loaded.runs.append(RenderRun(to_render, *processes))


def check_sheets() -> None:
    """The shared sheet data (papers, sizes, layouts): every problem, at once."""
    from generator.core.errors import ProblemCollector
    from generator.kit.sizes import named_sizes
    from generator.outputs.shops import shop
    from generator.printing import layouts as sheet_layouts

    problems = ProblemCollector()
    for read in (sheet_layouts.papers, sheet_layouts.layouts, named_sizes, shop):
        problems.run(read)
    problems.raise_if_any()


def _render_failure(errors: Sequence[str]) -> BuildError:
    """The render errors as one error: InputError (exit code 2) when each is the input's fault."""
    kind = InputError if all(isinstance(error, InputMessage) for error in errors) else BuildError
    return kind("\n".join(dict.fromkeys(errors)))


def _overflows(games: Sequence[Game]) -> list[Problem]:
    """The text that does not fit in the games' components, as data problems (laid out only
    when a build already stops on data problems: one run reports both)."""
    found: list[Problem] = []
    for game in games:
        for component in game.components:
            try:
                component.draw_all()
            except DataError as err:
                found.extend(err.problems)
            except (BuildError, TextOverflow):
                pass             # reported by the build once its data is right
    return found


def _load_for_check(game_ids: list[str] | None, problems: Any) -> tuple[list[Game], list[Game]]:
    """(games that loaded, games to lay out: those and the good components of those that did
    not), every data problem collected in ``problems``."""
    games: list[Game] = []
    laid_out: list[Game] = []
    for game_id in game_ids or current_kit().game_ids():
        try:
            game = load_game(game_id)
        except DataError as err:
            problems.extend(err.problems)
            if err.loaded is not None:
                laid_out.append(err.loaded)
            continue
        games.append(game)
        laid_out.append(game)
    return games, laid_out


def check(game_ids: list[str] | None, options: BuildOptions = BuildOptions(),
          say: Callable[[str], None] | None = None) -> list[Game]:
    """Validate all data and lay out every piece (on the paper of ``options``) without
    rendering; raises with all problems: whatever ``build`` would refuse. ``say`` hears of
    the font faces cut first on a new machine."""
    from generator.core.errors import ProblemCollector

    fonts.cut_faces(fonts.BUILTIN_FACES, say)

    problems = ProblemCollector()
    problems.run(check_sheets)
    games, laid_out = _load_for_check(game_ids, problems)
    errors: list[str] = []
    for game in laid_out:
        for component in game.components:
            try:
                component.draw_all()
            except DataError as err:             # text that does not fit: with the data problems
                problems.extend(err.problems)
            except (BuildError, TextOverflow) as err:
                errors.append(str(err))
    if problems.problems:
        raise DataError(problems.problems + [Problem("(drawing)", message) for message in errors])
    errors.extend(paper_problems(games, options))
    if errors:
        raise InputError("\n".join(errors))     # what the kit asks cannot be printed: bad input (exit 2)
    return games


def preflight_only(game_ids: list[str] | None, options: BuildOptions, jobs_n: int | None = None) -> list[GameReport]:
    """Each game's preflight report, drawing the files it inspects without writing any
    (``pnpkit check --preflight``); raises on bad data as ``check`` does."""
    games = check(game_ids, options)
    core_hash = core_code_hash()
    reports = []
    for game in games:
        inspected = [job for job in plan_game(game, options, None, core_hash) if job.preflight is not None]
        findings: list[Finding] = []
        errors: list[str] = []
        if inspected:
            for outcome in RenderRun(inspected, jobs_n or default_jobs()).outcomes():
                findings.extend(outcome.findings)
                if outcome.error is not None:
                    errors.append(outcome.error)
        if errors:
            raise _render_failure(errors)
        reports.append(GameReport(game.id, game.preflight, tuple(findings) + tuple(game_findings(game))))
    return reports
