"""/badugi: fixed-limit badugi tables (three draws)."""
from __future__ import annotations

from bot.adapter.cogs.draw import LimitDrawCog
from bot.adapter.protocol import Cardroom


class Badugi(LimitDrawCog, group_name="badugi", group_description="Badugi (fixed limit, three draws)"):
    game_name = "badugi"


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(Badugi(bot))
