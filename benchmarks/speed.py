"""Issue 25's figures, as a new user meets them: whole ``pnpkit`` processes, each target
printed with MET or NOT MET on the machine it runs on. Figures printed, never asserted.

Run from the repository: ``python benchmarks/speed.py [--repeat N] [--only NAME ...]``

- first: the first build on a machine (an empty font cache) against the same build with the
  fonts cut (<= 1.5x), alternately, the median of N of each;
- startup: ``pnpkit --help`` and ``pnpkit bot status`` (< 0.15 s each; status also replaying the
  game, with no answer kept: ``bot.status_cache``);
- show: ``pnpkit bot show`` (< 0.5 s) and its picture (< 300 kB);
- watch: from saving one card's row to its updated PDF (< 0.3 s);
- install: the size of a fresh ``pip install .`` (< 150 MB; slow: only with ``--only install``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from measure import PNPKIT, ROOT, machine_line, median, run, user_environment, verdict

SECTIONS = ("first", "startup", "show", "watch")
CARD_ROW = ("data/stockholm1520/cards/event_cards.csv", "lands after 5 turns", "lands after five turns")
CARD_PDF = "stockholm1520/cards/event-cards/E-SHIP.pdf"        # the card of that row


def first_build(repeat: int, temp: Path) -> None:
    """A build with an empty font cache, then the same with it filled, alternately."""
    cold, warm = [], []
    for index in range(repeat):
        cache = temp / f"fonts{index}"
        cold.append(run(["build", "--out", str(temp / f"cold{index}")], {"PNPKIT_CACHE": str(cache)}))
        warm.append(run(["build", "--out", str(temp / f"warm{index}")], {"PNPKIT_CACHE": str(cache)}))
    (cold_wall, cold_cpu), (warm_wall, warm_cpu) = median(cold), median(warm)
    ratio = cold_wall / warm_wall
    print(f"first build, empty font cache:  {cold_wall:6.2f} s   CPU {cold_cpu:6.1f} s")
    print(f"same build, fonts cut:          {warm_wall:6.2f} s   CPU {warm_cpu:6.1f} s")
    print(f"  first / warm: {ratio:.2f}x (CPU {cold_cpu / warm_cpu:.2f}x)   {verdict(ratio <= 1.5)} (target <= 1.5x)")


def startup(repeat: int, temp: Path) -> None:
    """``pnpkit --help`` and ``pnpkit bot status`` after ``place`` and ``next``: the time to the
    answer (status as a player meets it: the answer kept when ``next`` wrote the save), and
    status replaying the game (no answer kept: a figure, no target)."""
    save = temp / "startup.save.json"
    for args in (["new", "--seed", "7"], ["place", "auto"], ["next"]):
        run(["bot", *args, "--save", str(save)])
    for label, args in (("pnpkit --help", ["--help"]), ("pnpkit bot status", ["bot", "status", "--save", str(save)])):
        wall, cpu = median([run(args) for _ in range(max(5, repeat))])
        print(f"{label + ':':32}{wall:6.3f} s   CPU {cpu:6.3f} s   {verdict(wall < 0.15)} (target < 0.15 s)")
    replays = [run(["bot", "status", "--save", str(save)], {"PNPKIT_CACHE": str(temp / f"nothing-kept{index}")})
               for index in range(max(3, repeat))]
    wall, cpu = median(replays)
    print(f"{'  the same, replaying the game:':32}{wall:6.3f} s   CPU {cpu:6.3f} s   (no answer kept: a figure)")


def show(repeat: int, temp: Path) -> None:
    """``pnpkit bot show`` after a few turns: its time and its picture's size."""
    save = temp / "show.save.json"
    run(["bot", "new", "--seed", "7", "--save", str(save)])
    run(["bot", "place", "auto", "--save", str(save)])
    run(["bot", "next", "--save", str(save)])
    out = temp / "position.svg"
    wall, cpu = median([run(["bot", "show", "--save", str(save), "--out", str(out)]) for _ in range(max(3, repeat))])
    size = out.with_suffix(".png").stat().st_size
    print(f"{'pnpkit bot show:':32}{wall:6.3f} s   CPU {cpu:6.3f} s   {verdict(wall < 0.5)} (target < 0.5 s)")
    print(f"{'  its picture:':32}{size / 1000:6.0f} kB   {verdict(size < 300_000)} (target < 300 kB)")


def _cpu_seconds(pid: int) -> float:
    """A running process's CPU seconds, with those of its children it has waited for (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(value) for value in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def watch(repeat: int, temp: Path) -> None:
    """``pnpkit watch`` on a copy of the bundled games: one card's row saved, then the time
    until that card's PDF has changed on disk."""
    kit = temp / "watchkit"
    shutil.copytree(ROOT / "data", kit / "data")
    source, edit = kit / CARD_ROW[0], CARD_ROW[1:]
    out = kit / "output"
    process = subprocess.Popen([*PNPKIT, "--kit", str(kit), "watch", "stockholm1520", "--out", str(out)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=user_environment())
    try:
        assert process.stdout is not None
        for line in process.stdout:             # the first build
            if line.startswith("watching"):
                break
        card = out / CARD_PDF
        times, cpus = [], []
        for index in range(max(5, repeat)):
            before = card.stat().st_mtime_ns
            old, new = edit if index % 2 == 0 else edit[::-1]
            time.sleep(0.3)
            started, cpu = time.perf_counter(), _cpu_seconds(process.pid)
            source.write_text(source.read_text().replace(old, new))
            while card.stat().st_mtime_ns == before:
                if time.perf_counter() - started > 30:
                    sys.exit("watch: the card's PDF did not change within 30 s")
                time.sleep(0.002)
            times.append(time.perf_counter() - started)
            process.stdout.readline()
            cpus.append(_cpu_seconds(process.pid) - cpu)
    finally:
        process.terminate()
        process.wait()
    best, middle = min(times), sorted(times)[len(times) // 2]
    print(f"{'watch: row saved -> its PDF:':32}{middle:6.3f} s (median; best {best:.3f} s)   "
          f"CPU {sorted(cpus)[len(cpus) // 2]:.3f} s a rebuild   "
          f"{verdict(middle < 0.3)} (target < 0.3 s)")


def install(temp: Path) -> None:
    """A fresh virtual environment with ``pip install .`` (no test extra): its size on disk."""
    venv = temp / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    started = time.perf_counter()
    subprocess.run([str(venv / "bin/pip"), "install", "-q", str(ROOT)], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seconds = time.perf_counter() - started
    size = sum(f.stat().st_size for f in venv.rglob("*") if f.is_file() and not f.is_symlink())
    print(f"{'install (pip install .):':32}{size / 1e6:6.0f} MB in {seconds:.0f} s   "
          f"{verdict(size < 150e6)} (target < 150 MB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each measure (median)")
    parser.add_argument("--only", nargs="*", choices=(*SECTIONS, "install"), default=list(SECTIONS))
    args = parser.parse_args()
    print(machine_line())
    with tempfile.TemporaryDirectory(prefix="pnpkit-speed-") as name:
        temp = Path(name)
        for section in args.only:
            if section == "install":
                install(temp)
            else:
                globals()[{"first": "first_build"}.get(section, section)](max(1, args.repeat), temp)


if __name__ == "__main__":
    main()
