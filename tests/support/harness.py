"""End-to-end harness: the real bot (cogs, command tree, view store) with Discord's HTTP recorded.

No network and no token. Requests the bot makes (REST and interaction webhooks) are answered by a
recorder that keeps every payload and file; users act by raw ``INTERACTION_CREATE`` payloads fed to
``client._connection.parse_interaction_create``, exactly as the gateway would deliver them.

Interaction replies follow Discord's rules for who sees them (``Recorder.webhook``): a deferral's
"thinking" message is replaced by the first follow-up, which keeps the deferral's visibility whatever
its own flags say, and edits of the original response keep the original's visibility.

Every payload is checked as the bot sends it (``tests/support/privacy.py``): no card reaches a channel, a DM
or an ephemeral reply whose audience may not see it; and every message says it parses no mention
(``tests/support/mentions.py``). The conftest fails the test otherwise.
"""
from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
from dataclasses import dataclass, field
from typing import Any, Callable

import discord
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.adapter.client import CardroomBot
from bot.service.clock import ASLEEP
from tests.support import mentions
from tests.support.discord_clock import CLOCK, keep_test_time
from tests.support.privacy import PrivacyCheck
from tests.support.waiting import CEILING

APP_ID = 900000000000000001
BOT_USER_ID = 900000000000000002
GUILD_ID = 910000000000000001
CHANNEL_ID = 920000000000000001
OTHER_GUILD_ID = 910000000000000002
OTHER_CHANNEL_ID = 920000000000000002
DM_CHANNEL_ID = 920000000000000003
TIMESTAMP = "2026-01-01T00:00:00+00:00"
MANAGE_CHANNELS = 1 << 4
MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 31)  # view, send, embed, attach, use commands
BOT_PERMISSIONS = MEMBER_PERMISSIONS | (1 << 38)  # and send messages in threads: what an interaction says the bot may do


def new_id() -> int:
    """A new message, attachment, channel, interaction or command id: a snowflake minted at
    ``CLOCK.now()``, so the bot and the loopback read its age as Discord would."""
    return CLOCK.snowflake()


OPEN: list["Harness"] = []
"""Harnesses not closed yet: a failing test's bot is closed by the conftest fixture, so its database
thread cannot keep the test run alive."""


def _idle(task: asyncio.Task[Any]) -> bool:
    """A view waiting for its timeout, or the service's clock asleep until a deadline, is not work in progress."""
    return getattr(task.get_coro(), "__qualname__", "").endswith("__timeout_task_impl") or task.get_name() == ASLEEP


@dataclass(frozen=True)
class Place:
    """Where an interaction comes from: a server's channel, or a DM with the bot (``guild_id`` None)."""

    guild_id: int | None
    channel_id: int


HOME = Place(GUILD_ID, CHANNEL_ID)
OTHER_SERVER = Place(OTHER_GUILD_ID, OTHER_CHANNEL_ID)
"""A second server, with a member of its own who may have Manage Channels there."""
DM = Place(None, DM_CHANNEL_ID)


@dataclass
class Request:
    """One HTTP request the bot made."""

    method: str
    path: str
    json: dict[str, Any] | None
    files: list[tuple[str, bytes]] = field(default_factory=list)
    file_origins: list[Any] = field(default_factory=list)  # per file: who may see what it was drawn from
    ephemeral: bool | None = None  # an interaction reply: whether Discord shows it to its user alone

    @property
    def text(self) -> str:
        """Everything readable in the request (content, embeds, components) as one string."""
        return json.dumps(self.json or {}, ensure_ascii=False)


@dataclass
class User:
    id: int
    name: str
    permissions: int = MEMBER_PERMISSIONS

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name, "discriminator": "0", "global_name": self.name,
                "avatar": None}


@dataclass
class OriginalResponse:
    """An interaction's original response as Discord keeps it: who sees it, and whether it is still
    a deferral's "thinking" message (which the first follow-up replaces)."""

    ephemeral: bool
    message_id: int | None = None
    thinking: bool = False


EPHEMERAL = 1 << 6


class Recorder:
    """Stands in for Discord's REST API and interaction webhooks."""

    def __init__(self) -> None:
        self.requests: list[Request] = []
        self.interactions: dict[str, dict[str, Any]] = {}  # token -> the raw interaction payload
        self.originals: dict[str, OriginalResponse] = {}  # token -> its original response
        self.messages: dict[int, dict[str, Any]] = {}  # message id -> latest payload
        self._posted_in: dict[int, list[int]] = {}  # channel id -> ids of the messages created there, oldest first
        self.dm_channels: dict[int, int] = {}  # DM channel id -> user id
        self.closed_dms: set[int] = set()
        self.failing_dms: set[int] = set()  # members whose DMs fail for another reason (Discord's 503)
        self.forbidden_channels: set[int] = set()
        self.deleted_channels: set[int] = set()  # a thread a member deleted: Discord's 404 Unknown Channel
        self.observers: list[Callable[[Request], None]] = []  # told of each request as it is made
        self.threads: dict[int, int] = {}  # thread id -> the channel it was opened in
        self.archived: set[int] = set()  # threads the bot archived

    # -- what was seen --------------------------------------------------------------------------

    def channel_requests(self, channel_id: int = CHANNEL_ID) -> list[Request]:
        return [r for r in self.requests if f"/channels/{channel_id}/" in r.path]

    def channel_text(self, channel_id: int = CHANNEL_ID, since: int = 0) -> str:
        """Every text the bot sent or edited in the channel (from its ``since``-th request), joined."""
        return " ".join(r.text for r in self.channel_requests(channel_id)[since:])

    def dm_requests(self, user_id: int) -> list[Request]:
        channels = [c for c, u in self.dm_channels.items() if u == user_id]
        return [r for r in self.requests if any(f"/channels/{c}/messages" in r.path for c in channels)]

    def interaction_replies(self) -> list[Request]:
        return [r for r in self.requests if r.path.startswith(("/interactions/", "/webhooks/"))]

    def replies_to(self, token: str) -> list[Request]:
        return [r for r in self.interaction_replies() if f"/{token}" in r.path]

    def shown(self, token: str) -> dict[str, Any]:
        """The message an interaction's original response is now (a reply, or the updated message whose
        component was pressed), as Discord shows it: its components can be pressed."""
        message_id = self.originals[token].message_id
        assert message_id is not None, "the interaction has no message"
        return self.messages[message_id]

    def messages_in(self, channel_id: int = CHANNEL_ID) -> list[dict[str, Any]]:
        """The channel's messages, oldest first (replies to interactions are not the channel's)."""
        return [m for i in list(self._posted_in.get(channel_id, ()))
                if (m := self.messages.get(i)) is not None and not m.get("_interaction_reply")]

    # -- answering ------------------------------------------------------------------------------

    def _message(self, channel_id: int, data: dict[str, Any], message_id: int | None = None) -> dict[str, Any]:
        message_id = message_id or new_id()
        old = self.messages.get(message_id, {})
        payload = {
            "id": str(message_id), "channel_id": str(channel_id), "type": 0, "tts": False,
            "content": data.get("content", old.get("content", "")),
            "embeds": data.get("embeds", old.get("embeds", [])),
            "components": data.get("components", old.get("components", [])),
            "attachments": [{"id": str(new_id()), "filename": a.get("filename", "file.png"),
                             "size": 1, "url": "https://cdn.invalid/x.png", "proxy_url": "https://cdn.invalid/x.png"}
                            for a in data.get("attachments", [])],
            "author": {"id": str(BOT_USER_ID), "username": "Cardroom", "discriminator": "0", "bot": True,
                       "avatar": None},
            "timestamp": TIMESTAMP, "edited_timestamp": None, "mention_everyone": False, "mentions": [],
            "mention_roles": [], "pinned": False, "flags": data.get("flags", 0),
        }
        if data.get("components") is None and "components" in data:
            payload["components"] = []
        if message_id not in self.messages:
            self._posted_in.setdefault(channel_id, []).append(message_id)
        self.messages[message_id] = payload
        return payload

    def _record(self, method: str, path: str, payload: dict[str, Any] | None,
                multipart: list[dict[str, Any]] | None, ephemeral: Any = None) -> Request:
        files: list[tuple[str, bytes]] = []
        origins: list[Any] = []
        if multipart:
            for part in multipart:
                if part["name"] == "payload_json":
                    payload = json.loads(part["value"])
                else:
                    value = part["value"]
                    if hasattr(value, "read"):
                        value.seek(0)
                        value = value.read()
                    origins.append(getattr(part["value"], "rendered_from", None))
                    files.append((part.get("filename", ""), bytes(value)))
        request = Request(method, path, payload, files, origins)
        if ephemeral is not None:
            request.ephemeral = ephemeral(request)
        self.requests.append(request)
        mentions.audit(request)
        for observe in self.observers:
            observe(request)
        return request

    async def rest(self, route: Route, *, files: Any = None, form: Any = None, **kwargs: Any) -> Any:
        request = self._record(route.method, _path(route), kwargs.get("json"), form)
        path = request.path
        parts = path.strip("/").split("/")
        if route.method == "POST" and path == "/users/@me/channels":
            user_id = int(request.json["recipient_id"])  # type: ignore[index]
            channel_id = new_id()
            self.dm_channels[channel_id] = user_id
            return {"id": str(channel_id), "type": 1, "last_message_id": None,
                    "recipients": [{"id": str(user_id), "username": f"user{user_id}", "discriminator": "0",
                                    "avatar": None}]}
        if route.method == "POST" and parts[0] == "channels" and len(parts) == 3 and parts[2] == "threads":
            thread = new_id()
            self.threads[thread] = int(parts[1])
            return {"id": str(thread), "type": 11, "guild_id": str(GUILD_ID), "parent_id": parts[1],
                    "name": (request.json or {}).get("name", ""), "owner_id": str(BOT_USER_ID),
                    "thread_metadata": {"archived": False, "auto_archive_duration": 1440, "locked": False,
                                        "archive_timestamp": TIMESTAMP}}
        if route.method == "PATCH" and parts[0] == "channels" and len(parts) == 2:
            thread = int(parts[1])
            (self.archived.add if (request.json or {}).get("archived") else self.archived.discard)(thread)
            return {"id": parts[1], "type": 11}
        if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
            channel_id = int(parts[1])
            if channel_id in self.deleted_channels:
                raise discord.NotFound(_FakeResponse(404, "Not Found"), {"code": 10003, "message": "Unknown Channel"})
            if self.dm_channels.get(channel_id) in self.closed_dms or channel_id in self.forbidden_channels:
                raise discord.Forbidden(_FakeResponse(403), {"code": 50007, "message": "Cannot send messages"})
            if self.dm_channels.get(channel_id) in self.failing_dms:
                raise discord.DiscordServerError(_FakeResponse(503, "Service Unavailable"), "")
            if route.method == "POST":
                return self._message(channel_id, request.json or {})
            if route.method == "PATCH":
                return self._message(channel_id, request.json or {}, int(parts[3]))
        return {}

    async def webhook(self, route: Route, session: Any = None, *, payload: Any = None, multipart: Any = None,
                      files: Any = None, **kwargs: Any) -> Any:
        """An interaction callback, follow-up or edit, seen by whom Discord shows it to."""
        parts = _path(route).strip("/").split("/")
        token = parts[2]
        interaction = self.interactions.get(token, {})
        channel_id = int(interaction.get("channel_id", CHANNEL_ID))
        reply: dict[str, Any] = {}

        def visibility(request: Request) -> bool:
            reply.update(self._reply_target(route.method, parts, token, request.json or {}))
            return bool(reply["ephemeral"])

        request = self._record(route.method, _path(route), payload, multipart, visibility)
        if parts[0] == "webhooks" and len(parts) == 3 and channel_id in self.deleted_channels:  # a follow-up
            raise discord.NotFound(_FakeResponse(404, "Not Found"), {"code": 10003, "message": "Unknown Channel"})
        if parts[0] == "interactions":
            if (request.json or {}).get("type") in (4, 7):  # a reply, or the pressed message updated
                self._show(channel_id, token, (request.json or {}).get("data") or {}, reply)
            return {"interaction": {"id": parts[1], "type": interaction.get("type", 2)}, "resource": None}
        if route.method == "DELETE":  # the original response (a "thinking" one too) or a follow-up
            self.messages.pop(reply["message_id"], None)
            return {}
        follow_up = route.method == "POST" and len(parts) == 3
        return self._show(channel_id, token, request.json or {}, reply, follow_up)

    def _show(self, channel_id: int, token: str, data: dict[str, Any], reply: dict[str, Any],
              follow_up: bool = False) -> dict[str, Any]:
        """Store a reply's message as Discord shows it (its visibility, the message it replaces). A
        public follow-up is a post of the channel, the one that replaces a command's "thinking" too (a
        table opened by a command is that command's public answer)."""
        body = dict(data)
        body["flags"] = (int(body.get("flags", 0)) & ~EPHEMERAL) | (EPHEMERAL if reply["ephemeral"] else 0)
        posted = reply["message_id"] in self.messages and not self.messages[reply["message_id"]].get("_interaction_reply")
        posted |= follow_up and not reply["ephemeral"]
        message = self._message(channel_id, body, reply["message_id"])
        if not posted:
            message["_interaction_reply"] = True  # an (often ephemeral) reply, not a channel post
        original = self.originals.get(token)
        if reply["original"] and original is not None:
            original.message_id = int(message["id"])
        return message

    def _reply_target(self, method: str, parts: list[str], token: str, body: dict[str, Any]) -> dict[str, Any]:
        """Discord's rules: which message a request writes (None: a new one), whether it is the
        original response, and whether its user alone sees it."""
        original = self.originals.get(token)
        if parts[0] == "interactions":  # the callback: the original response
            kind, data = body.get("type"), body.get("data") or {}
            if kind in (4, 5):  # a reply, or a deferral "thinking" until its first follow-up
                original = OriginalResponse(bool(data.get("flags", 0) & EPHEMERAL), thinking=kind == 5)
            elif kind in (6, 7):  # (deferred) update of the message whose component was used
                pressed = self.interactions.get(token, {}).get("message") or {}
                known = self.messages.get(int(pressed.get("id", 0)), pressed)  # as Discord stored it
                original = OriginalResponse(bool(known.get("flags", 0) & EPHEMERAL),
                                            int(pressed["id"]) if "id" in pressed else None)
            else:  # a modal or autocomplete choices: for the user alone, and no message
                return {"ephemeral": True, "message_id": None, "original": False}
            self.originals[token] = original
            return {"ephemeral": original.ephemeral, "message_id": original.message_id, "original": True}
        if len(parts) == 3 and original is not None and original.thinking:  # replaces "thinking"
            original.thinking = False
            return {"ephemeral": original.ephemeral, "message_id": original.message_id, "original": True}
        if len(parts) == 3:  # any later follow-up: a new message, visible as its flags say
            return {"ephemeral": bool(body.get("flags", 0) & EPHEMERAL), "message_id": None, "original": False}
        if parts[-1] == "@original":
            if original is None:
                original = self.originals[token] = OriginalResponse(False)
            original.thinking = False
            return {"ephemeral": original.ephemeral, "message_id": original.message_id, "original": True}
        message_id = int(parts[-1])  # an edit of a follow-up keeps that message's visibility
        flags = self.messages.get(message_id, {}).get("flags", 0)
        return {"ephemeral": bool(flags & EPHEMERAL), "message_id": message_id, "original": False}


class _RecordingAdapter(AsyncWebhookAdapter):
    """Interaction replies go through the webhook adapter, not the REST client: record them too."""

    def __init__(self, recorder: Recorder):
        super().__init__()
        self.recorder = recorder

    async def request(self, route: Route, session: Any = None, **kwargs: Any) -> Any:  # type: ignore[override]
        return await self.recorder.webhook(route, session, **kwargs)


class _FakeResponse:
    def __init__(self, status: int, reason: str = "Forbidden"):
        self.status = status
        self.reason = reason


def _path(route: Route) -> str:
    return route.url[len(Route.BASE):]


class Harness:
    """One bot over one database file, plus the recorder and helpers to act as users."""

    def __init__(self, bot: CardroomBot, recorder: Recorder):
        self.bot = bot
        self.recorder = recorder
        self._tokens = itertools.count(len(recorder.interactions) + 1)  # a recorder kept across a restart: new tokens
        self.interactions = recorder.interactions  # token -> the raw interaction payload
        self.privacy = PrivacyCheck(self, CHANNEL_ID)
        self.panels: dict[int, int] = {}  # member -> the message id of their newest seat panel

    @classmethod
    async def start(cls, database: str, recorder: Recorder | None = None, **options: Any) -> "Harness":
        """``options``: more of ``CardroomBot``'s (``metrics_port``...)."""
        recorder = recorder or Recorder()
        bot = CardroomBot(database, run_timers=False, **options)
        bot.http.request = recorder.rest  # type: ignore[method-assign]
        async_context.set(_RecordingAdapter(recorder))
        await bot._async_setup_hook()
        state = bot._connection
        state.user = discord.ClientUser(state=state, data={
            "id": str(BOT_USER_ID), "username": "Cardroom", "discriminator": "0", "avatar": None, "bot": True})
        state.application_id = APP_ID
        await bot.setup_hook()
        bot.service.between_deals = 0
        series = len(recorder.interactions)  # the same deals every run, whichever table deals first
        bot.service.seeds = lambda label: hashlib.sha256(f"{series}:{label}".encode()).hexdigest()
        keep_test_time(bot)  # message and press ages, and press guards, on the clock tests move
        harness = cls(bot, recorder)
        harness.privacy.attach()
        OPEN.append(harness)
        return harness

    async def close(self) -> None:
        if self in OPEN:
            OPEN.remove(self)
            await self.bot.close()
            self.privacy.detach()

    def _base(self, user: User, kind: int, data: dict[str, Any], at: Place = HOME) -> tuple[str, dict[str, Any]]:
        token = f"tok{next(self._tokens)}"
        payload: dict[str, Any] = {
            "id": str(new_id()), "application_id": str(APP_ID), "type": kind, "token": token, "version": 1,
            "channel_id": str(at.channel_id), "data": data, "locale": "en-US",
            "app_permissions": str(BOT_PERMISSIONS), "entitlements": [], "authorizing_integration_owners": {},
            "attachment_size_limit": 8 * 1024 * 1024,
        }
        if at.guild_id is None:  # a DM with the bot: a user, no member, no server
            payload |= {"user": user.payload(), "context": 1,
                        "channel": {"id": str(at.channel_id), "type": 1, "recipients": [user.payload()]}}
        else:
            payload |= {
                "guild_id": str(at.guild_id), "guild_locale": "en-US", "context": 0,
                "channel": {"id": str(at.channel_id), "type": 0, "guild_id": str(at.guild_id), "name": "cards",
                            "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None},
                "member": {"user": user.payload(), "roles": [], "joined_at": TIMESTAMP, "deaf": False,
                           "mute": False, "permissions": str(user.permissions), "flags": 0},
            }
        self.interactions[token] = payload
        return token, payload

    async def _dispatch(self, payload: dict[str, Any]) -> None:
        self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        await self.settle()

    async def settle(self, timeout: float = CEILING) -> None:
        """Wait until every task the interaction started has finished."""
        current = asyncio.current_task()
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            await asyncio.sleep(0.01)
            pending = [t for t in asyncio.all_tasks() if t is not current and not t.done() and not _idle(t)]
            if not pending:
                return
            if asyncio.get_running_loop().time() > deadline:
                raise TimeoutError(f"tasks still running: {pending}")

    async def command(self, user: User, group: str, sub: str | None = None, *, at: Place = HOME,
                      **options: Any) -> str:
        """A slash command such as ``/holdem create limit:no-limit`` (used ``at`` a server's channel or
        in a DM); returns the interaction token."""
        members = {k: v for k, v in options.items() if isinstance(v, User)}  # a member option: its id, resolved
        opts = [{"name": k, "type": _option_type(v), "value": str(v.id) if k in members else v}
                for k, v in options.items()]
        if sub is None:
            data = {"id": str(new_id()), "name": group, "type": 1, "options": opts}
        else:
            data = {"id": str(new_id()), "name": group, "type": 1,
                    "options": [{"name": sub, "type": 1, "options": opts}]}
        if members:
            data["resolved"] = {
                "users": {str(m.id): m.payload() for m in members.values()},
                "members": {str(m.id): {"roles": [], "joined_at": TIMESTAMP, "deaf": False, "mute": False,
                                        "permissions": str(m.permissions), "flags": 0} for m in members.values()}}
        token, payload = self._base(user, 2, data, at)
        await self._dispatch(payload)
        return token

    def find_component(self, predicate: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """(message, component) of the newest message holding a component that matches."""
        for message in reversed(list(self.recorder.messages.values())):
            for row in message.get("components", []):
                for component in row.get("components", []):
                    if predicate(component):
                        return message, component
        raise LookupError("no such component")

    async def press(self, user: User, custom_id: str, message: dict[str, Any] | None = None,
                    values: list[str] | None = None, *, at: Place = HOME) -> str:
        """Press a button (or pick ``values`` in a select) by custom_id, as shown on ``message``."""
        if message is None:
            message, component = self.find_component(lambda c: c.get("custom_id") == custom_id)
        else:
            component = next(c for r in message["components"] for c in r["components"]
                             if c.get("custom_id") == custom_id)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
        if values is not None:
            data["values"] = values
        token, payload = self._base(user, 3, data, at)
        payload["message"] = message
        await self._dispatch(payload)
        return token

    async def open_panel(self, user: User) -> dict[str, Any]:
        """Press the table message's My seat as ``user``: their seat panel (kept as a message, so its
        buttons can be pressed, and edited in place as the bot edits it)."""
        message = self.table_message()
        seat = next(c for r in message["components"] for c in r["components"]
                    if str(c.get("custom_id", "")).startswith("cr:seat:"))
        token = await self.press(user, seat["custom_id"], message)
        panel = self.recorder.shown(token)
        assert panel["flags"] & EPHEMERAL, self.ephemeral_text(token)
        self.panels[user.id] = int(panel["id"])
        return panel

    async def panel(self, user: User) -> dict[str, Any]:
        """The member's seat panel as it is now, opened with My seat if they have none yet."""
        if user.id in self.panels:
            return self.recorder.messages[self.panels[user.id]]
        return await self.open_panel(user)

    async def press_label(self, user: User, label_start: str) -> str:
        """Press the button whose label starts with ``label_start``: the table message's, else on the
        member's seat panel (opened with My seat if needed)."""
        for on_panel in (False, True):
            message = await self.panel(user) if on_panel else self.table_message()
            for component in (c for r in message["components"] for c in r["components"]):
                if str(component.get("label", "")).startswith(label_start):
                    return await self.press(user, component["custom_id"], message)
        raise LookupError(f"no {label_start!r}; table: {self.labels()}; {user.name}'s panel: {await self.labels_of(user)}")

    async def move(self, user: User, label_start: str) -> str:
        """Press, on the member's seat panel (opened with My seat if needed), the component whose label
        starts with ``label_start``: a move, or a button of their own (Sit out, Top up...)."""
        panel = await self.panel(user)
        for component in (c for r in panel["components"] for c in r["components"]):
            if str(component.get("label", "")).startswith(label_start):
                return await self.press(user, component["custom_id"], panel)
        raise LookupError(f"no {label_start!r} on {user.name}'s panel: {await self.labels_of(user)}")

    async def table_button(self, kind: str, user: User | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        """(message, its button for a move kind): ``user``'s seat panel's, else the table message's."""
        for on_panel in (True, False) if user is not None else (False,):
            message = await self.panel(user) if on_panel and user is not None else self.table_message()
            for row in message["components"]:
                for component in row["components"]:
                    parts = str(component.get("custom_id", "")).split(":")
                    if len(parts) > 5 and parts[5] == kind:
                        return message, component
        raise LookupError(f"no {kind} button; buttons: {self.labels()}")

    async def open_choice(self, user: User, kind: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """Press the member's button for ``kind``: the private reply (kept as a message, so its selects
        can be pressed) and its selects."""
        message, component = await self.table_button(kind, user)
        token = await self.press(user, component["custom_id"], message)
        reply = self.recorder.replies_to(token)[-1].json
        assert reply is not None and reply["type"] == 4, self.ephemeral_text(token)
        data = reply["data"]
        assert data["flags"] & 64, "the choice opens privately"
        return self.recorder.shown(token), [c for row in data["components"] for c in row["components"] if c["type"] == 3]

    async def pick(self, user: User, kind: str, value: str) -> str:
        """Make a one-pick move from the member's seat panel in one press: its button for ``value``, or
        ``value`` picked in the panel's select that holds it. Returns the press's token."""
        panel = await self.panel(user)
        for component in (c for r in panel["components"] for c in r["components"]):
            parts = str(component.get("custom_id", "")).split(":")
            if parts[:2] == ["cr", "k"] and parts[5] == kind and ":".join(parts[6:]) == value:
                return await self.press(user, component["custom_id"], panel)
            if parts[:2] == ["cr", "q"] and parts[5] == kind and value in [o["value"] for o in component["options"]]:
                return await self.press(user, component["custom_id"], panel, values=[value])
        raise LookupError(f"no {kind} {value} on {user.name}'s panel: {await self.labels_of(user)}")

    def labels(self) -> list[str]:
        """The table message's button labels."""
        return [str(c.get("label")) for r in self.table_message()["components"] for c in r["components"]]

    async def labels_of(self, user: User) -> list[str]:
        """The labels (a select: its placeholder) on the member's seat panel."""
        return [str(c.get("label") or c.get("placeholder")) for r in (await self.panel(user))["components"]
                for c in r["components"]]

    async def submit_modal(self, user: User, custom_id: str, fields: dict[str, str], *, at: Place = HOME) -> str:
        data = {"custom_id": custom_id, "components": [
            {"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]} for k, v in fields.items()]}
        token, payload = self._base(user, 5, data, at)
        await self._dispatch(payload)
        return token

    def ephemeral_text(self, token: str) -> str:
        """Everything the bot replied to one interaction (ephemeral or not), as text."""
        return " ".join(r.text for r in self.recorder.replies_to(token))

    def table_message(self, channel_id: int = CHANNEL_ID) -> dict[str, Any]:
        """The channel's newest table message (one with a table's buttons: a command's public answer,
        such as a leaderboard, is a channel message too), else its newest message (a closed table's)."""
        messages = self.recorder.messages_in(channel_id)
        tables = [m for m in messages if any(str(c.get("custom_id", "")).startswith(("cr:seat:", "cr:u:"))
                                             for row in m.get("components", []) for c in row.get("components", []))]
        return (tables or messages)[-1]


def _option_type(value: Any) -> int:
    if isinstance(value, User):
        return 6
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return 4
    return 3
