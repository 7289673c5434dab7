"""Which server a link opens. A link's key is the server's unguessable token, or, when the server made
its page public, also its id (``bot.service.web_links`` gives links out and holds a manager's
switches); a key of a page turned off (or of no page) opens nothing."""
from __future__ import annotations

from bot.storage.interface import Storage


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
