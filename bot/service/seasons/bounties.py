"""Bounties: who knocked out whom in the tournaments and sit-and-gos a season counts, read from the deals
that knocked players out (``Storage.season_busts``) by their hand histories (``bot.games.knockouts``),
so a restart or a season made after the fact counts the same. A player knocked out by a pot with
several winners (a tie, a hi-lo split, a board run twice) is a knockout for each winner of the pot
that took their last chips; re-entering a tournament makes a player knockable again. A finished deal
never changes, so each hand history's knockouts are kept in memory once read (a replay takes 6 to 10
ms on a loaded two-core machine, ``bench/season_bounties.py``: a tournament of a hundred entrants,
about a second the first time)."""
from __future__ import annotations

import asyncio
from functools import lru_cache
from typing import Iterable, Sequence

from bot.games.knockouts import knockouts
from bot.service.seasons.standings import Finish, Knockout
from bot.storage.interface import Storage
from bot.storage.records import BustDeal, Season


KEPT = 8192
"""Hand histories whose knockouts are kept in memory."""


@lru_cache(maxsize=KEPT)
def _knocked(export: str) -> tuple[tuple[int, tuple[int, ...]], ...]:
    return tuple(knockouts(export).items())


def knockouts_of(busts: Iterable[BustDeal]) -> list[Knockout]:
    """Every knockout of the deals (replays each hand history not read yet)."""
    return [Knockout(deal.format, deal.session, deal.users[winner], deal.users[busted])
            for deal in busts for busted, winners in _knocked(deal.export) for winner in winners]


async def season_knockouts(storage: Storage, season: Season, until: float, counted: Sequence[Finish]) -> list[Knockout]:
    """The knockouts of the season's tournaments and sit-and-gos that have finishes among ``counted``
    (a sit-and-go called off has none: its knockouts do not count), none if it gives no bounty."""
    if not season.rule.bounty:
        return []
    sessions = {finish.session for finish in counted}
    busts = [deal for deal in await storage.season_busts(season.guild_id, season.starts_at, until)
             if deal.session in sessions and deal.format in season.rule.formats]
    return await asyncio.to_thread(knockouts_of, busts)
