"""The Stockholm 1520 solo bot: the Danish army's fixed rules, turn by turn, explained.

A game is its setup (seed, map) plus a log of actions; the state is the log replayed
(see ``bot.stockholm1520.game``). ``bot.stockholm1520.cli`` exposes it as ``pnpkit bot ...``.
"""
