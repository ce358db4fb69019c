"""The jinja2 templates that lay a reference sheet out, run in the sandbox.

A template turns the game's reference content into the sheet XML (``generator.reference.sheet``).
pnpkit's own templates are in ``templates/reference/``; a game may bring its own, named
relative to its folder (``templates/play-aids.xml.j2``), and these may import or extend
pnpkit's (``{% import "reference/blocks.xml.j2" as blocks %}``). A kit comes from a stranger:
its templates run in jinja2's sandbox (``generator.layout.expressions``) with StrictUndefined
and autoescaping (data cannot write XML), and are read only from inside the kit.
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path
from typing import Any, Callable, Mapping

import jinja2
from jinja2 import BaseLoader, ChoiceLoader, FileSystemBytecodeCache, FileSystemLoader, TemplateError, TemplateNotFound, TemplateSyntaxError
from jinja2.environment import Environment
from jinja2.sandbox import SecurityError

from generator.core.contentcache import digest
from generator.core.filehash import file_sha256
from generator.core.inputs import note_read
from generator.core.usercache import source_digest, user_cache
from generator.kit.paths import OutsideKit, inside_kit, templates_dir
from generator.layout.expressions import ExpressionError, bounded_text, budget, sandboxed_environment

DEFAULT_TEMPLATE = "reference/sheet.xml.j2"
TEMPLATE_SUFFIX = ".j2"
MAX_TEMPLATE_BYTES = 500_000
MAX_OUTPUT_CHARS = 2_000_000


class TemplateProblem(ValueError):
    """A template that cannot be read or rendered, said in plain words with its name and line."""


class KitTemplates(BaseLoader):
    """Templates of one game folder, refused if they lead outside the kit or are not ``.j2``."""

    def __init__(self, kit: Path, folder: Path) -> None:
        self.kit = Path(kit)
        self.folder = Path(folder)

    def get_source(self, environment: Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        if not template.endswith(TEMPLATE_SUFFIX):
            raise TemplateNotFound(template)
        try:
            path = inside_kit(self.kit, self.folder, template)
        except OutsideKit:
            raise TemplateNotFound(template) from None
        if not path.is_file():
            raise TemplateNotFound(template)
        if path.stat().st_size > MAX_TEMPLATE_BYTES:
            raise TemplateProblem(f"{template}: a template may have at most {MAX_TEMPLATE_BYTES:,} bytes")
        note_read(path)
        raw = path.read_bytes()
        source = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8").read()     # as read_text: newlines made \n
        read = digest(raw)
        # up to date while its bytes are the same (generator.core.contentcache), whatever its time
        return source, str(path), lambda: path.is_file() and file_sha256(path) == read


class _PackageTemplates(FileSystemLoader):
    """pnpkit's own templates (their files count as inputs of what they draw)."""

    def get_source(self, environment: Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        source, filename, uptodate = super().get_source(environment, template)
        if filename:
            note_read(Path(filename))
        return source, filename, uptodate


def environment(kit: Path, folder: Path) -> Environment:
    """The sandbox a game's reference templates run in: its own folder first, then pnpkit's."""
    loader = ChoiceLoader([KitTemplates(kit, folder), _PackageTemplates(str(templates_dir()))])
    return sandboxed_environment(loader=loader, bytecode_cache=_compiled_templates(), **TEMPLATE_OPTIONS)


# How templates are compiled; the compiled code kept between runs is kept apart for each set.
TEMPLATE_OPTIONS = {"autoescape": True, "trim_blocks": True, "lstrip_blocks": True}
# The code that instruments a template as it is compiled (every loop counted, every ``~``
# measured): compiled code kept from other code would run without its checks.
SANDBOX_MODULE = "generator.layout.expressions"


class _KeptCompiled(FileSystemBytecodeCache):
    """jinja2's cache of compiled templates in the user cache, where a compiled template that
    cannot be read or kept (a full disk, a cache folder made read-only since) is compiled
    again next time, not an error: jinja2's own raises what writing its file raised."""

    def load_bytecode(self, bucket: Any) -> None:
        try:
            super().load_bytecode(bucket)
        except OSError:
            pass

    def dump_bytecode(self, bucket: Any) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


def _compiled_templates() -> FileSystemBytecodeCache:
    """Templates compiled once per machine, not again in each process that renders a sheet
    (a tenth of a second a sheet): jinja2 keys each by its name and file, and compiles it
    again when its source has changed; the folder is named by what else compiling depends
    on: the options, jinja2's version and the sandbox's code."""
    made_by = repr((sorted(TEMPLATE_OPTIONS.items()), jinja2.__version__, source_digest(SANDBOX_MODULE)))
    return _KeptCompiled(str(user_cache(f"templates-{hashlib.sha256(made_by.encode()).hexdigest()[:16]}")))


def render(kit: Path, folder: Path, name: str, context: Mapping[str, Any]) -> str:
    """The sheet XML the template ``name`` writes for ``context``; TemplateProblem says why not."""
    env = environment(kit, folder)
    try:
        with budget(made=MAX_OUTPUT_CHARS * 10, value=MAX_OUTPUT_CHARS):
            template = env.get_template(name)
            text = bounded_text(template.root_render_func(template.new_context(dict(context))), MAX_OUTPUT_CHARS)
    except ExpressionError as err:
        raise TemplateProblem(f"{name}: {err}") from None
    except TemplateNotFound as err:
        missing = err.name if err.name != name else name
        raise TemplateProblem(f"no template {missing!r} (a game's own templates are named relative to its "
                              f"folder and end in {TEMPLATE_SUFFIX}; pnpkit's are under reference/)") from None
    except TemplateSyntaxError as err:
        raise TemplateProblem(f"{_where(err.filename or name, err.lineno)}: {err.message}") from None
    except SecurityError as err:
        raise TemplateProblem(f"{name}: refused by the sandbox: {err}") from None
    except TemplateError as err:
        raise TemplateProblem(f"{name}: {err.message or err}") from None
    except (ArithmeticError, TypeError, ValueError, LookupError, RecursionError) as err:
        raise TemplateProblem(f"{name}: {type(err).__name__}: {err}") from None
    if len(text) > MAX_OUTPUT_CHARS:
        raise TemplateProblem(f"{name} wrote {len(text):,} characters; at most {MAX_OUTPUT_CHARS:,} are allowed")
    return text


def _where(filename: str, line: int | None) -> str:
    shown = Path(filename).name if filename else "template"
    return f"{shown}, line {line}" if line else shown
