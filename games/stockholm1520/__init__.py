"""Stockholm 1520: its card data models, the rows its layout decks are drawn from, board art,
its map and counter overlays and its ``tracks`` kind.

``register`` is the ``pnpkit.games`` entry point that ``code: stockholm1520`` in the
game's game.yaml names; the generic core calls it, never imports this package. The cards'
look is in data/stockholm1520/layouts (layout files), not here."""


def register() -> None:
    """Make the game's rows, map overlay, board art and its ``tracks`` component kind known
    to the generic component kinds, map reader and painters."""
    from games.stockholm1520 import board_art, overlay, rows, track_component

    rows.register()
    overlay.register()
    board_art.register()
    track_component.register()
