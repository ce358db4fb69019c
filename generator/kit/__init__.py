"""Reading a kit's files: where the kit is, its data files and workbooks, sizes, plug-ins, cache keys."""
