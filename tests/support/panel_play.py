"""A whole deal played from the members' seat panels only: each member opens their panel once with
My seat, then every move is a press on the acting member's panel (a one-pick move: its button, or its
option in the panel's select; a move of several picks or with a preview: the panel's button, then the
private select, then Confirm), with a simple policy (``Chooser``). Every press is counted, and after
each one every panel is checked: its member's own cards and nobody else's hidden ones, and move
components only on the panels of members whose turn it is."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable

from bot.adapter.seat.panel_text import by_suit
from bot.adapter.table.private_hands import private_cards
from bot.games.base import ActionSpec
from bot.service.table.live import LiveTable
from tests.support.harness import CHANNEL_ID, Harness, User
from tests.support.privacy import text_cards

MOVES = ("cr:a:", "cr:c:", "cr:k:", "cr:q:")
"""The custom_id prefixes of move components: a move's button, a choice's button (it opens a private
select), a pick's button and a pick's select on the panel."""
REPLY, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 6, 7
"""Interaction callbacks: a reply (a message of its own), a deferred update of the pressed message
(nothing changes on screen yet), the pressed message updated."""


@dataclass(frozen=True)
class Choice:
    """What a member does: a move ``kind`` with the ``values`` picked, or the panel's button whose label
    starts with ``label`` (an amount's preset)."""

    kind: str
    values: tuple[str, ...] = ()
    label: str | None = None


Chooser = Callable[[LiveTable, int, list[ActionSpec]], Choice]
"""The policy: a member's choice from their deal seat's moves."""


def passive(live: LiveTable, seat: int, specs: list[ActionSpec]) -> Choice:
    """Check, call or pass when offered, else the first move with its first pick(s)."""
    kinds = {spec.kind: spec for spec in specs}
    for kind in ("check", "call", "pass", "bring_in"):
        if kind in kinds:
            return Choice(kind)
    return first_pick(specs[0])


def first_pick(spec: ActionSpec) -> Choice:
    """``spec`` with its first choices (as many as it needs, at least one), or plainly."""
    return Choice(spec.kind, spec.choices[:max(1, spec.min_choices)] if spec.choices else ())


@dataclass
class Move:
    """One move a member made: its kind, the presses it took and how each press was answered
    (the callback type, None for a press answered otherwise)."""

    user: str
    kind: str
    presses: int
    answers: list[int | None] = field(default_factory=list)


@dataclass
class PlayedDeal:
    """What a panel-played deal took."""

    moves: list[Move] = field(default_factory=list)
    opens: int = 0  # My seat presses
    checks: int = 0  # panels checked (cards and move components)

    @property
    def presses(self) -> int:
        return sum(move.presses for move in self.moves)

    def by_kind(self) -> dict[str, set[int]]:
        """The press counts seen for each move kind."""
        seen: dict[str, set[int]] = {}
        for move in self.moves:
            seen.setdefault(move.kind, set()).add(move.presses)
        return seen


def _live(h: Harness) -> LiveTable:
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None and live.engine is not None
    return live


def _components(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for row in message.get("components", []) for c in row.get("components", [])]


def move_components(message: dict[str, Any]) -> list[str]:
    return [str(c.get("custom_id")) for c in _components(message) if str(c.get("custom_id", "")).startswith(MOVES)]


def _answer(h: Harness, token: str) -> int | None:
    """The callback type of a press's answer (7: the pressed message updated), None if unanswered."""
    callbacks = [r for r in h.recorder.replies_to(token) if r.path.startswith("/interactions/")]
    return (callbacks[0].json or {}).get("type") if callbacks else None


def _words(message: dict[str, Any]) -> list[str]:
    """The words of a message's components: labels, placeholders, custom ids, options (not a bid's: "4♥" is no card)."""
    words = []
    for component in _components(message):
        if _kind(str(component.get("custom_id", ""))) != "bid":
            words += [str(component.get(key) or "") for key in ("label", "placeholder", "custom_id")]
            words += [str(option.get(key)) for option in component.get("options", []) for key in ("label", "value")]
    return words


def _kind(custom_id: str) -> str:
    """The move kind a component's custom_id names ("" for none)."""
    parts = custom_id.split(":")
    return parts[5] if len(parts) > 5 else ""


async def _press_choice(h: Harness, user: User, choice: Choice) -> list[str]:
    """Make ``choice`` from ``user``'s panel; the tokens of the presses it took, in order."""
    panel = await h.panel(user)
    components = _components(panel)
    if choice.label is not None:
        button = next(c for c in components if str(c.get("label", "")).startswith(choice.label))
        return [await h.press(user, button["custom_id"], panel)]
    mine = [c for c in components if str(c.get("custom_id", "")).startswith(MOVES) and _kind(c["custom_id"]) == choice.kind]
    assert mine, f"{user.name}'s panel offers no {choice.kind}: {await h.labels_of(user)}"
    if not choice.values:
        plain = next(c for c in mine if c["custom_id"].startswith("cr:a:"))
        return [await h.press(user, plain["custom_id"], panel)]
    if len(choice.values) == 1:
        for component in mine:
            custom_id = component["custom_id"]
            if custom_id.startswith("cr:k:") and ":".join(custom_id.split(":")[6:]) == choice.values[0]:
                return [await h.press(user, custom_id, panel)]
            if custom_id.startswith("cr:q:") and choice.values[0] in [o["value"] for o in component["options"]]:
                return [await h.press(user, custom_id, panel, values=list(choice.values))]
    opener = next(c for c in mine if c["custom_id"].startswith("cr:c:"))
    tokens = [await h.press(user, opener["custom_id"], panel)]
    private = h.recorder.shown(tokens[0])
    select = next(c for c in _components(private) if c.get("type") == 3
                  and set(choice.values) <= {o["value"] for o in c["options"]})
    tokens.append(await h.press(user, select["custom_id"], private, values=list(choice.values)))
    confirm = [c for c in _components(h.recorder.shown(tokens[-1])) if str(c.get("custom_id", "")).startswith("cr:p:ok:")]
    if confirm:  # a preview of the move: Confirm sends it
        tokens.append(await h.press(user, confirm[0]["custom_id"], h.recorder.shown(tokens[-1])))
    return tokens


def _moves_of(live: LiveTable, seat: int) -> int:
    assert live.row.deal is not None
    return sum(1 for move in live.row.deal.actions if move.deal_seat == seat)


SUIT_BY_SUIT = re.compile(r"([♠♥♦♣]) ((?:10|[AKQJ2-9])(?: (?:10|[AKQJ2-9]))*)")
"""A suit of a bridge hand as a panel writes it: "♠ A K 10 5"."""


def suit_by_suit(text: str) -> set[str]:
    """The cards of the bridge hands a text writes suit by suit (``panel_text.by_suit``)."""
    letters = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
    return {("T" if rank == "10" else rank) + letters[suit]
            for suit, ranks in SUIT_BY_SUIT.findall(text) for rank in ranks.split()}


def _public_cards(live: LiveTable) -> set[str]:
    return text_cards(json.dumps(live.engine.view(None)))


async def check_panels(h: Harness, members: list[User]) -> int:
    """Every member's panel, while a deal is played: their own cards, no other member's hidden card, and
    move components if and only if the engine offers them a move. Returns the panels checked."""
    live = _live(h)
    if live.row.deal is None or live.engine.outcome is not None:
        return 0
    public = _public_cards(live)
    views = {user.id: live.engine.view(live.deal_seat(user.id)) for user in members}
    own = {user.id: private_cards(views[user.id], live.deal_seat(user.id) or 0) for user in members}
    for user in members:
        seat = live.deal_seat(user.id)
        assert seat is not None
        panel = await h.panel(user)
        text = "\n".join([panel["content"], *_words(panel)])
        named = text_cards(text)
        if views[user.id].get("game") == "bridge":  # hands are written suit by suit
            assert f"your cards: {by_suit(own[user.id])}" in panel["content"], panel["content"]
            named |= suit_by_suit(panel["content"])
        else:
            assert set(own[user.id]) <= text_cards(panel["content"]), (user.name, own[user.id], panel["content"])
        hidden = {c for other in members if other.id != user.id for c in own[other.id]} - public - set(own[user.id])
        assert not named & hidden, (user.name, named & hidden, panel["content"])
        offered = live.engine.legal_actions(seat)
        shown = move_components(panel)
        assert bool(shown) == bool(offered), (user.name, "offered" if offered else "not to act", shown)
    return len(members)


async def play_deal(h: Harness, members: list[User], choose: Chooser = passive, open_panels: bool = True) -> PlayedDeal:
    """Play the deal in progress to its end from the members' panels (computer players move on
    their own), each member opening their panel once with My seat first (``open_panels``; else they
    play on the panels they have)."""
    played = PlayedDeal()
    for user in members if open_panels else ():
        await h.open_panel(user)
        played.opens += 1
    live = _live(h)
    hand = live.row.hand_no
    while live.row.deal is not None and live.row.hand_no == hand and live.engine.outcome is None:
        played.checks += await check_panels(h, members)
        acting = [u for u in members if live.deal_seat(u.id) in live.engine.to_act()]
        assert acting, f"nobody of {[m.name for m in members]} to act: {live.engine.to_act()}"
        user = acting[0]
        seat = live.deal_seat(user.id)
        assert seat is not None
        before = _moves_of(live, seat)
        choice = choose(live, seat, live.engine.legal_actions(seat))
        tokens = await _press_choice(h, user, choice)
        live = _live(h) if h.bot.service.in_channel(CHANNEL_ID) is not None else live
        made = (live.row.hand_no != hand or live.row.deal is None or live.engine.outcome is not None
                or _moves_of(live, seat) > before)
        assert made, f"{user.name}'s {choice} made no move: {[h.ephemeral_text(t) for t in tokens]}"
        played.moves.append(Move(user.name, choice.kind, len(tokens), [_answer(h, t) for t in tokens]))
    return played
