"""Game packages: the code a bundled game needs beyond its data folder (Python designs,
map art, rules). Each is reached from its ``game.yaml`` by name (``code: <id>``) through
the ``pnpkit.games`` entry points; the generic core never imports one."""
