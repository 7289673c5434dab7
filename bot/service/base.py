"""What every part of the table service shares: its settings, the open tables and their look-ups.

The parts (lobby, dealing, timers, settlement, tournaments, events) are mixins of ``ServiceBase``
that ``bot.service.tables.TableService`` puts together; a part calls another's methods through
``self`` and never imports it, so each module reads alone.
"""
from __future__ import annotations

from collections import deque
import time
from typing import Callable

from bot.errors import UserError
from bot.games.cards import new_seed
from bot.registry import game
from bot.service.live import LiveTable, Presenter, paused_text
from bot.storage.interface import Storage


class ServiceBase:
    """The state every part works on: storage, presenter, clock, and the open tables by id and channel."""

    def __init__(self, storage: Storage, presenter: Presenter, *, clock: Callable[[], float] = time.time,
                 between_deals: float | None = None, offload_bots: bool = True,
                 seeds: Callable[[], str] = new_seed, owns: Callable[[int], bool] = lambda guild_id: True):
        self.storage = storage
        self.owns = owns
        """Whether this process drives the tables of a server (a cluster owns its shards' servers);
        the others' tables are left to their processes: not restored, not timed."""
        self.presenter = presenter
        self.clock = clock
        self.between_deals = between_deals
        """Seconds from the end of a deal to the next: None for each game's own ``pause_after_deal``
        (time to read the showdown, the laid-down melds, the played board); tests and selfplay use 0."""
        self.offload_bots = offload_bots
        self.seeds = seeds
        self.deals_finished = 0
        self.matches_finished = 0
        self.tables: dict[int, LiveTable] = {}
        self._by_channel: dict[int, int] = {}
        self.action_ms: deque[float] = deque(maxlen=100_000)  # recent action times, for reports
        self.on_action: Callable[[str, float], None] = lambda game_name, seconds: None
        """Told of every action applied (its game, seconds for engine and storage): the metrics."""

    def in_channel(self, channel_id: int) -> LiveTable | None:
        table_id = self._by_channel.get(channel_id)
        return self.tables.get(table_id) if table_id is not None else None

    def require_owner(self, guild_id: int | None) -> None:
        """Refuse, with the reason, a server whose tables another process drives (a cluster that
        receives its events during a take-over, or shard counts set differently by mistake): this
        process knows nothing of them, and must not say the table is closed or start another."""
        if guild_id is not None and not self.owns(guild_id):
            raise UserError("This server's tables are run by another part of the bot, which is starting "
                            "or taking over just now: try again in a minute.")

    def table_in(self, guild_id: int | None, table_id: int) -> LiveTable | None:
        """An open table by the id a member gave (a button's custom_id), only for the server it
        belongs to: another server's table is as unknown as a closed one."""
        self.require_owner(guild_id)
        live = self.tables.get(table_id)
        return live if live is not None and live.row.guild_id == guild_id else None

    def require(self, channel_id: int, game_name: str | None = None, guild_id: int | None = None) -> LiveTable:
        """The channel's table of this game; with ``guild_id``, only if it belongs to that server."""
        self.require_owner(guild_id)
        live = self.in_channel(channel_id)
        if live is not None and guild_id is not None and live.row.guild_id != guild_id:
            live = None
        if live is None or (game_name is not None and live.spec.name != game_name):
            what = game(game_name).title if game_name else "game"
            raise UserError(f"There is no {what} table in this channel. Create one first.")
        return live

    def in_guild(self, guild_id: int) -> list[LiveTable]:
        return [live for live in self.tables.values() if live.row.guild_id == guild_id]

    @staticmethod
    def _require_running(live: LiveTable) -> None:
        if live.paused is not None:
            raise UserError(paused_text(live.paused))

    def _track(self, live: LiveTable) -> None:
        self.tables[live.id] = live
        self._by_channel[live.row.channel_id] = live.id

    def _forget(self, live: LiveTable) -> None:
        live.close()
        self.tables.pop(live.id, None)
        if self._by_channel.get(live.row.channel_id) == live.id:
            del self._by_channel[live.row.channel_id]
