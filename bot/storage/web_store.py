"""What a server's web page reads and the one thing it writes (``web_sites``), for every backend:
mixed into ``Queries``, so a transaction's ``Writes`` has them too. Every read is scoped by the server."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, Sequence

from bot.storage.mtt_store import MTT_COLUMNS, _mtt
from bot.storage.records import MttRow, WebSite


@dataclass(frozen=True)
class TableSummary:
    """A table as the web page lists it: its game, status, finished hands and the last one's time."""

    table_id: int
    game: str
    status: str
    hands: int
    last_at: float | None


def _site(row: Sequence[Any]) -> WebSite:
    guild_id, token, enabled, public = row
    return WebSite(int(guild_id), str(token), bool(enabled), bool(public))


class WebReads(Protocol):
    async def web_site(self, guild_id: int) -> WebSite | None: ...

    async def web_site_by_token(self, token: str) -> WebSite | None: ...

    async def web_tables(self, guild_id: int, limit: int) -> list[TableSummary]:
        """The server's tables with a finished hand, the latest played first."""
        ...

    async def web_hand_numbers(self, guild_id: int, table_id: int) -> list[tuple[int, float]]:
        """(hand number, finished at) of a table of this server, in order; [] for another server's."""
        ...

    async def web_tournaments(self, guild_id: int) -> list[MttRow]: ...

    async def web_events(self, guild_id: int) -> list[str]: ...


class WebWrites(Protocol):
    async def set_web_site(self, site: WebSite) -> None: ...


class WebQueries:
    _db: Any  # ``bot.storage.queries.Db``

    async def web_site(self, guild_id: int) -> WebSite | None:
        rows = await self._db.fetch("SELECT guild_id, token, enabled, public FROM web_sites WHERE guild_id = ?", guild_id)
        return _site(rows[0]) if rows else None

    async def web_site_by_token(self, token: str) -> WebSite | None:
        rows = await self._db.fetch("SELECT guild_id, token, enabled, public FROM web_sites WHERE token = ?", token)
        return _site(rows[0]) if rows else None

    async def web_tables(self, guild_id: int, limit: int) -> list[TableSummary]:
        rows = await self._db.fetch(
            "SELECT tables.id, tables.game, tables.status, COUNT(*), MAX(hands.finished_at) FROM tables"
            " JOIN hands ON hands.table_id = tables.id WHERE tables.guild_id = ?"
            " GROUP BY tables.id, tables.game, tables.status ORDER BY MAX(hands.finished_at) DESC LIMIT ?",
            guild_id, limit)
        return [TableSummary(int(t), str(g), str(s), int(n), None if at is None else float(at)) for t, g, s, n, at in rows]

    async def web_hand_numbers(self, guild_id: int, table_id: int) -> list[tuple[int, float]]:
        rows = await self._db.fetch(
            "SELECT hands.hand_no, hands.finished_at FROM hands JOIN tables ON tables.id = hands.table_id"
            " WHERE tables.guild_id = ? AND hands.table_id = ? ORDER BY hands.hand_no", guild_id, table_id)
        return [(int(n), float(at)) for n, at in rows]

    async def web_tournaments(self, guild_id: int) -> list[MttRow]:
        return [_mtt(r) for r in await self._db.fetch(
            f"SELECT {MTT_COLUMNS} FROM mtts WHERE guild_id = ? ORDER BY id DESC", guild_id)]

    async def web_events(self, guild_id: int) -> list[str]:
        rows = await self._db.fetch("SELECT event FROM events WHERE guild_id = ? ORDER BY event", guild_id)
        return [str(event) for (event,) in rows]

    async def set_web_site(self, site: WebSite) -> None:
        await self._db.execute(
            "INSERT INTO web_sites (guild_id, token, enabled, public) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET token = excluded.token, enabled = excluded.enabled,"
            " public = excluded.public", site.guild_id, site.token, int(site.enabled), int(site.public))
