"""The hex map model: geometry, map files read and checked, counters as data, and the hooks a
game's code plugs in (overlay, art, emblems). It draws nothing: ``generator.hexart`` draws."""
