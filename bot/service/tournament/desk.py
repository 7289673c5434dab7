"""The multi-table tournaments of a process (``MttDesk``): creating one, finding one by name, restoring
those under way after a restart, and their clock (a tournament starting at its time, and each
``Tournament.tick``). The table service holds one desk; a tournament's tables find their tournament
through it (``of``). What members and managers ask of a tournament goes through the desk too
(``register``, ``unregister``, ``add_bots``, ``start``, ``pause``, ``resume``, ``cancel``), each handed to
the module of its job (``tournament.register``, ``tournament.control``), which takes the tournament's
lock: the cogs and the adapter find a tournament here and ask the desk, never the job modules."""
from __future__ import annotations

import logging
from typing import Callable, Protocol

from bot.errors import UserError
from bot.service.tournament import control, places, register, seating as mtt_seating
from bot.service.table.live import LiveTable
from bot.service.tournament.multi_table import MttPresenter, MttRoom, Tournament, wake
from bot.service.tournament.settings import check_settings
from bot.service.tournament.table_hooks import check_round
from bot.storage.records import TournamentSettings

log = logging.getLogger(__name__)
GAMES = ("holdem", "omaha")
"""The games a multi-table tournament deals: no-limit hold'em, pot-limit Omaha."""


class Changes(Protocol):
    def changed(self) -> None:
        """Something may have moved a deadline (``bot.service.clock``)."""


class DeskRoom(MttRoom, Protocol):
    """The table service as the desk sees it: a tournament's room, which servers it drives, and its
    clock, which looks again at its deadlines when a tournament's lock is let go."""

    owns: Callable[[int], bool]
    deadlines: Changes

    def require_owner(self, guild_id: int | None) -> None: ...


class MttDesk:
    """Every tournament registering or playing on the servers this process drives."""

    def __init__(self, service: DeskRoom):
        self.service = service
        self.presenter: MttPresenter | None = None
        """How tournaments are shown (the bot's Discord presenter; a test's recorder)."""
        self.running: dict[int, Tournament] = {}

    def of(self, table: LiveTable) -> Tournament:
        """The tournament a table belongs to."""
        mtt = table.row.settings.mtt
        assert mtt is not None, "a tournament table's settings name its tournament"
        return self.running[mtt]

    async def create(self, guild_id: int, channel_id: int, host_id: int, name: str, game: str,
                     settings: TournamentSettings) -> Tournament:
        """A tournament taking registrations, announced in ``channel_id`` (its tables will be threads there)."""
        self.service.require_owner(guild_id)
        if self.presenter is None:
            raise UserError("Tournaments can't be shown here.")
        if game not in GAMES:
            raise UserError("A multi-table tournament deals hold'em or Omaha.")
        check_settings(settings)
        async with self.service.storage.transaction() as tx:
            mtt_id = await tx.insert_mtt(guild_id, channel_id, host_id, name, game, settings, self.service.clock())
        row = await self.service.storage.mtt(mtt_id)
        assert row is not None
        mtt = self._hold(Tournament(self.service, self, row, [], {}))
        await mtt.presenter.show_mtt(mtt)
        return mtt

    def named(self, guild_id: int, name: str) -> Tournament:
        """The server's tournament of that name that is registering or playing."""
        self.service.require_owner(guild_id)
        for mtt in self.running.values():
            if mtt.row.guild_id == guild_id and mtt.row.name.casefold() == name.casefold():
                return mtt
        raise UserError(f"There is no tournament named {name!r} registering or playing on this server.")

    def in_guild(self, guild_id: int) -> list[Tournament]:
        return [mtt for mtt in self.running.values() if mtt.row.guild_id == guild_id]

    async def register(self, mtt: Tournament, user_id: int, name: str) -> str:
        """A member registers (or re-enters), the buy-in from their wallet; returns what they read."""
        return await register.register(mtt, user_id, name)

    async def unregister(self, mtt: Tournament, user_id: int) -> str:
        return await register.unregister(mtt, user_id)

    async def add_bots(self, mtt: Tournament, count: int) -> list[str]:
        """A manager registers ``count`` computer players; returns their names."""
        return await register.add_bots(mtt, count)

    async def start(self, mtt: Tournament) -> None:
        await register.start(mtt)

    async def pause(self, mtt: Tournament) -> str:
        return await control.pause(mtt)

    async def resume(self, mtt: Tournament) -> str:
        return await control.resume(mtt)

    async def cancel(self, mtt: Tournament) -> str:
        """Every table closed and every buy-in back; returns the reason the tables are told."""
        return await control.cancel(mtt)

    async def restore(self) -> int:
        """Load the tournaments under way on this process's servers (their tables are already
        restored: each deals on as it was). Returns how many."""
        for row in await self.service.storage.running_mtts():
            if self.service.owns(row.guild_id):
                entries = await self.service.storage.mtt_entries(row.id)
                tables = await self.service.storage.mtt_tables(row.id)
                self._hold(Tournament(self.service, self, row, entries, tables))
        return len(self.running)

    def _hold(self, mtt: Tournament) -> Tournament:
        self.running[mtt.id] = mtt
        mtt.lock.on_release = self.service.deadlines.changed  # where its start and its tables' deadlines change
        return mtt

    def close(self) -> None:
        """The bot stops: every tournament's tasks are cancelled (each resumes from storage on the next start)."""
        for mtt in self.running.values():
            mtt.close()

    def next_time(self) -> float | None:
        """The earliest time a tournament is due by its clock (``bot.service.clock`` sleeps until
        it): its start, or its next level (the level shown, late registration closing)."""
        times = []
        for mtt in self.running.values():
            starts_at = mtt.settings.starts_at
            if mtt.row.status == "registering" and starts_at is not None and not mtt.state.start_failed:
                times.append(starts_at)
            elif mtt.row.status == "playing" and not mtt.paused() and not mtt.settings.level_hands:
                played = mtt.clock_seconds()
                if (level_at := mtt.schedule.next_level_at(played)) is not None:
                    times.append(self.service.clock() + level_at - played)
        return min(times, default=None)

    async def tick(self) -> None:
        """Start the tournaments whose time has come, let the others' clocks work, and let go of
        those that ended. One failing tournament holds up no other."""
        for mtt in list(self.running.values()):
            try:
                starts_at = mtt.settings.starts_at
                if mtt.row.status == "registering" and starts_at is not None \
                        and self.service.clock() >= starts_at and not mtt.state.start_failed:
                    await self._start_on_time(mtt)
                if mtt.row.status == "playing":
                    await self._keep_playing(mtt)
            except Exception:
                log.exception("tournament %s: its clock failed", mtt.id)
            if mtt.row.status not in ("registering", "playing") and not mtt.ending:  # (its end stored, not in flight)
                self.running.pop(mtt.id, None)

    async def _keep_playing(self, mtt: Tournament) -> None:
        """A hand-for-hand round a closed table left complete, the field fixed when registration has
        closed, tables waiting for players on their way,
        a table to break that waits for players (it breaks when it looks again)."""
        await check_round(mtt)
        if not mtt.registration_open() and not places.field_fixed(mtt):  # no table has ended a deal since
            async with self.service.storage.transaction() as tx:
                await tx.save_mtt(mtt.row, await places.fix_field(mtt, tx))
            mtt.spawn(mtt.presenter.show_mtt(mtt))
        mtt.wake_arrivals()
        if mtt.level().number != mtt.state.shown_level:  # the announcement names the level
            mtt.state.shown_level = mtt.level().number
            mtt.spawn(mtt.presenter.show_mtt(mtt))
        breaking = mtt_seating.table_to_break(mtt.seating(), mtt.seats_per_table)
        if breaking is not None and breaking in self.service.tables:
            wake(self.service.tables[breaking])

    async def _start_on_time(self, mtt: Tournament) -> None:
        try:
            await register.start(mtt)
        except UserError as error:
            mtt.state.start_failed = True
            log.info("tournament %s could not start at its time: %s", mtt.id, error)
            await mtt.presenter.announce_mtt(mtt, "start_failed")
