"""/stud: fixed-limit seven-card stud tables."""
from __future__ import annotations

from bot.adapter.cogs.stud import StudCog
from bot.adapter.protocol import Cardroom


class Stud(StudCog, group_name="stud", group_description="Seven-card stud"):
    game_name = "stud"


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(Stud(bot))
