"""Every file the offline app needs to run a bot's page in the browser (Pyodide), found, never
listed by hand: the Python sources of the import closure of the browser's entry (an AST walk
of their ``import`` statements, from ``bot.web.browser`` and the game's own ``bot.<game>.browser``),
the templates beside them, jinja2's and markupsafe's ``.py`` files from the installed packages,
and the game's data baked at export time (``bot.<game>.bake``).

The closure may reach only the standard library, our own packages and jinja2/markupsafe (the
browser's rule, docs/architecture.md): any other import is refused with the module that makes
it. Keys are the paths to write under the app's Python root; the bytes are the same for the same
sources, so the app keeps them by their digest.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import importlib.util
import io
import sys
import tokenize
from dataclasses import dataclass
from pathlib import Path
from typing import Collection, Iterator

ROOT = Path(__file__).resolve().parents[2]
#: Our packages: their modules are walked.
OURS = ("bot", "generator", "games")
#: Third-party packages the browser has as pure-Python copies (their .py files are bundled).
BUNDLED = ("jinja2", "markupsafe")
#: Where the baked data of a game is written under the app's Python root.
BAKED = "baked"
#: Files beside the sources that the closure reads at run time (the page's templates).
TEMPLATE_SUFFIXES = (".html",)


#: The comment that marks an import the app never runs (a plug-in's registration with the
#: terminal's machinery, in a package the app imports for its data): the walk leaves it out.
TERMINAL_ONLY = "# terminal only"


class ImpureImport(Exception):
    """The browser closure reaches a module the browser does not have."""


@dataclass(frozen=True)
class Closure:
    """The modules of ours the entry reaches, and the outside top-level modules they import
    (by the module importing them)."""

    modules: frozenset[str]
    outside: dict[str, frozenset[str]]


def module_file(name: str) -> Path | None:
    """The source of our module ``name`` (a package's ``__init__.py``), or None when it is not ours."""
    parts = name.split(".")
    if parts[0] not in OURS:
        return None
    base = ROOT.joinpath(*parts)
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def terminal_lines(source: bytes) -> set[int]:
    """The lines of ``source`` whose comment says ``TERMINAL_ONLY``."""
    return {tok.start[0] for tok in tokenize.tokenize(io.BytesIO(source).readline)
            if tok.type == tokenize.COMMENT and tok.string.startswith(TERMINAL_ONLY)}


def _imports(tree: ast.AST, module: str, is_package: bool, terminal: Collection[int] = ()) -> Iterator[str]:
    """Every module an import statement of ``module`` names (also inside functions: the browser
    may run them), except those under ``if TYPE_CHECKING:`` and those marked ``TERMINAL_ONLY``
    (on the lines ``terminal``); ``from a import b`` yields ``a`` and ``a.b`` (b may be a module)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _type_checking(node):
            skip |= {id(n) for stmt in node.body for n in ast.walk(stmt)}
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if id(node) in skip or getattr(node, "lineno", 0) in terminal:
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                base_parts = base_parts[:len(base_parts) - (node.level - 1)]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            if base == "__future__":
                continue
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names if alias.name != "*")


def closure(entries: tuple[str, ...]) -> Closure:
    """Our modules reached from ``entries`` (with their packages' ``__init__``), and the outside
    modules they import."""
    seen: set[str] = set()
    outside: dict[str, set[str]] = {}
    todo = list(entries)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        path = module_file(name)
        if path is None:
            continue
        seen.add(name)
        parent = name.rpartition(".")[0]
        if parent:
            todo.append(parent)
        source = path.read_bytes()
        tree = ast.parse(source, str(path))
        for found in _imports(tree, name, path.name == "__init__.py", terminal_lines(source)):
            top = found.split(".")[0]
            if top in OURS:
                if module_file(found) is not None:
                    todo.append(found)
            elif top:
                outside.setdefault(top, set()).add(name)
    return Closure(frozenset(seen), {k: frozenset(v) for k, v in outside.items()})


def entries(game_id: str, page: bool = True) -> tuple[str, ...]:
    """The modules the app imports by name: the shared entry, the game's page (``page``) and
    the game's self-play (its decisions compared with the terminal's)."""
    return ("bot.web.browser", *((f"bot.{game_id}.browser",) if page else ()), f"bot.{game_id}.selfplay")


def check_pure(found: Closure) -> None:
    """ImpureImport naming each outside module that is neither the standard library nor bundled."""
    bad = {top: users for top, users in found.outside.items()
           if top not in sys.stdlib_module_names and top not in BUNDLED}
    if bad:
        lines = [f"{top} (imported by {', '.join(sorted(users))})" for top, users in sorted(bad.items())]
        raise ImpureImport("the browser's code imports what the browser does not have: " + "; ".join(lines))


def _package_files(package: str) -> dict[str, bytes]:
    """The .py files of an installed pure-Python package, by their path under the Python root."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ImpureImport(f"{package} is not installed: the app bundles its pure-Python copy")
    folder = Path(next(iter(spec.submodule_search_locations)))
    return {f"{package}/{p.relative_to(folder).as_posix()}": p.read_bytes()
            for p in sorted(folder.rglob("*.py")) if "__pycache__" not in p.parts}


def _templates(modules: frozenset[str]) -> dict[str, bytes]:
    """The template folders beside the closure's packages (``templates/`` of a package reached)."""
    out: dict[str, bytes] = {}
    packages = {m for m in modules if (ROOT.joinpath(*m.split(".")) / "__init__.py").is_file()}
    for package in sorted(packages):
        folder = ROOT.joinpath(*package.split(".")) / "templates"
        for path in sorted(folder.rglob("*")) if folder.is_dir() else []:
            if path.is_file() and path.suffix in TEMPLATE_SUFFIXES:
                out[path.relative_to(ROOT).as_posix()] = path.read_bytes()
    return out


def baked(game_id: str) -> dict[str, bytes]:
    """The game's data baked for the browser (``bot.<game>.bake.bake``), under ``BAKED/``."""
    module = importlib.import_module(f"bot.{game_id}.bake")
    return {f"{BAKED}/{game_id}/{name}": data for name, data in sorted(module.bake().items())}


def browser_files(game_id: str, page: bool = True) -> dict[str, bytes]:
    """Every file the app needs for ``game_id``'s page (without ``page``: its rules and policy
    alone), keyed by its path under the app's Python root, sorted; ImpureImport when the
    closure reaches a module the browser lacks."""
    found = closure(entries(game_id, page))
    check_pure(found)
    files: dict[str, bytes] = {}
    for name in sorted(found.modules):
        path = module_file(name)
        assert path is not None
        files[path.relative_to(ROOT).as_posix()] = path.read_bytes()
    files.update(_templates(found.modules))
    for package in BUNDLED:
        files.update(_package_files(package))
    files.update(baked(game_id))
    return dict(sorted(files.items()))


def digest(files: dict[str, bytes]) -> str:
    """One digest of every path and its bytes (the app's cache key)."""
    h = hashlib.sha256()
    for path, data in sorted(files.items()):
        h.update(path.encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()


def main(argv: list[str]) -> int:
    """``python -m bot.web.bundle GAME...``: what the app ships for each game (files, bytes), or
    the import that keeps it out of the browser."""
    for game_id in argv or ["batalj", "stockholm1520"]:
        try:
            files = browser_files(game_id)
        except ImpureImport as err:
            print(f"{game_id}: {err}")
            continue
        ours = {k: v for k, v in files.items() if k.split("/")[0] in OURS}
        print(f"{game_id}: {len(files)} files, {sum(map(len, files.values())):,} bytes "
              f"(our sources and templates {len(ours)} files, {sum(map(len, ours.values())):,} bytes), "
              f"digest {digest(files)[:16]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
