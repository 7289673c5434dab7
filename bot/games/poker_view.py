"""The view a poker engine gives (hold'em, Omaha, stud and draw share the shape); ``runout_equity``
reads and writes its runout parts by these types.

The renderer in ``images/poker.py`` and the message builders only ever receive one of these, so a
hidden card can only reach a channel if the engine itself put it in the public view.
"""
from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from bot.games.base import HIDDEN


class PokerSeatView(TypedDict):
    name: str
    stack: int            # chips behind (not counting the current bet)
    bet: int              # chips put in on the current street
    cards: list[str]      # hole cards: codes for the viewer's own seat or shown hands, "??" if hidden
    folded: bool
    all_in: bool
    is_dealer: bool       # the dealer button (never set in stud, which has none)
    to_act: bool
    last_action: str      # "raises to 40", "checks", "" ...
    hand_name: str        # at showdown for shown hands ("Two Pair, Aces and Kings"), else ""
    won: int              # chips won this hand (showdown), 0 otherwise
    drew: NotRequired[int | None]  # draw games: cards replaced in the last draw (None before the first)
    up: NotRequired[list[bool]]    # seven-card stud: which of ``cards`` are dealt face up, in deal order


def without_cards(view: dict[str, Any]) -> dict[str, Any]:
    """The table as a poker view shows it, with no card: every hand face down, no board, no log (a
    picture of who sat where with what, such as a tournament's final table)."""
    seats = [{**seat, "cards": [HIDDEN] * len(seat["cards"]), "hand_name": "", "last_action": ""}
             for seat in view["seats"]]
    kept = {k: v for k, v in view.items() if k != "runout"}
    return {**kept, "seats": seats, "board": [], "log": [], "winners": [], "street": "preflop"}


class PotView(TypedDict):
    amount: int
    eligible: list[int]   # seat indexes that can win it


class HandEquityView(TypedDict):
    seat: int
    win: float            # fractions of 1: takes the whole pot alone
    tie: float            # takes part of it (a split, or one half in hi-lo)
    share: float          # the pot share on average
    high: NotRequired[float]  # hi-lo: wins or splits the high half
    low: NotRequired[float]   # hi-lo: wins or splits the low half


class StreetEquityView(TypedDict):
    street: str           # the street the board had reached: "preflop", "flop", "turn"
    exact: bool           # every runout counted (else a fixed-seed sample)
    seats: list[HandEquityView]  # every live hand


class RunoutHandView(TypedDict):
    seat: int
    cards: list[str]      # the live hand's cards when the street was dealt


class RunoutSpotView(TypedDict):
    street: str           # the street the board had reached: "preflop", "flop", "turn"
    rule: str             # how the hands rank: a key of bot.games.runout_equity.RANKERS
    board: list[str]      # the board so far (empty in stud)
    key: str              # the sample key (SHA-256 of the deal's seed and the street): tells nothing of the deck
    hands: list[RunoutHandView]  # every live hand


class PokerView(TypedDict):
    game: str             # "holdem"
    variant: str          # "No-limit hold'em", "Pot-limit hold'em", "Fixed-limit hold'em"
    hand_no: int
    street: str           # "preflop", "flop", "turn", "river", "showdown"
    board: list[str]
    seats: list[PokerSeatView]
    pots: list[PotView]
    stakes: str           # the forced bets: "Blinds 5/10 ante 1", "Limits 5/10, ante 1, bring-in 2"
    viewer: int | None    # seat of the viewer, None for the public view
    log: list[str]        # the last few actions, newest last: "Bob raises to 40"
    winners: list[str]    # at the end: "Alice wins 120 with Flush, Ace high"
    finished: bool
    options: NotRequired[str]  # the table's options beyond its stakes: "run it twice · rabbit hunt" ("": none)
    boards: NotRequired[list[list[str]]]  # run it twice: both boards (``board`` is the first)
    board_results: NotRequired[list[str]]  # run it twice, once paid: a short line a board, every pot on it
    board_slots: NotRequired[int]  # board cards the game deals: 5 (default) for flop games, 0 for stud/draw
    draws_left: NotRequired[int]  # draw games: draws still to come, the one being made included
    four_color: NotRequired[bool]  # draw the cards in a four-colour deck (badugi, read by its four suits)
    runout: NotRequired[list[RunoutSpotView]]  # all-in runout: each street's live hands and board; only in
                                               # a view that shows every one of those hands
    equity: NotRequired[list[StreetEquityView]]  # each street's chances, counted from ``runout`` where the
                                                 # picture is drawn (bot.games.runout_equity.with_equity)
