"""The privacy check run on every end-to-end test: no hidden card in any payload someone may not see.

``PrivacyCheck`` reads each request the harness records, as it is sent, against the live tables'
views at that moment: a card some seat sees but the public does not must not reach a channel or a
non-ephemeral reply, and a card hidden from a user must not reach their DM or their private replies.
Images are tied to the view they were drawn from. The conftest fails a test with the findings.

Replays of finished deals (``tests/support/privacy_replays.py``): each frame must be the public view at its step
or the viewer's own seat's view, and a replay message may name only cards public by then or the
viewer's own.

Shared deals (an event's board, ``bot.service.events.shared_deals``): while some table of the event plays a deal, its
seed reaches no channel, and in the channels of the event's tables neither does the result of a
table that finished it; such a table's finished board is no public view (its cards and picture are
hidden from its channel).
"""
from __future__ import annotations

import collections
import functools
import hashlib
import re
from dataclasses import dataclass
from typing import Any, Iterator

import discord

from bot.games.card_names import card_name
from bot.games.cards import DECK, pretty
from bot.games.sigma_shapes import CODES as SIGMA_CODES
from bot.games.sixchex import BY_CODE as SIXCHEX_CODES
from bot.registry import game_names
from bot.service.table.live import LiveTable
from cogs.info import rules_pages
from tests.support.privacy_replays import ReplayAudit

CARD_CODES: frozenset[str] = frozenset(DECK) | frozenset(SIXCHEX_CODES) | frozenset(SIGMA_CODES)
"""Every card code a view may hold: the 52-card deck ("As"), SIXCHEX ("C07") and Sigma ("S17")."""
_PRETTY_CODES = {pretty(code): code for code in DECK}
_NAMED_CODES = {card_name(code): code for code in (*SIXCHEX_CODES, *SIGMA_CODES)}
"""SIXCHEX and Sigma cards as messages name them ("15B", "■□/■■/□□"), to their codes."""
_NAMED = re.compile("|".join(rf"(?<![0-9A-Za-z/■□]){re.escape(name)}(?![0-9A-Za-z/■□])"
                             for name in sorted(_NAMED_CODES, key=len, reverse=True)))
_WORD = re.compile(r"[0-9A-Za-z]+")
_PRETTY = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[♣♦♥♠]")
_NOT_CARDS = re.compile(
    r"\b(?:bids|Contract|higher than|Bid:) [1-7](?:[♣♦♥♠]|NT)X{0,2}(?: – [1-7](?:[♣♦♥♠]|NT))?"
    r"|^(?:Deck order \(first \d+\)|Rebuild it yourself):.*$", re.MULTILINE)
"""Text that looks like cards and is not a secret: bridge bids with their strain symbols ("bids 4♥",
"Contract 4♥X", a bid select's "Bid: 1NT – 6♠"), and /verify's deck of a finished deal (its seed
is public) and of the deck's fixed starting order."""
_BID_CODE = re.compile(r"[1-7](?:C|D|H|S|NT)")
_BY_SUIT = re.compile(r"([♣♦♥♠])((?: (?:10|[2-9JQKA])(?![0-9A-Za-z♣♦♥♠]))+)")
"""A hand written suit by suit, as bridge players write it and a seat panel shows it ("♠ A K 5 · ♥ Q 10")."""
_SUIT_LETTERS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
PAYLOADS_CHECKED: collections.Counter[str] = collections.Counter()
"""Payloads checked in this test run, by audience (channel, dm, ephemeral)."""
CHECKS: list["PrivacyCheck"] = []
"""Every check started since the conftest fixture last collected them."""
CARD_FREE: set[bytes] = set()
"""SHA-256 of every picture the render pool drew from a view that holds no card at all (a leaderboard,
a statistics card): a channel may see it, whoever drew it."""


def _note_card_free_pictures() -> None:
    """Wrap the render pool (once per run) so that pictures of card-free views are known."""
    from bot import render_pool

    if getattr(render_pool.render, "notes_card_free", False):
        return
    drawn = render_pool.render

    async def render(fn: Any, *args: Any, **options: Any) -> bytes:
        png = await drawn(fn, *args, **options)
        if isinstance(png, bytes) and not view_cards(list(args)):
            CARD_FREE.add(hashlib.sha256(png).digest())
        return png

    render.notes_card_free = True  # type: ignore[attr-defined]
    render_pool.render = render  # type: ignore[assignment]


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
    """Cards a text names, as codes ("As", "C07", "AsKd"), pretty ("A♠", "10♦") or by name ("15B"), whole tokens only:
    the "As" of "Ask" or the "4♥" of a bridge bid is no card."""
    text = _NOT_CARDS.sub(" ", text)
    found = set().union(*(_codes_in_word(w) for w in _WORD.findall(text)))
    found |= {("T" if rank == "10" else rank) + _SUIT_LETTERS[suit]
              for suit, ranks in _BY_SUIT.findall(text) for rank in ranks.split()}
    return found | {_PRETTY_CODES[m] for m in _PRETTY.findall(text)} | {_NAMED_CODES[m] for m in _NAMED.findall(text)}


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


def _strings(payload: Any) -> Iterator[str]:
    """Every string in a JSON payload: content, embeds, labels, option values, custom ids (but not
    the label of a bridge bid's select option or pick button, "4♥" for "4H")."""
    if isinstance(payload, str):
        yield payload
    elif isinstance(payload, dict):
        picked = str(payload.get("value", "")) or str(payload.get("custom_id", "")).rpartition(":bid:")[2]
        bid = _BID_CODE.fullmatch(picked)
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

    def __init__(self, harness: Any, home_channel: int):
        """``harness``: the ``tests.support.harness.Harness`` it watches (which creates the check, so this
        module does not import it back); ``home_channel``: where an interaction with no channel is."""
        self.harness = harness
        self.home_channel = home_channel
        self.findings: list[str] = []
        self.checked: collections.Counter[str] = collections.Counter()
        self._deal_users: dict[int, tuple[Any, list[int]]] = {}  # table id -> (engine, user per deal seat)
        self._line_deals: dict[tuple[int, str], Any] = {}  # (table id, log line) -> engine when first seen
        self._event_deals: dict[int, tuple[Any, tuple[int, str, str]]] = {}  # table -> (engine, its deal)
        self.shared: dict[int | None, frozenset[str]] = {}  # channel (None: every channel) -> secret texts
        self._withheld: set[int] = set()  # tables whose finished board another table still plays
        self._known: dict[int, LiveTable] = {}  # every table seen open: a closed one's last picture is judged too
        self.replays = ReplayAudit(harness.bot.service.storage, view_cards)

    def attach(self) -> None:
        presenter = self.harness.bot.presenter

        async def tagged(fn: Any, *args: Any, **options: Any) -> discord.File:
            # a finished deal's replay is judged against the stored deal, even where a frame equals
            # what a live table shows now (its last step, before the next deal)
            origin = self._replay_origin(await self.replays.learn(args)) or self.origin(args[0])
            file = await type(presenter)._render(presenter, fn, *args, **options)  # as patched now, by a test too
            # a picture of views without a card (a leaderboard page) is judged by CARD_FREE instead
            file.fp.rendered_from = origin if view_cards(list(args)) else None  # type: ignore[attr-defined]
            return file

        presenter._render = tagged  # type: ignore[method-assign]
        _note_card_free_pictures()
        self.harness.recorder.observers.append(self.observe)
        CHECKS.append(self)

    def detach(self) -> None:
        """Stop checking: the recorder's observer goes, and the presenter draws untagged again."""
        if self.observe in self.harness.recorder.observers:
            self.harness.recorder.observers.remove(self.observe)
        vars(self.harness.bot.presenter).pop("_render", None)

    # -- what is secret now ---------------------------------------------------------------------

    def _users(self, live: LiveTable) -> list[int]:
        """The user of each deal seat; remembered per engine, since a settled deal forgets its seats."""
        if live.row.deal is not None:
            users = [live.row.seats[i].user_id for i in live.dealt()]
            self._deal_users[live.id] = (live.engine, users)
            return users
        engine, users = self._deal_users.get(live.id, (None, []))
        return users if engine is live.engine else []

    def _tables(self) -> list[LiveTable]:
        """The open tables, and those seen open before (a table that just closed is shown once more)."""
        for live in self.harness.bot.service.tables.values():
            self._known[live.id] = live
        return list(self._known.values())

    def snapshot(self) -> list[TableSecrets]:
        secrets: list[TableSecrets] = []
        self._shared_deals()
        for live in self._tables():
            if live.engine is None:
                continue
            users = self._users(live)
            seats = [view_cards(live.engine.view(s)) for s in range(live.deal_size)]
            own = {user: frozenset(seats[s]) for s, user in enumerate(users) if s < len(seats)}
            public = frozenset() if live.id in self._withheld else frozenset(view_cards(live.engine.view(None)))
            secrets.append(TableSecrets(live.row.channel_id, public, frozenset().union(*seats), own,
                                        self._old_lines(live)))
        return secrets

    def _event_deal(self, live: LiveTable) -> tuple[int, str, str] | None:
        """(server, event, deal key) of the table's deal in progress, or of the one it just finished
        (remembered per engine, since a settled deal forgets its key)."""
        hand = live.row.deal
        if hand is not None and hand.event_key is not None:
            deal = (live.row.guild_id, str(hand.settings["event"]), str(hand.event_key))
            self._event_deals[live.id] = (live.engine, deal)
            return deal
        engine, deal = self._event_deals.get(live.id, (None, None))
        return deal if engine is live.engine and live.engine is not None else None

    def _shared_deals(self) -> None:
        """Which texts are secrets of a shared deal some table still plays, and where."""
        tables = [t for t in self.harness.bot.service.tables.values() if t.engine is not None]
        deals = {t.id: self._event_deal(t) for t in tables}
        in_play = {deals[t.id]: t.row.deal.seed for t in tables  # type: ignore[union-attr]
                   if deals[t.id] is not None and t.engine.outcome is None and t.row.deal is not None}
        finished = [t for t in tables if deals[t.id] in in_play and t.engine.outcome is not None]
        self._withheld = {t.id for t in finished}
        shared: dict[int | None, set[str]] = {None: set(in_play.values())}
        for guild, event, key in in_play:
            results = {t.engine.outcome.summary for t in finished if deals[t.id] == (guild, event, key)}
            for table in self.harness.bot.service.tables.values():
                if table.row.guild_id == guild and table.row.settings.event == event:
                    shared.setdefault(table.row.channel_id, set()).update(results - {""})
        self.shared = {channel: frozenset(texts) for channel, texts in shared.items()}

    def _old_lines(self, live: LiveTable) -> frozenset[str]:
        """Log lines first seen during an earlier deal ("Bob shows A♠ K♠" of the last hand): the new
        deal may have dealt those cards face down, yet repeating that line reveals nothing."""
        for line in live.log:
            self._line_deals.setdefault((live.id, line), live.engine)
        return frozenset(line for line in live.log if self._line_deals[(live.id, line)] is not live.engine)

    def origin(self, view: Any) -> Audience:
        """Whose view a picture is drawn from: a table's public view (kind "channel"), a user's own
        (kind "user"), or neither (kind "unknown")."""
        self._shared_deals()
        for live in self._tables():
            if live.engine is None or live.id in self._withheld:  # a shared deal still played elsewhere
                continue
            if view == live.engine.view(None):
                return Audience("channel", channel_id=live.row.channel_id)
        for live in self._tables():
            if live.engine is None:
                continue
            for seat, user in enumerate(self._users(live)):
                if view == live.engine.view(seat):
                    return Audience("user", user_id=user)
        return Audience("unknown")

    def _replay_origin(self, frames: list[tuple[int, int, int, Any]]) -> Audience | None:
        if not frames:
            return None
        found = self.replays.audience_of(frames)
        if found is None:
            return Audience("unknown")
        kind, who = found
        return Audience("channel", channel_id=who) if kind == "channel" else Audience("user", user_id=who)

    def _check_replay_text(self, audience: Audience, body: Any, where: str, old_lines: frozenset[str]) -> None:
        """A replay message names only cards public by its step, or the viewer's own seat's."""
        viewer = audience.user_id if audience.kind != "channel" else None
        for table, hand, step in sorted(self.replays.steps_named(_strings(body))):
            allowed = self.replays.allowed(table, hand, step, viewer)
            if allowed is None:
                self.findings.append(f"{where} replays hand #{hand} of table #{table}, a deal no picture was "
                                     "drawn from or an event's secret board")
                continue
            dealt = self.replays.dealt(table, hand)
            for text in _strings(body):
                for card in sorted(text_cards(_without(text, old_lines)) & dealt - allowed):
                    self.findings.append(f"{where} replays step {step} of hand #{hand} at table #{table} and "
                                         f"shows {card} ({pretty(card)}), not public then nor "
                                         f"{self._whom(audience)}'s, in {_excerpt(text, card)!r}")

    # -- who sees a request -----------------------------------------------------------------------

    def audience(self, request: Any) -> tuple[Audience, Any] | None:
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
        if parts[0] in ("interactions", "webhooks") and len(parts) >= 3:
            # Who sees an interaction reply is Discord's rule, which the recorder follows: a deferral's
            # first follow-up and every edit of the original response keep the original's visibility.
            data = (body.get("data") or {}) if parts[0] == "interactions" else body
            return self._reply_audience(parts[2], bool(request.ephemeral)), data
        return None

    def _reply_audience(self, token: str, ephemeral: bool) -> Audience:
        interaction = self.harness.interactions.get(token)
        channel = int(interaction["channel_id"]) if interaction else self.home_channel
        if not ephemeral:
            return Audience("channel", channel_id=channel)
        user = (interaction.get("member") or interaction)["user"] if interaction else None  # a DM has no member
        return Audience("ephemeral", user_id=int(user["id"]) if user else None)

    # -- the check --------------------------------------------------------------------------------

    def observe(self, request: Any) -> None:
        try:
            self.check(request)
        except Exception as error:  # a broken check must fail the test, not the bot's request
            self.findings.append(f"privacy check failed on {request.method} {request.path}: {error!r}")

    def check(self, request: Any) -> None:
        seen = self.audience(request)
        if seen is None:
            return
        audience, body = seen
        self.checked[audience.kind] += 1
        PAYLOADS_CHECKED[audience.kind] += 1
        secrets = self.snapshot()
        hidden = self.hidden(audience, secrets)
        old_lines = frozenset().union(*(t.old_lines for t in secrets))
        where = f"{audience.kind} payload {request.method} {request.path}"
        replayed = self.replays.steps_named(_strings(body))  # a finished deal's text: judged against that deal
        for text in () if replayed else _strings(body):
            for card in sorted(text_cards(_without(text, old_lines)) & hidden):
                self.findings.append(f"{where} shows {card} ({pretty(card)}), hidden from "
                                     f"{self._whom(audience)}, in {_excerpt(text, card)!r}")
        if audience.kind == "channel":
            secrets_here = self.shared.get(None, frozenset()) | self.shared.get(audience.channel_id, frozenset())
            for text in _strings(body):
                for secret in sorted(s for s in secrets_here if s in text):
                    start = max(0, text.find(secret) - 60)
                    self.findings.append(f"{where} shows {secret!r}, the seed or a result of an event's deal "
                                         f"that a table still plays, in {text[start:start + 200]!r}")
        self._check_replay_text(audience, body, where, old_lines)
        for (name, data), origin in zip(request.files, request.file_origins):
            if origin is None and hashlib.sha256(data).digest() in CARD_FREE:
                continue
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

    def may_see(self, audience: Audience, origin: Audience | None) -> bool:
        if origin is None:
            return audience.kind != "channel"  # pictures drawn outside the presenter go to one user only
        if origin.kind == "unknown":
            return False
        if origin.kind == "channel":  # a public thread is seen by whoever sees its channel (a tournament's tables)
            parent = self.harness.recorder.threads.get(origin.channel_id)
            return audience.kind != "channel" or audience.channel_id in (origin.channel_id, parent)
        return audience.kind != "channel" and origin.user_id == audience.user_id

    @staticmethod
    def _whom(audience: Audience) -> str:
        return f"channel {audience.channel_id}" if audience.kind == "channel" else f"user {audience.user_id}"
