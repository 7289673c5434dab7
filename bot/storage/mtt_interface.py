"""What the tournament service may ask of a database about multi-table tournaments: the part of the
``Tx`` and ``Storage`` protocols (``bot.storage.interface``) that ``bot.storage.mtt_store`` writes."""
from __future__ import annotations

from typing import Protocol, Sequence

from bot.storage.records import MttEntry, MttRow
from bot.storage.tournament_records import TournamentSettings


class MttTx(Protocol):
    async def insert_mtt(self, guild_id: int, channel_id: int, host_id: int, name: str, game: str,
                         settings: TournamentSettings, now: float) -> int:
        """A new tournament taking registrations; returns its id. ``UserError`` if one of that name
        is already registering or playing on the server."""
        ...

    async def save_mtt(self, mtt: MttRow, entries: Sequence[MttEntry] = ()) -> None:
        """Store its status, message and state, and ``entries`` as they are now (new ones added), as
        its next save (numbered in ``state.saved``): what a later save already wrote stays, so a
        transaction committed after another's, with an older copy, overwrites nothing newer. Not the
        pool (``add_to_mtt_pool``)."""
        ...

    async def add_to_mtt_pool(self, mtt_id: int, chips: int) -> None:
        """``chips`` into its pool (negative: out of it), in the transaction that moves them out of
        (into) wallets: a delta, which no other table's transaction can write back over."""
        ...

    async def drop_mtt_entry(self, mtt_id: int, user_id: int) -> None:
        """An entry gone before the start (unregistered)."""
        ...

    async def add_mtt_table(self, mtt_id: int, table_id: int, number: int) -> None: ...

    async def move_table(self, table_id: int, channel_id: int) -> None:
        """The table plays on in another channel (a tournament table whose thread was deleted)."""
        ...


class MttStorage(Protocol):
    async def running_mtts(self) -> list[MttRow]:
        """Every tournament registering or playing."""
        ...

    async def mtt(self, mtt_id: int) -> MttRow | None: ...

    async def mtt_named(self, guild_id: int, name: str) -> MttRow | None:
        """The server's tournament of that name that is registering or playing, else its latest."""
        ...

    async def mtt_entries(self, mtt_id: int) -> list[MttEntry]:
        """Its entries, in the order they registered."""
        ...

    async def mtt_tables(self, mtt_id: int) -> dict[int, int]:
        """Its tables ever opened: table id -> its number in the tournament."""
        ...
