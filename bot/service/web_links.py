"""Links to a server's web page (``bot.web``, docs/web.md) as the bot gives them out: under a finished
hand in its table message, on ``/replay``, on ``/web link``.

A link's key is the server's unguessable token, or its id once the server made its page public; a
manager's switch draws and stores the token. ``WebLinks`` keeps each server's page as this process
last read or switched it, so a finished hand's link costs no read of its own: the process that drives
a server's tables is the one that answers its ``/web`` commands (it owns the server's shard), and a
change made by another process shows within ``KEPT_SECONDS``."""
from __future__ import annotations

import os
import secrets
from typing import Callable

from bot.service.events.shared_deals import hand_may_show
from bot.storage.interface import Storage
from bot.storage.records import WebSite

TOKEN_BYTES = 24
"""The token's random bytes (192 bits, 32 characters of URL-safe base64): never guessed."""
KEPT_SECONDS = 300.0
"""How long a server's page, as read, is trusted for its links (a switch through ``WebLinks`` at once)."""


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def base_url() -> str:
    """Where the web process is reached from outside (``CARDROOM_WEB_URL``), without a trailing slash."""
    return (os.getenv("CARDROOM_WEB_URL") or "http://localhost:8080").rstrip("/")


def site_key(site: WebSite) -> str:
    """The key of the server's links: its id once public, else its token."""
    return str(site.guild_id) if site.public else site.token


def site_url(site: WebSite, path: str = "") -> str:
    return f"{base_url()}/s/{site_key(site)}/{path.lstrip('/')}"


def hand_url(site: WebSite, table_id: int, hand_no: int) -> str:
    """The web replayer of a table's finished hand (``/s/<key>/tables/<table>/hands/<hand>``)."""
    return site_url(site, f"tables/{table_id}/hands/{hand_no}")


async def switch(storage: Storage, guild_id: int, *, enabled: bool, public: bool | None = None,
                 new_link: bool = False) -> WebSite:
    """Turn the server's page on or off (``public``: None keeps it as it was); ``new_link`` draws a new
    token, so every link given out before opens nothing."""
    old = await storage.web_site(guild_id)
    site = WebSite(guild_id, new_token() if old is None or new_link else old.token, enabled,
                   public if public is not None else (old.public if old is not None else False))
    async with storage.transaction() as tx:
        await tx.set_web_site(site)
    return site


class WebLinks:
    """Each server's web page as last read or switched, for the links the bot gives out."""

    def __init__(self, storage: Storage, clock: Callable[[], float]):
        self.storage = storage
        self.clock = clock
        self._sites: dict[int, tuple[float, WebSite | None]] = {}

    async def site(self, guild_id: int) -> WebSite | None:
        """The server's page, read at most once in ``KEPT_SECONDS`` (None: never turned on)."""
        kept = self._sites.get(guild_id)
        if kept is not None and self.clock() - kept[0] < KEPT_SECONDS:
            return kept[1]
        site = await self.storage.web_site(guild_id)
        self._sites[guild_id] = (self.clock(), site)
        return site

    async def switch(self, guild_id: int, *, enabled: bool, public: bool | None = None,
                     new_link: bool = False) -> WebSite:
        """``switch``, and this process's links follow it at once."""
        site = await switch(self.storage, guild_id, enabled=enabled, public=public, new_link=new_link)
        self._sites[guild_id] = (self.clock(), site)
        return site

    async def served(self, guild_id: int) -> WebSite | None:
        """The server's page while it is on, else None."""
        site = await self.site(guild_id)
        return site if site is not None and site.enabled else None

    async def hand_link(self, guild_id: int, table_id: int, hand_no: int) -> str | None:
        """The web replay of a hand the table has just finished, while the server's page is on. Whether
        the hand may be shown yet (an event's board) is the table's to say where the link is shown:
        ``LiveTable.withheld``, the same rule the web's replayer asks."""
        site = await self.served(guild_id)
        return None if site is None else hand_url(site, table_id, hand_no)

    async def replay_link(self, guild_id: int | None, table_id: int, hand_no: int) -> str | None:
        """The web replay of any finished hand of the server's tables, when its page is on and the hand
        may be shown to a channel (another server's table, or an event's board still in play, has none)."""
        site = None if guild_id is None else await self.served(guild_id)
        row = await self.storage.table(table_id) if site is not None else None
        if site is None or row is None or row.guild_id != guild_id:
            return None
        if await self.storage.hand_record(table_id, hand_no) is None or not await hand_may_show(self.storage, table_id, hand_no, None):
            return None
        return hand_url(site, table_id, hand_no)
