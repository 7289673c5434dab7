"""/holdem: Texas hold'em tables (no-limit by default, pot-limit, fixed-limit; cash or tournament)."""
from __future__ import annotations

from bot.adapter.cogs.poker import PokerCog
from bot.adapter.protocol import Cardroom


class Holdem(PokerCog, group_name="holdem", group_description="Texas hold'em"):
    game_name = "holdem"


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(Holdem(bot))
