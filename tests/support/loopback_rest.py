"""The loopback Discord's REST routes the bot's ``HTTPClient`` uses: login, DM channels, channel
messages (post, edit, delete), channels and servers, with Discord's refusals (a deleted channel
10003, a deleted message 10008, missing access 50001, missing permissions 50013, closed DMs 50007,
an archived thread 50083, an edit of a message older than an hour 30046).
"""
from __future__ import annotations

import re
from typing import Any

from tests.support.discord_clock import CLOCK
from tests.support.harness import APP_ID, BOT_USER_ID, GUILD_ID, Recorder, Request, new_id
from tests.support.loopback_ratelimits import ERRORS, Answer, edit_too_old, error


class RestRoutes(Recorder):
    """The REST handlers of ``LoopbackDiscord``, and the channels and servers a test takes away."""

    def __init__(self) -> None:
        super().__init__()
        self.deleted_channels: set[int] = set()
        self.denied: dict[int, int] = {}  # channel -> 403 code (50001 Missing Access, 50013 Missing Permissions)
        self.archived_threads: set[int] = set()
        self.left_guilds: set[int] = set()
        self.channel_guilds: dict[int, int] = {}  # channels of other guilds than GUILD_ID

    def _channel_fault(self, channel_id: int) -> Answer | None:
        guild = self.channel_guilds.get(channel_id, GUILD_ID)
        if channel_id in self.dm_channels:
            return error(403, 50007, ERRORS[50007]) if self.dm_channels[channel_id] in self.closed_dms else None
        if channel_id in self.deleted_channels:
            return error(404, 10003, ERRORS[10003])
        if guild in self.left_guilds:
            return error(403, 50001, ERRORS[50001])
        if channel_id in self.denied:
            return error(403, self.denied[channel_id], ERRORS[self.denied[channel_id]])
        return None

    def _me(self, request: Request, match: re.Match[str]) -> Answer:
        return Answer(200, {"id": str(BOT_USER_ID), "username": "Cardroom", "discriminator": "0",
                             "global_name": None, "avatar": None, "bot": True, "flags": 0})

    def _application(self, request: Request, match: re.Match[str]) -> Answer:
        owner = {"id": "1", "username": "owner", "discriminator": "0", "avatar": None}
        return Answer(200, {"id": str(APP_ID), "name": "Cardroom", "description": "", "icon": None,
                             "bot_public": True, "bot_require_code_grant": False, "owner": owner,
                             "verify_key": "0" * 64, "flags": 0, "summary": ""})

    def _dm_channel(self, request: Request, match: re.Match[str]) -> Answer:
        user_id = int((request.json or {})["recipient_id"])
        channel_id = next((c for c, u in self.dm_channels.items() if u == user_id), None) or new_id()
        self.dm_channels[channel_id] = user_id
        return Answer(200, {"id": str(channel_id), "type": 1, "last_message_id": None, "recipients": [
            {"id": str(user_id), "username": f"user{user_id}", "discriminator": "0", "avatar": None}]})

    def _send(self, request: Request, match: re.Match[str]) -> Answer:
        channel_id = int(match["channel"])
        if (fault := self._channel_fault(channel_id)) is not None:
            return fault
        if channel_id in self.archived_threads:
            return error(400, 50083, ERRORS[50083])
        return Answer(200, self._message(channel_id, request.json or {}))

    def _edit(self, request: Request, match: re.Match[str]) -> Answer:
        channel_id, message_id = int(match["channel"]), int(match["message"])
        if (fault := self._channel_fault(channel_id)) is not None:
            return fault
        if channel_id in self.archived_threads:
            return error(400, 50083, ERRORS[50083])
        old = self.messages.get(message_id)
        if old is None or int(old["channel_id"]) != channel_id:
            return error(404, 10008, ERRORS[10008])
        if (refused := edit_too_old(message_id, CLOCK.now())) is not None:
            return refused
        return Answer(200, self._message(channel_id, request.json or {}, message_id))

    def _delete(self, request: Request, match: re.Match[str]) -> Answer:
        if (fault := self._channel_fault(int(match["channel"]))) is not None:
            return fault
        if self.messages.pop(int(match["message"]), None) is None:
            return error(404, 10008, ERRORS[10008])
        return Answer(204)

    def _channel_payload(self, channel_id: int) -> dict[str, Any]:
        return {"id": str(channel_id), "type": 0, "guild_id": str(self.channel_guilds.get(channel_id, GUILD_ID)),
                "name": "cards", "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None}

    def _channel(self, request: Request, match: re.Match[str]) -> Answer:
        channel_id = int(match["channel"])
        fault = self._channel_fault(channel_id)
        if fault is not None and not (fault.status == 403 and fault.body["code"] == 50013):
            return fault  # a channel one may see but not post in is still readable
        return Answer(200, self._channel_payload(channel_id))

    def _edit_channel(self, request: Request, match: re.Match[str]) -> Answer:
        """Unarchive a thread (the only channel edit the bot makes)."""
        channel_id = int(match["channel"])
        if (fault := self._channel_fault(channel_id)) is not None:
            return fault
        if (request.json or {}).get("archived") is False:
            self.archived_threads.discard(channel_id)
        return Answer(200, {**self._channel_payload(channel_id), "type": 11,
                             "thread_metadata": {"archived": channel_id in self.archived_threads,
                                                 "auto_archive_duration": 60, "locked": False,
                                                 "archive_timestamp": "2026-01-01T00:00:00+00:00"}})

    def _guild(self, request: Request, match: re.Match[str]) -> Answer:
        guild_id = int(match["guild"])
        if guild_id in self.left_guilds:
            return error(403, 50001, ERRORS[50001])
        return Answer(200, {"id": str(guild_id), "name": "cards"})
