"""The one base of the models that read a kit's files: a field the model does not name is an
error, not ignored, so that a misspelt key in a file is reported with its place instead of
silently dropped. Every layer (and the games and bots) derives its file models from it."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Strict(BaseModel):
    """A pydantic model that refuses unknown fields (``extra="forbid"``)."""

    model_config = ConfigDict(extra="forbid")
