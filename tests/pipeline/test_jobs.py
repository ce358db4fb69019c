"""Builds spread over processes: the same bytes whatever their number, and all or nothing."""

from __future__ import annotations

import io
import json
from pathlib import Path

from click.testing import CliRunner
from PIL import Image

from generator.build.engine import build
from generator.cli.app import main
from generator.core.processes import default_jobs
from generator.pieces.job import BuildOptions

OPTIONS = BuildOptions(paper="a4", formats=frozenset({"pdf", "svg", "png"}), dpi=40)


def _hashes(out: Path) -> dict[str, str]:
    return {e["path"]: e["sha256"] for e in json.loads((out / "manifest.json").read_text())["files"]}


def test_one_process_and_two_write_the_same_bytes(tmp_path: Path) -> None:
    one = build(["stockholm1520"], OPTIONS, tmp_path / "one", only={"cards"}, jobs_n=1)
    two = build(["stockholm1520"], OPTIONS, tmp_path / "two", only={"cards"}, jobs_n=2)
    hashes = _hashes(tmp_path / "one")
    assert len(hashes) == len(one.written) > 100
    assert hashes == _hashes(tmp_path / "two")
    assert [str(j.path) for j in one.written] == [str(j.path) for j in two.written]
    # the inputs each file was drawn from are recorded in the workers too
    def inputs(out: Path) -> dict[str, list[str]]:
        return {e["path"]: sorted(e["inputs"]) for e in json.loads((out / "manifest.json").read_text())["files"]}
    recorded = inputs(tmp_path / "two")
    assert recorded == inputs(tmp_path / "one")
    assert "data/stockholm1520/layouts/zone-front.yaml" in recorded["stockholm1520/cards/zone-cards/Z-A1-R-front.png"]


def test_a_render_error_in_a_worker_writes_nothing(project_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    csv = project_copy / "data" / "stockholm1520" / "cards" / "event_cards.csv"
    csv.write_text(csv.read_text().replace("The dotted bridge south of Stockholm", "Long " * 400))
    result = CliRunner().invoke(main, ["build", "stockholm1520", "--jobs", "2", "--out", str(out)])
    assert result.exit_code == 2           # a data problem, as pnpkit check reports it
    assert "field 'layers.9.text'" in result.output and "item E-BRIDGE: text does not fit" in result.output
    assert "Traceback" not in result.output
    assert not out.exists() or not any(p.is_file() for p in out.rglob("*"))


def test_pngs_carry_their_dpi(tmp_path: Path) -> None:
    build(["stockholm1520"], OPTIONS, tmp_path, only={"cards"}, jobs_n=2)
    image = Image.open(io.BytesIO((tmp_path / "stockholm1520/cards/zone-cards/Z-A1-R-front.png").read_bytes()))
    assert image.info["dpi"] == (40, 40) or tuple(round(v) for v in image.info["dpi"]) == (40, 40)
    assert image.size == (round(69.5 / 25.4 * 40), round(94.9 / 25.4 * 40))


def test_jobs_default_to_every_core_and_refuse_zero(tmp_path: Path) -> None:
    assert default_jobs() >= 1
    result = CliRunner().invoke(main, ["build", "stockholm1520", "--jobs", "0", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--jobs" in result.output
