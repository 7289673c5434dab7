"""Presidential Poker: one deal for 2-6 seats with the SIXCHEX deck (rules in
``docs/rules/presidential.md``).

    ante -> 7 cards each -> first interval (check or open) -> draw -> second interval -> showdown

Hands are ranked by ``bot.games.presidential_eval``; chips, betting intervals, side pots and odd
chips are the shared ``bot.games.betting``. Cards are dealt one at a time starting left of the
dealer from ``shuffled_sixchex(seed)``. When the pack runs out during the draw, the cards out of
play (earlier discards and folded hands) are reshuffled with ``shuffled(reshuffle_seed(seed, n))``.

Actions: betting as in ``betting.py`` (fold, check, call, bet, raise with ``amount`` = total bet to,
all-in; in the first interval the first bet is the open), and in the draw
``Action("discard", cards=(codes...))``, where no cards means standing pat.

No opener: if every player checks in the first interval, the deal ends with all deltas 0 and
``carry = {"dealer": <next dealer>, "pot": [[name, chips], ...]}``: the antes are owed to the pot.
The next deal starts by taking each listed player's chips back into its pot (seats are matched by
name, at most what the player has), then everyone antes again. So the pot grows as the text says
while no chip ever leaves the table between deals. After any other deal, ``carry`` is
``{"dealer": <next dealer>}``; ``carry`` may also hold ``hand_no`` for the view.
"""
from __future__ import annotations

import hashlib
from typing import Any, ClassVar, Literal, Mapping, Sequence, TypedDict

from bot.games.base import HIDDEN, Action, ActionSpec, IllegalAction, NotYourTurn, Outcome, Seat
from bot.games.betting import BettingRound, Pot, PotDeal, SidePot, is_structure, seats_after
from bot.games.cards import DeckOrder, shuffled
from bot.games.presidential_eval import HAND_SIZE, HandValue, evaluate
from bot.games.sixchex import BY_CODE, CATEGORIES, DECK_ORDER, shuffled_sixchex

LIMITS = {
    "fixed-limit": "Fixed-limit Presidential Poker",
    "pot-limit": "Pot-limit Presidential Poker",
    "no-limit": "No-limit Presidential Poker",
}
RAISE_CAP = 3
"""Raises allowed after the open (or bet) in each fixed-limit interval."""

Phase = Literal["betting1", "draw", "betting2", "showdown", "folded", "no-opener"]


class SixchexCardView(TypedDict):
    code: str                       # "C07", or "??" for a card the viewer may not see
    symbols: dict[str, str] | None  # category -> symbol ("colour": "dark-red"...); None when hidden
    kingdom: str | None             # "I".."V"; None when hidden
    chosen: str | None              # category of the symbol the hand uses, when the hand is ranked


class HandView(TypedDict):
    rank: str                       # "4:2:1"
    name: str                       # "Four-of-a-kind-and-a-pair"
    description: str                # "Four-of-a-kind-and-a-pair (4:2:1): 4× owl + 2× ..."
    groups: list[list[Any]]         # [symbol, [codes]] that make the rank, in rank order
    tiebreak: str                   # "play numbers 16-11-9-7-7-6-6; letters S-P-M-K-H-F-D"


class PresidentialSeatView(TypedDict):
    name: str
    stack: int                      # chips behind
    bet: int                        # chips put in during the current interval
    in_pot: int                     # chips put in this deal, antes (and carried antes) included
    folded: bool
    all_in: bool
    is_dealer: bool
    to_act: bool
    last_action: str
    cards: list[SixchexCardView]    # 7 cards; the viewer's own, and every hand shown at showdown
    drew: int | None                # cards exchanged in the draw; None until the seat has drawn
    hand: HandView | None           # the viewer's own best hand; every shown hand at showdown
    won: int                        # chips won this deal


class PresidentialPotView(TypedDict):
    amount: int
    eligible: list[int]


class PresidentialView(TypedDict):
    game: str                       # "presidential"
    variant: str                    # "Fixed-limit Presidential Poker" ...
    hand_no: int
    phase: str                      # betting1, draw, betting2, showdown, folded, no-opener
    categories: list[str]           # the order of a card's symbols: number, colour, letter, ...
    seats: list[PresidentialSeatView]
    pots: list[PresidentialPotView]
    ante: int
    carried: int                    # chips in the pot from earlier deals nobody opened
    bet_size: int                   # fixed-limit bet (else the smallest bet) of the interval
    current_bet: int                # highest bet in the current interval
    opener: int | None              # seat that opened the first interval
    deck_left: int                  # cards left in the pack before a reshuffle
    viewer: int | None              # seat of the viewer, None for the public view
    log: list[str]
    winners: list[str]
    finished: bool


def reshuffle_seed(seed: str, count: int) -> str:
    """Seed of the ``count``-th reshuffle of the cards out of play (1-based), from the deal seed."""
    return hashlib.sha256(f"{seed}:{count}".encode("ascii")).hexdigest()


def card_view(code: str, shown: bool, chosen: str | None = None) -> SixchexCardView:
    """A card as a view shows it: its six symbols when ``shown``, else a face-down "??"."""
    if not shown:
        return {"code": HIDDEN, "symbols": None, "kingdom": None, "chosen": None}
    card = BY_CODE[code]
    return {"code": code, "symbols": dict(zip(CATEGORIES, card.symbols)), "kingdom": card.kingdom,
            "chosen": chosen}


def hand_view(value: HandValue) -> HandView:
    return {
        "rank": value.rank.code,
        "name": value.rank.name,
        "description": value.describe(),
        "groups": [[symbol, list(codes)] for symbol, codes in value.groups],
        "tiebreak": value.tiebreak.describe(),
    }


class PresidentialEngine(PotDeal):
    """One deal of Presidential Poker, fixed-limit, pot-limit or no-limit, for 2-6 seats."""

    title: ClassVar[str] = "Presidential Poker"
    fold_win: ClassVar[str] = "no one met the bet"
    game: ClassVar[str] = "presidential"

    def __init__(self, settings: Mapping[str, Any], seats: Sequence[Seat], seed: str,
                 carry: Mapping[str, Any]) -> None:
        self.ante = int(settings.get("ante", 1))
        self.limit = str(settings.get("limit", "fixed-limit"))
        self.small_bet = int(settings.get("small_bet", 2))
        self.big_bet = int(settings.get("big_bet", 4))
        self.seats = list(seats)
        self.seed = seed
        self.dealer = int(carry.get("dealer", 0))
        self.hand_no = int(carry.get("hand_no", 1))
        self._check_setup()

        n = len(self.seats)
        self.order = seats_after(self.dealer, n)
        self.pot = Pot([seat.stack for seat in self.seats])
        self.log: list[str] = []
        self.carried = self._take_carried_pot(carry.get("pot", []))
        self.pot.ante(self.ante)
        if self.ante:
            self.log.append(f"Each player antes {self.ante}.")

        self.deck = shuffled_sixchex(seed)
        self._next_card = 0
        self.hands: list[list[str]] = [[] for _ in range(n)]
        for _ in range(HAND_SIZE):
            for s in self.order:
                self.hands[s].append(self._deal())
        self.out_of_play: list[str] = []  # discards and folded hands: the reshuffle pool
        self.reshuffles = 0
        self.drew: list[int | None] = [None] * n
        self.drawers: list[int] = []

        self.phase: Phase = "betting1"
        self.round: BettingRound | None = self._betting_round(self.order, self.small_bet, True)
        self.opener: int | None = None  # set when the first interval ends
        self._summary = ""
        self.values: dict[int, HandValue] = {}
        self.won = [0] * n
        self.last_action = [""] * n
        self._final_pots: list[SidePot] = []
        self._final_contributions: list[int] = []
        self.log.extend(self._advance())

    def _check_setup(self) -> None:
        if self.limit not in LIMITS:
            raise ValueError(f"limit must be one of {', '.join(LIMITS)}, not {self.limit!r}")
        if self.ante < 0 or not 1 <= self.small_bet <= self.big_bet:
            raise ValueError("ante must be >= 0 and 1 <= small_bet <= big_bet")
        self._check_seats()

    def _take_carried_pot(self, owed: Sequence[Sequence[Any]]) -> int:
        """Put back into the pot the antes of earlier deals nobody opened; returns the chips."""
        unmatched = list(range(len(self.seats)))
        total = 0
        for name, chips in owed:
            seat = next((s for s in unmatched if self.seats[s].name == name), None)
            if seat is None:
                continue  # the player has left the table: those chips were never taken
            unmatched.remove(seat)
            paid = min(int(chips), self.pot.stacks[seat])
            self.pot.put(seat, paid)
            total += paid
        if total:
            self.log.append(f"{total} chips stay in the pot from the last deal nobody opened.")
        return total

    def _betting_round(self, order: Sequence[int], bet_size: int, open_mode: bool) -> BettingRound:
        limit = self.limit
        assert is_structure(limit)  # _check_setup allowed only LIMITS
        return BettingRound(self.pot, order, structure=limit,
                            bet_size=bet_size, raise_cap=RAISE_CAP, open_mode=open_mode)

    # -- dealing ---------------------------------------------------------------------------------

    def _deal(self) -> str:
        if self._next_card == len(self.deck):
            self._reshuffle()
        card = self.deck[self._next_card]
        self._next_card += 1
        return card

    def _reshuffle(self) -> None:
        """The pack is empty: the cards out of play become the new pack."""
        # Never empty: 72 cards less at most 6 hands of 7 leaves 30 out of every hand.
        assert self.out_of_play, "no cards left to deal"
        self.reshuffles += 1
        self.deck = shuffled(reshuffle_seed(self.seed, self.reshuffles), sorted(self.out_of_play))
        self.out_of_play = []
        self._next_card = 0
        self.log.append("The pack is empty: the discards are shuffled into a new pack.")

    # -- flow ------------------------------------------------------------------------------------

    def _advance(self) -> list[str]:
        """Move on from a finished betting interval or draw; returns lines for the log."""
        if self.round is not None and not self.round.done:
            return []
        if self.phase in ("betting1", "betting2") and len(self.pot.live) == 1:
            return self._win_by_folds()
        lines: list[str] = []
        if self.phase == "betting1":
            assert self.round is not None
            self.opener = self.round.opener
            able = [s for s in self.pot.live if self.pot.stacks[s] > 0]
            if self.opener is None and len(able) >= 2:
                return self._no_opener()
            self.phase, self.round = "draw", None
            self.drawers = [s for s in self.order if not self.pot.folded[s]]
            lines.append("The first interval is over: the draw, starting left of the dealer.")
        if self.phase == "draw" and not self.drawers:
            self.phase = "betting2"
            self.round = self._betting_round(self._second_order(), self.big_bet, False)
            if not self.round.done:
                first = self.seats[self.round.to_act()[0]].name
                lines.append(f"The draw is over: {first} begins the second interval.")
        if self.phase == "betting2" and self.round is not None and self.round.done:
            lines.extend(self._showdown())
        return lines

    def _second_order(self) -> list[int]:
        """The opener first, or the next player still in to the opener's left."""
        n = len(self.seats)
        first = self.opener if self.opener is not None else self.order[0]
        return [(first + i) % n for i in range(n)]

    def _no_opener(self) -> list[str]:
        self.round = None
        self.phase = "no-opener"
        self._remember_pots()
        next_dealer = self.seats[(self.dealer + 1) % len(self.seats)].name
        self._summary = (f"Nobody opened: the {self.pot.total} chips stay in the pot and "
                         f"{next_dealer} deals again.")
        return [self._summary]

    def _showdown(self) -> list[str]:
        self.round = None
        self.phase = "showdown"
        live = self.pot.live
        self.values = {s: evaluate(self.hands[s]) for s in live}
        lines = [f"{self.seats[s].name} shows {self.values[s].describe()}." for s in live]
        self._remember_pots()
        self.won = self.pot.award({s: v.key for s, v in self.values.items()}, order=self.order)
        return lines + self.winners()

    # -- the Engine surface ----------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.phase in ("showdown", "folded", "no-opener")

    def deck_order(self) -> DeckOrder:
        return DECK_ORDER

    def to_act(self) -> tuple[int, ...]:
        if self.round is not None:
            return self.round.to_act()
        if self.phase == "draw" and self.drawers:
            return (self.drawers[0],)
        return ()

    def legal_actions(self, seat: int) -> list[ActionSpec]:
        if self.round is not None:
            return self.round.legal_actions(seat)
        if seat not in self.to_act():
            return []
        return [ActionSpec("discard", "Discard and draw (none: stand pat)",
                           choices=tuple(self.hands[seat]), min_choices=0, max_choices=HAND_SIZE)]

    def apply(self, seat: int, action: Action) -> list[str]:
        action = self.verify(seat, action)
        name = self.seats[seat].name
        if self.round is not None:
            text = self.round.apply(seat, action)
            if self.pot.folded[seat]:
                self.out_of_play.extend(self.hands[seat])
        else:
            text = self._discard(seat, action)
        self.last_action[seat] = text
        lines = [f"{name} {text}"] + self._advance()
        self.log.extend(lines)
        return lines

    def _refuse(self, seat: int, action: Action) -> None:
        if action.kind != "discard":
            raise IllegalAction("It is time to draw: discard the cards to replace, or stand pat.")
        if len(set(action.cards)) != len(action.cards):
            raise IllegalAction("You listed the same card twice.")
        if any(card not in self.hands[seat] for card in action.cards):
            raise IllegalAction("You must discard cards you hold.")

    def _discard(self, seat: int, action: Action) -> str:
        hand = self.hands[seat]
        self.drawers.pop(0)
        self.drew[seat] = len(action.cards)
        kept = [card for card in hand if card not in action.cards]
        self.hands[seat] = kept + [self._deal() for _ in action.cards]
        self.out_of_play.extend(action.cards)
        count = len(action.cards)
        if not count:
            return "stands pat"
        return f"draws {count} card{'s' if count > 1 else ''}"

    def timeout_action(self, seat: int) -> Action:
        """Betting: check, else fold. Draw: stand pat."""
        if seat not in self.to_act():
            raise NotYourTurn()
        if self.round is None:
            return Action("discard")
        kinds = {spec.kind for spec in self.legal_actions(seat)}
        return Action("check") if "check" in kinds else Action("fold")

    # -- results ---------------------------------------------------------------------------------

    def _winning_hand(self, seat: int) -> str | None:
        if seat not in self.values:
            return None
        rank = self.values[seat].rank
        return f"{rank.name} ({rank.code})"

    @property
    def outcome(self) -> Outcome | None:
        if not self.finished:
            return None
        n = len(self.seats)
        carry: dict[str, Any] = {"dealer": (self.dealer + 1) % n}
        if self.phase == "no-opener":
            carry["pot"] = [[self.seats[s].name, chips]
                            for s, chips in enumerate(self._final_contributions) if chips]
            return Outcome(deltas=(0,) * n, summary=self._summary, carry=carry)
        deltas = tuple(self.pot.stacks[s] - self.seats[s].stack for s in range(n))
        return Outcome(deltas=deltas, summary="; ".join(self.winners()), carry=carry)

    # -- views -----------------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """The game as ``seat`` sees it (``None``: the public): a ``PresidentialView``."""
        actors = self.to_act()
        round_ = self.round
        pots = self._final_pots if self.finished else self.pot.pots()
        contributions = self._final_contributions if self.finished else self.pot.contributions
        seats: list[PresidentialSeatView] = []
        for s, info in enumerate(self.seats):
            value = self.values.get(s)
            if value is None and s == seat:
                value = evaluate(self.hands[s])
            shown = s == seat or s in self.values
            chosen = dict(zip(value.cards, value.chosen_categories)) if value is not None else {}
            seats.append({
                "name": info.name,
                "stack": self.pot.stacks[s],
                "bet": round_.bets[s] if round_ is not None else 0,
                "in_pot": contributions[s],
                "folded": self.pot.folded[s],
                "all_in": self.pot.is_all_in(s),
                "is_dealer": s == self.dealer,
                "to_act": s in actors,
                "last_action": self.last_action[s],
                "cards": [card_view(code, shown, chosen.get(code)) for code in self.hands[s]],
                "drew": self.drew[s],
                "hand": hand_view(value) if value is not None and shown else None,
                "won": self.won[s],
            })
        view: PresidentialView = {
            "game": self.game,
            "variant": LIMITS[self.limit],
            "hand_no": self.hand_no,
            "phase": self.phase,
            "categories": list(CATEGORIES),
            "seats": seats,
            "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in pots],
            "ante": self.ante,
            "carried": self.carried,
            "bet_size": self.big_bet if self.phase == "betting2" else self.small_bet,
            "current_bet": round_.current_bet if round_ is not None else 0,
            "opener": round_.opener if self.phase == "betting1" and round_ else self.opener,
            "deck_left": len(self.deck) - self._next_card,
            "viewer": seat,
            "log": list(self.log),
            "winners": self.winners(),
            "finished": self.finished,
        }
        return dict(view)
