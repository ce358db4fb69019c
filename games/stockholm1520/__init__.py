"""Stockholm 1520: its card data models, the rows its layout decks are drawn from, Python card
designs, board art and period art.

``register`` is the ``pnpkit.games`` entry point that ``code: stockholm1520`` in the
game's game.yaml names; the generic core calls it, never imports this package."""


def register() -> None:
    """Make the game's rows, designs and board art known to the generic layers."""
    from games.stockholm1520 import board_art, designs, rows

    designs.register()
    rows.register()
    board_art.register()
