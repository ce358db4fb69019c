"""A game's language files: game.yaml's ``languages:``, the strings file and the glossary,
read and checked once per build (``generator.kit.language`` asks for them on a translated
build only: pydantic is not loaded for the kit's own language)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from generator.core.errors import DataError, Problem
from generator.core.limits import LANGUAGE_CODE_PATTERN, MAX_GLOSSARY_TERMS, MAX_LANGUAGE_KEYS, excerpt
from generator.kit.location import display_path as kit_display_path

LANGUAGE_CODE = re.compile(LANGUAGE_CODE_PATTERN)


class LanguageIn(BaseModel):
    """One language of game.yaml's ``languages:``."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(default="", max_length=60)            # the language's own name: Svenska
    strings: str | None = None       # the strings file: English text -> this language's text
    glossary: str | None = None      # the terms of the rulebook: English term -> this language's words
    missing: Literal["error", "fallback"] = "error"


class LanguagesIn(BaseModel):
    """game.yaml's ``languages:``: the keys whose text is printed, and each language. ``keys``
    is a list of key patterns for every file of the game, or a mapping of file patterns
    (``layouts/*.yaml``, relative to game.yaml) to such lists. A pattern is a key's name
    (``title``: any key of that name) or a dotted path with ``*`` for any key or list place
    (``features.*.name``: the features' names, not the terrains')."""

    model_config = ConfigDict(extra="allow")
    keys: list[str] | dict[str, list[str]] = Field(default=[], max_length=MAX_LANGUAGE_KEYS)


class GlossaryFile(BaseModel):
    """A glossary: each term of the rulebook in English, and its words in each language (one
    word, or several accepted forms; a translation must contain one of them, in any case)."""

    model_config = ConfigDict(extra="forbid")
    terms: dict[str, dict[str, str | list[str]]] = Field(default={}, max_length=MAX_GLOSSARY_TERMS)


@dataclass(frozen=True)
class DataReader:
    """How this module reads the game's language files: ``generator.kit.datafiles`` hands its
    own YAML reader (the file as written, not translated) and its pydantic messages, so that
    the data files' module may use this one without this one importing it."""

    load_yaml: Callable[[Path], Any]
    validation_problems: Callable[..., list[Problem]]


@dataclass
class Translation:
    """What a game needs to read its data in one language."""

    code: str
    folder: Path
    strings: dict[str, str] = field(default_factory=dict)
    strings_file: Path | None = None
    keys: dict[str, tuple[str, ...]] = field(default_factory=dict)     # file pattern -> key patterns
    missing: str = "error"
    glossary: dict[str, list[str]] = field(default_factory=dict)       # English term -> accepted words
    glossary_file: Path | None = None


def load_translation(folder: Path, code: str, reader: DataReader) -> Translation:
    """The translation of the game in ``folder`` into ``code``, from its game.yaml and the files
    it names; a DataError names what is wrong with them, all at once where it can."""
    game_file = folder / "game.yaml"
    shown = kit_display_path(game_file)
    raw = reader.load_yaml(game_file)
    spec = raw.get("languages") if isinstance(raw, dict) else None
    line = getattr(raw, "lines", {}).get("languages")
    if isinstance(spec, dict):
        odd = [k for k in spec if k != "keys" and not (isinstance(k, str) and LANGUAGE_CODE.fullmatch(k))]
        if odd:
            raise DataError([Problem(shown, f"{excerpt(k)} is not a language code: two or three lower-case letters "
                                            "(sv, de), or 'keys'", line=spec.lines.get(k) if hasattr(spec, "lines") else line,
                                     field="languages") for k in odd])
    if not isinstance(spec, dict) or code not in spec:
        known = ", ".join(sorted(str(k) for k in spec if k != "keys")) if isinstance(spec, dict) else ""
        raise DataError([Problem(shown, f"the game is not translated into {excerpt(code)}: add it under languages: "
                                        f"(known: {known or 'none'}; see docs/kit-data.md, 'Languages')",
                                 line=line, field="languages")])
    try:
        languages = LanguagesIn.model_validate(spec)
        language = LanguageIn.model_validate(spec[code])
    except ValidationError as err:
        raise DataError(reader.validation_problems(shown, err, spec, loc_prefix=("languages",))) from None
    keys = {"*": languages.keys} if isinstance(languages.keys, list) else languages.keys
    result = Translation(code, folder, keys={files: tuple(names) for files, names in keys.items()},
                         missing=language.missing)
    problems: list[Problem] = []
    if language.strings:
        result.strings_file = _kit_file(folder, language.strings, shown, f"languages.{code}.strings")
        result.strings = _strings(reader.load_yaml(result.strings_file), result.strings_file, problems)
    if language.glossary:
        result.glossary_file = _kit_file(folder, language.glossary, shown, f"languages.{code}.glossary")
        result.glossary = _glossary(reader, result.glossary_file, code, problems)
    if problems:
        raise DataError(problems)
    return result


def _kit_file(folder: Path, relative: str, shown: str, name: str) -> Path:
    from generator.kit.paths import OutsideKit, inside_kit

    try:
        return inside_kit(folder.parent.parent, folder, relative)
    except OutsideKit as err:
        raise DataError([Problem(shown, str(err), field=name)]) from None


def _strings(data: Any, path: Path, problems: list[Problem]) -> dict[str, str]:
    """The strings file: a mapping of English text to its translation, both text."""
    shown = kit_display_path(path)
    if data is None:
        return {}
    if not isinstance(data, dict):
        problems.append(Problem(shown, "expected a mapping of English text to its translation (English: translation)"))
        return {}
    found: dict[str, str] = {}
    for english, translated in data.items():
        line = data.lines.get(english) if hasattr(data, "lines") else None
        if not isinstance(english, str) or not isinstance(translated, str) or not translated.strip():
            problems.append(Problem(shown, f"expected English text and its translation as text, got {excerpt(english)}: "
                                           f"{excerpt(translated)}", line=line))
            continue
        found[english] = translated
    return found


def _glossary(reader: DataReader, path: Path, code: str, problems: list[Problem]) -> dict[str, list[str]]:
    data = reader.load_yaml(path)
    shown = kit_display_path(path)
    try:
        glossary = GlossaryFile.model_validate(data or {})
    except ValidationError as err:
        problems.extend(reader.validation_problems(shown, err, data))
        return {}
    result: dict[str, list[str]] = {}
    for term, words in glossary.terms.items():
        line = data["terms"].lines.get(term) if hasattr(data.get("terms"), "lines") else None
        given = words.get(code)
        if given is None:
            problems.append(Problem(shown, f"the term {excerpt(term)} has no word in {excerpt(code)}", line=line,
                                    field=f"terms.{term}"))
            continue
        result[term] = [given] if isinstance(given, str) else list(given)
    return result
