"""Svea Rike: Batalj's battle bot: the enemy army played by the rulebook's fixed rules.

A battle is its seed and a log of actions (``bot.batalj.game``); each battle step is one
function named after it (``placement``, ``artillery``, ``attack``, ``redeployment``,
``events``), its rulebook heading in the docstring; ``bot.batalj.cli`` is ``pnpkit batalj``.
The interpretations are listed in docs/batalj-rules-notes.md.
"""

GAME = "batalj"          # the game folder in the kit (data/batalj/)
