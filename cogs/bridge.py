"""/bridge: contract bridge for four (people or robots), rubber or duplicate scoring; the robots bid
SAYC or, at a table that chooses it for beginners, a natural system without conventions.

Duplicate tables may join an **event** by name: every table of the event (in any channel of the
server) plays the same cards on each board. A board's results table (matchpoints and cross-IMPs)
reaches the channels when every table of the event has played it (``bot.service.events.shared_deals``: until then it is
a secret of the tables still to play it). ``/bridge results`` shows a board's table again,
``/bridge standings`` every pair's matchpoints over the revealed boards, and ``/bridge close-event``
lets a director end the event and reveal the rest.
"""
from __future__ import annotations

import io
import re
from typing import Any, Literal

import discord
from discord import app_commands

from bot.adapter.cogs.game import GameCog
from bot.adapter.member_text import shown_report
from bot.adapter.protocol import Cardroom
from bot.errors import UserError
from bot.games.bridge_events import event_standings
from bot.games.bridge_hand_records import BoardRecord, hand_record_pbn
from bot.games.bridge_scoring import DIRECTIONS, board_dealer, board_vulnerability, vulnerability_text
from bot.service.events import shared_deals
from bot.service.events.hand_records import event_hand_record
from images.bridge_hand_record import render_board_record

EVENT_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,31}")
HAND_RECORD_PICTURES = 9
"""Boards shown as pictures in the hand record's reply: Discord takes 10 files a message, one the PBN."""


def board_picture(record: BoardRecord) -> dict[str, Any]:
    """What the hand record's picture of a board draws (plain data for the render pool)."""
    return {"board": record.board, "deal": record.deal, "dealer": DIRECTIONS[board_dealer(record.board)],
            "vulnerable": vulnerability_text(board_vulnerability(record.board)), "analysis": dict(record.analysis),
            "traveller": [dict(row) for row in record.traveller]}


def event_name(text: str) -> str:
    """Event names are case-insensitive words: letters, digits and hyphens, up to 32."""
    name = text.strip().lower()
    if not EVENT_NAME.fullmatch(name):
        raise UserError("An event name is 1-32 letters, digits or hyphens, such as `tuesday-pairs`.")
    return name


class Bridge(GameCog, group_name="bridge", group_description="Contract bridge"):
    game_name = "bridge"

    @app_commands.command(name="create", description="Open a contract bridge table in this channel")
    @app_commands.describe(scoring="Rubber bridge, or duplicate (boards with set dealer and vulnerability)",
                           board="Duplicate only: the board number to start from (default 1)",
                           event="Duplicate only: an event name; its tables play the same boards and compare",
                           turn_seconds="Seconds each player has for a call or a card",
                           system="The robots' bidding system: SAYC, or beginners (natural, no conventions)")
    async def create(self, interaction: discord.Interaction,
                     scoring: Literal["rubber", "duplicate"] = "rubber",
                     board: app_commands.Range[int, 1, 10**6] | None = None,
                     event: app_commands.Range[str, 1, 32] | None = None,
                     turn_seconds: app_commands.Range[int, 30, 900] = 120,
                     system: Literal["sayc", "beginners"] = "sayc") -> None:
        if (board is not None or event is not None) and scoring != "duplicate":
            raise UserError("A board number or an event only applies to duplicate scoring; "
                            "rubber bridge counts its own boards.")
        settings: dict[str, Any] = {"scoring": scoring, "board": board, "turn_seconds": turn_seconds,
                                    "event": event_name(event) if event is not None else None, "system": system}
        await self.open_table(interaction, settings)

    @app_commands.command(name="results", description="A duplicate event's results table for one board")
    @app_commands.describe(event="The event name", board="The board number")
    async def results(self, interaction: discord.Interaction, event: app_commands.Range[str, 1, 32],
                      board: app_commands.Range[int, 1, 10**6]) -> None:
        spec = self.spec
        assert spec.event_report is not None and interaction.guild_id is not None
        name = event_name(event)
        rows = await self.bot.storage.event_results(interaction.guild_id, name, str(board))
        if not rows:
            raise UserError(f"No table of event `{name}` has finished board {board} yet.")
        director = bool(interaction.permissions and interaction.permissions.manage_channels)
        if not await shared_deals.may_show(self.bot.storage, interaction.guild_id, name, str(board),
                                     interaction.user.id, director):
            raise UserError("You can see a board's results once you have played it, or once every table of "
                            "the event has (or with Manage Channels, as the director).")
        await interaction.response.send_message(
            f"Event `{name}`\n" + shown_report(spec.event_report(str(board), rows)), ephemeral=True)

    @app_commands.command(name="standings", description="A duplicate event's pairs ranked by matchpoints")
    @app_commands.describe(event="The event name")
    async def standings(self, interaction: discord.Interaction, event: app_commands.Range[str, 1, 32]) -> None:
        assert interaction.guild_id is not None
        name = event_name(event)
        rows = await shared_deals.revealed_results(self.bot.storage, interaction.guild_id, name)
        if not rows:
            raise UserError(f"No board of event `{name}` has been played by every table yet.")
        boards = len({row.deal_key for row in rows})
        await interaction.response.send_message(
            f"Event `{name}`: {boards} board{'s' if boards != 1 else ''} played by every table so far\n"
            + shown_report(event_standings(rows)))

    @app_commands.command(name="handrecord",
                          description="A duplicate event's hand record: deals, double dummy, par and travellers")
    @app_commands.describe(event="The event name")
    async def handrecord(self, interaction: discord.Interaction, event: app_commands.Range[str, 1, 32]) -> None:
        assert interaction.guild_id is not None
        name = event_name(event)
        director = bool(interaction.permissions and interaction.permissions.manage_channels)
        await interaction.response.defer(ephemeral=True, thinking=True)
        records = await event_hand_record(self.bot.storage, interaction.guild_id, name, director)
        pictures = [await self.bot.presenter.picture(render_board_record, board_picture(record),
                                                     filename=f"{name}-board{record.board}.png")
                    for record in records[:HAND_RECORD_PICTURES]]
        pbn = discord.File(io.BytesIO(hand_record_pbn(name, records).encode("utf-8")), filename=f"{name}.pbn")
        shown = f"the first {len(pictures)} as pictures, " if len(records) > len(pictures) else ""
        await interaction.followup.send(
            f"Event `{name}`: {len(records)} board{'s' if len(records) != 1 else ''} ({shown}all in the PBN file, "
            "which BBO's handviewer and endplay read).", files=[*pictures, pbn], ephemeral=True)

    @app_commands.command(name="close-event",
                          description="Director: end a duplicate event; its tables close and every board is revealed")
    @app_commands.describe(event="The event name")
    async def close_event(self, interaction: discord.Interaction, event: app_commands.Range[str, 1, 32]) -> None:
        assert interaction.guild_id is not None
        if not (interaction.permissions and interaction.permissions.manage_channels):
            raise UserError("Closing an event needs Manage Channels (the director's permission).")
        name = event_name(event)
        await interaction.response.defer(ephemeral=True, thinking=True)
        closed, revealed = await self.bot.service.close_event(interaction.guild_id, name)
        await interaction.followup.send(
            f"Event `{name}` is closed: {closed} table{'s' if closed != 1 else ''} closed, "
            f"{len(revealed)} board{'s' if len(revealed) != 1 else ''} revealed.", ephemeral=True)


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(Bridge(bot))
