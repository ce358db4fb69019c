"""Stockholm 1520: its card data models, the rows its layout decks are drawn from, board art,
its map and counter overlays and its ``tracks`` kind.

``register`` is the ``pnpkit.games`` entry point that ``code: stockholm1520`` in the
game's game.yaml names; the generic core calls it, never imports this package. The cards'
look is in data/stockholm1520/layouts (layout files), not here."""


from typing import Any


def register() -> None:
    """Make the game's rows, map overlay, board art and its ``tracks`` component kind known
    to the generic component kinds, map reader and painters."""
    from generator.loading.game_kinds import register_kind  # terminal only: the kit's machinery
    from games.stockholm1520 import board_art, emblems, overlay, rows  # terminal only

    rows.register()
    overlay.register()
    board_art.register()
    emblems.register()
    register_kind(overlay.GAME, "tracks", _load_tracks)


def _load_tracks(game: Any, raw: dict, file: str, index: int) -> Any:
    """``kind: tracks``: its code (the strips' drawing, the component layers) is imported when
    a game.yaml lists it, not by every bot command that reads the game's map."""
    from games.stockholm1520.track_component import load_tracks_component  # terminal only

    return load_tracks_component(game, raw, file, index)
