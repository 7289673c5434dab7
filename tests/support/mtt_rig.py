"""Multi-table tournaments without Discord: a presenter that opens numbered threads and remembers
what it was asked to post, and the invariants a tournament keeps, checked by the tests and by
``bench/mtt.py`` (``Watch``: after every hand and at every deal boundary)."""
from __future__ import annotations

import asyncio
import itertools
from typing import Any, Callable

from bot.service.tournament import places as mtt_places, seating as mtt_seating, table_hooks
from bot.service.table.live import LiveTable
from bot.service.tournament.multi_table import Tournament


class RecordingMttPresenter:
    def __init__(self) -> None:
        self.threads = itertools.count(500)
        self.opened: list[tuple[int, str]] = []
        self.archived: list[int] = []
        self.posts: list[str] = []
        self.shown = 0

    async def open_thread(self, guild_id: int, channel_id: int, name: str) -> int | None:
        thread = next(self.threads)
        self.opened.append((thread, name))
        return thread

    async def archive_thread(self, guild_id: int, thread_id: int) -> None:
        self.archived.append(thread_id)

    async def show_mtt(self, mtt: Tournament) -> None:
        self.shown += 1

    async def announce_mtt(self, mtt: Tournament, text: str, table: LiveTable | None = None) -> None:
        self.posts.append(text)


def check_chips(mtt: Tournament) -> None:
    """Tournament chips at its tables and on their way between them are every buy-in's stack."""
    expected = mtt.entries_paid() * mtt.settings.stack if mtt.row.status == "playing" else None
    if expected is not None:
        assert mtt.chips_in_play() == expected, (mtt.chips_in_play(), expected)


def check_seats(mtt: Tournament) -> None:
    """Every player still in is at exactly one open table or on the way to one; nobody else sits."""
    seated: dict[int, int] = {}
    for table in mtt.live_tables():
        for seat in table.row.seats:
            assert seat.user_id not in seated, f"{seat.user_id} sits at two tables"
            seated[seat.user_id] = table.id
    alive = {e.user_id: e for e in mtt.alive()}
    assert set(seated) <= set(alive), "only players still in sit"
    for user, entry in alive.items():
        if user in seated:
            assert entry.table_id == seated[user] and entry.chips == 0
        else:
            assert entry.chips > 0, f"{user} is in, seated nowhere and carries no chips"


def check_places(mtt: Tournament) -> None:
    """No place or prize before the field is fixed; after, each place's prize as the prize table says
    (shared places split theirs), and the prizes paid and the pool add up to the pool paid in."""
    paid_in = mtt.entries_paid() * mtt.settings.buy_in
    if not mtt_places.field_fixed(mtt):
        assert all(e.place is None and e.prize == 0 for e in mtt.entries.values()), "a place before the field is fixed"
        assert mtt.row.pool == paid_in
        return
    table = mtt.prize_table()
    placed = [e for e in mtt.entries.values() if e.place is not None]
    for place in {e.place for e in placed}:
        sharing = [e for e in placed if e.place == place]
        assert place is not None and sum(e.prize for e in sharing) == sum(table[place - 1:place - 1 + len(sharing)])
    assert sum(e.prize for e in placed) + mtt.row.pool == paid_in


def check_final(mtt: Tournament) -> None:
    """Won: one place per entrant, 1..N (equal stacks out in one hand share one), the winner's prize
    exactly the first, every prize adding up to the pool paid in, the pool empty."""
    places = sorted(e.place for e in mtt.entries.values() if e.place is not None)
    assert len(places) == len(mtt.entries), "one place per entrant"
    assert all(place == places.index(place) + 1 for place in places), f"places 1..N: {places}"
    winner = next(e for e in mtt.entries.values() if e.place == 1)
    assert winner.prize == mtt.prize_table()[0], "the winner gets exactly the first prize"
    paid_in = mtt.entries_paid() * mtt.settings.buy_in
    assert sum(e.prize for e in mtt.entries.values()) == paid_in and mtt.row.pool == 0


class Watch:
    """Wraps a tournament table's deal boundaries (``table_hooks.before_deal`` and ``after_deal``,
    through ``install``: a test's ``monkeypatch.setattr``, or ``setattr``):

    - a table that deals owes no player for balance (counting players on their way;
      ``mtt_seating.balance``: the fullest tables give theirs first), unless a table is to break, and
      deals at the tournament's level;
    - a deal's end first lets the other tables due at the same tick run (tables ending deals at
      once: ``most`` counts how many did), then, once no other table is ending one (when every prize
      of those hands is paid), the chips, seats, places and prizes are checked: every hand (``hands``)
      is followed by a check (``checks``) before any other table's deal ends alone."""

    def __init__(self, install: Callable[[Any, str, Any], None]) -> None:
        self.dealt = self.hands = self.checks = self.now = self.most = 0
        self.before, self.after = table_hooks.before_deal, table_hooks.after_deal
        install(table_hooks, "before_deal", self.before_deal)
        install(table_hooks, "after_deal", self.after_deal)

    async def before_deal(self, table: LiveTable) -> tuple[dict[str, Any] | None, float | None]:
        stakes, later = await self.before(table)
        if stakes is not None:
            mtt = table_hooks.tournament_of(table)
            tables = mtt.seating()
            if mtt_seating.table_to_break(tables, mtt.seats_per_table) is None:
                pending = [m for m in mtt_seating.balance(tables) if m.from_table == table.id]
                assert not pending, {t.id: len(t.players) for t in tables}
            assert stakes == mtt.stakes()
            self.dealt += 1
        return stakes, later

    async def after_deal(self, table: LiveTable, *args: Any) -> None:
        self.now += 1
        self.most = max(self.most, self.now)
        try:
            for _ in range(3):
                await asyncio.sleep(0)
            await self.after(table, *args)
        finally:
            self.now -= 1
        self.hands += 1
        if not self.now:
            mtt = table_hooks.tournament_of(table)
            check_chips(mtt)
            check_seats(mtt)
            check_places(mtt)
            self.checks += 1
