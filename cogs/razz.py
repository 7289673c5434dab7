"""/razz: fixed-limit razz tables (seven-card stud for the lowest hand)."""
from __future__ import annotations

from bot.adapter.cogs.stud import StudCog
from bot.adapter.protocol import Cardroom


class Razz(StudCog, group_name="razz", group_description="Razz: seven-card stud where the lowest hand wins"):
    game_name = "razz"


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(Razz(bot))
