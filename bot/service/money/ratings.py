"""Results and openskill ratings of the members among a deal's or a match's players, from how they
finished: a deal's winners, a match's or a tournament's places."""
from __future__ import annotations

from openskill.models import PlackettLuce

from bot.service.table.live import LiveTable
from bot.storage.interface import Tx
from bot.storage.records import TableSeat

_RATING = PlackettLuce()


async def rate(table: LiveTable, tx: Tx, seats: list[TableSeat], ranking: list[int], *,
                match: bool, deltas: tuple[int, ...] | None = None) -> None:
    """Results and openskill ratings for the humans among ``seats`` finishing in ``ranking``."""
    row = table.row
    humans = [s.user_id for s in seats if not s.is_bot]
    known = await tx.ratings(row.guild_id, row.game, humans) if humans else {}
    ratings: dict[int, tuple[float, float]] = {}
    if len(set(ranking)) > 1:
        teams = [[_RATING.rating(*known[s.user_id]) if s.user_id in known else _RATING.rating()]
                 for s in seats]
        rated = _RATING.rate(teams, ranks=list(ranking))
        ratings = {s.user_id: (t[0].mu, t[0].sigma) for s, t in zip(seats, rated)}
    for k, seat in enumerate(seats):
        if not seat.is_bot:
            await tx.add_result(row.guild_id, row.game, seat.user_id, deltas[k] if deltas else 0,
                                hands=0 if deltas is None else 1, match=match,
                                win=match and ranking[k] == 0 and len(set(ranking)) > 1,
                                rating=ratings.get(seat.user_id))
