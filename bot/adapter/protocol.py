"""What the presenter, the components, the channel watch and the cogs use of the bot.

They are given (or find on ``interaction.client``) a ``Cardroom``, never the ``CardroomBot`` class:
the client imports them to wire itself up, and nothing imports the client back, so the adapter has
no import circle. ``bot.adapter.client.CardroomBot`` is the one implementation.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Protocol

import discord
from discord.ext import commands

from bot.adapter.traffic.channel_faults import Verdict
from bot.adapter.traffic.press_token import PressToken
from bot.service.table.live import LiveTable
from bot.service.tables import TableService
from bot.service.tournament.multi_table import Tournament
from bot.storage.interface import Storage


class TablePresenter(Protocol):
    """The presenter's face to the cogs and components (``DiscordPresenter`` implements it)."""

    on_render: Callable[[float], None]
    """Told each picture's drawing time (the metrics set it)."""
    clock: Callable[[], float]
    """Wall-clock seconds, as Discord's snowflakes count them: a message's age is read against it."""

    async def update(self, live: LiveTable) -> None:
        """Show the table's new state in its channel and send new private hands."""

    def pressed(self, live: LiveTable, interaction: discord.Interaction) -> PressToken:
        """A press reached the table: answer it through the token returned (it may carry the table's
        next update)."""

    def token(self, interaction: discord.Interaction) -> PressToken:
        """A press or command, answered once through the token returned."""

    async def show_first(self, live: LiveTable, press: PressToken) -> None:
        """Post a new table as ``press``'s public answer (the command that opened it)."""

    async def retire(self, live: LiveTable, message_id: int) -> None:
        """Delete a message of the table that is no longer its live one (its buttons act no more)."""

    async def channel_failed(self, live: LiveTable, verdict: Verdict) -> None:
        """The table's channel, thread or server failed or vanished: close or pause the table."""

    async def open_panel(self, interaction: discord.Interaction, live: LiveTable) -> None:
        """My seat: the presser's seat panel, as the answer to their press."""

    async def show_hand(self, interaction: discord.Interaction, live: LiveTable) -> None:
        """The ephemeral "My hand" reply."""

    async def picture(self, fn: Any, *args: Any, filename: str = "table.png") -> discord.File:
        """``fn(*args)`` (a renderer) drawn in the render pool, as a file to attach."""


class MttAnnouncements(Protocol):
    """The tournament presenter's face to the Register buttons (``DiscordMttPresenter``)."""

    async def answer_press(self, mtt: Tournament, interaction: discord.Interaction, said: str) -> None:
        """Answer a press on the announcement: ``said`` to the presser, and the announcement shown
        anew (through the press while it may be edited)."""


class Cardroom(Protocol):
    """The bot as its parts see it: storage, the table service, the presenter, and the Discord calls
    they make (a cog's ``setup`` adds itself with ``add_cog``)."""

    http: discord.http.HTTPClient

    @property
    def storage(self) -> Storage: ...

    @property
    def service(self) -> TableService: ...

    @property
    def presenter(self) -> TablePresenter: ...

    @property
    def mtt_presenter(self) -> "MttAnnouncements": ...

    @property
    def cogs(self) -> Mapping[str, commands.Cog]: ...

    def get_partial_messageable(self, id: int, *, guild_id: int | None = None,
                                type: Any = None) -> discord.PartialMessageable: ...

    async def create_dm(self, user: discord.abc.Snowflake) -> discord.DMChannel: ...

    async def add_cog(self, cog: commands.Cog, /, *, override: bool = False) -> None: ...

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None: ...
