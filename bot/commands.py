"""The command-line conventions every bot follows, so `pnpkit bot ...` and `pnpkit batalj ...`
answer alike: exit 0 done, 1 the rules refuse, 2 bad input (a file, an option, an action); with ``--json`` every
answer, errors included, is one JSON object on stdout (``{"ok": false, "error": ...}``);
a save is read, changed and written under its lock; never a traceback."""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import Any, Callable, NoReturn

import click

from generator.core.errors import DataError
from generator.core.limits import MAX_EXCERPT, excerpt, visible, visible_json

from bot.errors import ActionSyntaxError, RuleError

EXIT_RULE = 1      # the rules refuse the action (bot.errors.RuleError)
EXIT_INPUT = 2     # bad input: a file, an option, or a line that is no action (ActionSyntaxError)


#: A word of an error longer than this is a value quoted whole by mistake: it is cut.
LONGEST_WORD = 200
QUOTES = "'\""


def _too_long(word: str) -> bool:
    """A word longer than LONGEST_WORD, or a quoted value (click quotes the values it refuses)
    longer than an excerpt."""
    return len(word) > LONGEST_WORD or (len(word) > MAX_EXCERPT + 2 and word[:1] in QUOTES and not _excerpted(word))


def _excerpted(word: str) -> bool:
    """A quotation ``excerpt`` already cut (``'...'``): its escapes make it longer than the
    excerpt it is, and cutting it again would escape them twice."""
    end = word.rstrip(":,;.)")
    return len(end) >= 5 and end[-1] == word[0] and end[-4:-1] == "..."


def _cut(word: str) -> str:
    if word[:1] in QUOTES and len(word) <= LONGEST_WORD:
        end = word.rfind(word[0])
        if end > 0:
            return excerpt(word[1:end]) + word[end + 1:]
    return excerpt(word)


def bounded(message: str) -> str:
    """``message`` with every word longer than LONGEST_WORD (a 1 MB log line, a 5,000-digit
    id, however it came in), and every quoted value longer than an excerpt, shown as a short
    escaped excerpt (generator.core.limits): the last guard, after each refusal quoting its values
    with ``excerpt``."""
    if not any(_too_long(w) for w in message.split()):
        return message
    return " ".join(_cut(w) if _too_long(w) else w for w in message.split(" "))


def echo(text: str = "", err: bool = False) -> None:
    """Print a line of a bot's answer: every value in it may come from a file (a position's
    unit id, a save's card name), so control and bidirectional characters are shown escaped
    (``generator.core.limits.visible``), never sent to the terminal."""
    click.echo(visible(str(text)), err=err)


def dumps(data: Any) -> str:
    """A ``--json`` answer: JSON whose texts write control and bidirectional characters as
    ``\\uXXXX`` (``generator.core.limits.visible_json``; the decoded values are unchanged)."""
    from bot.records import records_json
    return visible_json(data, default=records_json)


def refusal(as_json: bool, message: str, word: str = "refused") -> None:
    """Say an error or a refusal as every bot says it: the JSON object ``{"ok": false, "error":
    ...}`` on stdout, or ``WORD: ...`` on stderr; a long value in it is cut to an excerpt
    (``bounded``). ``emit_error`` then exits; ``play`` goes on to the next line."""
    message = bounded(message)
    if as_json:
        echo(dumps({"ok": False, "error": message}))
    else:
        echo(f"{word}: {message}", err=True)


def emit_error(as_json: bool, message: str, code: int) -> NoReturn:
    """Print an error (``refusal``) and exit with ``code``."""
    refusal(as_json, message, "error")
    sys.exit(code)


def friendly(fn: Callable) -> Callable:
    """A decorator turning user errors into a message and an exit code (bot.errors): bad input
    (ActionSyntaxError, DataError, OSError) exits 2, a rule refusal (RuleError) exits 1. A
    command given a ``save`` path runs under that save's lock (read, apply and write as one)."""
    return _friendly(fn, lock=True)


def friendly_unlocked(fn: Callable) -> Callable:
    """``friendly`` for a command that never writes the save and takes its lock itself where
    it reads it (``status``, ``show``: an answer kept for the save's bytes, read from files
    each written whole, needs no lock; a replay takes it)."""
    return _friendly(fn, lock=False)


def _friendly(fn: Callable, lock: bool) -> Callable:
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        as_json = bool(kwargs.get("as_json"))
        try:
            if lock and isinstance(kwargs.get("save"), Path):
                from bot.savelock import save_lock
                with save_lock(kwargs["save"]):
                    return fn(*args, **kwargs)
            return fn(*args, **kwargs)
        except (DataError, ActionSyntaxError) as err:
            emit_error(as_json, str(err), EXIT_INPUT)
        except RuleError as err:
            emit_error(as_json, str(err), EXIT_RULE)
        except BrokenPipeError:          # output piped into `head`: not an error
            sys.stderr.close()
            sys.exit(0)
        except OSError as err:
            where = f": {err.filename}" if getattr(err, "filename", None) else ""
            emit_error(as_json, f"{err.strerror or err}{where}", EXIT_INPUT)
    return wrapper


class JsonErrorGroup(click.Group):
    """With ``--json``, a command line click refuses (``--seed abc``, ``undo 0``) is answered
    on stdout as a JSON error object too, like every other failure."""

    def invoke(self, ctx: click.Context) -> Any:
        words = [*getattr(ctx, "_protected_args", []), *ctx.args]     # cleared by Group.invoke
        try:
            return super().invoke(ctx)
        except click.UsageError as err:
            if "--json" not in words:
                if bounded(err.format_message()) == err.format_message():
                    raise
                raise click.UsageError(bounded(err.format_message()), err.ctx) from None
            emit_error(True, err.format_message(), err.exit_code)


class Seed(click.ParamType):
    """A seed: a whole number of at most 19 digits (a longer one is refused, not echoed)."""

    name = "seed"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        text = str(value).strip()
        if len(text.lstrip("-")) > 19 or not text.lstrip("-").isdigit():
            self.fail(f"expected a whole number of at most 19 digits, got {excerpt(text, 24)}", param, ctx)
        return int(text)


def json_option(fn: Callable) -> Callable:
    return click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")(fn)


def random_seed() -> int:
    """A fresh seed for a game started without one (printed, so the game can be replayed)."""
    import random
    return random.SystemRandom().randrange(1, 10**6)
