"""/help, /rules and /verify: what the bot plays, how each game is played, and proof of fair decks."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import CardroomBot
from bot.events import may_see_deal
from bot.games.cards import commitment, pretty, shuffled_deck
from bot.registry import game, game_names

RULES_DIR = Path(__file__).resolve().parent.parent / "docs" / "rules"
PAGE = 1900


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

    def __init__(self, bot: CardroomBot):
        self.bot = bot

    @app_commands.command(name="help", description="The games and their commands")
    async def help(self, interaction: discord.Interaction) -> None:
        lines = ["**Cardroom** — card games in this channel. Each game has the same commands:",
                 "`/<game> create` (settings), `join`, `leave`, `start`, `add-bot`, `status`, `cancel`.",
                 "Play with the buttons under the table; your cards come by DM (or press **My hand**).", ""]
        for name in game_names():
            lines.append(f"• `/{name}` — {game(name).title} (`/rules {name}`)")
        lines += ["", "`/wallet`, `/daily`, `/leaderboard [game]`, `/stats [member]`, `/verify table hand`"]
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
        if await self._board_still_in_play(interaction, row.guild_id, record):
            await interaction.response.send_message(
                "That deal belongs to an event whose other tables may still be playing it: its seed is shown "
                "to those who have played the board (or members with Manage Channels).", ephemeral=True)
            return
        seed = record["seed"]
        ok = commitment(seed) == record["commitment"]
        deck = " ".join(pretty(c) for c in shuffled_deck(seed)[:12])
        await interaction.response.send_message(
            f"Table #{table}, hand #{hand}\nCommitted SHA-256: `{record['commitment']}`\nSeed: `{seed}`\n"
            f"SHA-256(seed) {'matches ✅' if ok else 'does NOT match ❌'}\n"
            f"Deck order (first 12): {deck}\n"
            "Rebuild it yourself: `random.Random(int(seed, 16)).shuffle(deck)` over 2c…Ac, 2d…Ad, 2h…Ah, 2s…As.",
            ephemeral=True)

    async def _board_still_in_play(self, interaction: discord.Interaction, guild_id: int,
                                   record: dict[str, Any]) -> bool:
        """An event's deal (a duplicate bridge board) is dealt again at the event's other tables: its
        seed would give their cards away, so only those who have played it (or a director) see it."""
        hand = record["record"]
        settings, spec = hand.get("settings", {}), game(record["game"])
        event = settings.get("event")
        key = spec.deal_key(settings, hand.get("carry", {})) if event and spec.deal_key else None
        if key is None:
            return False
        results = await self.bot.storage.event_results(guild_id, str(event), key)
        return not may_see_deal(results, interaction)


async def setup(bot: CardroomBot) -> None:
    await bot.add_cog(Info(bot))
