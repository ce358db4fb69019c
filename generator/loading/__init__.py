"""Loading games: game.yaml read, its component kinds found by name, its data checked."""
