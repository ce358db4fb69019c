"""Where in a kit's data files a value was written: a drawn text traced back to its key.

A text a kit draws may not know where it came from (a track's tag, a legend, a table's cell
set by a template): to tell the designer which key to change, the data files the component
read are searched for the value (generator.components.base.Component.glyph_problems).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Iterator

from generator.core.errors import DataError, Problem
from generator.kit.datafiles import LineDict, LineList, display_path, load_yaml
from generator.kit.workbooks import is_table, read_table

YAML_SUFFIXES = (".yaml", ".yml")


def _strings(data: Any, path: tuple[str, ...] = (), line: int | None = None) -> Iterator[tuple[str, int | None, str]]:
    """(field path, line, value) of every string in a YAML document."""
    if isinstance(data, LineDict):
        for key, value in data.items():
            yield from _strings(value, (*path, str(key)), data.lines.get(key, line))
    elif isinstance(data, LineList):
        for index, value in enumerate(data):
            yield from _strings(value, (*path, str(index)), data.lines[index] if index < len(data.lines) else line)
    elif isinstance(data, str):
        yield ".".join(path), line, data


def written_in(paths: Iterable[Path], char: str) -> Problem | None:
    """The first place in ``paths`` (YAML files, CSV files, workbooks) whose value holds
    ``char``, as a Problem with an empty message to fill; None if none does."""
    for path in sorted(set(paths)):
        try:
            if path.suffix.lower() in YAML_SUFFIXES:
                for field, line, value in _strings(load_yaml(path)):
                    if char in value:
                        return Problem(display_path(path), "", line=line, field=field or None)
            elif is_table(path):
                shown, records = read_table(path)
                for row, record in records:
                    for column, value in record.items():
                        if isinstance(value, str) and char in value:
                            letter = getattr(record, "letters", {}).get(column)
                            return Problem(shown, "", row=row, column=letter, field=str(column))
        except (DataError, OSError):
            continue            # a file that cannot be read is reported where it is read
    return None
