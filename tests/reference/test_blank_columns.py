"""The preflight's blank-column rule on a small kit: a column the text leaves mostly blank
while it goes on in the next is a finding of ``check --preflight``, on any kit's reference
sheet (issue 38: Pax Baltica's page 1 column 3, Breitenfeld's play aids)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from generator.cli.app import main
from tests.reference.conftest import replace_in

NOTES = """\
  - title: Notes
    rule: "3.0"
    break_before: column
    blocks:
      - text: "A unit that moves may not fight in the same turn."
"""


def _findings(paper: str) -> tuple[int, list[dict]]:
    result = CliRunner().invoke(main, ["check", "--preflight", "--json", "--paper", paper, "-j", "1"])
    assert "Traceback" not in result.output, result.output
    return result.exit_code, json.loads(result.output)["games"][0]["findings"]


def test_a_column_broken_a_third_empty_is_a_finding(kit: Path) -> None:
    (kit / "reference.yaml").write_text((kit / "reference.yaml").read_text(encoding="utf-8") + NOTES, encoding="utf-8")
    for paper in ("a4", "letter"):
        code, findings = _findings(paper)
        assert code == 1 and len(findings) == 1, findings
        [found] = findings
        assert found["rule"] == "blank-column" and found["file"] == f"mini/reference/aid-{paper}.pdf"
        assert (found["page"], found["item"], found["limit"]) == ("page 1", "column 1", "25%")
        assert found["what"] == "the text leaves the column for the next with the rest of it blank"
        share = int(found["measured"].split("%")[0])
        assert 25 < share < 100 and found["measured"].endswith("% of the column blank")


def test_a_column_the_text_ends_in_may_be_short(kit: Path) -> None:
    """The shipped mini sheet: its text ends in column 1, whatever is left below it."""
    for paper in ("a4", "letter"):
        assert _findings(paper) == (0, [])


def test_a_page_break_reports_the_columns_it_leaves_empty(kit: Path) -> None:
    """A page break after the first section: page 1's column 1 is mostly blank and its column 2
    wholly (the text never reached it), both named as page 1's; page 2, where the text ends,
    may be as short as it is."""
    replace_in(kit / "reference.yaml", "pages: 1", "pages: 2")
    replace_in(kit / "reference.yaml", '  - title: Units\n    rule: "2.0"\n', '  - title: Units\n    rule: "2.0"\n    break_before: page\n')
    code, findings = _findings("a4")
    # one finding for the page's two columns alike (the preflight names the pieces of a finding once)
    assert code == 1 and [(f["page"], f["item"]) for f in findings] == [("page 1", "column 1, column 2")], findings
