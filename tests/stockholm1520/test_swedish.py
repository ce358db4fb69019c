"""Stockholm 1520 in Swedish (issue 42): ``build --lang sv`` builds clean, with no preflight
finding, on A4 and Letter; every printed sheet reads in Swedish, and no term of the
rulebook's glossary is left in English anywhere in the Swedish PDFs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pymupdf
import pytest

from generator.build.engine import build
from generator.kit.datafiles import load_yaml
from generator.kit.language import speaking
from generator.pieces.job import BuildOptions
from generator.preflight.findings import Finding

REPO = Path(__file__).resolve().parents[2]
GLOSSARY = REPO / "data" / "stockholm1520" / "glossary.yaml"
PAPERS = ("a4", "letter")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The Swedish kit built once on each paper, as ``pnpkit build stockholm1520 --lang sv``."""
    out = tmp_path_factory.mktemp("swedish")
    folders = {}
    with speaking("sv"):
        for paper in PAPERS:
            folder = out / paper / "sv"
            build(["stockholm1520"], BuildOptions(paper=paper, formats=frozenset({"pdf"})), folder)
            folders[paper] = folder
    return folders


def _text(pdf: Path) -> str:
    return "\n".join(page.get_text() for page in pymupdf.open(pdf))


@pytest.mark.parametrize("paper", PAPERS)
def test_the_swedish_kit_builds_with_no_preflight_finding(built: dict[str, Path], paper: str) -> None:
    manifest = json.loads((built[paper] / "manifest.json").read_text(encoding="utf-8"))
    inspected = [entry for entry in manifest["files"] if "preflight" in entry]
    assert len(inspected) >= 4                     # the two stocks' sheets (the tracks on the card ones), the tiled board, the reference sheet
    found = [Finding.from_json(f) for entry in inspected for f in entry["preflight"] or ()]
    assert [f.message() for f in found if not f.warning] == []     # the counters' safe-zone warnings aside


@pytest.mark.parametrize("paper", PAPERS)
def test_every_printed_sheet_reads_in_swedish(built: dict[str, Path], paper: str) -> None:
    game = built[paper] / "stockholm1520"
    sheets = "".join(_text(path) for path in sorted(game.glob(f"stockholm1520-sheets-*{paper}.pdf")))
    assert "på kartong" in sheets and "på tjock kartong" in sheets          # each file's stock, in Swedish
    for word in ("ARMBORSTSKYTTAR", "ZON A", "Väg 1", "Röd · går 3", "EXTRA FÖRFLYTTNING", "Gynnar danskarna",
                 "HÄNDELSE", "ARMBORST", "BRON STÄNGD", "AVFALLEN", "KRISTIAN II", "framsidor", "baksidor"):
        assert word in sheets, word
    board = _text(game / "map" / f"board-{paper}-tiled.pdf")
    for word in ("Teckenförklaring", "ZON C · SÖDERMALM", "Propagandistens startruta", "Hexskala", "Långholmens vad",
                 "Det sista försvaret mot Kristian II", "så sätts kartan ihop", "2:a"):
        assert word in board, word
    reference = _text(game / "reference" / f"reference-{paper}.pdf")
    for word in ("Omgången", "Förberedelser", "Kristian II anländer", "Samma trupp", "Begrepp", "slår"):
        assert word in reference, word
    assert "Propagandamätare" in sheets and "Omgångsspår" in sheets and "4 zonkort" in sheets    # the strips, on the card sheets


def test_no_term_of_the_glossary_is_left_in_english(built: dict[str, Path]) -> None:
    """The class of a missing translation, in any Swedish PDF of the kit: an English term of
    the rulebook (one whose Swedish word differs) printed where Swedish was meant. The
    proof sheet is the designer's, in English beside the pieces (docs/kit-data.md)."""
    terms = {term: words if isinstance(words, list) else [words]
             for term, given in load_yaml(GLOSSARY)["terms"].items() for words in [given["sv"]]}
    english = [term for term, words in terms.items() if not any(term.lower() in w.lower() for w in words)]
    pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(t) for t in english) + r")(s|es)?(?![\w-])", re.I)
    for pdf in sorted(built["a4"].rglob("*.pdf")):
        if pdf.name.endswith("proof.pdf") or pdf.parent == built["a4"]:    # the kit's own test pages: pnpkit's
            continue
        found = pattern.findall(_text(pdf))
        assert not found, (pdf.relative_to(built["a4"]), found)
