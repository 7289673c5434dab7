"""The one small surface every rules engine has.

Engines are pure: no discord, no aiosqlite, no PIL. Same settings, seats, seed, carry and actions
give the same state, which is how a table is restored after a restart (the action log is replayed).

An engine instance plays one *deal* (a poker hand, a gin hand, a bridge board, a whole Saint Poker
game...). What must survive from one deal to the next (gin scores, the dealer button, a rubber's
vulnerability) goes into ``Outcome.carry`` and is handed to the next deal's constructor.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any, ClassVar, Mapping, Protocol, Sequence

from bot.errors import UserError
from bot.games.cards import STANDARD_DECK, DeckOrder

NOT_YOUR_TURN = "It is not your turn."
HAND_OVER = "This hand is over."
NOT_NOW = "You can't do that now."
"""The refusals every game shares, each written once: a move out of turn, after the deal, or of a
kind not on offer now."""

TARGET = "@"
"""Between a card and where it goes in a choice's value ("Qh@E"; ``bot.games.choices`` reads them)."""


class IllegalAction(UserError, ValueError):
    """An action the rules refuse. The message is shown to the player as is."""


class NotYourTurn(IllegalAction):
    """The seat is not one of the seats that must act now."""

    def __init__(self, reason: str = NOT_YOUR_TURN) -> None:
        super().__init__(reason)


@dataclass(frozen=True)
class Action:
    """One thing a seat does. Every field is JSON-friendly so the action log is plain text.

    ``kind`` names the move ("fold", "call", "raise", "draw", "discard", "place", "bid", "play",
    "knock", ...). ``amount`` is a chip amount (for "raise" the total bet *to*), ``cards`` card
    codes such as "As" or "Td", ``target`` anything else the move needs (a cell "A".."I", a bid
    "3NT", an option name).
    """

    kind: str
    amount: int | None = None
    cards: tuple[str, ...] = ()
    target: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        if self.amount is not None:
            data["amount"] = self.amount
        if self.cards:
            data["cards"] = list(self.cards)
        if self.target is not None:
            data["target"] = self.target
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Action":
        return cls(
            kind=str(data["kind"]),
            amount=None if data.get("amount") is None else int(data["amount"]),
            cards=tuple(str(c) for c in data.get("cards", ())),
            target=None if data.get("target") is None else str(data["target"]),
        )


@dataclass(frozen=True)
class ActionSpec:
    """A kind of move a seat may make now: what the buttons, selects and modals are built from.

    - ``min_amount``/``max_amount``: an amount is needed (a modal or presets) within these bounds.
    - ``choices``: the values to pick from (card codes, cells, bids); ``min_choices``..``max_choices``
      of them in one action (a draw of 0-5 cards is ``min_choices=0, max_choices=5``).
    - ``label``: short button text ("Call 40", "Raise", "Knock").
    """

    kind: str
    label: str
    min_amount: int | None = None
    max_amount: int | None = None
    choices: tuple[str, ...] = ()
    min_choices: int = 0
    max_choices: int = 0
    presets: tuple[tuple[str, int], ...] = ()  # ("Pot", 120), ("All-in", 500): amount shortcuts


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat when a deal starts. ``stack`` is chips at the table (0 for point games)."""

    name: str
    stack: int = 0
    is_bot: bool = False


@dataclass(frozen=True)
class Outcome:
    """The end of a deal, as data.

    ``deltas``: chips won (+) or lost (-) per seat in this deal; they sum to zero.
    ``carry``: JSON-friendly state handed to the next deal (scores, dealer position...).
    ``match_over``: no further deal follows (a gin game reached 100, a Saint Poker game ended).
    ``ranking``: when the match is over, the finishing place per seat (0 = first, equal = tie);
    fed to the leaderboard rating.
    """

    deltas: tuple[int, ...]
    summary: str
    carry: Mapping[str, Any] = field(default_factory=dict)
    match_over: bool = False
    ranking: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class Engine(Protocol):
    """What the table service needs from a game. See ``bot/games/holdem.py`` for a full example.

    Constructor: ``Engine(settings, seats, seed, carry)``. ``settings`` is the table's settings dict,
    ``seats`` the players in seat order, ``seed`` a hex string that alone decides every shuffle
    (see ``bot.games.cards.shuffled_deck``), ``carry`` the previous deal's ``Outcome.carry``
    (empty for the first deal).
    """

    game: ClassVar[str]  # the slash-command name: "holdem", "gin", ...

    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now (several at once in games with simultaneous choices)."""

    def legal_actions(self, seat: int) -> list[ActionSpec]:
        """What ``seat`` may do now; empty when it is not that seat's turn."""

    def verify(self, seat: int, action: Action) -> Action:
        """The move as ``apply`` makes it (a fixed amount filled in), or ``IllegalAction`` whose
        message is the reason the player reads; it changes nothing."""

    def apply(self, seat: int, action: Action) -> list[str]:
        """Apply an action (``verify`` first: a refused one changes nothing) or raise
        ``IllegalAction``; returns lines for the table's action log."""

    def apply_judged(self, seat: int, action: Action) -> list[str]:
        """Apply a move ``verify`` has judged (a press the table judged, a stored move replayed): not
        judged again. A move that does not fit (a corrupt record) still fails loudly, on the rules
        library's own checks or the engine's; returns the log lines, as ``apply`` does."""

    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-friendly view for one seat (its own hidden cards) or the public (``None``).

        The public view never contains a hidden card: hidden cards are given as "??".
        """

    def timeout_action(self, seat: int) -> Action:
        """What happens when ``seat`` lets its timer run out (check if possible, else fold...)."""

    @property
    def outcome(self) -> Outcome | None:
        """``None`` while the deal goes on."""

    # Optional features: ``EngineBase`` gives each its default (none, no, nothing).

    def analyse(self) -> object:
        """The finished deal's analysis (bridge: double dummy and par), solved on the first call and
        kept: slow, so the service calls it off its event loop before the deal is stored."""

    def rabbit(self) -> list[str]:
        """The cards that would have come had a hand that ended early gone on (a rabbit hunt)."""

    def may_show(self, seat: int) -> bool:
        """Whether ``seat`` may show its cards after the deal (a winner nobody called)."""

    @property
    def ruling(self) -> bool:
        """Whether the deal waits for a director's ruling, which the service runs as a move."""

    def turn_seconds(self) -> int | None:
        """Seconds for the decision due now, when the game sets them (else the table's)."""

    def deck_order(self) -> DeckOrder | None:
        """The deck this deal's seed shuffled (``/verify`` rebuilds it), or None when the table's settings
        gave the cards instead (a set bridge deal, a fixed Saint deck)."""

    def headline(self) -> str | None:
        """A line for the table's message when the game dealt changes from deal to deal (a mixed table:
        the game now and the next), or its rules differ from the usual (a bridge table's system)."""


class EngineBase:
    """What every engine inherits: the shared judgement of a move from its ``legal_actions`` and the
    defaults of the optional features of ``Engine``. An engine whose rules say more than its specs
    (a reason in its own words) adds it in its own ``verify``, which then calls this one."""

    game: ClassVar[str]

    def to_act(self) -> tuple[int, ...]:  # pragma: no cover - engines define it
        raise NotImplementedError

    def legal_actions(self, seat: int) -> list[ActionSpec]:  # pragma: no cover - engines define it
        raise NotImplementedError

    def verify(self, seat: int, action: Action) -> Action:
        """The move fitted to the spec on offer it is one of (a fixed amount filled in), or the reason
        it is not: the deal is over, it is not the seat's turn, the kind, amount or choice is not on
        offer."""
        specs = self._offered(seat, action.kind)
        if not specs:
            self._check_turn(seat)
            raise IllegalAction(NOT_NOW)
        spec = fitting_spec(specs, action)
        if action.amount is None and spec.min_amount is not None and spec.min_amount == spec.max_amount:
            return replace(action, amount=spec.min_amount)
        return action

    def apply(self, seat: int, action: Action) -> list[str]:  # pragma: no cover - engines define it
        raise NotImplementedError

    def apply_judged(self, seat: int, action: Action) -> list[str]:
        """An engine whose ``apply`` does not call an ``apply_judged`` of its own judges the move again there."""
        return self.apply(seat, action)

    def _offered(self, seat: int, kind: str) -> list[ActionSpec]:
        """The seat's moves of ``kind`` on offer (``legal_actions``'), which ``verify`` fits a move to."""
        return [spec for spec in self.legal_actions(seat) if spec.kind == kind]

    def _check_turn(self, seat: int) -> None:
        """Refuse a move once the deal is over or out of turn, before any rule is checked."""
        acting = self.to_act()
        if not acting:
            raise IllegalAction(HAND_OVER)
        if seat not in acting:
            raise NotYourTurn()

    def analyse(self) -> object:
        return None

    def rabbit(self) -> list[str]:
        return []

    def may_show(self, seat: int) -> bool:
        return False

    @property
    def ruling(self) -> bool:
        return False

    def turn_seconds(self) -> int | None:
        return None

    def headline(self) -> str | None:
        return None

    def deck_order(self) -> DeckOrder | None:
        return STANDARD_DECK


def refuse_fold_check_call(kind: str, to_call: int) -> None:
    """The refusals of a fold, check or call that every poker game shares (pokerkit's and the
    invented games' betting rounds), in words that say what to do instead."""
    if kind == "fold" and not to_call:
        raise IllegalAction("Nobody has bet: check instead of folding.")
    if kind == "check" and to_call:
        raise IllegalAction(f"You cannot check: it costs {to_call} to call.")
    if kind == "call" and not to_call:
        raise IllegalAction("There is nothing to call: check instead.")


def fitting_spec(specs: Sequence[ActionSpec], action: Action) -> ActionSpec:
    """The first of ``specs`` (one kind's offers) that ``action`` fits, else why the last did not."""
    reason = NOT_NOW
    for spec in specs:
        try:
            _fit(spec, action)
            return spec
        except IllegalAction as refusal:
            reason = str(refusal)
    raise IllegalAction(reason)


def choice_values(action: Action) -> list[str]:
    """The select values ``action`` was read from (``bot.games.choices.action_from_choices`` backwards)."""
    if action.cards:
        return [card if action.target is None else f"{card}{TARGET}{action.target}" for card in action.cards]
    return [action.target] if action.target is not None else []


def _fit(spec: ActionSpec, action: Action) -> None:
    if spec.min_amount is None or spec.max_amount is None:
        if action.amount is not None:
            raise IllegalAction("That move takes no amount.")
    elif action.amount is None and spec.min_amount != spec.max_amount:
        raise IllegalAction(f"Choose an amount from {spec.min_amount} to {spec.max_amount}.")
    elif action.amount is not None and not spec.min_amount <= action.amount <= spec.max_amount:
        raise IllegalAction(f"The amount must be from {spec.min_amount} to {spec.max_amount}.")
    if spec.choices:
        values = choice_values(action)
        if action.target in spec.choices:  # the choice is the target alone (Sigma's placement of a named piece)
            values = [action.target]
        count_ok = spec.min_choices <= len(values) <= max(1, spec.max_choices)
        if not count_ok or len(set(values)) != len(values) or not set(values) <= set(spec.choices):
            raise IllegalAction("That choice is not on offer now: the table has moved on.")


HIDDEN = "??"
"""How a face-down card appears in a view."""

