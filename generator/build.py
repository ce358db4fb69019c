"""The build: plan every file, reuse what has not changed, render the rest, then commit.

Nothing is written until every file has rendered: data problems and render errors (text
that does not fit) stop the build with the output directory untouched. Rendered files
are staged in a temporary folder and renamed into place; the manifest is written last.
"""

from __future__ import annotations

import json
import shutil
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

from generator import __version__
from generator.cachekeys import FileHashes, core_code_hash, game_code_hash, inputs_unchanged, record_inputs, sha256
from generator.components.base import BuildOptions, OutputJob
from generator.datafiles import display_path
from generator.errors import BuildError
from generator.exports import export_jobs, pieced
from generator.games import Game, load_games
from generator.draw.textfit import TextOverflow
from generator.kit import KIT_KIND, kit_jobs, printing_notes_job
from generator.kit_location import current_kit
from generator.commit import commit, is_committed, recover
from generator.output_lock import output_lock
from generator.ownership import foreign_files, make_staging
from generator.paper_fit import paper_problems, require_paper_fit
from generator.render_pool import default_jobs, render_jobs

MANIFEST = "manifest.json"
MANIFEST_FORMAT = 2     # 2: each file records the input files it was drawn from


@dataclass
class BuildResult:
    written: list[OutputJob] = field(default_factory=list)
    reused: list[OutputJob] = field(default_factory=list)
    seconds: float = 0.0
    out_dir: Path = Path("output")

    def item_counts(self) -> tuple[int, int]:
        """Items (cards, counters, tiles, ...) rendered again, and items whose every file was reused.

        An item with files of its own (a card) counts once however many files it has; items
        that only appear together on a sheet (counters) count by the sheet's item count."""
        everything = self.written + self.reused
        own_files = {(j.game, j.kind) for j in everything if j.items == 1}

        def count(jobs: list[OutputJob], exclude: set) -> tuple[set, int]:
            ids = {(j.game, j.kind, j.item) for j in jobs if j.items == 1} - exclude
            sheets: dict[tuple[str, str], int] = {}
            for j in jobs:
                if j.items > 1 and (j.game, j.kind) not in own_files:
                    sheets[(j.game, j.kind)] = max(sheets.get((j.game, j.kind), 0), j.items)
            return ids, sum(sheets.values())

        rendered_ids, rendered_sheets = count(self.written, set())
        reused_ids, _ = count(self.reused, rendered_ids)
        rendered_groups = {(j.game, j.kind) for j in self.written}
        _, reused_sheets = count([j for j in self.reused if (j.game, j.kind) not in rendered_groups], set())
        return len(rendered_ids) + rendered_sheets, len(reused_ids) + reused_sheets

    def summary(self) -> str:
        rendered, reused = self.item_counts()
        return (f"Wrote {_plural(len(self.written), 'file')}, reused {len(self.reused)} "
                f"({_plural(rendered, 'item')} rendered, {reused} reused) in {self.seconds:.1f} s -> {display_path(self.out_dir)}")


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def read_manifest(out_dir: Path) -> dict[str, dict]:
    """Entries by path; a missing or unreadable manifest means nothing can be reused."""
    try:
        data = json.loads((out_dir / MANIFEST).read_text(encoding="utf-8"))
        if data.get("format") != MANIFEST_FORMAT:
            return {}
        return {entry["path"]: entry for entry in data.get("files", [])}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def plan(games: Sequence[Game], options: BuildOptions, only: set[str] | None, core_hash: str) -> list[OutputJob]:
    """Every file the build would write, in a stable order. A game's files are keyed by the
    core's code and the game's own (``code:``), so one game's code change redraws it only."""
    jobs: list[OutputJob] = []
    for game in games:
        chash = game_code_hash(game.code, core_hash)
        game_jobs = [job for component in game.components
                     if only is None or component.kind in only
                     for job in component.jobs(options, chash)]
        exported = pieced(game) if only is None else [c for c in pieced(game) if c.kind in only]
        game_jobs.extend(export_jobs(game, exported, options, chash))
        if game_jobs:
            game_jobs.append(printing_notes_job(game, game_jobs, options, chash))
        jobs.extend(game_jobs)
    if only is None or KIT_KIND in only:
        jobs.extend(kit_jobs(options, core_hash))
    paths = [str(job.path) for job in jobs]
    clashes = sorted(p for p, n in Counter(paths).items() if n > 1)
    if clashes:
        raise BuildError(f"two components would write the same file: {', '.join(clashes)}")
    return jobs


@dataclass(frozen=True)
class _Inputs:
    """Where a build finds the input files its manifest names, and their hashes (once each)."""

    kit_root: Path
    hashes: FileHashes


def _reusable(job: OutputJob, entry: dict | None, out_dir: Path, inputs: _Inputs) -> bool:
    """Same key, every recorded input file unchanged, and the file as it was written."""
    if not entry or entry.get("key") != job.key:
        return False
    if not inputs_unchanged(entry.get("inputs"), inputs.kit_root, inputs.hashes):
        return False
    path = out_dir / str(job.path)
    try:
        return path.stat().st_size == entry.get("bytes") and sha256(path.read_bytes()) == entry.get("sha256")
    except OSError:
        return False


def _entry(job: OutputJob, data_hash: str, size: int, read: dict[str, str | None]) -> dict:
    return {"path": str(job.path), "game": job.game, "kind": job.kind, "item": job.item, "format": job.format,
            "paper": job.paper, "trim_mm": list(job.trim_mm) if job.trim_mm else None, "items": job.items,
            "sha256": data_hash, "bytes": size, "key": job.key, "inputs": read}


def _render_into(staging: Path, jobs: Sequence[OutputJob], processes: int, inputs: _Inputs,
                 progress: Callable[[Iterable[OutputJob]], Iterable[OutputJob]] | None
                 ) -> tuple[list[tuple[OutputJob, dict]], list[str]]:
    """Every job rendered (over ``processes`` processes) and written into ``staging`` as it
    comes, so memory holds one file's bytes at a time, not the whole kit's; its manifest
    entries in plan order, and the render errors (all of them, to report at once).
    ``progress`` sees each job as it is done."""
    staged: list[tuple[OutputJob, dict]] = []
    errors: list[str] = []

    def finished() -> Iterator[OutputJob]:
        for outcome in render_jobs(jobs, processes):
            job = outcome.job
            if outcome.error is not None:
                errors.append(outcome.error)
            elif not errors:             # after an error nothing will be kept: stop writing
                target = staging / str(job.path)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(outcome.data)
                read = record_inputs(outcome.read, inputs.kit_root, inputs.hashes)
                staged.append((job, _entry(job, sha256(outcome.data), len(outcome.data), read)))
            yield job
    for _ in (progress(finished()) if progress else finished()):
        pass
    return staged, errors


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


def with_asset_url(options: BuildOptions, out_dir: Path) -> BuildOptions:
    """Tabletop Simulator's images are found where this build writes them, unless the
    options name where they will be uploaded."""
    if "tts" not in options.formats or options.asset_url:
        return options
    return replace(options, asset_url=out_dir.resolve().as_uri() + "/")


def _manifest_text(files: list[dict]) -> str:
    return json.dumps({"format": MANIFEST_FORMAT, "generator": f"pnpkit {__version__}", "files": files},
                      indent=2, ensure_ascii=False) + "\n"


def _build_locked(jobs: Sequence[OutputJob], out_dir: Path, inputs: _Inputs, force: bool, jobs_n: int,
                  progress: Callable[[Iterable[OutputJob]], Iterable[OutputJob]] | None) -> BuildResult:
    """The build's work on its output folder, which it holds (generator.output_lock): finish
    or remove what killed builds left, render into a staging folder, commit (generator.commit).
    A failure removes only this build's staging folder."""
    try:
        recover(out_dir, MANIFEST)
    except OSError as err:
        raise BuildError(f"cannot finish the build that was stopped in {out_dir}: {err.strerror or err}") from None
    if not force:
        refused = foreign_files(out_dir, [str(job.path) for job in jobs], MANIFEST)
        if refused:
            raise BuildError("\n".join(refused))
    manifest = read_manifest(out_dir)
    result = BuildResult(out_dir=out_dir)
    try:
        staging = make_staging(out_dir)
    except OSError as err:
        raise BuildError(f"cannot write into {out_dir}: {err.strerror}") from None
    staged: list[tuple[OutputJob, dict]] = []
    try:
        to_render: list[OutputJob] = []
        for job in jobs:
            if not force and _reusable(job, manifest.get(str(job.path)), out_dir, inputs):
                result.reused.append(job)
            else:
                to_render.append(job)
        staged, errors = _render_into(staging, to_render, jobs_n, inputs, progress)
        if errors:
            raise BuildError("\n".join(dict.fromkeys(errors)))
        new_entries = {e["path"]: e for _, e in staged}
        for job in result.reused:
            new_entries[str(job.path)] = manifest[str(job.path)]
        kept = {path: entry for path, entry in manifest.items()
                if path not in new_entries and (out_dir / path).exists()}
        files = sorted({**kept, **new_entries}.values(), key=lambda e: e["path"])
        if files or (out_dir / MANIFEST).exists():
            commit(staging, out_dir, MANIFEST, _manifest_text(files))
        result.written = [job for job, _ in staged]
    except OSError as err:
        where = f" ({err.filename})" if err.filename else ""
        if is_committed(staging):
            raise BuildError(f"cannot move the new files into place: {err.strerror or err}{where}; they are kept in "
                             f"{staging}, and the next build into {out_dir} finishes moving them") from None
        raise BuildError(f"cannot write the kit: {err.strerror or err}{where}; nothing was changed in "
                         f"{out_dir}") from None
    finally:
        if not is_committed(staging):
            shutil.rmtree(staging, ignore_errors=True)
    return result


def build(game_ids: list[str] | None, options: BuildOptions, out_dir: Path, *, only: set[str] | None = None,
          progress: Callable[[Iterable[OutputJob]], Iterable[OutputJob]] | None = None,
          force: bool = False, jobs_n: int | None = None,
          waiting: Callable[[str], None] | None = None) -> BuildResult:
    """Build the kit; raises DataError or BuildError before writing anything. ``force``
    renders every file again, whatever the manifest says, and replaces files in the way
    that the build did not write (generator.ownership); without it they are refused.
    ``jobs_n`` processes render (default: every core), with the same bytes whatever their number.
    One build at a time writes into a folder: ``waiting`` hears when this one has to wait."""
    started = time.perf_counter()
    jobs_n = jobs_n or default_jobs()
    options = with_asset_url(options, Path(out_dir))
    games = load_games(game_ids)
    require_paper_fit(games, options)
    jobs = plan(games, options, only, core_code_hash())
    inputs = _Inputs(current_kit().root.resolve(), FileHashes())
    out_dir = Path(out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise BuildError(f"the output directory {out_dir} is a file")
    problems = _destination_problems(out_dir, jobs)
    if problems:
        raise BuildError("\n".join(problems))
    with output_lock(out_dir, waiting) as held:
        try:
            result = _build_locked(jobs, out_dir, inputs, force, jobs_n, progress)
        except BaseException:
            held.remove_if_unused()
            raise
        if not result.written and not result.reused:
            held.remove_if_unused()
    result.seconds = time.perf_counter() - started
    return result


def check_sheets() -> None:
    """The shared sheet data (papers, sizes, layouts): every problem, at once."""
    from generator.components.sizes import named_sizes
    from generator.exports.shops import shop
    from generator.errors import ProblemCollector
    from generator.printing import layouts as sheet_layouts

    problems = ProblemCollector()
    for read in (sheet_layouts.papers, sheet_layouts.layouts, named_sizes, shop):
        problems.run(read)
    problems.raise_if_any()


def check(game_ids: list[str] | None, options: BuildOptions = BuildOptions()) -> list[Game]:
    """Validate all data and lay out every piece (on the paper of ``options``) without
    rendering; raises with all problems: whatever ``build`` would refuse."""
    from generator.errors import ProblemCollector

    problems = ProblemCollector()
    problems.run(check_sheets)
    games = problems.run(load_games, game_ids) or []
    problems.raise_if_any()
    errors: list[str] = []
    for game in games:
        for component in game.components:
            try:
                component.draw_all()
            except (BuildError, TextOverflow) as err:
                errors.append(str(err))
    errors.extend(paper_problems(games, options))
    if errors:
        raise BuildError("\n".join(errors))
    return games
