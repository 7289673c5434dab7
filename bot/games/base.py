"""The one small surface every rules engine has.

Engines are pure: no discord, no aiosqlite, no PIL. Same settings, seats, seed, carry and actions
give the same state, which is how a table is restored after a restart (the action log is replayed).

An engine instance plays one *deal* (a poker hand, a gin hand, a bridge board, a whole Saint Poker
game...). What must survive from one deal to the next (gin scores, the dealer button, a rubber's
vulnerability) goes into ``Outcome.carry`` and is handed to the next deal's constructor.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar, Mapping, Protocol

from bot.errors import UserError


class IllegalAction(UserError, ValueError):
    """An action the rules refuse. The message is shown to the player as is."""


class NotYourTurn(IllegalAction):
    """The seat is not one of the seats that must act now."""


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

    def apply(self, seat: int, action: Action) -> list[str]:
        """Apply an action or raise ``IllegalAction``; returns lines for the table's action log."""

    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-friendly view for one seat (its own hidden cards) or the public (``None``).

        The public view never contains a hidden card: hidden cards are given as "??".
        """

    def timeout_action(self, seat: int) -> Action:
        """What happens when ``seat`` lets its timer run out (check if possible, else fold...)."""

    @property
    def outcome(self) -> Outcome | None:
        """``None`` while the deal goes on."""


HIDDEN = "??"
"""How a face-down card appears in a view."""

