"""Stockholm 1520: its card data models, the rows its layout decks are drawn from, and board art.

``register`` is the ``pnpkit.games`` entry point that ``code: stockholm1520`` in the
game's game.yaml names; the generic core calls it, never imports this package. The cards'
look is in data/stockholm1520/layouts (layout files), not here."""


def register() -> None:
    """Make the game's rows, map overlay and board art known to the generic component kinds,
    map reader and painters."""
    from games.stockholm1520 import board_art, overlay, rows

    rows.register()
    overlay.register()
    board_art.register()
