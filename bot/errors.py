"""The bots' one vocabulary of refusals, shared by every game's rules and CLI (bot.commands
turns them into exit codes): a line that is not an action of the game is bad input (exit 2,
like a bad option or file); an action the rules refuse is a refusal (exit 1). Either way
nothing changes."""

from __future__ import annotations


class ActionSyntaxError(ValueError):
    """Not an action of the game (an unknown verb, area, card or word; a die of 7): refused
    before any rule is asked. The message shows the expected form."""


class RuleError(ValueError):
    """The rules refuse an action; the message says why (with the rule section)."""


__all__ = ["ActionSyntaxError", "RuleError"]
