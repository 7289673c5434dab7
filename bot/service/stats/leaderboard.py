"""The leaderboard in pages: who stands where on this server, in one game or all, this week, this
month or ever, and the asking member's own line whether or not it is on the page shown."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from bot.service.stats.rating_scale import shown_rating
from bot.storage.interface import Storage
from bot.storage.records import Standing

PAGE_SIZE = 10
PERIODS: dict[str, float | None] = {"week": 7 * 86400.0, "month": 30 * 86400.0, "all": None}
PERIOD_TITLES = {"week": "last 7 days", "month": "last 30 days", "all": "all time"}


@dataclass(frozen=True)
class Page:
    """One page: its number (from 1) of ``pages``, its ranked lines, and the asking member's ranked
    line when it is not among them (None if they have none in this period)."""

    number: int
    pages: int
    lines: list[tuple[int, Standing]]
    own: tuple[int, Standing] | None


def page_of(standings: Sequence[Standing], number: int, caller: int) -> Page:
    """Page ``number`` (clamped to the pages there are) of ranked ``standings``."""
    pages = max(1, -(-len(standings) // PAGE_SIZE))
    number = min(max(number, 1), pages)
    ranked = list(enumerate(standings, start=1))
    lines = ranked[(number - 1) * PAGE_SIZE:number * PAGE_SIZE]
    own = next((line for line in ranked if line[1].user_id == caller), None)
    return Page(number, pages, lines, None if own in lines else own)


async def leaderboard(storage: Storage, guild_id: int, game: str | None, period: str, caller: int,
                      number: int, now: float) -> Page:
    span = PERIODS[period]
    standings = await storage.standings(guild_id, game, None if span is None else now - span)
    return page_of(standings, number, caller)


def leaderboard_view(page: Page, names: Mapping[int, str], title: str, caller: int) -> dict[str, Any]:
    """What ``images.leaderboard.render_leaderboard`` draws: each line's rank, name, rating, chips won
    and deals, the caller's marked; their own line apart when it is not on the page. A member with no
    stored name (results older than the per-deal rows) shows as the end of their id."""

    def line(rank: int, standing: Standing) -> dict[str, Any]:
        return {"rank": rank, "name": names.get(standing.user_id, f"Member …{standing.user_id % 10000:04d}"),
                "rating": shown_rating(standing.rating),
                "chips": f"{standing.chips_won:+d}", "deals": str(standing.deals),
                "own": standing.user_id == caller}

    return {"title": title, "page": f"Page {page.number} of {page.pages}",
            "lines": [line(rank, s) for rank, s in page.lines],
            "own": None if page.own is None else line(*page.own)}
