"""End-to-end harness: the real bot (cogs, command tree, view store) with Discord's HTTP recorded.

No network and no token. Requests the bot makes (REST and interaction webhooks) are answered by a
recorder that keeps every payload and file; users act by raw ``INTERACTION_CREATE`` payloads fed to
``client._connection.parse_interaction_create``, exactly as the gateway would deliver them.

Every payload is checked as the bot sends it (``PrivacyCheck``): no card reaches a channel, a DM or
an ephemeral reply whose audience may not see it; the conftest fails the test otherwise.
"""
from __future__ import annotations

import asyncio
import collections
import functools
import itertools
import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import discord
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.client import CardroomBot
from bot.games.cards import DECK, pretty
from bot.games.sigma_shapes import CODES as SIGMA_CODES
from bot.games.sixchex import BY_CODE as SIXCHEX_CODES
from bot.registry import game_names
from bot.tables import LiveTable
from cogs.info import rules_pages

APP_ID = 900000000000000001
BOT_USER_ID = 900000000000000002
GUILD_ID = 910000000000000001
CHANNEL_ID = 920000000000000001
TIMESTAMP = "2026-01-01T00:00:00+00:00"
MANAGE_CHANNELS = 1 << 4
MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 31)  # view, send, embed, attach, use commands
_ids = itertools.count(930000000000000001)


OPEN: list["Harness"] = []
"""Harnesses not closed yet: a failing test's bot is closed by the conftest fixture, so its database
thread cannot keep the test run alive."""


def _idle(task: asyncio.Task[Any]) -> bool:
    """A view waiting for its timeout is not work in progress."""
    return getattr(task.get_coro(), "__qualname__", "").endswith("__timeout_task_impl")


@dataclass
class Request:
    """One HTTP request the bot made."""

    method: str
    path: str
    json: dict[str, Any] | None
    files: list[tuple[str, bytes]] = field(default_factory=list)
    file_origins: list[Any] = field(default_factory=list)  # per file: who may see what it was drawn from

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


class Recorder:
    """Stands in for Discord's REST API and interaction webhooks."""

    def __init__(self) -> None:
        self.requests: list[Request] = []
        self.messages: dict[int, dict[str, Any]] = {}  # message id -> latest payload
        self.dm_channels: dict[int, int] = {}  # DM channel id -> user id
        self.closed_dms: set[int] = set()
        self.forbidden_channels: set[int] = set()
        self.observers: list[Callable[[Request], None]] = []  # told of each request as it is made

    # -- what was seen --------------------------------------------------------------------------

    def channel_requests(self, channel_id: int = CHANNEL_ID) -> list[Request]:
        return [r for r in self.requests if f"/channels/{channel_id}/" in r.path]

    def dm_requests(self, user_id: int) -> list[Request]:
        channels = [c for c, u in self.dm_channels.items() if u == user_id]
        return [r for r in self.requests if any(f"/channels/{c}/messages" in r.path for c in channels)]

    def interaction_replies(self) -> list[Request]:
        return [r for r in self.requests if r.path.startswith(("/interactions/", "/webhooks/"))]

    def replies_to(self, token: str) -> list[Request]:
        return [r for r in self.interaction_replies() if f"/{token}" in r.path]

    def messages_in(self, channel_id: int = CHANNEL_ID) -> list[dict[str, Any]]:
        return [m for m in self.messages.values()
                if int(m["channel_id"]) == channel_id and not m.get("_interaction_reply")]

    # -- answering ------------------------------------------------------------------------------

    def _message(self, channel_id: int, data: dict[str, Any], message_id: int | None = None) -> dict[str, Any]:
        message_id = message_id or next(_ids)
        old = self.messages.get(message_id, {})
        payload = {
            "id": str(message_id), "channel_id": str(channel_id), "type": 0, "tts": False,
            "content": data.get("content", old.get("content", "")),
            "embeds": data.get("embeds", old.get("embeds", [])),
            "components": data.get("components", old.get("components", [])),
            "attachments": [{"id": str(next(_ids)), "filename": a.get("filename", "file.png"),
                             "size": 1, "url": "https://cdn.invalid/x.png", "proxy_url": "https://cdn.invalid/x.png"}
                            for a in data.get("attachments", [])],
            "author": {"id": str(BOT_USER_ID), "username": "Cardroom", "discriminator": "0", "bot": True,
                       "avatar": None},
            "timestamp": TIMESTAMP, "edited_timestamp": None, "mention_everyone": False, "mentions": [],
            "mention_roles": [], "pinned": False, "flags": data.get("flags", 0),
        }
        if data.get("components") is None and "components" in data:
            payload["components"] = []
        self.messages[message_id] = payload
        return payload

    def _record(self, method: str, path: str, payload: dict[str, Any] | None,
                multipart: list[dict[str, Any]] | None) -> Request:
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
        self.requests.append(request)
        for observe in self.observers:
            observe(request)
        return request

    async def rest(self, route: Route, *, files: Any = None, form: Any = None, **kwargs: Any) -> Any:
        request = self._record(route.method, _path(route), kwargs.get("json"), form)
        path = request.path
        parts = path.strip("/").split("/")
        if route.method == "POST" and path == "/users/@me/channels":
            user_id = int(request.json["recipient_id"])  # type: ignore[index]
            channel_id = next(_ids)
            self.dm_channels[channel_id] = user_id
            return {"id": str(channel_id), "type": 1, "last_message_id": None,
                    "recipients": [{"id": str(user_id), "username": f"user{user_id}", "discriminator": "0",
                                    "avatar": None}]}
        if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
            channel_id = int(parts[1])
            if self.dm_channels.get(channel_id) in self.closed_dms or channel_id in self.forbidden_channels:
                raise discord.Forbidden(_FakeResponse(403), {"code": 50007, "message": "Cannot send messages"})
            if route.method == "POST":
                return self._message(channel_id, request.json or {})
            if route.method == "PATCH":
                return self._message(channel_id, request.json or {}, int(parts[3]))
        return {}

    async def webhook(self, route: Route, session: Any = None, *, payload: Any = None, multipart: Any = None,
                      files: Any = None, **kwargs: Any) -> Any:
        request = self._record(route.method, _path(route), payload, multipart)
        if "/callback" in request.path:
            interaction_id = request.path.split("/")[2]
            return {"interaction": {"id": interaction_id, "type": 2}, "resource": None}
        message = self._message(CHANNEL_ID, request.json or {})
        message["_interaction_reply"] = True  # an (often ephemeral) reply, not a channel post
        return message


class _RecordingAdapter(AsyncWebhookAdapter):
    """Interaction replies go through the webhook adapter, not the REST client: record them too."""

    def __init__(self, recorder: Recorder):
        super().__init__()
        self.recorder = recorder

    async def request(self, route: Route, session: Any = None, **kwargs: Any) -> Any:  # type: ignore[override]
        return await self.recorder.webhook(route, session, **kwargs)


class _FakeResponse:
    def __init__(self, status: int):
        self.status = status
        self.reason = "Forbidden"


def _path(route: Route) -> str:
    return route.url[len(Route.BASE):]


class Harness:
    """One bot over one database file, plus the recorder and helpers to act as users."""

    def __init__(self, bot: CardroomBot, recorder: Recorder):
        self.bot = bot
        self.recorder = recorder
        self._tokens = itertools.count(1)
        self.interactions: dict[str, dict[str, Any]] = {}  # token -> the raw interaction payload
        self.privacy = PrivacyCheck(self)

    @classmethod
    async def start(cls, database: str, recorder: Recorder | None = None) -> "Harness":
        recorder = recorder or Recorder()
        bot = CardroomBot(database, run_timers=False)
        bot.http.request = recorder.rest  # type: ignore[method-assign]
        async_context.set(_RecordingAdapter(recorder))
        await bot._async_setup_hook()
        state = bot._connection
        state.user = discord.ClientUser(state=state, data={
            "id": str(BOT_USER_ID), "username": "Cardroom", "discriminator": "0", "avatar": None, "bot": True})
        state.application_id = APP_ID
        await bot.setup_hook()
        bot.service.between_deals = 0
        harness = cls(bot, recorder)
        harness.privacy.attach()
        OPEN.append(harness)
        return harness

    async def close(self) -> None:
        if self in OPEN:
            OPEN.remove(self)
            await self.bot.close()
            self.privacy.detach()

    def _base(self, user: User, kind: int, data: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        token = f"tok{next(self._tokens)}"
        payload = {
            "id": str(next(_ids)), "application_id": str(APP_ID), "type": kind, "token": token, "version": 1,
            "guild_id": str(GUILD_ID), "channel_id": str(CHANNEL_ID),
            "channel": {"id": str(CHANNEL_ID), "type": 0, "guild_id": str(GUILD_ID), "name": "cards",
                        "position": 0, "permission_overwrites": [], "nsfw": False, "parent_id": None},
            "member": {"user": user.payload(), "roles": [], "joined_at": TIMESTAMP, "deaf": False, "mute": False,
                       "permissions": str(user.permissions), "flags": 0},
            "data": data, "locale": "en-US", "guild_locale": "en-US", "app_permissions": str(MEMBER_PERMISSIONS),
            "entitlements": [], "authorizing_integration_owners": {}, "context": 0,
            "attachment_size_limit": 8 * 1024 * 1024,
        }
        self.interactions[token] = payload
        return token, payload

    async def _dispatch(self, payload: dict[str, Any]) -> None:
        self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        await self.settle()

    async def settle(self, timeout: float = 20.0) -> None:
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

    async def command(self, user: User, group: str, sub: str | None = None, **options: Any) -> str:
        """A slash command such as ``/holdem create limit:no-limit``; returns the interaction token."""
        opts = [{"name": k, "type": _option_type(v), "value": v} for k, v in options.items()]
        if sub is None:
            data = {"id": str(next(_ids)), "name": group, "type": 1, "options": opts}
        else:
            data = {"id": str(next(_ids)), "name": group, "type": 1,
                    "options": [{"name": sub, "type": 1, "options": opts}]}
        token, payload = self._base(user, 2, data)
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
                    values: list[str] | None = None) -> str:
        """Press a button (or pick ``values`` in a select) by custom_id, as shown on ``message``."""
        if message is None:
            message, component = self.find_component(lambda c: c.get("custom_id") == custom_id)
        else:
            component = next(c for r in message["components"] for c in r["components"]
                             if c.get("custom_id") == custom_id)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component["type"]}
        if values is not None:
            data["values"] = values
        token, payload = self._base(user, 3, data)
        payload["message"] = message
        await self._dispatch(payload)
        return token

    async def press_label(self, user: User, label_start: str) -> str:
        """Press the table message's button whose label starts with ``label_start``."""
        message = self.table_message()
        component = next(c for r in message["components"] for c in r["components"]
                         if str(c.get("label", "")).startswith(label_start))
        return await self.press(user, component["custom_id"], message)

    def labels(self) -> list[str]:
        return [str(c.get("label")) for r in self.table_message()["components"] for c in r["components"]]

    async def submit_modal(self, user: User, custom_id: str, fields: dict[str, str]) -> str:
        data = {"custom_id": custom_id, "components": [
            {"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]} for k, v in fields.items()]}
        token, payload = self._base(user, 5, data)
        await self._dispatch(payload)
        return token

    def ephemeral_text(self, token: str) -> str:
        """Everything the bot replied to one interaction (ephemeral or not), as text."""
        return " ".join(r.text for r in self.recorder.replies_to(token))

    def table_message(self) -> dict[str, Any]:
        return self.recorder.messages_in(CHANNEL_ID)[-1]


def _option_type(value: Any) -> int:
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return 4
    return 3


# -- privacy: no hidden card in any payload someone may not see -----------------------------------

CARD_CODES: frozenset[str] = frozenset(DECK) | frozenset(SIXCHEX_CODES) | frozenset(SIGMA_CODES)
"""Every card code a view may hold: the 52-card deck ("As"), SIXCHEX ("C07") and Sigma ("S17")."""
_PRETTY_CODES = {pretty(code): code for code in DECK}
_WORD = re.compile(r"[0-9A-Za-z]+")
_PRETTY = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[♣♦♥♠]")
_NOT_CARDS = re.compile(
    r"\b(?:bids|Contract|higher than|Bid:) [1-7](?:[♣♦♥♠]|NT)X{0,2}(?: – [1-7](?:[♣♦♥♠]|NT))?"
    r"|^(?:Deck order \(first \d+\)|Rebuild it yourself):.*$", re.MULTILINE)
"""Text that looks like cards and is not a secret: bridge bids with their strain symbols ("bids 4♥",
"Contract 4♥X", a bid select's "Bid: 1NT – 6♠"), and /verify's deck of a finished deal (its seed
is public) and of the deck's fixed starting order."""
_BID_CODE = re.compile(r"[1-7](?:C|D|H|S|NT)")
EPHEMERAL = 1 << 6
PAYLOADS_CHECKED: collections.Counter[str] = collections.Counter()
"""Payloads checked in this test run, by audience (channel, dm, ephemeral)."""
CHECKS: list["PrivacyCheck"] = []
"""Every check started since the conftest fixture last collected them."""


def view_cards(view: Any) -> set[str]:
    """Card codes anywhere in a view (strings, lists, dicts such as ``{"code": "C07", ...}``)."""
    if isinstance(view, str):
        return {view} & CARD_CODES
    values = view.values() if isinstance(view, dict) else view if isinstance(view, (list, tuple)) else ()
    return set().union(*map(view_cards, values))


def _codes_in_word(word: str) -> set[str]:
    """A word that is a card code, or only card codes run together ("AsKd"), names those cards."""
    if word in CARD_CODES:
        return {word}
    for width in (2, 3):
        parts = [word[i:i + width] for i in range(0, len(word), width)]
        if len(word) > width and len(word) % width == 0 and all(p in CARD_CODES for p in parts):
            return set(parts)
    return set()


def text_cards(text: str) -> set[str]:
    """Cards a text names, as codes ("As", "C07", "AsKd") or pretty ("A♠", "10♦"), whole tokens only:
    the "As" of "Ask" or the "4♥" of a bridge bid is no card."""
    text = _NOT_CARDS.sub(" ", text)
    found = set().union(*(_codes_in_word(w) for w in _WORD.findall(text)))
    return found | {_PRETTY_CODES[m] for m in _PRETTY.findall(text)}


def _drawn_from(origin: Audience | None) -> str:
    if origin is None:
        return "a view the presenter did not draw"
    if origin.kind == "channel":
        return f"the public view of a table in channel {origin.channel_id}"
    if origin.kind == "user":
        return f"the own view of user {origin.user_id}"
    return "a view that is neither a table's public view nor a seat's"


def _excerpt(text: str, card: str, width: int = 60) -> str:
    """The part of ``text`` around the first mention of ``card`` (code or pretty form)."""
    found = [i for i in (text.find(card), text.find(pretty(card))) if i >= 0]
    start = max(0, min(found, default=0) - width)
    return ("…" if start else "") + text[start:start + 2 * width + len(card)] + "…"


@functools.cache
def _rules_pages() -> frozenset[str]:
    """The /rules pages: the same for everyone, they name cards only as examples."""
    return frozenset(page for name in game_names() for page in rules_pages(name))


def _without(text: str, lines: frozenset[str]) -> str:
    """``text`` without ``lines`` or any rules page (text that tells no secret of this deal)."""
    for line in lines | _rules_pages():
        text = text.replace(line, " ")
    return text


def _custom_ids(payload: Any) -> Iterator[str]:
    """The custom ids of every component (and modal) in a JSON payload."""
    if isinstance(payload, dict):
        if isinstance(payload.get("custom_id"), str):
            yield payload["custom_id"]
        for value in payload.values():
            yield from _custom_ids(value)
    elif isinstance(payload, list):
        for value in payload:
            yield from _custom_ids(value)


def _strings(payload: Any) -> Iterator[str]:
    """Every string in a JSON payload: content, embeds, labels, option values, custom ids (but not
    the label of a bridge bid's select option, "4♥" for "4H")."""
    if isinstance(payload, str):
        yield payload
    elif isinstance(payload, dict):
        bid = _BID_CODE.fullmatch(str(payload.get("value", "")))
        for key, value in payload.items():
            if not (bid and key == "label"):
                yield from _strings(value)
    elif isinstance(payload, list):
        for value in payload:
            yield from _strings(value)


@dataclass(frozen=True)
class TableSecrets:
    """Which cards of one table were hidden from whom at one moment."""

    channel_id: int
    public: frozenset[str]      # in the public view
    dealt: frozenset[str]       # in some deal seat's view
    own: dict[int, frozenset[str]]  # user id -> cards in that user's own view
    old_lines: frozenset[str] = frozenset()  # the table's log lines from earlier deals: no news now

    def visible_to(self, user_id: int | None) -> frozenset[str]:
        """The public view's cards and, for a user (None: the public), that user's own."""
        return self.public | self.own.get(user_id, frozenset()) if user_id is not None else self.public

    def hidden_from(self, user_id: int | None) -> frozenset[str]:
        """Cards some seat sees that ``user_id`` (None: the public) does not."""
        return self.dealt - self.visible_to(user_id)


@dataclass(frozen=True)
class Audience:
    """Who sees a payload: a channel (everyone in it) or one user (a DM or an ephemeral reply)."""

    kind: str                   # "channel", "dm" or "ephemeral" (for a picture's origin, see PrivacyCheck.origin)
    channel_id: int | None = None
    user_id: int | None = None  # None for an ephemeral reply whose user is not known: treated as the public


class PrivacyCheck:
    """Checks every payload the bot sends, as it is sent, against the bot's live tables; keeps findings.

    A card is hidden from the public if some deal seat's view holds it and the public view does not,
    and hidden from a user if, besides, that user's own view does not hold it. Channel payloads may
    name no card hidden from the public, a DM or an ephemeral reply none hidden from its user, and a
    picture must be drawn from a view its audience may see (the presenter's renderer is wrapped to
    tell which).
    """

    def __init__(self, harness: Harness):
        self.harness = harness
        self.findings: list[str] = []
        self.checked: collections.Counter[str] = collections.Counter()
        self._original_ephemeral: dict[str, bool] = {}  # token -> its first reply is ephemeral
        self._custom_ids: dict[str, set[str]] = {"private": set(), "public": set()}  # where each was shown
        self._deal_users: dict[int, tuple[Any, list[int]]] = {}  # table id -> (engine, user per deal seat)
        self._line_deals: dict[tuple[int, str], Any] = {}  # (table id, log line) -> engine when first seen

    def attach(self) -> None:
        presenter = self.harness.bot.presenter

        async def tagged(fn: Any, *args: Any) -> discord.File:
            origin = self.origin(args[0])
            file = await type(presenter)._render(presenter, fn, *args)  # as patched now, by a test too
            file.fp.rendered_from = origin  # type: ignore[attr-defined]
            return file

        presenter._render = tagged  # type: ignore[method-assign]
        self.harness.recorder.observers.append(self.observe)
        CHECKS.append(self)

    def detach(self) -> None:
        if self.observe in self.harness.recorder.observers:
            self.harness.recorder.observers.remove(self.observe)

    # -- what is secret now ---------------------------------------------------------------------

    def _users(self, live: LiveTable) -> list[int]:
        """The user of each deal seat; remembered per engine, since a settled deal forgets its seats."""
        if live.row.hand is not None:
            users = [live.row.seats[i]["user_id"] for i in live.dealt()]
            self._deal_users[live.id] = (live.engine, users)
            return users
        engine, users = self._deal_users.get(live.id, (None, []))
        return users if engine is live.engine else []

    def snapshot(self) -> list[TableSecrets]:
        secrets: list[TableSecrets] = []
        for live in list(self.harness.bot.service.tables.values()):
            if live.engine is None:
                continue
            users = self._users(live)
            seats = [view_cards(live.engine.view(s)) for s in range(live.deal_size)]
            own = {user: frozenset(seats[s]) for s, user in enumerate(users) if s < len(seats)}
            secrets.append(TableSecrets(live.row.channel_id, frozenset(view_cards(live.engine.view(None))),
                                        frozenset().union(*seats), own, self._old_lines(live)))
        return secrets

    def _old_lines(self, live: LiveTable) -> frozenset[str]:
        """Log lines first seen during an earlier deal ("Bob shows A♠ K♠" of the last hand): the new
        deal may have dealt those cards face down, yet repeating that line reveals nothing."""
        for line in live.log:
            self._line_deals.setdefault((live.id, line), live.engine)
        return frozenset(line for line in live.log if self._line_deals[(live.id, line)] is not live.engine)

    def origin(self, view: Any) -> Audience:
        """Whose view a picture is drawn from: a table's public view (kind "channel"), a user's own
        (kind "user"), or neither (kind "unknown")."""
        for live in self.harness.bot.service.tables.values():
            if live.engine is None:
                continue
            if view == live.engine.view(None):
                return Audience("channel", channel_id=live.row.channel_id)
        for live in self.harness.bot.service.tables.values():
            if live.engine is None:
                continue
            for seat, user in enumerate(self._users(live)):
                if view == live.engine.view(seat):
                    return Audience("user", user_id=user)
        return Audience("unknown")

    # -- who sees a request -----------------------------------------------------------------------

    def audience(self, request: Request) -> tuple[Audience, Any] | None:
        """Who sees a message-bearing request, and its message part; None for other requests."""
        parts = request.path.strip("/").split("/")
        body = request.json or {}
        if request.method not in ("POST", "PATCH") or len(parts) < 2:
            return None
        if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
            channel = int(parts[1])
            user = self.harness.recorder.dm_channels.get(channel)
            return (Audience("dm", user_id=user) if user is not None
                    else Audience("channel", channel_id=channel)), body
        if parts[0] == "interactions" and parts[-1] == "callback":
            return self._callback_audience(parts[2], body)
        if parts[0] == "webhooks" and len(parts) >= 3:
            token = parts[2]
            if len(parts) == 3:
                ephemeral = bool(body.get("flags", 0) & EPHEMERAL)
            elif parts[-1] == "@original":
                ephemeral = self._original_ephemeral.get(token, False)
            else:
                ephemeral = bool(self.harness.recorder.messages.get(int(parts[-1]), {}).get("flags", 0) & EPHEMERAL)
            return self._reply_audience(token, ephemeral), body
        return None

    def _callback_audience(self, token: str, body: dict[str, Any]) -> tuple[Audience, Any]:
        kind, data = body.get("type"), body.get("data") or {}
        if kind in (4, 5):  # a new reply (or "thinking"): ephemeral by its own flags
            ephemeral = bool(data.get("flags", 0) & EPHEMERAL)
        elif kind in (6, 7):  # an edit of the message whose component was used
            ephemeral = self._pressed_privately(self.harness.interactions.get(token, {}))
        else:  # a modal or autocomplete choices: shown to the user alone
            return self._reply_audience(token, True), data
        self._original_ephemeral[token] = ephemeral
        return self._reply_audience(token, ephemeral), data

    def _pressed_privately(self, interaction: dict[str, Any]) -> bool:
        """Whether the component was on an ephemeral message: by its flags, or (a test may rebuild
        the message it presses without them) by where that custom id was ever shown."""
        message = interaction.get("message") or {}
        custom_id = (interaction.get("data") or {}).get("custom_id")
        return bool(message.get("flags", 0) & EPHEMERAL) or (
            custom_id in self._custom_ids["private"] and custom_id not in self._custom_ids["public"])

    def _reply_audience(self, token: str, ephemeral: bool) -> Audience:
        interaction = self.harness.interactions.get(token)
        channel = int(interaction["channel_id"]) if interaction else CHANNEL_ID
        if not ephemeral:
            return Audience("channel", channel_id=channel)
        return Audience("ephemeral", user_id=int(interaction["member"]["user"]["id"]) if interaction else None)

    # -- the check --------------------------------------------------------------------------------

    def observe(self, request: Request) -> None:
        try:
            self.check(request)
        except Exception as error:  # a broken check must fail the test, not the bot's request
            self.findings.append(f"privacy check failed on {request.method} {request.path}: {error!r}")

    def check(self, request: Request) -> None:
        seen = self.audience(request)
        if seen is None:
            return
        audience, body = seen
        self._custom_ids["public" if audience.kind == "channel" else "private"].update(_custom_ids(body))
        self.checked[audience.kind] += 1
        PAYLOADS_CHECKED[audience.kind] += 1
        secrets = self.snapshot()
        hidden = self.hidden(audience, secrets)
        old_lines = frozenset().union(*(t.old_lines for t in secrets))
        where = f"{audience.kind} payload {request.method} {request.path}"
        for text in _strings(body):
            for card in sorted(text_cards(_without(text, old_lines)) & hidden):
                self.findings.append(f"{where} shows {card} ({pretty(card)}), hidden from "
                                     f"{self._whom(audience)}, in {_excerpt(text, card)!r}")
        for (name, _), origin in zip(request.files, request.file_origins):
            if not self.may_see(audience, origin):
                self.findings.append(f"{where} carries picture {name!r} drawn from {_drawn_from(origin)}, "
                                     f"not one {self._whom(audience)} may see")

    @staticmethod
    def hidden(audience: Audience, secrets: list[TableSecrets]) -> frozenset[str]:
        """Cards the audience may not see: hidden from it at some table, visible to it at none (two
        tables may deal the same card)."""
        if audience.kind == "channel":
            tables = [t for t in secrets if t.channel_id == audience.channel_id]
            user = None
        else:
            tables, user = secrets, audience.user_id
        hidden = frozenset().union(*(t.hidden_from(user) for t in tables))
        return hidden - frozenset().union(*(t.visible_to(user) for t in tables))

    @staticmethod
    def may_see(audience: Audience, origin: Audience | None) -> bool:
        if origin is None:
            return audience.kind != "channel"  # pictures drawn outside the presenter go to one user only
        if origin.kind == "unknown":
            return False
        if origin.kind == "channel":
            return audience.kind != "channel" or origin.channel_id == audience.channel_id
        return audience.kind != "channel" and origin.user_id == audience.user_id

    @staticmethod
    def _whom(audience: Audience) -> str:
        return f"channel {audience.channel_id}" if audience.kind == "channel" else f"user {audience.user_id}"
