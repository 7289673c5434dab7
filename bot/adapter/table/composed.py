"""A table message as the presenter composed it (``Composed``), and one posted through a press
(``PostedBy``): what ``bot.adapter.table.message`` writes and through what."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from bot.adapter.traffic.press_token import PressToken


@dataclass
class Composed:
    """A table message as it is about to be shown: text, buttons, the public picture."""

    content: str
    view: discord.ui.View
    embed: discord.Embed | None
    files: list[discord.File]

    def rewound(self) -> list[discord.File]:
        """The files, rewound: an upload by a route that then failed has read them."""
        for file in self.files:
            file.reset()
        return self.files

    def fields(self) -> dict[str, Any]:
        """The message's fields for an edit."""
        return {"content": self.content, "embed": self.embed, "attachments": self.rewound(), "view": self.view}


@dataclass
class PostedBy:
    """The table message posted as a public follow-up of a press: that press's token edits it (and may
    delete it) for the rest of its life, uncounted."""

    press: PressToken
    message_id: int

    @property
    def created(self) -> float:
        return self.press.created

    def fresh(self) -> bool:
        return self.press.fresh()

    def left(self) -> float:
        return self.press.left()

    async def edit(self, **fields: Any) -> None:
        await self.press.edit_message(self.message_id, **fields)
