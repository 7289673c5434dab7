"""One numbered migration of the schema (``bot.storage.schema`` lists them in order)."""
from __future__ import annotations

from dataclasses import dataclass, field
from string import Template

from bot.storage.dialect import Dialect


@dataclass(frozen=True)
class Migration:
    """A step of the schema: ``schema``, a ``string.Template`` whose ``$int``, ``$real``, ``$id``... a
    dialect fills in, and what moves existing data, per dialect (``data``)."""

    schema: str
    data: dict[str, str] = field(default_factory=dict)  # dialect name -> statements moving old data

    def script(self, dialect: Dialect) -> str:
        return Template(self.schema).substitute(dialect.types) + self.data.get(dialect.name, "")
