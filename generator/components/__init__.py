"""Component kinds (cards, maps, counters, ...): each turns its game.yaml entry into pieces and
the offers the writers take (``generator.pieces.offers``)."""
