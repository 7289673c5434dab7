"""Which server a link opens, and a manager's switches: on, off, public. A link's key is the server's
unguessable token, or, when the server made its page public, also its id; a key of a page turned off
(or of no page) opens nothing."""
from __future__ import annotations

import os
import secrets

from bot.service.events.shared_deals import hand_may_show
from bot.storage.interface import Storage
from bot.storage.web_store import WebSite

TOKEN_BYTES = 24
"""The token's random bytes (192 bits, 32 characters of URL-safe base64): never guessed."""


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


async def guild_of(storage: Storage, key: str) -> int | None:
    """The server a link's key opens, or None (no such page, or turned off)."""
    site = None
    if key.isdigit() and len(key) < 21:
        site = await storage.web_site(int(key))
        if site is not None and not site.public:
            return None  # a private page is never opened by its id
    elif len(key) <= 64:
        site = await storage.web_site_by_token(key)
    return site.guild_id if site is not None and site.enabled else None


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


async def replay_link(storage: Storage, guild_id: int | None, table_id: int, hand_no: int) -> str | None:
    """The web replay of a finished hand, when the server's page is on and the hand may be shown to a
    channel (another server's table, or an event's board still in play, has none)."""
    site = None if guild_id is None else await storage.web_site(guild_id)
    row = await storage.table(table_id) if site is not None and site.enabled else None
    if site is None or row is None or row.guild_id != guild_id:
        return None
    if await storage.hand_record(table_id, hand_no) is None or not await hand_may_show(storage, table_id, hand_no, None):
        return None
    return site_url(site, f"tables/{table_id}/hands/{hand_no}")
