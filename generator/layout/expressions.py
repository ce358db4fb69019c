"""Expressions in layout files, evaluated in jinja2's sandbox: a kit from a stranger runs none of its own code.

Every value that holds ``{{ ... }}`` (or ``{% ... %}``) is compiled once and rendered per
item with ``StrictUndefined``: a name the item lacks is an error, never an empty string.
The sandbox refuses attributes such as ``__class__``; on top of it this environment refuses
arithmetic and calls that would make huge values (``'x' * 10**9``, ``'x'.center(10**9)``) and
bounds the work of a whole render, not each step alone: every loop iteration and call is a
step of a budget (``MAX_STEPS``), and every text or list a step makes counts against a budget
of size (``MAX_MADE``), so nested loops, a macro calling itself twice per level or a string
doubled through ``~`` are refused in bounded time and memory.
"""

from __future__ import annotations

import functools
import math
import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Mapping

from jinja2 import StrictUndefined, nodes, TemplateError, TemplateSyntaxError, Undefined, UndefinedError, pass_context
from jinja2.defaults import DEFAULT_FILTERS
from jinja2.environment import Template
from jinja2.runtime import Context
from jinja2.sandbox import SandboxedEnvironment, SecurityError

from generator.core.limits import excerpt
from generator.core.near_miss import closest
from generator.core.units import MM_PER_PT
from generator.draw.colour import mix as mix_colours
from generator.draw.colour import normalise

MAX_OUTPUT = 10_000      # characters one value may render to
MAX_ARGUMENT = 10_000    # largest number a filter or method may be given (widths, counts)
MAX_RANGE = 1_000        # longest range() an expression may loop over
MAX_STEPS = 100_000      # loop iterations and calls of one whole render
MAX_MADE = 1_000_000     # characters (and items) the values made in one whole render add up to
_LONG_WIDTH = re.compile(r"\d{5,}")


@dataclass
class _Budget:
    """What one render has spent: steps (loop iterations, calls) and the size of what it made."""

    steps: int = 0
    made: int = 0
    steps_limit: int = MAX_STEPS
    made_limit: int = MAX_MADE
    value_limit: int = MAX_OUTPUT

    def step(self) -> None:
        self.steps += 1
        if self.steps > self.steps_limit:
            raise SecurityError(f"more than {self.steps_limit:,} loop steps and calls in one value "
                                "(loops inside loops, or a macro calling itself?)")

    def made_value(self, value: Any) -> Any:
        if isinstance(value, (str, list, tuple, dict, set)):
            if len(value) > self.value_limit:
                raise SecurityError(f"a text or list of more than {self.value_limit:,} characters or items is refused")
            self.made += len(value)
            if self.made > self.made_limit:
                raise SecurityError(f"the value makes more than {self.made_limit:,} characters in all "
                                    "(a text doubled again and again?)")
        return value


_spent: ContextVar[_Budget | None] = ContextVar("pnpkit_expression_budget", default=None)


@contextmanager
def budget(steps: int = MAX_STEPS, made: int = MAX_MADE, value: int = MAX_OUTPUT) -> Iterator[None]:
    """One whole render's budget of ``steps``, of characters ``made`` in all and of one
    ``value``'s size: what runs inside the block shares it (a render inside another's block
    spends the outer budget)."""
    if _spent.get() is not None:
        yield
        return
    token = _spent.set(_Budget(steps_limit=steps, made_limit=made, value_limit=value))
    try:
        yield
    finally:
        _spent.reset(token)


def _step() -> None:
    spent = _spent.get()
    if spent is not None:
        spent.step()


def _made(value: Any) -> Any:
    spent = _spent.get()
    return spent.made_value(value) if spent is not None else value


def _counted(iterable: Iterable[Any]) -> Iterator[Any]:
    """A loop's items, each a step of the render's budget."""
    for item in iterable:
        _step()
        yield item


class ExpressionError(Exception):
    """An expression could not be evaluated; the message says why in plain words."""


def _refuse_large(values: Any) -> None:
    for value in values:
        if isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) > MAX_ARGUMENT:
            raise SecurityError(f"a number over {MAX_ARGUMENT} given to a filter or method ({value!r}) is refused")


def _bounded(fn: Callable[..., Any]) -> Callable[..., Any]:
    """A filter that refuses huge numeric arguments (``center(10**9)``) before it runs."""
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        _refuse_large(args[1:])
        _refuse_large(kwargs.values())
        _step()
        return _made(fn(*args, **kwargs))
    return wrapper


def _range(*args: int) -> range:
    _refuse_large(args)
    result = range(*args)
    if len(result) > MAX_RANGE:
        raise SecurityError(f"range() of more than {MAX_RANGE} numbers is refused in a layout")
    return result


class _LayoutSandbox(SandboxedEnvironment):
    """jinja2's sandbox with limits on the size of what an expression can make."""

    intercepted_binops = frozenset({"*", "**", "%", "+"})

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        if operator == "**" and isinstance(left, (int, float)) and isinstance(right, (int, float)):
            if abs(left) > 1 and right * math.log10(abs(left)) > 100:
                raise SecurityError("a power over 10**100 is refused in a layout")
        if operator == "*":
            for seq, count in ((left, right), (right, left)):
                if isinstance(seq, (str, list, tuple)) and isinstance(count, int) and len(seq) * count > MAX_OUTPUT:
                    raise SecurityError(f"repeating a value to more than {MAX_OUTPUT} characters or items is refused")
        if operator == "%" and isinstance(left, str):
            if _LONG_WIDTH.search(left):
                raise SecurityError("a format width of 10000 or more is refused in a layout")
            # a width or precision given through '*' ('%*s' % (10**9, 'x')) is one of the values
            _refuse_large(right.values() if isinstance(right, dict) else right if isinstance(right, tuple) else (right,))
        _step()
        return _made(super().call_binop(context, operator, left, right))

    def call(__self, __context: Context, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 (jinja2's signature)
        _refuse_large(args)
        _refuse_large(kwargs.values())
        _step()
        return _made(SandboxedEnvironment.call(__self, __context, __obj, *args, **kwargs))

    def _generate(self, source: nodes.Template, name: str | None, filename: str | None,
                  defer_init: bool = False) -> str:
        """The template's code, with every loop's items counted and every ``~`` measured
        against the render's budget (jinja2 compiles both without a hook of the sandbox)."""
        for loop in source.find_all(nodes.For):
            loop.iter = nodes.Call(nodes.EnvironmentAttribute("counted_loop"), [loop.iter], [], None, None)
        for concat in list(source.find_all(nodes.Concat)):
            concat.nodes = [nodes.Call(nodes.EnvironmentAttribute("measured"), [nodes.Concat(concat.nodes)],
                                       [], None, None)]
        return super()._generate(source, name, filename, defer_init)

    counted_loop = staticmethod(_counted)
    measured = staticmethod(_made)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        owner = getattr(value, "__self__", None)
        if isinstance(owner, str) and getattr(value, "__name__", "") in ("format", "format_map") \
                and _LONG_WIDTH.search(owner):
            return _refuse_format
        return super().wrap_str_format(value)


def _refuse_format(*args: Any, **kwargs: Any) -> str:
    raise SecurityError("a format width of 10000 or more is refused in a layout")


def _format_filter(value: Any, *args: Any, **kwargs: Any) -> str:
    """jinja2's ``format`` filter, refusing huge widths ('%100000000s')."""
    if isinstance(value, str) and _LONG_WIDTH.search(value):
        _refuse_format()
    return str(DEFAULT_FILTERS["format"](value, *args, **kwargs))


@pass_context
def _mix(context: Context, colour: str, other: str, amount: float = 0.5) -> str:
    """``{{ 'gold' | mix('ink', 0.25) }}``: colour blended toward other (palette names or '#rrggbb')."""
    palette = context.get("palette") or {}
    colours = []
    for name in (colour, other):
        try:
            colours.append(normalise(palette.get(name, name)))
        except (ValueError, TypeError):
            known = ", ".join(sorted(palette)) or "none defined"
            raise ExpressionError(f"mix: unknown colour {excerpt(str(name))}: expected a palette name ({known}) "
                                  "or '#rrggbb'") from None
    try:
        return mix_colours(colours[0], colours[1], max(0.0, min(1.0, float(amount))))
    except (ValueError, TypeError):
        raise ExpressionError(f"mix: the amount is a number from 0 to 1, got {excerpt(str(amount))}") from None


@pass_context
def _text_width(context: Context, text: Any, font: str = "serif", size: float = 10.0,
                letter_spacing: float = 0.0) -> float:
    """``{{ text_width(id, 'serif-bold', 8) }}``: the width in mm of one line of text."""
    from generator.draw import fonts

    faces = context.get("_faces") or {}
    face = faces.get(font)
    if face is None:
        raise ExpressionError(f"text_width: unknown font {font!r}; known: {', '.join(sorted(faces))}")
    text = str(text)
    return fonts.text_width(text, face, float(size) * MM_PER_PT) + float(letter_spacing) * max(len(text) - 1, 0)


@pass_context
def _mark(context: Context, name: str, of: Any = None) -> str:
    """``{{ title }}{{ mark('title') }}``: the designed mark when the item's ``designed`` value
    names the field (``of``: another item, a row of a table), else nothing. A name that is not
    a field of the item is refused: a misspelt one would never mark anything."""
    from generator.kit.designed import DesignedError, designed_fields

    item = context.get("item") if of is None else of
    if not isinstance(item, Mapping):
        raise ExpressionError(f"mark: expected an item (a mapping of fields), got {excerpt(str(item))}")
    if name not in item:
        raise ExpressionError(f"mark: {excerpt(str(name))} is not a field of the item; it has "
                              f"{', '.join(sorted(str(k) for k in item))}")
    try:
        return ":designed:" if name in designed_fields(item.get("designed")) else ""
    except DesignedError as err:
        raise ExpressionError(f"mark: the item's designed value: {err}") from None


def sandboxed_environment(**options: Any) -> SandboxedEnvironment:
    """A jinja2 sandbox with this module's limits, filters and names, for kit text other
    than single values (a reference sheet's templates): ``options`` go to the environment
    (a loader, autoescaping). Undefined names are errors (StrictUndefined)."""
    env = _LayoutSandbox(undefined=StrictUndefined, **{"autoescape": False, "keep_trailing_newline": False, **options})
    env.filters = {name: _bounded(fn) for name, fn in env.filters.items()}
    env.filters["format"] = _bounded(_format_filter)
    env.filters["mix"] = _mix
    env.globals = {"range": _range, "dict": dict, "min": min, "max": max, "abs": abs, "text_width": _text_width,
                   "mark": _mark}
    return env


ENV = sandboxed_environment()


@functools.lru_cache(maxsize=4096)
def compile_template(source: str) -> Template:
    """The compiled template of one value (compiled once however many items use it).
    Raises ExpressionError with jinja2's words for a syntax error."""
    try:
        return ENV.from_string(source)
    except TemplateSyntaxError as err:
        raise ExpressionError(f"expression syntax: {err.message}") from None


class Names(dict):
    """The names one item's values may use, with the sandbox's own (``range``, ``min``...)
    beneath them, made once for the item (``names``): its values render with it as it is,
    where jinja2 would copy the names and its globals into a new dict for each of them (a
    tenth of loading a game)."""


def names(context: Mapping[str, Any]) -> Names:
    """``context`` with the sandbox's globals beneath it (a name of the item wins, as in jinja2)."""
    return Names({**ENV.globals, **context})


def render(source: str, context: Mapping[str, Any]) -> str:
    """The text ``source`` renders to for one item; ExpressionError says why it cannot."""
    template = compile_template(source)
    with _explained(context), budget():
        if isinstance(context, Names):
            # what Template.render does, with the names shared (never written to: a {% set %}
            # goes to the new Context's own variables) and no set of the globals' names made
            # (jinja2 needs it only to export a template's module, which a value never is)
            own = ENV.context_class(ENV, context, template.name, template.blocks)
        else:
            own = template.new_context(dict(context))
        return bounded_text(template.root_render_func(own), MAX_OUTPUT)


def bounded_text(chunks: Iterable[str], limit: int) -> str:
    """The text a template renders, joined as it comes and refused (ExpressionError) as soon
    as it passes ``limit`` characters: a loop writing output is never held whole."""
    parts: list[str] = []
    length = 0
    for chunk in chunks:
        length += len(chunk)
        if length > limit:
            raise ExpressionError(f"the value is more than {limit} characters long; at most {limit} are allowed")
        parts.append(chunk)
    return "".join(parts)


WHOLE_EXPRESSION = re.compile(r"^\s*\{\{(.*)\}\}\s*$", re.S)


@functools.lru_cache(maxsize=1024)
def _compile_expression(source: str) -> Callable[..., Any]:
    try:
        return ENV.compile_expression(source, undefined_to_none=False)
    except TemplateSyntaxError as err:
        raise ExpressionError(f"expression syntax: {err.message}") from None


def evaluate(source: str, context: Mapping[str, Any]) -> Any:
    """The value (a list, a number...) of a value written as one whole ``{{ expression }}``,
    not its text: what ``repeat`` loops over. ExpressionError says why it cannot be had."""
    found = WHOLE_EXPRESSION.fullmatch(source)
    if not found or "{{" in found.group(1) or "}}" in found.group(1):
        raise ExpressionError(f"expected one whole expression '{{{{ ... }}}}', got {source!r}")
    expression = _compile_expression(found.group(1))
    with _explained(context), budget():
        value = expression(**context)
        if isinstance(value, Undefined):
            value._fail_with_undefined_error()
    return value


@contextmanager
def _explained(context: Mapping[str, Any]) -> Iterator[None]:
    """Whatever rendering or evaluating an expression raises, as one ExpressionError saying why."""
    try:
        yield
    except SecurityError as err:
        raise ExpressionError(f"refused by the sandbox: {err}") from None
    except UndefinedError as err:
        raise ExpressionError(_undefined_message(str(err), context)) from None
    except ExpressionError:
        raise
    except (TemplateError, ArithmeticError, TypeError, ValueError, LookupError, RecursionError) as err:
        raise ExpressionError(f"expression failed: {type(err).__name__}: {err}") from None


def _undefined_message(message: str, context: Mapping[str, Any]) -> str:
    """jinja2's "'x' is undefined" said in the terms of a deck: a column the item lacks."""
    found = re.fullmatch(r"^'([^']+)' is undefined$", message)
    if found:
        columns = context.get("item") or {}
        known = ", ".join(sorted(columns)) if columns else "none"
        close = closest(found.group(1), columns)
        hint = f": did you mean {close}?" if close else ""
        return f"no column or name {found.group(1)!r}{hint} (this item's columns: {known})"
    found = re.fullmatch(r"^'(\w+) object' has no attribute '([^']+)'$", message)
    if found:
        kind = {"dict": "mapping (a table, the palette, a column...)", "list": "list"}.get(found.group(1), found.group(1))
        return f"no {found.group(2)!r} in the {kind} it is looked up in"
    return message
