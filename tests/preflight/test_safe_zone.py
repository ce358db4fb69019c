"""The safe-zone rule: text of a cut piece within 3 mm of that piece's trim is a warning of
``check --preflight`` on any kit (Stockholm's track strips set their titles 2.3 mm inside it).
A warning is reported (text and JSON) but stops no strict build and fails no check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli.app import main
from generator.cli.scaffold import new_kit
from generator.draw.page import Page
from generator.draw.scene import Scene, Style
from generator.preflight.findings import Limits
from generator.preflight.run import page_findings


def _card(y: float, x: float = 31.75) -> Scene:
    card = Scene(63.5, 88.9)
    card.rect(0, 0, 63.5, 88.9, Style(fill="#f5eedc"))
    card.text(x, y, "Scout", size_pt=8.0, anchor="middle")
    return card


def _safe_zone(page: Scene) -> list:
    pieces = (("scout", (20.0, 20.0, 63.5, 88.9)), ("guard", (90.0, 20.0, 63.5, 88.9)))
    return [f for f in page_findings(Page(page, label="fronts 1", pieces=pieces), "g/deck-sheets-a4.pdf", 1, Limits())
            if f.rule == "safe-zone"]


def test_a_text_near_its_pieces_trim_is_a_warning_with_its_distance_and_edge() -> None:
    page = Scene(210, 297)
    page.place(_card(86.5), 20, 20, name="scout")       # baseline 2.4 mm above the trim: its foot ~2 mm
    page.place(_card(80.0), 90, 20, name="guard")       # well inside
    [found] = _safe_zone(page)
    assert (found.item, found.what, found.limit) == ("scout", "text 'Scout'", "3 mm")
    assert found.measured.endswith("mm inside the bottom trim") and float(found.measured.split()[0]) < 3.0
    assert found.warning and found.message().endswith("(limit 3 mm) [safe-zone, a warning]")


def test_the_trim_is_the_pieces_own_and_loose_text_is_not_measured() -> None:
    page = Scene(210, 297)
    page.place(_card(80.0, x=62.0), 20, 20, name="scout")   # near its right trim, far from the neighbour's
    page.text(5, 5, "fronts 1", size_pt=7.0)                 # the page's label: no piece
    assert [f.measured.split(" mm ")[1] for f in _safe_zone(page)] == ["inside the right trim"]
    page = Scene(210, 297)
    page.place(_card(80.0), 20, 20, name="scout")
    assert _safe_zone(page) == []


@pytest.fixture
def kit(tmp_path: Path, monkeypatch) -> Path:
    folder = tmp_path / "kit"
    new_kit(folder)
    monkeypatch.chdir(folder)
    return folder


def _check(paper: str) -> tuple[int, dict]:
    result = CliRunner().invoke(main, ["check", "--preflight", "--json", "--paper", paper, "-j", "1"])
    assert "Traceback" not in result.output, result.output
    return result.exit_code, json.loads(result.output)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_kit_whose_card_id_sits_near_the_trim_gets_a_warning_not_a_finding(kit: Path, paper: str) -> None:
    layout = kit / "data" / "mygame" / "layouts" / "card-front.yaml"
    text = layout.read_text(encoding="utf-8")
    assert text.count("y: 84.4") == 1
    layout.write_text(text.replace("y: 84.4", "y: 87.0"), encoding="utf-8")     # the id 1.3 mm from the trim
    code, report = _check(paper)
    assert code == 0 and report["findings"] == 0, report
    [found] = report["games"][0]["warnings"]
    assert found["rule"] == "safe-zone" and found["file"] == f"mygame/mygame-sheets-{paper}.pdf"
    assert found["what"].startswith("3 texts ('scout', 'guard', 'captain'") and found["limit"] == "3 mm"
    assert found["measured"].endswith("mm inside the bottom trim") and float(found["measured"].split()[0]) < 3.0
    text_out = CliRunner().invoke(main, ["check", "--preflight", "--paper", paper, "-j", "1"]).output
    assert "preflight: no findings, 1 warning" in text_out and "[safe-zone, a warning]" in text_out, text_out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_new_kit_keeps_its_text_in_the_safe_zone(kit: Path, paper: str) -> None:
    code, report = _check(paper)
    assert code == 0 and report["findings"] == 0 and report["warnings"] == 0, report


def test_a_strict_game_builds_with_a_safe_zone_warning(kit: Path) -> None:
    layout = kit / "data" / "mygame" / "layouts" / "card-front.yaml"
    layout.write_text(layout.read_text(encoding="utf-8").replace("y: 84.4", "y: 87.0"), encoding="utf-8")
    game = kit / "data" / "mygame" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "preflight: strict\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "-j", "1"])
    assert result.exit_code == 0 and "warning: preflight: mygame/" in result.output, result.output
    assert "[safe-zone, a warning]" in result.output and (kit / "output" / "mygame" / "PRINTING.md").is_file()
