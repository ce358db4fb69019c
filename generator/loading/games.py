"""Games are folders of ``data/`` with a ``game.yaml``; this module finds and loads them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Collection, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from generator.components.base import showcase_problems
from generator.core.errors import DataError, Problem, ProblemCollector
from generator.core.inputs import recording
from generator.core.limits import file_name_key, reserved_name
from generator.kit.datachecks import run_checks
from generator.kit.datafiles import LineDict, display_path, load_yaml, validation_problems
from generator.kit.location import Kit, current_kit
from generator.kit.paths import OutsideKit
from generator.kit.workbooks import split_sheet
from generator.preflight.settings import GamePreflight, PreflightSpec, spec_of

if TYPE_CHECKING:
    from generator.hexmap.counters import CounterSet
    from generator.hexmap.model import HexMap


_GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")   # a folder of data/, never a path


class AlsoNeed(BaseModel):
    """One line of PRINTING.md's "You will also need": a part the kit does not make."""

    model_config = ConfigDict(extra="forbid")
    what: Annotated[str, Field(min_length=1, max_length=400)]
    rule: Annotated[str, Field(min_length=1, max_length=100)]   # the rule section that uses it


class GameFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    title: str
    subtitle: str = ""
    code: str | None = None          # the game's own code, by its pnpkit.games entry-point name
    # What layouts name (generator.layout.style reads and checks them): colours, fonts, icons, tables
    palette: str | dict[str, Any] | None = None
    fonts: dict[str, Any] = {}
    icons: str | None = None
    tables: dict[str, Any] = {}
    checks: dict[str, Any] = {}      # what data files must hold (generator.kit.datachecks)
    components: list[dict[str, Any]] = []
    # Lines PRINTING.md adds under "Notes for this game" (how to mix cards into another game's decks...)
    printing: list[Annotated[str, Field(max_length=1000)]] = Field(default=[], max_length=40)
    # What a player needs besides the kit (dice, pawns, the base game's parts): PRINTING.md's
    # first section. [] says the kit holds every part; left out, PRINTING.md cannot say either.
    also_need: list[AlsoNeed] | None = Field(default=None, max_length=40)
    preflight: Literal["strict", "warn"] | PreflightSpec = "warn"   # generator.preflight.settings
    languages: dict[str, Any] = {}   # the languages it is translated into (generator.kit.language)


@dataclass
class Game:
    """A game's identity, folder, and loaded components."""

    id: str
    title: str
    subtitle: str
    folder: Path
    components: list[Any] = field(default_factory=list)
    code: str | None = None          # the game's code (entry-point name): part of its files' cache keys
    printing: list[str] = field(default_factory=list)      # game.yaml's notes for PRINTING.md
    also_need: list[tuple[str, str]] | None = None          # (what, rule section) besides the kit
    checked_columns: dict[tuple[Path, str | None], set[str]] = field(default_factory=dict)   # (data file, sheet) -> columns checks: names
    preflight: GamePreflight = field(default_factory=GamePreflight)   # game.yaml's ``preflight:``

    @property
    def kit(self) -> Path:
        """The kit folder: the one holding ``data/<game>/``. No file of the game may be outside it."""
        return self.folder.parent.parent

    def file(self, relative: str) -> Path:
        """A file of the game named in its data, refused (OutsideKit) if it leads out of the kit."""
        from generator.kit.paths import inside_kit

        return inside_kit(self.kit, self.folder, relative)


def load_game_file(folder: Path) -> GameFile:
    """game.yaml of a game folder, validated (components not loaded)."""
    path = Path(folder) / "game.yaml"
    raw = load_yaml(path)
    try:
        return GameFile.model_validate(raw)
    except ValidationError as err:
        raise DataError(validation_problems(display_path(path), err, raw)) from None


def component_ids(game_ids: list[str] | None = None) -> list[str]:
    """The component ids the games' game.yaml files name (default: every game of the kit),
    read without loading the components: what ``--only`` may name besides a kind. A game.yaml
    that does not read adds none (the build reports it)."""
    kit = current_kit()
    ids: list[str] = []
    for game_id in game_ids or kit.game_ids():
        if not _GAME_ID.fullmatch(game_id) or not (kit.data / game_id / "game.yaml").is_file():
            continue
        try:
            spec = load_game_file(kit.data / game_id)
        except (DataError, OSError):
            continue
        ids.extend(str(c["id"]) for c in spec.components if isinstance(c, dict) and isinstance(c.get("id"), str))
    return sorted(set(ids))


def discover_games(kit: Kit | None = None) -> list[str]:
    """Game ids of the kit (default: the kit in use), sorted."""
    return (kit or current_kit()).game_ids()


def load_game(game_id: str, kit: Kit | None = None) -> Game:
    """Load and validate a game of the kit (default: the kit in use) and all its
    components; DataError lists every problem."""
    from generator.loading.kinds import kinds_of

    kit = kit or current_kit()
    folder = kit.data / game_id
    path = folder / "game.yaml"
    shown = display_path(path)
    if not _GAME_ID.fullmatch(game_id) or not path.exists():
        known = ", ".join(kit.game_ids()) or "none"
        raise DataError([Problem(shown, f"no such game {game_id!r} in the kit {kit.root} (known: {known})")])
    raw = load_yaml(path)
    try:
        spec = GameFile.model_validate(raw)
    except ValidationError as err:
        raise DataError(validation_problems(shown, err, raw)) from None
    if spec.id != folder.name:
        line = raw.lines.get("id") if isinstance(raw, LineDict) else None
        raise DataError([Problem(shown, f"must match the folder name {folder.name!r}", line=line, field="id")])
    clash = reserved_name(folder.name) or _case_twin(kit, folder.name)
    if clash:
        line = raw.lines.get("id") if isinstance(raw, LineDict) else None
        raise DataError([Problem(shown, clash, line=line, field="id")])
    if spec.code is not None:
        _load_code(spec.code, shown, raw)
    game = Game(spec.id, spec.title, spec.subtitle, folder, code=spec.code, printing=list(spec.printing),
                also_need=None if spec.also_need is None else [(a.what, a.rule) for a in spec.also_need],
                preflight=GamePreflight.of(spec_of(spec.preflight)))
    kinds = kinds_of(spec.code)
    problems = ProblemCollector()
    refused: set[str] = set()
    if spec.checks:
        # the components are loaded all the same (one run reports every component's problems),
        # but those that read a file the checks refused report only that file's problems: the
        # rest would follow from a refused cell (without_follow_on)
        problems.run(run_checks, folder, game.kit, shown, raw["checks"], spec.tables)
        refused = {str(p.file).split(", sheet ")[0] for p in problems.problems} - {shown}
        game.checked_columns = problems.run(_checked_columns, game, spec.checks) or {}
    attempts: list[tuple[set[str], list[Problem]]] = []
    seen: set[str] = set()
    for index, component in enumerate(raw.get("components") or []):
        line = raw["components"].lines[index] if hasattr(raw["components"], "lines") else None
        kind = component.get("kind") if isinstance(component, dict) else None
        if kind not in kinds:
            problems.add(Problem(shown, f"unknown component kind {kind!r}; known: {', '.join(sorted(kinds))}",
                                 line=line, field=f"components.{index}.kind"))
            continue
        cid = component.get("id")
        if cid in seen:
            problems.add(Problem(shown, f"duplicate component id {cid!r}", line=line, field=f"components.{index}.id"))
            continue
        seen.add(cid)
        found = ProblemCollector()
        with recording() as reads:
            loaded = found.run_partial(kinds[kind], game, component, shown, index)
        # the files it read matter only to sort out the problems it found (without_follow_on)
        attempts.append(({display_path(path) for path in reads} if found.problems else set(), found.problems))
        if loaded is not None:
            game.components.append(loaded)
            problems.extend(showcase_problems(loaded, shown, index, line))
    problems.extend(without_follow_on(attempts, refused))
    if problems.problems:
        failed = DataError(problems.problems)
        failed.loaded = game          # its good components: check lays them out too (one pass)
        raise failed
    return game


def _checked_columns(game: Game, checks: dict[str, Any]) -> dict[tuple[Path, str | None], set[str]]:
    """The columns game.yaml's checks name, by data file and sheet (they count as read: no typo warning)."""
    found: dict[tuple[Path, str | None], set[str]] = {}
    for relative, rules in checks.items():
        columns = set((rules.get("columns") or {}) if isinstance(rules, dict) else ())
        for unique in (rules.get("unique") or []) if isinstance(rules, dict) else []:
            columns |= {str(c) for c in unique} if isinstance(unique, list) else set()
        file, sheet = split_sheet(str(relative))
        try:
            found[(game.file(file).resolve(), sheet)] = {str(c) for c in columns}
        except OutsideKit:
            continue                # refused by run_checks, with its place in game.yaml

    return found


def without_follow_on(attempts: list[tuple[set[str], list[Problem]]], refused: Collection[str] = ()) -> list[Problem]:
    """The problems of components' loading, but those that follow from another file being
    broken as a whole (not parseable, of the wrong shape, missing) or ``refused`` by game.yaml's
    checks: a component that read such a file reports only that file's problems, as a
    compiler stops at the first error."""
    broken = {str(p.file) for _, found in attempts for p in found if p.unreadable} | set(refused)
    kept: list[Problem] = []
    for read, found in attempts:
        upstream = (read & broken) - {str(p.file) for p in found if p.unreadable}
        kept.extend(p for p in found if not upstream or str(p.file).split(", sheet ")[0] in upstream)
    return kept


def _load_code(name: str, shown: str, raw: Any) -> None:
    """Register the game code game.yaml names; only installed game code can be named."""
    from generator.kit.plugins import known_game_code, load_game_code

    try:
        load_game_code(name)
    except KeyError:
        line = raw.lines.get("code") if isinstance(raw, LineDict) else None
        known = ", ".join(known_game_code()) or "none installed"
        raise DataError([Problem(shown, f"no installed game code named {name!r} (known: {known})",
                                 line=line, field="code")]) from None


def _case_twin(kit: Kit, game_id: str) -> str | None:
    """Why ``game_id`` cannot name an output folder beside the kit's other games: another game
    whose id differs only in case (one folder on the disks of macOS and Windows)."""
    twins = [other for other in kit.game_ids() if other != game_id and file_name_key(other) == file_name_key(game_id)]
    if twins:
        return (f"the kit has games {game_id!r} and {twins[0]!r}, which differ only in case: their output "
                "folders are one folder on the disks of macOS and Windows; rename one")
    return None


def game_code_of(folder: Path) -> str | None:
    """The code (loaded and registered) that the game in ``folder`` names, if ``folder`` holds
    a game.yaml that names one: its maps are drawn with that code's art."""
    path = Path(folder) / "game.yaml"
    if not path.is_file():
        return None
    spec = load_game_file(folder)
    if spec.code is not None:
        _load_code(spec.code, display_path(path), load_yaml(path))
    return spec.code


def load_game_map(path: Path) -> "HexMap":
    """A lone map file (``pnpkit map build PATH``, a tool given a map's path), with the art of
    the game whose folder holds it, if any (the code its game.yaml names)."""
    from generator.hexmap.loader import load_map

    return load_map(path, art=game_code_of(Path(path).parent))


def load_game_counters(path: Path) -> "CounterSet":
    """A lone counters file, with the overlay of the game whose folder holds it, if any."""
    from generator.hexmap.counterfile import load_counters

    return load_counters(path, art=game_code_of(Path(path).parent))


def load_games(game_ids: list[str] | None = None, kit: Kit | None = None) -> list[Game]:
    """Load several games (default: all) of the kit, gathering every game's problems before raising."""
    kit = kit or current_kit()
    problems = ProblemCollector()
    games = []
    for game_id in game_ids or kit.game_ids():
        game = problems.run(load_game, game_id, kit)
        if game is not None:
            games.append(game)
    problems.raise_if_any()
    return games
