"""The ``create`` command the flop poker games share (hold'em, Omaha, Omaha hi-lo): betting
structure, blinds, ante, buy-in, turn time, and cash game or sit-and-go tournament."""
from __future__ import annotations

from typing import ClassVar, Literal

import discord
from discord import app_commands

from bot.adapter.cogs.cash import CashCog, cash_limits
from bot.errors import UserError

Limit = Literal["no-limit", "pot-limit", "fixed-limit"]


def poker_settings(limit: str, small_blind: int, big_blind: int, ante: int, buy_in: int | None,
                   turn_seconds: int, mode: str, level_hands: int, *, ante_kind: str | None = None,
                   straddle: str = "off", rabbit_hunt: bool = False, time_bank: int = 0,
                   time_bank_hands: int = 10, bomb_pot_every: int = 0, bomb_pot: int | None = None,
                   bounty_72: int = 0, run_it_twice: bool = False) -> dict[str, object]:
    """Table settings from the create options; a tournament's buy-in is everyone's starting stack, and
    its antes are big-blind antes unless the host chooses otherwise."""
    if big_blind < small_blind:
        raise UserError("The big blind can't be smaller than the small blind.")
    if bomb_pot_every and mode == "tournament":
        raise UserError("Bomb pots are for cash games: a tournament's stakes follow its levels.")
    if bounty_72 and mode == "tournament":
        raise UserError("The 7-2 bounty is for cash games: a tournament's chips are not the wallet's.")
    if run_it_twice and mode == "tournament":
        raise UserError("Run it twice is for cash games: a tournament deals one board, by its rules.")
    if straddle != "off" and limit == "fixed-limit":
        raise UserError("Straddles are played in no-limit and pot-limit games: choose one of those, or no straddle.")
    settings: dict[str, object] = {"limit": limit, "small_blind": small_blind, "big_blind": big_blind,
                                   "ante": ante, "buy_in": buy_in or 100 * big_blind, "turn_seconds": turn_seconds,
                                   "ante_kind": ante_kind or ("big blind" if mode == "tournament" else "every player"),
                                   "straddle": straddle, "rabbit_hunt": rabbit_hunt,
                                   "time_bank": time_bank, "time_bank_hands": time_bank_hands,
                                   "bomb_pot_every": bomb_pot_every, "bomb_pot": bomb_pot or 2 * big_blind,
                                   "bounty_72": bounty_72, "run_it_twice": run_it_twice}
    return settings | tournament_settings(mode, level_hands, buy_in or 100 * big_blind, 10 * big_blind)


def tournament_settings(mode: str, level_hands: int, buy_in: int, minimum: int) -> dict[str, object]:
    """The settings that make a poker table a sit-and-go (none for a cash game)."""
    if mode != "tournament":
        return {}
    if buy_in < minimum:
        raise UserError(f"A tournament buy-in must be at least {minimum} chips.")
    return {"mode": "tournament", "level_hands": level_hands, "buy_in": buy_in, "min_buy_in": buy_in}


class PokerCog(CashCog):
    """A flop poker game's cog: subclasses set ``game_name``, ``default_limit`` and the group."""

    default_limit: ClassVar[str] = "no-limit"

    @app_commands.command(name="create", description="Open a poker table in this channel")
    @app_commands.describe(limit="Betting structure (the game's usual one if left out)",
                           small_blind="Small blind (a tournament's first level)", big_blind="Big blind",
                           ante="Ante (0 for none): every player's, or the big blind's alone (ante_kind)",
                           ante_kind="Who antes: every player, or the big blind for the table (tournaments' default)",
                           straddle="Let the player under the gun, or on the button, straddle (no-limit, pot-limit)",
                           rabbit_hunt="After a hand that ended early, anyone may see the cards that would have come",
                           time_bank="Seconds each player may add once their turn's clock runs out (0: none)",
                           time_bank_hands="Hands after which a time bank is full again",
                           bomb_pot_every="Every N-th hand a bomb pot: all ante, no preflop betting (0: never)",
                           bomb_pot="Each player's ante in a bomb pot (default two big blinds)",
                           bounty_72="Hold'em: a pot won showing 7-2 collects this from every other player (0: none)",
                           run_it_twice="When all are all in with cards to come, they may agree to deal the rest twice",
                           buy_in="Your buy-in from your wallet (a tournament: everyone's starting stack)",
                           turn_seconds="Seconds each player has to act",
                           mode="Cash game, or a sit-and-go tournament with rising blinds",
                           level_hands="Tournament: hands per blind level",
                           min_buy_in="Cash game: the least a player buys in for (default 10 big blinds)",
                           max_buy_in="Cash game: the most a stack may hold by buying in (default 250 big blinds)")
    async def create(self, interaction: discord.Interaction, limit: Limit | None = None,
                     small_blind: app_commands.Range[int, 1, 10**6] = 5,
                     big_blind: app_commands.Range[int, 2, 10**6] = 10,
                     ante: app_commands.Range[int, 0, 10**6] = 0,
                     buy_in: app_commands.Range[int, 1, 10**9] | None = None,
                     turn_seconds: app_commands.Range[int, 15, 600] = 60,
                     mode: Literal["cash", "tournament"] = "cash",
                     level_hands: app_commands.Range[int, 1, 100] = 10,
                     ante_kind: Literal["every player", "big blind"] | None = None,
                     straddle: Literal["off", "under the gun", "button"] = "off",
                     rabbit_hunt: bool = False,
                     time_bank: app_commands.Range[int, 0, 600] = 0,
                     time_bank_hands: app_commands.Range[int, 1, 100] = 10,
                     bomb_pot_every: app_commands.Range[int, 0, 100] = 0,
                     bomb_pot: app_commands.Range[int, 1, 10**6] | None = None,
                     bounty_72: app_commands.Range[int, 0, 10**6] = 0,
                     run_it_twice: bool = False,
                     min_buy_in: app_commands.Range[int, 1, 10**9] | None = None,
                     max_buy_in: app_commands.Range[int, 1, 10**9] | None = None) -> None:
        if bounty_72 and self.game_name != "holdem":
            raise UserError("The 7-2 bounty is a hold'em game: Omaha hands hold four cards.")
        settings = poker_settings(limit or self.default_limit, small_blind, big_blind, ante, buy_in,
                                  turn_seconds, mode, level_hands, ante_kind=ante_kind, straddle=straddle,
                                  rabbit_hunt=rabbit_hunt, time_bank=time_bank, time_bank_hands=time_bank_hands,
                                  bomb_pot_every=bomb_pot_every, bomb_pot=bomb_pot, bounty_72=bounty_72,
                                  run_it_twice=run_it_twice)
        settings = cash_limits(settings, mode, 10 * big_blind, min_buy_in, max_buy_in, buy_in)
        await self.open_table(interaction, settings, buy_in)
