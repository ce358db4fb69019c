"""pnpkit's solo bots: one package per game's rules (``bot.stockholm1520``, ``bot.batalj``),
and what they share at this level: the CLI's conventions (``bot.commands``: ``--json``, exit
codes 0/1/2, error objects, seeds), the save file's lock and atomic write (``bot.save``), and
games kept as a seed plus a log of actions, replayed for undo."""
