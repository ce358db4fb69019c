"""The reference sheets' engine (``docs/reference-format.md``): content files bound to the game's
tables, sandboxed templates writing the sheet, platypus setting it in columns, and diagrams.
The ``reference`` component kind is ``generator.components.reference``."""
