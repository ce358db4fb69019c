"""``pnpkit docs``: the documentation that comes with pnpkit, and a scaffold that points to it."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from generator.cli.app import main

ROOT = Path(__file__).resolve().parents[2]


def test_docs_lists_every_topic_with_its_title() -> None:
    result = CliRunner().invoke(main, ["docs"])
    assert result.exit_code == 0, result.output
    assert "designing" in result.output and "Designing your own kit" in result.output
    assert "layout-format" in result.output and "kit-data" in result.output


def test_docs_prints_a_topic_as_written() -> None:
    result = CliRunner().invoke(main, ["docs", "layout-format"])
    assert result.exit_code == 0
    assert result.output == (ROOT / "docs" / "layout-format.md").read_text(encoding="utf-8")


def test_an_unknown_topic_names_the_closest() -> None:
    result = CliRunner().invoke(main, ["docs", "desining"])
    assert result.exit_code == 2
    assert "no topic 'desining'; did you mean designing?" in result.output


def test_a_word_that_is_no_topic_lists_the_topics_that_hold_it() -> None:
    result = CliRunner().invoke(main, ["docs", "tts"])
    assert result.exit_code == 0, result.output
    listed = [line.split()[0] for line in result.output.splitlines()[2:] if line.strip()]
    assert listed[0] == "exports"           # the most mentions first
    assert all("tts" in (ROOT / "docs" / f"{name}.md").read_text(encoding="utf-8").lower() for name in listed)
    unmentioned = [p.stem for p in (ROOT / "docs").glob("*.md") if "tts" not in p.read_text(encoding="utf-8").lower()]
    assert unmentioned and not set(unmentioned) & set(listed)


def test_the_new_kit_readme_names_only_commands_and_files_the_user_has(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["new", str(tmp_path / "kit")])
    assert result.exit_code == 0, result.output
    readme = (tmp_path / "kit" / "README.md").read_text(encoding="utf-8")
    assert "docs/" not in readme and "pnpkit docs designing" in readme



def test_help_describes_the_tool_before_the_bundled_games() -> None:
    text = CliRunner().invoke(main, ["--help"]).output
    assert text.index("layout files") < text.index("five games")
    assert "pnpkit docs [TOPIC]" in text
