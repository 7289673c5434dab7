"""The e2e harness over the loopback Discord: the bot logs in with discord.py's real ``HTTPClient``
against the server (``Route.BASE`` points at it) and answers interactions through the real webhook
adapter; users act by raw ``INTERACTION_CREATE`` payloads, as in ``tests/support/harness.py``, and the
gateway events a test needs (``GUILD_CREATE``, ``CHANNEL_DELETE``...) are fed the same way.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.adapter.client import CardroomBot
from tests.support.discord_clock import CLOCK, keep_test_time
from tests.support.harness import (BOT_USER_ID, CHANNEL_ID, GUILD_ID, HOME, MEMBER_PERMISSIONS, OPEN, TIMESTAMP, Harness,
                           Place, Recorder, User)
from tests.support.loopback_discord import LoopbackDiscord

_DISCORD = Route.BASE


class LoopbackHarness(Harness):
    """The e2e harness over the loopback server: the real ``HTTPClient`` and webhook adapter.

    The privacy check stays with the recorder harness (it ties each image to the view it was drawn
    from as the file object is handed over, which an HTTP upload does not carry)."""

    server: LoopbackDiscord
    delivery = 0.0
    """Seconds the clock moves between an interaction's creation and its delivery to the bot (``late``)."""

    @classmethod
    async def start(cls, database: str, recorder: Recorder | None = None) -> "LoopbackHarness":
        server = recorder if isinstance(recorder, LoopbackDiscord) else LoopbackDiscord()
        if server.port == 0:
            server.start()
        Route.BASE = server.base
        async_context.set(AsyncWebhookAdapter())  # the real one, even after a recorder harness in this context
        bot = CardroomBot(database, run_timers=False)
        await bot.login("loopback-token")  # GET /users/@me and the application, then setup_hook
        bot.service.between_deals = 0
        keep_test_time(bot)  # the clock the server reads message and token ages against
        harness = cls(bot, server)
        harness.server = server
        OPEN.append(harness)
        return harness

    async def close(self) -> None:
        await super().close()
        Route.BASE = _DISCORD

    @contextmanager
    def late(self, seconds: float) -> Iterator[None]:
        """Interactions made inside reach the bot ``seconds`` after their creation (their snowflake's
        time): the clock moves between the two, as a slow gateway or a busy bot would make it."""
        self.delivery = seconds
        try:
            yield
        finally:
            self.delivery = 0.0

    def _base(self, *args: Any, **kwargs: Any) -> tuple[str, dict[str, Any]]:
        token, payload = super()._base(*args, **kwargs)
        if self.delivery:
            CLOCK.advance(self.delivery)
        return token, payload

    async def raised_hand(self, alice: User, bob: User, at: Place = HOME) -> None:
        """``alice`` and ``bob`` at hold'em in ``at``; the player to act raises, so chips are committed
        to the deal in progress."""
        await self.command(alice, "holdem", "create", at=at)
        await self.command(bob, "holdem", "join", at=at)
        await self.command(alice, "holdem", "start", at=at)
        live = self.bot.service.in_channel(at.channel_id)
        seat = live.engine.to_act()[0]
        user = alice if live.table_seat_of(seat).user_id == alice.id else bob
        raise_to = next(s for s in live.engine.legal_actions(seat) if s.kind == "raise").min_amount
        custom_id = f"cr:a:{live.id}:{live.row.hand_no}:{live.row.step}:raise:{raise_to}"
        await self.press(user, custom_id, self.showing(custom_id, at.channel_id), at=at)
        assert live.row.step == 1 and live.row.deal is not None

    def showing(self, custom_id: str, channel_id: int = CHANNEL_ID) -> dict[str, Any]:
        """The table message as a member's screen shows it with a button ``custom_id`` (a member whose
        screen is up to date, or who pressed before the message changed)."""
        return {**self.table_message(channel_id), "components": [{"type": 1, "components": [
            {"type": 2, "style": 2, "label": "Go", "custom_id": custom_id}]}]}

    async def update(self, live: Any) -> None:
        """The table's next update (what an action or a timer asks for), once it is shown or given up."""
        await self.bot.presenter.update(live)
        await self.settle()

    async def gateway(self, event: str, data: dict[str, Any]) -> None:
        """Feed a gateway event (``CHANNEL_DELETE``, ``GUILD_CREATE``...) as discord.py receives it."""
        getattr(self.bot._connection, f"parse_{event.lower()}")(data)
        await self.settle()

    def channel(self, channel_id: int = CHANNEL_ID, **fields: Any) -> dict[str, Any]:
        """A channel (or, with ``parent_id``, a thread) of the home server as the gateway shows it."""
        payload = {**self.server._channel_payload(channel_id), **fields}
        if "parent_id" in fields:
            payload |= {"type": 11, "owner_id": str(BOT_USER_ID), "message_count": 0, "member_count": 1,
                        "rate_limit_per_user": 0, "thread_metadata": {
                            "archived": False, "auto_archive_duration": 1440, "locked": False,
                            "archive_timestamp": "2026-01-01T00:00:00+00:00"}}
        return payload

    async def join_guild(self, permissions: int = MEMBER_PERMISSIONS, threads: tuple[int, ...] = ()) -> None:
        """GUILD_CREATE for the home server: its channel, ``threads`` in that channel, and the bot as
        a member whose @everyone role has ``permissions``."""
        await self.gateway("GUILD_CREATE", {
            "id": str(GUILD_ID), "name": "cards", "icon": None, "owner_id": "1", "unavailable": False,
            "member_count": 2, "large": False, "features": [], "emojis": [], "stickers": [],
            "roles": [self.everyone(permissions)], "channels": [self.channel()],
            "threads": [self.channel(t, parent_id=str(CHANNEL_ID)) for t in threads],
            "members": [{"user": {"id": str(BOT_USER_ID), "username": "Cardroom", "discriminator": "0",
                                  "avatar": None, "bot": True},
                         "roles": [], "joined_at": TIMESTAMP, "deaf": False, "mute": False, "flags": 0}],
            "voice_states": [], "presences": [], "stage_instances": [], "guild_scheduled_events": [],
            "soundboard_sounds": []})

    @staticmethod
    def everyone(permissions: int) -> dict[str, Any]:
        return {"id": str(GUILD_ID), "name": "@everyone", "permissions": str(permissions), "position": 0,
                "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}
