"""The foundation: errors, limits, units, atomic files, the user's cache. Imports nothing else of pnpkit."""
