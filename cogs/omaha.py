"""/omaha: Omaha tables (pot-limit by default, no-limit, fixed-limit; cash or tournament)."""
from __future__ import annotations

from bot.adapter.client import CardroomBot
from bot.adapter.poker_cog import PokerCog


class Omaha(PokerCog, group_name="omaha", group_description="Omaha: four hole cards, play exactly two"):
    game_name = "omaha"
    default_limit = "pot-limit"


async def setup(bot: CardroomBot) -> None:
    await bot.add_cog(Omaha(bot))
