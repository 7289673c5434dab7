"""What edits a table's live message without counting against the bot's 50 requests a second
(``Courier``): the service holds it on the table (``LiveTable.courier``, ``pressers``) and the
adapter's ``PressToken`` fills it, so no discord.py object reaches the service."""
from __future__ import annotations

from typing import Protocol


class Courier(Protocol):
    """The newest press on a table's live message, while its interaction token lasts."""

    @property
    def message_id(self) -> int | None:
        """The message it edits."""

    @property
    def created(self) -> float:
        """When its press was made (Discord's clock)."""

    def fresh(self) -> bool:
        """Whether it may still edit its message."""
        ...
