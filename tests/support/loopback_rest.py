"""The loopback Discord's REST routes the bot's ``HTTPClient`` uses: login, DM channels, channel
messages (post, edit, delete), channels, threads (started alone or from a message, archived and
unarchived) and servers, with Discord's refusals (a deleted channel 10003, a deleted message 10008,
missing access 50001, missing permissions 50013, an archived thread 50083, an edit of a message older
than an hour beyond its channel's allowance 30046 (``loopback_ratelimits.OldEdits``), and 50007
"Cannot send messages to this user" for a member whose DMs are closed: Discord answers a DM the
member does not accept with it, 403 (JSON Error Codes, Opcodes and Status Codes documentation)).

A thread is a channel of type 11 (public) or 12 (private) whose ``parent_id`` is the channel it was
started in; one started from a message has that message's id ("Start Thread from Message" in the
Channel resource documentation). ``threads`` and ``archived`` are the recorder's, so a test reads
the loopback's threads as it reads the recorder's.
"""
from __future__ import annotations

import re
from typing import Any

from tests.support.discord_clock import CLOCK
from tests.support.harness import APP_ID, BOT_USER_ID, CHANNEL_ID, GUILD_ID, TIMESTAMP, Recorder, Request, new_id
from tests.support.loopback_ratelimits import ERRORS, Answer, OldEdits, error


class RestRoutes(Recorder):
    """The REST handlers of ``LoopbackDiscord``, and the channels and servers a test takes away."""

    def __init__(self) -> None:
        super().__init__()
        self.deleted_channels: set[int] = set()
        self.denied: dict[int, int] = {}  # channel -> 403 code (50001 Missing Access, 50013 Missing Permissions)
        self.archived_threads: set[int] = set()
        self.left_guilds: set[int] = set()
        self.channel_guilds: dict[int, int] = {}  # channels of other guilds than GUILD_ID
        self.old_edits = OldEdits()

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
        if (refused := self.old_edits.take(channel_id, message_id, CLOCK.now(), CLOCK.offset)) is not None:
            return refused
        return Answer(200, self._message(channel_id, request.json or {}, message_id))

    def _delete(self, request: Request, match: re.Match[str]) -> Answer:
        if (fault := self._channel_fault(int(match["channel"]))) is not None:
            return fault
        if self.messages.pop(int(match["message"]), None) is None:
            return error(404, 10008, ERRORS[10008])
        return Answer(204)

    def _channel_payload(self, channel_id: int) -> dict[str, Any]:
        payload = {"id": str(channel_id), "type": 0, "guild_id": str(self.channel_guilds.get(channel_id, GUILD_ID)),
                   "name": "cards", "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None}
        if channel_id in self.threads:
            payload |= self._thread_fields(channel_id)
        return payload

    def _thread_fields(self, thread_id: int) -> dict[str, Any]:
        archived = thread_id in self.archived_threads
        return {"type": 11, "parent_id": str(self.threads[thread_id]), "owner_id": str(BOT_USER_ID),
                "message_count": 0, "member_count": 1, "rate_limit_per_user": 0, "thread_metadata": {
                    "archived": archived, "auto_archive_duration": 1440, "locked": False,
                    "archive_timestamp": TIMESTAMP}}

    def _start_thread(self, request: Request, match: re.Match[str]) -> Answer:
        """A thread in a channel (POST /channels/{id}/threads), or from one of its messages (POST
        /channels/{id}/messages/{message}/threads: the thread takes the message's id)."""
        channel_id = int(match["channel"])
        if (fault := self._channel_fault(channel_id)) is not None:
            return fault
        message = match.groupdict().get("message")
        if message is not None and int(message) not in self.messages:
            return error(404, 10008, ERRORS[10008])
        thread_id = int(message) if message is not None else new_id()
        if thread_id in self.threads:
            return error(400, 160004, "A thread has already been created for this message")
        self.threads[thread_id] = channel_id
        return Answer(201, {**self._channel_payload(thread_id), "name": (request.json or {}).get("name", "")})

    def _channel(self, request: Request, match: re.Match[str]) -> Answer:
        channel_id = int(match["channel"])
        fault = self._channel_fault(channel_id)
        if fault is not None and not (fault.status == 403 and fault.body["code"] == 50013):
            return fault  # a channel one may see but not post in is still readable
        return Answer(200, self._channel_payload(channel_id))

    def _edit_channel(self, request: Request, match: re.Match[str]) -> Answer:
        """Archive or unarchive a thread (the only channel edits the bot makes): an archived thread
        takes no message until it is unarchived (50083)."""
        channel_id = int(match["channel"])
        if (fault := self._channel_fault(channel_id)) is not None:
            return fault
        archived = (request.json or {}).get("archived")
        if archived is not None:
            for kept in (self.archived_threads, self.archived):
                (kept.add if archived else kept.discard)(channel_id)
        self.threads.setdefault(channel_id, CHANNEL_ID)  # a thread a test made (through the gateway)
        return Answer(200, self._channel_payload(channel_id))

    def _guild(self, request: Request, match: re.Match[str]) -> Answer:
        guild_id = int(match["guild"])
        if guild_id in self.left_guilds:
            return error(403, 50001, ERRORS[50001])
        return Answer(200, {"id": str(guild_id), "name": "cards"})
