"""The browser companion of the bots (``pnpkit bot serve``, ``pnpkit batalj serve``): a local
web page for a saved game, made of the bots' public machinery only (load the save, the legal
actions, apply one, undo, the Danish turn's checklist).

``app`` is the web application every game shares (the token, the save's lock, errors as a
message, the vendored htmx); ``access`` the token; each game's page is a ``view``
(``bot.stockholm1520.web``, ``bot.batalj.web``); ``serve`` the command.
"""
