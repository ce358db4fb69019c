"""A JSON text parsed within the project's nesting limit, every failure a problem naming the
file (and the line where JSON says one): the one parser of JSON documents for the kits'
loaders (``generator.kit.datafiles.load_json``) and the bots' saves (``bot.save``), the offline
app's included. Standard library only."""

from __future__ import annotations

import json
from typing import Any

from generator.core.errors import DataError, Problem
from generator.core.limits import MAX_NESTING, excerpt, nesting_depth


def parse_json(text: str, shown: str) -> Any:
    """``text`` (of the file shown as ``shown``) as JSON; DataError when it is not JSON, holds a
    number of more than 4,300 digits, or nests more than ``MAX_NESTING`` levels. The file is
    then unreadable: nothing else in it is checked."""
    def refused(message: str, line: int | None = None) -> DataError:
        return DataError([Problem(shown, message, line=line, unreadable=True)])
    try:
        document = json.loads(text)
    except json.JSONDecodeError as err:
        raise refused(f"not valid JSON: {err.msg}", err.lineno) from None
    except ValueError as err:         # a number of more than 4,300 digits
        raise refused(f"not valid JSON: {excerpt(str(err))}") from None
    except RecursionError:
        depth = MAX_NESTING + 1
    else:
        depth = nesting_depth(document)
    if depth > MAX_NESTING:
        raise refused(f"nested more than {MAX_NESTING} levels deep; a data file this deep is refused")
    return document
