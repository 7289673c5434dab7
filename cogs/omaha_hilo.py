"""/omaha-hilo: Omaha hi-lo, eight or better (pot-limit by default, no-limit, fixed-limit)."""
from __future__ import annotations

from bot.adapter.cogs.poker import PokerCog
from bot.adapter.protocol import Cardroom


class OmahaHiLo(PokerCog, group_name="omaha-hilo",
                group_description="Omaha hi-lo: the pot split between the best high and an eight-or-better low"):
    game_name = "omaha-hilo"
    default_limit = "pot-limit"


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(OmahaHiLo(bot))
