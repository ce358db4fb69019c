"""pnpkit: print-and-play kits from game data."""

__version__ = "0.1.0"
