"""The project's import graph as its architecture sees it, for the tests of tests/structure.

grimp reads ``import`` statements (in functions and under ``TYPE_CHECKING`` too), but some
modules are loaded by name, from a string in a registry: an import grimp cannot see, and
import circles hid behind such strings. This module adds those imports, read from the
registries themselves at run time, then checks the graph against the import-linter contracts
of ``pyproject.toml`` and looks for circles between packages.

The registries are listed in ``REGISTRIES`` below; when a registry moves, change its row.
"""

from __future__ import annotations

import contextlib
import copy
import importlib
import io
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple

import grimp
from grimp import ImportGraph
from importlinter import configuration
from importlinter.application import output, use_cases
from importlinter.application.app_config import settings
from importlinter.application.ports.building import GraphBuilder
from rich.console import Console

from .graphs import strongly_connected


class Registry(NamedTuple):
    """A place where the project names modules it loads by name."""

    module: str     # the module holding the registry
    attribute: str  # the registry's dotted path in that module ("BOT.web": an attribute of an object)
    entries: str    # what its value holds, a key of ENTRY_KINDS below


# Every registry of modules loaded by name. Each entry names a module that the registry's
# module imports (the edge starts at the module that defines the attribute: for an
# attribute of an object, the module of the class that sets it).
REGISTRIES: tuple[Registry, ...] = (
    Registry("generator.loading.kinds", "_LOADERS", "dict of (module, function)"),
    Registry("generator.outputs.registry", "WRITERS", "names of modules beside the registry"),
    Registry("generator.cli.app", "SUBSYSTEM_COMMANDS", "dict of 'module:attr'"),
    Registry("bot.stockholm1520.cli", "BOT.web", "'module:attr', a callable or None"),
    Registry("bot.batalj.cli", "BOT.web", "'module:attr', a callable or None"),
)

# The packages of the graph.
ROOT_PACKAGES: tuple[str, ...] = ("generator", "bot", "games")

# Entry point groups of pyproject.toml: plug-ins the core finds by design (not edges).
PLUGIN_GROUPS: tuple[str, ...] = ("pnpkit.games", "pnpkit.commands")

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


class RegistryMissing(LookupError):
    """A registry of REGISTRIES, or a module it names, is not where the table says: the
    check would pass without its imports, so it fails instead."""


# --- modules loaded by name ----------------------------------------------------------------

def _module_part(reference: object, where: str) -> str:
    """The module of a "module:attr" reference."""
    if not isinstance(reference, str) or ":" not in reference:
        raise RegistryMissing(f"{where}: expected a 'module:attr' string, found {reference!r}")
    return reference.partition(":")[0].strip()


def _mapping(value: object, where: str) -> Mapping[Any, Any]:
    if not isinstance(value, Mapping):
        raise RegistryMissing(f"{where}: expected a dict, found {type(value).__name__}")
    return value


def _first_of_each(value: object, registry: Registry, where: str) -> list[str]:
    found = []
    for key, entry in _mapping(value, where).items():
        if not (isinstance(entry, Sequence) and not isinstance(entry, str) and entry and isinstance(entry[0], str)):
            raise RegistryMissing(f"{where}[{key!r}]: expected (module, function), found {entry!r}")
        found.append(entry[0])
    return found


def _beside_registry(value: object, registry: Registry, where: str) -> list[str]:
    if not (isinstance(value, Sequence) and not isinstance(value, str) and all(isinstance(n, str) for n in value)):
        raise RegistryMissing(f"{where}: expected a tuple of module names, found {value!r}")
    package = registry.module.rpartition(".")[0]
    return [f"{package}.{name}" for name in value]


def _module_of_each(value: object, registry: Registry, where: str) -> list[str]:
    return [_module_part(entry, f"{where}[{key!r}]") for key, entry in _mapping(value, where).items()]


def _module_of_one(value: object, registry: Registry, where: str) -> list[str]:
    # A callable's own import is in the source, where grimp sees it.
    if value is None or (callable(value) and not isinstance(value, str)):
        return []
    return [_module_part(value, where)]


ONE_REFERENCE = "'module:attr', a callable or None"  # may name no module: its import is in the source

ENTRY_KINDS: dict[str, Callable[[object, Registry, str], list[str]]] = {
    "dict of (module, function)": _first_of_each,
    "names of modules beside the registry": _beside_registry,
    "dict of 'module:attr'": _module_of_each,
    ONE_REFERENCE: _module_of_one,
}


def _defining_module(owner: object, name: str) -> str:
    """The module whose source sets ``owner.name``: the module itself, or the module of the
    first class in the owner's MRO that defines it."""
    if isinstance(owner, ModuleType):
        return owner.__name__
    cls = owner if isinstance(owner, type) else type(owner)
    for klass in cls.__mro__:
        if name in vars(klass):
            return klass.__module__
    return cls.__module__


def registry_modules(registry: Registry) -> tuple[str, list[str]]:
    """The module that imports by name, and the module each entry of the registry names
    (in order, repeats kept; none for a single reference that is None or a callable).
    Raises RegistryMissing when the registry is not where REGISTRIES says."""
    where = f"{registry.module}.{registry.attribute} (tests/structure/layers.py REGISTRIES)"
    try:
        owner: object = importlib.import_module(registry.module)
    except ModuleNotFoundError as error:
        raise RegistryMissing(f"{where}: cannot import {registry.module}: {error}") from error
    *path, last = registry.attribute.split(".")
    try:
        for part in path:
            owner = getattr(owner, part)
        value = getattr(owner, last)
    except AttributeError as error:
        raise RegistryMissing(f"{where}: no such attribute: {error}") from error
    if registry.entries not in ENTRY_KINDS:
        raise RegistryMissing(f"{where}: unknown kind of entries {registry.entries!r}; known: {sorted(ENTRY_KINDS)}")
    return _defining_module(owner, last), ENTRY_KINDS[registry.entries](value, registry, where)


def registered_imports() -> list[tuple[str, str]]:
    """The (importer, imported) imports of every registry of REGISTRIES, sorted: modules
    loaded by name, which grimp cannot see."""
    edges: set[tuple[str, str]] = set()
    for registry in REGISTRIES:
        importer, modules = registry_modules(registry)
        edges.update((importer, module) for module in modules if module != importer)
    return sorted(edges)


def plugin_targets(pyproject: Path = PYPROJECT) -> list[str]:
    """The modules of the entry points of PLUGIN_GROUPS (sorted): the core finds them by
    design, so they are not edges of the graph; they must live above it."""
    points = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {}).get("entry-points", {})
    found: set[str] = set()
    for group in PLUGIN_GROUPS:
        if not points.get(group):
            raise RegistryMissing(f"{pyproject}: no entry points in [project.entry-points.{group!r}] "
                                  "(tests/structure/layers.py PLUGIN_GROUPS)")
        found.update(_module_part(value, f"{pyproject} {group}.{name}") for name, value in points[group].items())
    return sorted(found)


# --- the graph -----------------------------------------------------------------------------

_base_graph: ImportGraph | None = None


def _add_imports(graph: ImportGraph, edges: Iterable[tuple[str, str]], origin: str) -> None:
    """Add imports between modules of the graph; one naming a module the graph lacks is a
    mistake (a registry or test naming a moved module), not a new module."""
    for importer, imported in edges:
        missing = [m for m in (importer, imported) if m not in graph.modules]
        if missing:
            raise RegistryMissing(f"{origin}: {importer} -> {imported} names modules not in the project: {missing}")
        graph.add_import(importer=importer, imported=imported)


def project_graph(extra: Iterable[tuple[str, str]] = ()) -> ImportGraph:
    """The import graph of ROOT_PACKAGES (without external packages) with the imports by
    name of the registries and ``extra``. The graph is built once per process; each call
    returns its own copy, so edges planted by one test do not reach another."""
    global _base_graph
    if _base_graph is None:
        # cache_dir=None: no .grimp_cache in the checkout, and never a stale graph.
        graph = grimp.build_graph(*ROOT_PACKAGES, include_external_packages=False, cache_dir=None)
        _add_imports(graph, registered_imports(), "a registry of tests/structure/layers.py REGISTRIES")
        _base_graph = graph
    graph = copy.deepcopy(_base_graph)
    _add_imports(graph, extra, "extra imports")
    return graph


# --- import-linter's contracts -------------------------------------------------------------

def declared_contracts(config: Path | None = None) -> list[dict[str, Any]]:
    """The contracts of ``config`` (default: the repository's pyproject.toml; a .ini or
    setup.cfg works too), as import-linter reads them."""
    configuration.configure()
    return list(use_cases.read_user_options(str(config or PYPROJECT)).contracts_options)


def upward_imports(config: Path | None = None) -> list[tuple[str, str, str]]:
    """For each layers contract of ``config``: its name and an import it forbids, its lowest
    layer's first module importing its highest layer's first module (in its first container,
    if any)."""
    layered = [c for c in declared_contracts(config) if c.get("type") == "layers"]
    if not layered:
        raise LookupError(f"{config or PYPROJECT} declares no layers contract")
    found = []
    for contract in layered:
        layers = [contract["layers"]] if isinstance(contract["layers"], str) else contract["layers"]
        containers = contract.get("containers") or []
        prefix = f"{containers[0] if isinstance(containers, list) else containers}." if containers else ""

        def first(layer: str) -> str:
            return prefix + re.split(r"[|:]", layer)[0].strip().strip("()").strip()

        found.append((contract["name"], first(layers[-1]), first(layers[0])))
    return found


class _GivenGraph(GraphBuilder):
    """import-linter's GRAPH_BUILDER port (importlinter.application.ports.building): hands
    import-linter this module's graph instead of letting it build one from the imports it
    can see. It refuses options the graph was not built with, rather than ignore them."""

    def __init__(self, graph: ImportGraph) -> None:
        self.graph = graph

    def build(self, root_package_names: list[str], cache_dir: str | None,
              include_external_packages: bool | None = False,
              exclude_type_checking_imports: bool = False) -> ImportGraph:
        roots = {module.partition(".")[0] for module in self.graph.modules}
        if not set(root_package_names) <= roots:
            raise ValueError(f"the contracts' root_packages {root_package_names} are not all in the graph {sorted(roots)}")
        if include_external_packages or exclude_type_checking_imports:
            raise ValueError("the graph has no external packages and keeps TYPE_CHECKING imports: "
                             "include_external_packages and exclude_type_checking_imports are not supported")
        return self.graph


def _rendered(draw: Callable[[], None]) -> list[str]:
    """The lines import-linter prints for a broken contract, without colours or wrapping
    (its renderers print through importlinter.application.output.console)."""
    buffer = io.StringIO()
    shown = output.console
    output.console = Console(file=buffer, width=10_000, color_system=None, highlight=False, soft_wrap=True)
    try:
        draw()
    finally:
        output.console = shown
    return [line.rstrip() for line in buffer.getvalue().splitlines() if line.strip()]


def broken_contracts(graph: ImportGraph, config: Path | None = None) -> list[str]:
    """Check the import-linter contracts of ``config`` (default: the repository's
    pyproject.toml) against ``graph``, not a graph import-linter builds (it would miss the
    imports by name); return, for each broken contract, its name and the imports that break
    it (empty when every contract holds). Does not run ``lint-imports``."""
    configuration.configure()  # import-linter's readers, file system and timer
    settings.configure(GRAPH_BUILDER=_GivenGraph(graph), DEFAULT_CACHE_DIR=None)
    try:
        options = use_cases.read_user_options(str(config or PYPROJECT))
        if not options.contracts_options:
            raise LookupError(f"{config or PYPROJECT} declares no import-linter contracts")
        # lint_imports registers the built-in contract types ("layers", ...); create_report
        # expects them registered. There is no public call for it in import-linter 2.17.
        use_cases._register_built_in_contract_types()
        with contextlib.redirect_stdout(io.StringIO()):  # its progress display
            report = use_cases.create_report(options, cache_dir=None)
    finally:
        configuration.configure()  # import-linter's own graph builder again
    lines: list[str] = []
    for name, error in report.invalid_contract_options.items():
        lines.append(f"{name}: invalid contract options:")
        lines.extend(f"    {field}: {message}" for field, message in error.errors.items())
    for contract, check in report.get_contracts_and_checks():
        if not check.kept:
            lines.append(f"{contract.name}: broken")
            lines.extend(f"    {line}" for line in _rendered(lambda: contract.render_broken_contract(check)))
    return lines


# --- circles between packages --------------------------------------------------------------

def _sibling_imports(graph: ImportGraph) -> dict[str, dict[str, set[str]]]:
    """For each package (``""``: the top level), the imports between its direct children
    (sub-packages and modules), each child standing for every module below it. An import
    between a package and a module below it joins no two children: none is a circle."""
    found: dict[str, dict[str, set[str]]] = {}
    for importer in graph.modules:
        for imported in graph.find_modules_directly_imported_by(importer):
            a, b = importer.split("."), imported.split(".")
            shared = 0
            while shared < min(len(a), len(b)) and a[shared] == b[shared]:
                shared += 1
            if shared == len(a) or shared == len(b):
                continue
            package = ".".join(a[:shared])
            children = found.setdefault(package, {})
            children.setdefault(".".join(a[: shared + 1]), set()).add(".".join(b[: shared + 1]))
    return found


def package_circles(graph: ImportGraph) -> list[list[str]]:
    """Every circle between sibling packages or modules: for each package (and the top level,
    where the root packages are siblings), its children that import each other, directly or
    through other children, each child counting the imports of every module below it. Each
    circle sorted, the list sorted."""
    return sorted(circle for children in _sibling_imports(graph).values()
                  for circle in strongly_connected(children))


def imports_between(graph: ImportGraph, circle: Sequence[str]) -> dict[tuple[str, str], list[tuple[str, str]]]:
    """For a circle of package_circles, each (member, member) import between its members and
    the module imports that make it (from a module in or below one member to one in or
    below another), sorted: what to cut to break the circle."""
    def member(module: str) -> str | None:
        return next((m for m in circle if module == m or module.startswith(m + ".")), None)

    found: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            a, b = member(importer), member(imported)
            if a and b and a != b:
                found.setdefault((a, b), []).append((importer, imported))
    return dict(sorted(found.items()))
