"""/triple-draw: fixed-limit 2-7 triple draw tables."""
from __future__ import annotations

from bot.adapter.cogs.draw import LimitDrawCog
from bot.adapter.protocol import Cardroom


class TripleDraw(LimitDrawCog, group_name="triple-draw", group_description="2-7 triple draw (fixed limit)"):
    game_name = "triple-draw"


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(TripleDraw(bot))
