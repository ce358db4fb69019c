"""``pnpkit docs [TOPIC]``: the documentation that comes with pnpkit, read where it is
installed (a plain ``pip install`` carries ``docs/`` inside the package), so a designer
without the repository still has the layout format, the kit data and the walk-through."""

from __future__ import annotations

import re
from pathlib import Path

import click

from generator.core.limits import excerpt
from generator.core.near_miss import closest
from generator.kit.location import bundled_root
from generator.printing.notes import counted


def docs_dir() -> Path:
    """The bundled docs/ folder: inside the installed package, or the checkout's."""
    return bundled_root() / "docs"


def topics() -> dict[str, Path]:
    """Topic name (the file's name without .md) -> its file."""
    folder = docs_dir()
    return {path.stem: path for path in sorted(folder.glob("*.md"))} if folder.is_dir() else {}


def _title(path: Path) -> str:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return ""


def mentioning(word: str, found: dict[str, Path]) -> dict[str, tuple[int, str]]:
    """The topics whose text holds ``word`` (any case), most mentions first: how many, and
    the first line holding it, so that a word that is no topic still finds its page
    (``pnpkit docs tts`` -> exports)."""
    pattern = re.compile(re.escape(word.strip()), re.IGNORECASE)
    if not word.strip():
        return {}
    hits: dict[str, tuple[int, str]] = {}
    for name, path in found.items():
        text = path.read_text(encoding="utf-8")
        count = len(pattern.findall(text))
        if count:
            first = next(line.strip() for line in text.splitlines() if pattern.search(line))
            hits[name] = (count, first)
    return dict(sorted(hits.items(), key=lambda item: (-item[1][0], item[0])))


@click.command("docs")
@click.argument("topic", required=False)
@click.option("--path", "show_path", is_flag=True, help="Print where the file is instead of its text.")
def docs_command(topic: str | None, show_path: bool) -> None:
    """Print pnpkit's documentation: the topics, or one of them (pnpkit docs designing)."""
    found = topics()
    if not found:
        raise click.ClickException(f"no documentation found in {docs_dir()} (a broken install?)")
    if topic is None:
        click.echo(f"Documentation ({docs_dir()}); pnpkit docs TOPIC prints one:\n")
        width = max(map(len, found))
        for name, path in found.items():
            click.echo(f"  {name.ljust(width)}  {_title(path)}")
        return
    name = topic.removesuffix(".md").lower()
    if name not in found:
        mentions = mentioning(topic, found)
        if mentions:
            click.echo(f"No topic {excerpt(topic)}; the topics that mention it (pnpkit docs TOPIC prints one):\n")
            width = max(map(len, mentions))
            for name, (count, line) in mentions.items():
                click.echo(f"  {name.ljust(width)}  {counted(count, 'mentions')}, first: {excerpt(line, 100)}")
            return
        near = closest(name, found)
        hint = f"; did you mean {near}?" if near else ""
        raise click.BadParameter(f"no topic {topic!r}{hint} (known: {', '.join(found)})", param_hint="TOPIC")
    click.echo(str(found[name]) if show_path else found[name].read_text(encoding="utf-8"), nl=show_path)
