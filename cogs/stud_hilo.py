"""/stud-hilo: fixed-limit seven-card stud hi-lo, eight or better."""
from __future__ import annotations

from bot.adapter.cogs.stud import StudCog
from bot.adapter.protocol import Cardroom


class StudHiLo(StudCog, group_name="stud-hilo",
               group_description="Seven-card stud hi-lo: the pot split between the best high and an eight-or-better low"):
    game_name = "stud-hilo"


async def setup(bot: Cardroom) -> None:
    await bot.add_cog(StudHiLo(bot))
