"""A game's look as game.yaml names it: its palette, its fonts, its icons folder and the
tables expressions may look things up in.

```yaml
palette: palette.yaml          # or {ink: "#3b2a1a", ...}
fonts: {runes: fonts/Runes.ttf}
icons: icons                   # default
tables: {troops: troops.yaml}     # or troops.csv, or a workbook's sheet: troops.xlsx#Troops
```
Every path is relative to the game's folder and must stay inside the kit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from generator.core.errors import DataError, Problem
from generator.draw import fonts as builtin_fonts
from generator.draw.colour import normalise
from generator.kit.designed import designed_problem
from generator.kit.datafiles import LineDict, display_path, load_yaml
from generator.kit.paths import OutsideKit, inside_kit, not_a_file
from generator.kit.workbooks import WORKBOOK_SUFFIXES, is_table, read_table as rows_of, split_sheet
from generator.layout.schema import HEX, IDENTIFIER, NAME
from generator.layout.values import coerce_cell

FONT_SUFFIXES = (".ttf", ".otf")
# The fonts every layout may name (kit fonts registered later join FACES, not this list)
BUILTIN_FONTS = builtin_fonts.BUILTIN_FACES
TABLE_SUFFIXES = (".yaml", ".yml", ".csv", *WORKBOOK_SUFFIXES)


@dataclass(frozen=True)
class GameStyle:
    """What every layout of one game may name."""

    kit: Path
    folder: Path
    palette: dict[str, str] = field(default_factory=dict)      # name -> '#rrggbb'
    font_files: dict[str, Path | str] = field(default_factory=dict)  # name -> a kit file, or 'package:file.ttf'
    icons_dir: Path | None = None
    tables: dict[str, Any] = field(default_factory=dict)


STAND_IN = "#000000"       # a broken colour's value while the rest of a kit is checked


def load_style(kit: Path, folder: Path) -> GameStyle:
    """The style of the game in ``folder`` (its game.yaml read again for these keys)."""
    path = Path(folder) / "game.yaml"
    shown = display_path(path)
    raw = load_yaml(path)
    if not isinstance(raw, LineDict):
        return GameStyle(kit, folder)
    problems: list[Problem] = []
    reader = _Reader(kit, Path(folder), shown, raw, problems)
    palette = reader.palette()
    bad_colours = len(problems)
    style = GameStyle(kit, Path(folder), palette, reader.fonts(), reader.icons(), reader.tables())
    if problems:
        failed = DataError(problems)
        if bad_colours == len(problems) and all(p.field for p in problems):
            # only colours are wrong: the rest of the kit is still checked with a stand-in for
            # each (named in its own problem), so one run finds the other mistakes too
            failed.loaded = GameStyle(kit, Path(folder), {**palette, **{str(p.field).rpartition(".")[2]: STAND_IN
                                                                     for p in problems}},
                                      style.font_files, style.icons_dir, style.tables)
        raise failed
    return style


@dataclass
class _Reader:
    """Reads each key of game.yaml, adding a problem (at the key's line) for what is wrong."""

    kit: Path
    folder: Path
    shown: str
    raw: LineDict
    problems: list[Problem]

    def _problem(self, key: str, message: str, sub: str | None = None) -> None:
        line = self.raw.lines.get(key)
        value = self.raw.get(key)
        if sub is not None and isinstance(value, LineDict):
            line = value.lines.get(sub, line)
        self.problems.append(Problem(self.shown, message, line=line, field=f"{key}.{sub}" if sub else key))

    def _file(self, key: str, relative: Any, sub: str | None = None, suffixes: tuple[str, ...] = ()) -> Path | None:
        if not isinstance(relative, str):
            self._problem(key, f"expected a path relative to {self.folder.name}/, got {relative!r}", sub)
            return None
        try:
            path = inside_kit(self.kit, self.folder, relative)
        except OutsideKit as err:
            self._problem(key, str(err), sub)
            return None
        if suffixes and path.suffix.lower() not in suffixes:
            self._problem(key, f"expected a {' or '.join(suffixes)} file, got {relative!r}", sub)
            return None
        fault = not_a_file(path, relative, where=f"{self.folder.name}/")
        if fault:
            self._problem(key, f"{fault} (the path is relative to game.yaml)", sub)
            return None
        return path

    def palette(self) -> dict[str, str]:
        value = self.raw.get("palette")
        if value is None:
            return {}
        if isinstance(value, str):
            path = self._file("palette", value, suffixes=(".yaml", ".yml"))
            if path is None:
                return {}
            return _palette_file(path, self.problems)
        if isinstance(value, dict):
            return _colours(value, self.shown, "palette", self.problems)
        self._problem("palette", "expected a palette file or a mapping of colour names to '#rrggbb'")
        return {}

    def fonts(self) -> dict[str, Path | str]:
        """Kit fonts: a TTF/OTF file of the kit, or 'package:file.ttf[@weight]' of an installed font package."""
        value = self.raw.get("fonts") or {}
        if not isinstance(value, dict):
            self._problem("fonts", "expected a mapping of font names to .ttf or .otf files of the kit")
            return {}
        found: dict[str, Path | str] = {}
        for name, relative in value.items():
            if not isinstance(name, str) or not NAME.fullmatch(name):
                self._problem("fonts", f"a font name is lower-case letters, digits, '_' and '-', got {name!r}", str(name))
            elif name in BUILTIN_FONTS:
                self._problem("fonts", f"{name!r} is a built-in font name; give the kit's font another name", name)
            elif isinstance(relative, str) and ":" in relative:
                if builtin_fonts.PACKAGE_FONT.match(relative.strip()):
                    fault = builtin_fonts.package_font_problem(relative)
                    if fault:       # at game.yaml's line and field, not where the face is first drawn
                        self._problem("fonts", fault, name)
                    else:
                        found[name] = relative.strip()
                else:
                    self._problem("fonts", "expected a font file of the kit (fonts/Name.ttf) or an installed "
                                           f"package's font as 'package:file.ttf' or 'package:file.ttf@700', got "
                                           f"{relative!r}", name)
            else:
                path = self._file("fonts", relative, name, FONT_SUFFIXES)
                if path is not None:
                    found[name] = path
        return found

    def icons(self) -> Path | None:
        value = self.raw.get("icons")
        if value is None:
            default = self.folder / "icons"
            return default if default.is_dir() and default.resolve().is_relative_to(self.kit.resolve()) else None
        if not isinstance(value, str):
            self._problem("icons", f"expected a folder of SVG icons relative to {self.folder.name}/, got {value!r}")
            return None
        try:
            path = inside_kit(self.kit, self.folder, value)
        except OutsideKit as err:
            self._problem("icons", str(err))
            return None
        if not path.is_dir():
            self._problem("icons", f"no folder {value!r} in {self.folder.name}/")
            return None
        return path

    def tables(self) -> dict[str, Any]:
        value = self.raw.get("tables") or {}
        if not isinstance(value, dict):
            self._problem("tables", "expected a mapping of table names to data files (YAML or CSV)")
            return {}
        found = {}
        for name, relative in value.items():
            if not isinstance(name, str) or not IDENTIFIER.fullmatch(name):
                self._problem("tables", "a table name is lower-case letters, digits and '_' (expressions name it), "
                                        f"got {name!r}", str(name))
                continue
            file, sheet = split_sheet(relative) if isinstance(relative, str) else (relative, None)
            path = self._file("tables", file, name, TABLE_SUFFIXES)
            if path is not None:
                found[name] = read_table(path, sheet)
                self.problems.extend(designed_problems(path, sheet))
        return found


def designed_problems(path: Path, sheet: str | None = None) -> list[Problem]:
    """Each item of a table whose ``designed`` value does not name its own fields
    (generator.kit.designed): a mark could not know where it goes."""
    problems = []
    if is_table(path):
        shown, records = rows_of(path, sheet)
        for row, record in records:
            wrong = designed_problem(record.get("designed"), record)
            if wrong:
                problems.append(Problem(shown, wrong, row=row, field="designed"))
        return problems

    def walk(value: Any, at: str) -> None:
        if isinstance(value, dict):
            if "designed" in value:
                wrong = designed_problem(value["designed"], value)
                if wrong:
                    line = value.lines.get("designed") if isinstance(value, LineDict) else None
                    problems.append(Problem(display_path(path), wrong, line=line,
                                            field=f"{at}.designed" if at else "designed"))
            for key, inner in value.items():
                walk(inner, f"{at}.{key}" if at else str(key))
        elif isinstance(value, list):
            for index, inner in enumerate(value):
                walk(inner, f"{at}.{index}")

    walk(load_yaml(path), "")
    return problems


def _palette_file(path: Path, problems: list[Problem]) -> dict[str, str]:
    raw = load_yaml(path)
    if not isinstance(raw, dict):
        problems.append(Problem(display_path(path), "a palette file is a mapping of colour names to '#rrggbb'"))
        return {}
    return _colours(raw, display_path(path), None, problems)


def _colours(raw: Mapping[Any, Any], shown: str, key: str | None, problems: list[Problem]) -> dict[str, str]:
    lines = getattr(raw, "lines", {})
    colours = {}
    for name, value in raw.items():
        field = f"{key}.{name}" if key else str(name)
        if not isinstance(name, str) or not NAME.fullmatch(name):
            problems.append(Problem(shown, "a colour name is lower-case letters, digits, '_' and '-', starting with "
                                           f"a letter; got {name!r}", line=lines.get(name), field=field))
        elif not isinstance(value, str) or not HEX.fullmatch(value):
            problems.append(Problem(shown, f"expected a colour like '#7a1f1f', got {value!r}", line=lines.get(name),
                                    field=field))
        else:
            colours[name] = normalise(value)
    return colours


def read_table(path: Path, sheet: str | None = None) -> Any:
    """A data file as plain values for expressions: YAML as written, a CSV file or a
    workbook's sheet as a list of rows."""
    if is_table(path):
        return [{name: coerce_cell(cell) for name, cell in record.items()} for _, record in rows_of(path, sheet)[1]]
    return plain(load_yaml(path))


def plain(value: Any) -> Any:
    """YAML data without its line bookkeeping: dicts, lists and scalars only."""
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    return value
