"""/short-deck: no-limit short-deck hold'em tables (36 cards), with antes and a button blind by default,
or blinds; cash game, or a sit-and-go with blinds. The settings are hold'em's (``poker_settings``),
with the forced bets of ``bot.games.short_deck``."""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from bot.adapter.cogs.cash import CashCog, cash_limits
from bot.adapter.cogs.poker import poker_settings
from bot.adapter.protocol import Cardroom
from bot.errors import UserError
from bot.games.short_deck import BUTTON_BLIND


class ShortDeck(CashCog, group_name="short-deck", group_description="Short-deck hold'em: 36 cards, six to ace"):
    game_name = "short-deck"

    @app_commands.command(name="create", description="Open a short-deck hold'em table in this channel")
    @app_commands.describe(forced="Antes with a button blind (the usual short-deck game), or blinds",
                           ante="Every player's ante (default 10 with a button blind, none with blinds)",
                           big_blind="The button blind, or the big blind (also the least bet; default: the ante, or 10)",
                           small_blind="Small blind (blinds only)",
                           run_it_twice="When all are all in with cards to come, they may agree to deal the rest twice",
                           rabbit_hunt="After a hand that ended early, anyone may see the cards that would have come",
                           time_bank="Seconds each player may add once their turn's clock runs out (0: none)",
                           buy_in="Your buy-in from your wallet (a tournament: everyone's starting stack)",
                           turn_seconds="Seconds each player has to act",
                           mode="Cash game, or a sit-and-go tournament with rising blinds (blinds only)",
                           level_hands="Tournament: hands per blind level",
                           min_buy_in="Cash game: the least a player buys in for (default 10 big blinds)",
                           max_buy_in="Cash game: the most a stack may hold by buying in (default 250 big blinds)")
    async def create(self, interaction: discord.Interaction,
                     forced: Literal["button blind", "blinds"] = "button blind",
                     ante: app_commands.Range[int, 0, 10**6] | None = None,
                     big_blind: app_commands.Range[int, 1, 10**6] | None = None,
                     small_blind: app_commands.Range[int, 1, 10**6] = 5,
                     run_it_twice: bool = False,
                     rabbit_hunt: bool = False,
                     time_bank: app_commands.Range[int, 0, 600] = 0,
                     buy_in: app_commands.Range[int, 1, 10**9] | None = None,
                     turn_seconds: app_commands.Range[int, 15, 600] = 60,
                     mode: Literal["cash", "tournament"] = "cash",
                     level_hands: app_commands.Range[int, 1, 100] = 10,
                     min_buy_in: app_commands.Range[int, 1, 10**9] | None = None,
                     max_buy_in: app_commands.Range[int, 1, 10**9] | None = None) -> None:
        if forced == BUTTON_BLIND:
            ante = 10 if ante is None else ante
            if ante == 0:
                raise UserError("Antes with a button blind need an ante: give `ante:` at least 1 chip, or choose "
                                "`forced:blinds`.")
            if mode == "tournament":
                raise UserError("A short-deck sit-and-go raises blinds by level: choose `forced:blinds` for one.")
            big_blind = ante if big_blind is None else big_blind
        big_blind = big_blind or 10
        settings = poker_settings("no-limit", min(small_blind, big_blind), big_blind, ante or 0, buy_in, turn_seconds,
                                  mode, level_hands, ante_kind="every player", rabbit_hunt=rabbit_hunt,
                                  time_bank=time_bank, run_it_twice=run_it_twice)
        if forced == BUTTON_BLIND:
            del settings["small_blind"]  # the button's is the one blind
        elif small_blind > big_blind:
            raise UserError("The big blind can't be smaller than the small blind.")
        settings["forced"] = forced
        settings = cash_limits(settings, mode, 10 * big_blind, min_buy_in, max_buy_in, buy_in)
        await self.open_table(interaction, settings, buy_in)


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(ShortDeck(bot))
