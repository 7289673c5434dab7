"""/web through the Discord client: only a manager turns the page on or off, any member gets its link
while it is on, a private page's link carries its token, and /replay gives the hand's web replay."""
from __future__ import annotations

import re

from tests.e2e.test_e2e_replay import PLAYERS, finished_deal
from tests.support.harness import GUILD_ID, MEMBER_PERMISSIONS, Harness, User

ADMIN = User(5190, "Admin", MEMBER_PERMISSIONS | (1 << 5))  # Manage Server


async def test_a_manager_turns_the_page_on_and_members_get_its_link(tmp_path) -> None:
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    try:
        live = await finished_deal(h, "holdem")
        assert "page is off" in h.ephemeral_text(await h.command(PLAYERS[1], "web", "link"))
        assert "Manage Server" in h.ephemeral_text(await h.command(PLAYERS[1], "web", "enable"))
        assert await h.bot.storage.web_site(GUILD_ID) is None
        replay = h.ephemeral_text(await h.command(PLAYERS[0], "replay", table=live.id, hand=1))
        assert "on the web" not in replay, "no link while the page is off"

        on = h.ephemeral_text(await h.command(ADMIN, "web", "enable"))
        site = await h.bot.storage.web_site(GUILD_ID)
        assert site is not None and site.enabled and f"/s/{site.token}/" in on and "private" in on
        assert f"/s/{site.token}/" in h.ephemeral_text(await h.command(PLAYERS[1], "web", "link"))
        replay = h.ephemeral_text(await h.command(PLAYERS[0], "replay", table=live.id, hand=1))
        assert re.search(rf"/s/{site.token}/tables/{live.id}/hands/1\b", replay)

        public = h.ephemeral_text(await h.command(ADMIN, "web", "enable", public=True))
        assert f"/s/{GUILD_ID}/" in public
        assert "off" in h.ephemeral_text(await h.command(ADMIN, "web", "disable"))
        assert not (await h.bot.storage.web_site(GUILD_ID)).enabled
        assert "page is off" in h.ephemeral_text(await h.command(PLAYERS[1], "web", "link"))
    finally:
        await h.close()
