"""The ``pnpkit`` command line: commands are small functions over the layers below."""
