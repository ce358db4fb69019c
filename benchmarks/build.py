"""Build benchmarks: figures printed, never asserted (the machine decides how fast is fast).

Run from the repository: ``python benchmarks/build.py [--jobs N] [--repeat N]``. It builds
the bundled games into temporary folders, fonts cached by a first build; each figure with a
target is the median of ``--repeat`` runs (5), so one hiccup of a shared machine does not
decide it:

- cold build of every bundled game (pdf, svg); a PNG build (``--format png``, the issue's
  measure: "a PNG build at most 1.5x the PDF+SVG build") and the ratio; and, as a figure, a
  build of all three formats at once;
- one card's text changed, then rebuilt: the time against the full build's;
- per-face cost against the floor: raw reportlab drawing as many pages (a rectangle and a
  line of text each) as the build draws faces;
- the preflight's share of a cold build: the cold build's CPU seconds against those of the same
  build with the preflight left out (target: at most 15 %).
"""

from __future__ import annotations

import argparse
import io
import os
import platform
import resource
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Callable

from reportlab.pdfgen import canvas

import generator.build.engine as build_module
from generator.build.engine import build
from generator.kit.location import bundled_root, use_kit
from generator.loading.games import load_games
from generator.pieces.job import BuildOptions

PDF_SVG = BuildOptions(formats=frozenset({"pdf", "svg"}))
PNG = BuildOptions(formats=frozenset({"png"}))
ALL_THREE = BuildOptions(formats=frozenset({"pdf", "svg", "png"}))
CARD_FILE = Path("data/stockholm1520/cards/event_cards.csv")
CARD_EDIT = ("lands after 5 turns", "lands after five turns")


CPU: list[float] = []      # CPU seconds of each timed build (this process and its workers)


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _timed_build(options: BuildOptions, out: Path, jobs: int | None, force: bool = True) -> float:
    """Wall seconds of one build; its CPU seconds go to CPU (a busy machine inflates the wall time)."""
    started, cpu = time.perf_counter(), _cpu()
    build(None, options, out, force=force, jobs_n=jobs)
    CPU.append(_cpu() - cpu)
    return time.perf_counter() - started


def _raw_reportlab(pages: int) -> float:
    started = time.perf_counter()
    buffer = io.BytesIO()
    c = canvas.Canvas(buffer, pagesize=(180, 252), invariant=1, pageCompression=1)
    for page in range(pages):
        c.setFillColorRGB(0.9, 0.85, 0.7)
        c.rect(9, 9, 162, 234, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.drawString(20, 200, f"card {page}")
        c.showPage()
    c.save()
    return time.perf_counter() - started


def _median(runs: list[tuple[float, float]]) -> tuple[float, float]:
    """The median run's (wall, CPU) seconds, by wall time."""
    ordered = sorted(runs)
    return ordered[len(ordered) // 2] if len(ordered) % 2 else (statistics.median(w for w, _ in runs),
                                                                 statistics.median(c for _, c in runs))


def _runs(times: int, build_once: Callable[[int], float]) -> tuple[float, float]:
    runs = []
    for index in range(times):
        wall = build_once(index)
        runs.append((wall, CPU[-1]))
    return _median(runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: every core)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each measure with a target (median)")
    args = parser.parse_args()
    repeat = max(1, args.repeat)
    with tempfile.TemporaryDirectory() as temp:
        kit = Path(temp) / "kit"
        shutil.copytree(bundled_root() / "data", kit / "data")
        with use_kit(kit):
            games = load_games(None)
            faces = sum(len(c.faces()) for g in games for c in g.components)
            game_ids = [g.id for g in games]
            del games       # not kept alive through the timed builds: a `pnpkit build` holds no more than its own
            _timed_build(PDF_SVG, Path(temp) / "warm", args.jobs)              # fonts cached
            cold, cpu_cold = _runs(repeat, lambda i: _timed_build(PDF_SVG, Path(temp) / f"cold{i}", args.jobs))
            png, cpu_png = _runs(repeat, lambda i: _timed_build(PNG, Path(temp) / f"png{i}", args.jobs))
            all_three = _timed_build(ALL_THREE, Path(temp) / "all", args.jobs)
            cpu_all = CPU[-1]
            source = kit / CARD_FILE

            def one_card(index: int) -> float:
                edit = CARD_EDIT if index % 2 == 0 else CARD_EDIT[::-1]
                source.write_text(source.read_text().replace(*edit))
                return _timed_build(PDF_SVG, Path(temp) / "cold0", args.jobs, force=False)
            one, cpu_one = _runs(repeat, one_card)
            inspecting = build_module.inspect_home_prints
            build_module.inspect_home_prints = lambda *args: None      # forked workers inherit it
            try:
                _, cpu_bare = _runs(repeat, lambda i: _timed_build(PDF_SVG, Path(temp) / f"bare{i}", args.jobs))
            finally:
                build_module.inspect_home_prints = inspecting
        floor = _raw_reportlab(faces)
        preflight_share = (cpu_cold - cpu_bare) / cpu_cold
    print(f"{platform.node()}: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} "
          f"(a busy machine inflates the wall times; CPU seconds below are not inflated)")
    print(f"bundled games: {', '.join(game_ids)}; {faces} faces; jobs: {args.jobs or 'every core'}; "
          f"median of {repeat} runs")
    print(f"cold build (pdf, svg):        {cold:6.2f} s   CPU {cpu_cold:6.1f} s   {_verdict(cold <= 10)} (target <= 10 s)")
    print(f"PNG build (png):              {png:6.2f} s   CPU {cpu_png:6.1f} s   {png / cold:.2f}x the pdf+svg build "
          f"(CPU {cpu_png / cpu_cold:.2f}x)  {_verdict(png <= 1.5 * cold)} (target <= 1.5x)")
    print(f"all three (pdf, svg, png):    {all_three:6.2f} s   CPU {cpu_all:6.1f} s   {all_three / cold:.2f}x the pdf+svg "
          f"build (CPU {cpu_all / cpu_cold:.2f}x)  (a figure, no target)")
    print(f"one card edited, rebuilt:     {one:6.2f} s   CPU {cpu_one:6.1f} s   {one / cold:.1%} of a full build "
          f"(CPU {cpu_one / cpu_cold:.1%})  {_verdict(one <= 0.1 * cold)} (target <= 10 %)")
    print(f"preflight, share of cold:     CPU {cpu_cold - cpu_bare:6.1f} s of {cpu_cold:.1f} s = {preflight_share:.1%}  "
          f"{_verdict(preflight_share <= 0.15)} (target <= 15 %)")
    print(f"per face, pdf+svg build:      {cold / faces * 1000:6.1f} ms;  raw reportlab page: "
          f"{floor / faces * 1000:.2f} ms ({cold / floor:.0f}x the floor)")


def _verdict(met: bool) -> str:
    return "MET" if met else "NOT MET"

if __name__ == "__main__":
    main()
