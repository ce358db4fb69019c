"""Stockholm 1520: its card data models, Python card designs and period art.

``register`` is the ``pnpkit.games`` entry point that ``code: stockholm1520`` in the
game's game.yaml names; the generic core calls it, never imports this package."""


def register() -> None:
    """Make the game's designs known to the generic component kinds."""
    from games.stockholm1520 import designs

    designs.register()
