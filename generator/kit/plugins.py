"""Game code and extra commands, found by name through installed entry points.

A game that needs Python (designs no layout file can express, map art, a bot) ships a
package and names it in its ``game.yaml`` (``code: <name>``). The name is looked up in the
``pnpkit.games`` entry points of installed packages, never imported from the kit, so a kit
from a stranger can only choose among code that is already installed. Commands such as
``pnpkit bot`` come the same way, from ``pnpkit.commands``.
"""

from __future__ import annotations

from functools import lru_cache
from importlib.metadata import EntryPoint, entry_points
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path
from typing import Any

GAME_GROUP = "pnpkit.games"
COMMAND_GROUP = "pnpkit.commands"


@lru_cache(maxsize=None)
def _entry_points(group: str) -> dict[str, EntryPoint]:
    """The group's entry points, looked up once a process (every installed package's
    metadata is read to find them); never changed by callers."""
    return {ep.name: ep for ep in entry_points(group=group)}


def known_game_code() -> list[str]:
    """Names a game.yaml may give as ``code:``."""
    return sorted(_entry_points(GAME_GROUP))


@lru_cache(maxsize=None)
def load_game_code(name: str) -> Any:
    """Load (once) and register the game code named ``name``; KeyError if none is installed."""
    found = _entry_points(GAME_GROUP)
    if name not in found:
        raise KeyError(name)
    register = found[name].load()
    register()
    return register


def game_code_location(name: str) -> Path:
    """Where the game code named ``name`` lives: its package folder (or module file), whose
    files make the game's part of the cache key. KeyError if none is installed."""
    found = _entry_points(GAME_GROUP)
    if name not in found:
        raise KeyError(name)
    spec = find_spec(found[name].module)
    if spec is None:
        raise KeyError(name)
    if spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations))).resolve()
    if spec.origin is None:
        raise KeyError(name)
    return Path(spec.origin).resolve()


def command_names() -> list[str]:
    """The names of the commands installed packages add (``pnpkit.commands`` entry points),
    found without importing them."""
    return sorted(_entry_points(COMMAND_GROUP))


def load_command(target: str | None, name: str) -> Any:
    """The click command at ``target`` ("module:attribute"), else the installed command
    ``name``; None if there is neither. Imported here, on first use."""
    if target is not None:
        module, _, attribute = target.partition(":")
        return getattr(import_module(module), attribute)
    found = _entry_points(COMMAND_GROUP).get(name)
    return found.load() if found is not None else None


@lru_cache(maxsize=None)
def command_summary(name: str) -> str | None:
    """The docstring of the installed command ``name``, read from its module's source without
    running it (for ``pnpkit --help``); None when it is not a documented function there."""
    found = _entry_points(COMMAND_GROUP).get(name)
    if found is None or not found.attr or "." in found.attr:
        return None
    spec = find_spec(found.module)
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return None
    import ast

    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == found.attr:
            return ast.get_docstring(node)
    return None
