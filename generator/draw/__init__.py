"""One description of a picture (a Scene), and backends that turn it into PDF, SVG and PNG."""
