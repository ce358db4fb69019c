"""A save's fields checked with a pydantic model (the terminal and the server): the model's
errors as problems naming the file and the field. The offline app checks the same fields with
the standard library (each game's ``savefile``)."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from generator.core.errors import DataError
from generator.kit.datafiles import validation_problems

from bot.save import Validate

Model = TypeVar("Model", bound=BaseModel)


def pydantic_fields(model: type[Model]) -> Validate[Model]:
    """The check of a save's fields by ``model``: DataError naming the field otherwise."""
    def validate(data: Any, shown: str) -> Model:
        try:
            return model.model_validate(data)
        except ValidationError as err:
            raise DataError(validation_problems(shown, err)) from None
    return validate
