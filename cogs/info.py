"""/help, /rules, /verify and /export: what the bot plays, how each game is played, proof of fair decks,
and finished deals as files other tools read."""
from __future__ import annotations

import asyncio
import io
from pathlib import Path

import discord
from discord import app_commands
from discord.ext import commands

from bot.adapter.protocol import Cardroom
from bot.exports import export_file, formats, pokerstars_file, pokerstars_refusal
from bot.games.card_names import card_name
from bot.games.cards import commitment
from bot.games.words import counted
from bot.registry import game, game_names
from bot.service.events import shared_deals
from bot.service.table.replays import played_engine

RULES_DIR = Path(__file__).resolve().parent.parent / "docs" / "rules"
PAGE = 1900
MAX_FILE_BYTES = 8 * 1024 * 1024
"""Under Discord's smallest upload limit for a bot."""


def rules_pages(name: str) -> list[str]:
    """A game's rules page split on paragraph boundaries into Discord-sized pages."""
    text = (RULES_DIR / f"{name}.md").read_text(encoding="utf-8")
    pages, current = [], ""
    for paragraph in text.split("\n\n"):
        if current and len(current) + len(paragraph) + 2 > PAGE:
            pages.append(current)
            current = ""
        current = f"{current}\n\n{paragraph}" if current else paragraph[:PAGE]
    return pages + [current] if current else pages


class Info(commands.Cog):
    """/help and /rules work anywhere, DMs included; /verify reads a server's tables, so it is
    server-only."""

    def __init__(self, bot: Cardroom):
        self.bot = bot

    @app_commands.command(name="help", description="The games and their commands")
    async def help(self, interaction: discord.Interaction) -> None:
        lines = ["**Cardroom** — card games in this channel. Each game has the same commands:",
                 "`/<game> create` (settings), `join`, `leave`, `start`, `add-bot`, `status`, `cancel`.",
                 "Play with the buttons under the table; your cards come by DM (or press **My hand**).", ""]
        for name in game_names():
            lines.append(f"• `/{name}` — {game(name).title} (`/rules {name}`)")
        lines += ["Poker cash tables also have `rebuy`, `topup` and `auto-rebuy`; duplicate bridge events "
                  "`/bridge results`, `standings`, `handrecord` and `close-event`.", "",
                  "`/wallet`, `/daily`, `/ledger [table]`, `/leaderboard [game]`, `/stats [member]`, "
                  "`/profile [member]`, `/season standings`, "
                  "`/verify table hand`, `/replay table hand`, `/export table [hand] [format]`"]
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @app_commands.command(name="rules", description="How a game is played here")
    @app_commands.choices(game=[app_commands.Choice(name=n, value=n) for n in game_names()])
    async def rules(self, interaction: discord.Interaction, game: str, page: app_commands.Range[int, 1, 50] = 1) -> None:
        pages = rules_pages(game)
        if page > len(pages):
            await interaction.response.send_message(f"The {game} rules have {len(pages)} pages.", ephemeral=True)
            return
        footer = f"\n\n*Page {page}/{len(pages)}*" + (f" — `/rules {game} page:{page + 1}`" if page < len(pages) else "")
        await interaction.response.send_message(pages[page - 1] + footer, ephemeral=True)

    @app_commands.guild_only()
    @app_commands.command(name="verify", description="Check a finished hand's revealed seed against its commitment")
    async def verify(self, interaction: discord.Interaction, table: int, hand: int) -> None:
        row = await self.bot.storage.table(table)
        if row is None or row.guild_id != interaction.guild_id:  # another server's table is none of ours
            await interaction.response.send_message(f"There is no table #{table} on this server.", ephemeral=True)
            return
        record = await self.bot.storage.hand_record(table, hand)
        if record is None:
            await interaction.response.send_message(
                "No finished hand with that number (seeds are revealed when the hand is over).", ephemeral=True)
            return
        if await self._board_still_in_play(interaction, table, hand):
            await interaction.response.send_message(
                "That deal belongs to an event whose other tables may still be playing it: its seed is shown "
                "to those who have played the board (or members with Manage Channels).", ephemeral=True)
            return
        seed = record.seed
        ok = commitment(seed) == record.commitment
        order = (await asyncio.to_thread(played_engine, record.game, seed, record.record)).deck_order()
        if order is None:
            deck = "This deal's cards were set by the table (a given deal), not shuffled from the seed."
        else:
            deck = (f"Deck order (first 12): {' '.join(card_name(c) for c in order.shuffled(seed)[:12])}\n"
                    f"Rebuild it yourself: `random.Random(int(seed, 16)).shuffle(deck)` over {order.written}.")
        await interaction.response.send_message(
            f"Table #{table}, hand #{hand}\nCommitted SHA-256: `{record.commitment}`\nSeed: `{seed}`\n"
            f"SHA-256(seed) {'matches ✅' if ok else 'does NOT match ❌'}\n{deck}", ephemeral=True)

    @app_commands.guild_only()
    @app_commands.command(name="export", description="A finished hand, or every hand of a table, as a file "
                                                      "(PHH for poker, PBN for bridge, JSON otherwise)")
    @app_commands.rename(fmt="format")
    @app_commands.describe(table="The table's number", hand="The hand's number (leave it out for every hand)",
                           fmt="The game's own format (default), or PokerStars hand histories for trackers "
                               "(poker games)",
                           names="PokerStars format: the players' names (default) or their seats")
    @app_commands.choices(fmt=[app_commands.Choice(name="standard (PHH, PBN or JSON)", value="standard"),
                               app_commands.Choice(name="PokerStars (PokerTracker, Hold'em Manager, GTO Wizard)",
                                                   value="pokerstars")],
                          names=[app_commands.Choice(name="real names", value="real"),
                                 app_commands.Choice(name="seat numbers", value="seats")])
    async def export(self, interaction: discord.Interaction, table: int,
                     hand: app_commands.Range[int, 1] | None = None, fmt: str = "standard",
                     names: str = "real") -> None:
        storage = self.bot.storage
        row = await storage.table(table)
        if row is None or row.guild_id != interaction.guild_id:  # another server's table is none of ours
            await interaction.response.send_message(f"There is no table #{table} on this server.", ephemeral=True)
            return
        if fmt != "standard" and fmt not in formats(row.game):
            await interaction.response.send_message(pokerstars_refusal(row.game, f"`/export table:{table}`"),
                                                    ephemeral=True)
            return
        if hand is not None:
            record = await storage.hand_record(table, hand)
            hands = [(hand, record)] if record is not None else []
        else:
            hands = await storage.hand_records(table)
        if not hands:
            await interaction.response.send_message(
                "No finished hand with that number on that table." if hand is not None
                else f"Table #{table} has no finished hand yet.", ephemeral=True)
            return
        for hand_no, _ in hands if row.settings.event else ():  # only an event's deals are secret
            if await self._board_still_in_play(interaction, table, hand_no):
                await interaction.response.send_message(
                    "That table played an event's deal whose other tables may still be playing it: it is "
                    "exported to those who have played the board (or members with Manage Channels).",
                    ephemeral=True)
                return
        if fmt == "pokerstars":
            filename, text = pokerstars_file(row.game, table, hands, max_seats=len(row.seats),
                                             seat_names=names == "seats", hero=interaction.user.id)
        else:
            filename, text = export_file(row.game, table, [(n, stored.export) for n, stored in hands])
        data = text.encode("utf-8")
        if len(data) > MAX_FILE_BYTES:
            await interaction.response.send_message(
                f"Table #{table}'s {counted(len(hands), 'hand')} are too large for one file: export them one by one "
                "with `hand:`.", ephemeral=True)
            return
        what = f"hand #{hand}" if hand is not None else counted(len(hands), "hand")
        await interaction.response.send_message(
            f"Table #{table} ({game(row.game).title}), {what}: `{filename}`", ephemeral=True,
            file=discord.File(io.BytesIO(data), filename=filename))

    async def _board_still_in_play(self, interaction: discord.Interaction, table: int, hand: int) -> bool:
        """An event's deal (a duplicate bridge board) is dealt again at the event's other tables: its
        seed would give their cards away (``bot.service.events.shared_deals``)."""
        director = bool(interaction.permissions and interaction.permissions.manage_channels)
        return not await shared_deals.hand_may_show(self.bot.storage, table, hand, interaction.user.id, director)


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(Info(bot))
