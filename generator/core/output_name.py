"""The type of an id that names output files, for the data models (pydantic): kept apart from
generator.core.limits, which the command line imports at start-up without pydantic."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field

from generator.core.limits import ID_PATTERN, not_reserved

#: An id of a data file that names output files: the pattern, and no name Windows keeps.
OutputName = Annotated[str, Field(pattern=ID_PATTERN), AfterValidator(not_reserved)]
