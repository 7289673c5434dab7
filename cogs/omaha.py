"""/omaha: Omaha tables (pot-limit by default, no-limit, fixed-limit; cash or tournament)."""
from __future__ import annotations

from bot.adapter.cogs.poker import PokerCog
from bot.adapter.protocol import Cardroom


class Omaha(PokerCog, group_name="omaha", group_description="Omaha: four hole cards, play exactly two"):
    game_name = "omaha"
    default_limit = "pot-limit"


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(Omaha(bot))
