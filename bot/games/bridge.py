"""Contract bridge: one board (auction, play, score) for four seats 0..3 = N, E, S, W.

Settings (all optional):

- ``scoring``: ``"rubber"`` (default) or ``"duplicate"``.
- ``board`` (duplicate): the board number to start from; its dealer and vulnerability follow the
  standard rotation. Later boards come from ``carry["board"]`` (the previous board + 1).
- ``system``: the bidding system the robots play, ``"sayc"`` (default) or ``"beginners"``
  (``bridge_options``); the view names it, for the robots and for the explanation of calls.
- ``deal`` (either scoring): a PBN deal string ("N:AKQ2.J83.... ... ... ...") so that several
  tables play the same cards. Without it the cards come from ``shuffled_deck(seed)``, dealt one
  at a time clockwise starting left of the dealer.

Carry: rubber scoring carries ``{"rubber": RubberState.to_json()}`` (scores above and below the
line, games, vulnerability, next dealer, board count); the board that ends a rubber has
``match_over=True`` and ``ranking`` 0 for the side with more points, 1 for the other. A new engine
given a finished rubber starts the next one. Duplicate carries ``{"board": next board number}``.

Who acts: ``to_act()`` is the caller in the auction and the seat whose card is due in the play,
except that on dummy's turn it is **declarer's** seat: declarer plays dummy's cards, and dummy
never acts. While a claim is pending it is the claimer's opponents until each has answered
(declarer answers for dummy).

Claims (Law 68): declarer or a defender may claim (or concede) at any time in the play, whether or
not it is their turn, with the total of tricks their side will have; fewer than their side has
already won is refused. The opponents accept or reject. A rejected claim plays on, except at an
event's table (setting ``event``), where the director rules: the tricks still to play go as the
double-dummy solver says (``ruling_action``, which the table service runs off its event loop and
applies as the claimer's ``rule`` action, so a replay needs no solver).

Actions: ``bid`` (``target`` "1C".."7NT" with C, D, H, S, NT), ``pass``, ``double``,
``redouble``, ``play`` (``cards=(code,)``), ``claim`` (``amount`` = total tricks for the claimer's
side), ``accept_claim``, ``reject_claim``, ``rule`` (``amount``: the ruling's total for the claimer's
side). In the ``ActionSpec`` for ``bid`` the choices are bids
(they go into ``Action.target``); for ``play`` they are card codes (they go into ``Action.cards``).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar, Mapping, Sequence, TypedDict

from endplay.dds import solve_board
from endplay.parsers import pbn as pbn_format
from endplay.types import Bid, Board, Card, Deal, Denom, Player

from bot.games.base import HIDDEN, Action, ActionSpec, EngineBase, IllegalAction, NotYourTurn, Outcome, Seat
from bot.games.bridge_analysis import Analysis, against_par, analyse, pbn_info
from bot.games.bridge_options import bidding_system, system_headline
from bot.games.bridge_scoring import (
    DIRECTIONS, DOUBLED_TEXT, SIDES, STRAIN_SYMBOLS, STRAINS, ContractResult, RubberState,
    SheetEntry, board_dealer, board_vulnerability, duplicate_score, honours, record_rubber_board,
    rubber_points, vul_of,
)
from bot.games.cards import DECK, RANKS, STANDARD_DECK, DeckOrder, pretty, shuffled_deck
from bot.games.words import counted

BIDS: tuple[str, ...] = tuple(f"{level}{strain}" for level in range(1, 8) for strain in STRAINS)
"""All bids from lowest to highest: a bid is sufficient when its index is higher."""
PASS, DOUBLE, REDOUBLE = "Pass", "X", "XX"
_CALLS = {"pass": PASS, "double": DOUBLE, "redouble": REDOUBLE}
"""The calls that are moves of their own kind (a bid is the kind "bid" with its target)."""
RULING_AWAITED = "The director's ruling is awaited."
SEAT_NAMES = ("North", "East", "South", "West")
SUIT_ORDER = "shdc"
"""Hands are shown spades, hearts, diamonds, clubs, each from the ace down."""
SUIT_NAMES = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}


class CallView(TypedDict):
    seat: int
    call: str                      # "1NT", "Pass", "X", "XX"


class PlayedCard(TypedDict):
    seat: int                      # the hand the card came from (dummy's seat for dummy's cards)
    card: str


class SeatView(TypedDict):
    name: str
    direction: str                 # "N", "E", "S", "W"
    is_bot: bool
    role: str                      # "declarer", "dummy", "defender"; "" during the auction
    cards: list[str]               # sorted by suit; "??" for each card the viewer may not see


class ClaimView(TypedDict):
    seat: int                      # the claimer: declarer or a defender
    tricks: int                    # total tricks claimed for the claimer's side
    accepted: list[int]            # opponents who have accepted so far


class RubberView(TypedDict):
    above: list[int]               # [NS, EW]
    below: list[int]
    part: list[int]                # below-the-line score of the game in progress
    games: list[int]
    totals: list[int]
    finished: bool
    sheet: list[SheetEntry]


class BridgeView(TypedDict):
    game: str                      # "bridge"
    scoring: str                   # "rubber" or "duplicate"
    system: str                    # the robots' bidding system: "sayc" or "beginners"
    board: int                     # board number (duplicate) or board count in the rubber
    dealer: int
    vulnerable: list[bool]         # [NS, EW]
    phase: str                     # "auction", "play", "claim", "ruling" (a director's), "done"
    viewer: int | None
    to_act: list[int]              # seats that must act (declarer on dummy's turn)
    turn: int | None               # seat whose call or card is due (dummy's seat on dummy's turn)
    seats: list[SeatView]
    auction: list[CallView]
    auction_table: list[list[str]]  # rows of calls in columns N, E, S, W; "" before the dealer
    contract: str | None           # "4HX"
    declarer: int | None
    dummy: int | None
    leader: int | None             # who led (or leads) the current trick
    trick: list[PlayedCard]
    last_trick: list[PlayedCard]
    last_trick_winner: int | None
    play: list[PlayedCard]         # every card played, in order
    tricks: list[int]              # tricks won [NS, EW]
    claim: ClaimView | None
    claims_rejected: int           # claims rejected so far on this board
    finished: bool
    result: str                    # "4H by S making 5: +450" at the end, else ""
    score: int | None              # at the end: NS points of this board
    deal: list[list[str]] | None   # at the end: the four original hands
    rubber: RubberView | None      # rubber scoring: the score sheet
    analysis: Analysis | None      # at the end, once solved: double-dummy tricks and par


def duplicate_board(settings: Mapping[str, Any], carry: Mapping[str, Any]) -> int:
    """The board a duplicate table plays next: the one after its last board, else the ``board``
    setting it started from, else board 1."""
    return int(carry.get("board") or settings.get("board") or 1)


def sort_hand(cards: Sequence[str]) -> list[str]:
    """Cards in display order: spades, hearts, diamonds, clubs, each from the ace down."""
    return sorted(cards, key=lambda c: (SUIT_ORDER.index(c[1]), -RANKS.index(c[0])))


def bid_text(bid: str) -> str:
    """'1H' -> '1♥'; '3NT' stays."""
    return bid[0] + STRAIN_SYMBOLS[bid[1:]]


def parse_pbn_deal(text: str) -> list[list[str]]:
    """A PBN deal string -> four 13-card hands (card codes), N, E, S, W."""
    try:
        deal = Deal(text)
    except (ValueError, RuntimeError, IndexError) as error:
        raise ValueError(f"Not a PBN deal: {text!r}.") from error
    hands = [[card_code(card) for card in deal[Player(seat)]] for seat in range(4)]
    cards = [card for hand in hands for card in hand]
    if any(len(hand) != 13 for hand in hands) or sorted(cards) != sorted(DECK):
        raise ValueError("The deal must give 13 different cards to each of the four hands.")
    return hands


def pbn_hand(cards: Sequence[str]) -> str:
    """Card codes -> 'AKQ2.J83.T9.7654' (spades.hearts.diamonds.clubs)."""
    ordered = sort_hand(cards)
    return ".".join("".join(c[0] for c in ordered if c[1] == suit) for suit in SUIT_ORDER)


def endplay_card(code: str) -> Card:
    """'Td' -> endplay's card (suit first: 'DT')."""
    return Card(code[1].upper() + code[0])


def card_code(card: Card) -> str:
    """endplay's card -> 'Td'."""
    return f"{card.rank.abbr}{'shdc'[card.suit]}"


def casual(settings: Mapping[str, Any]) -> bool:
    """A rubber table, not a duplicate board nor an event's: a move may be taken back there."""
    return settings.get("scoring", "rubber") == "rubber" and not settings.get("event")


class BridgeEngine(EngineBase):
    """One board of contract bridge. See the module docstring for settings, carry and actions."""

    game: ClassVar[str] = "bridge"

    def __init__(self, settings: Mapping[str, Any], seats: Sequence[Seat], seed: str,
                 carry: Mapping[str, Any]) -> None:
        if len(seats) != 4:
            raise ValueError("Bridge needs exactly four seats.")
        self.seats = list(seats)
        self.scoring = str(settings.get("scoring", "rubber"))
        if self.scoring not in ("rubber", "duplicate"):
            raise ValueError("Scoring must be 'rubber' or 'duplicate'.")
        self.system = bidding_system(settings)
        self.rubber: RubberState | None = None
        if self.scoring == "rubber":
            rubber = RubberState.from_json(carry["rubber"]) if "rubber" in carry else RubberState()
            self.rubber = rubber.next_rubber() if rubber.finished else rubber
            self.board_no = self.rubber.boards + 1
            self.dealer = self.rubber.dealer
            self.vulnerable = self.rubber.vulnerable
        else:
            self.board_no = duplicate_board(settings, carry)
            self.dealer = board_dealer(self.board_no)
            self.vulnerable = board_vulnerability(self.board_no)
        self.set_deal = bool(settings.get("deal"))
        if self.set_deal:
            self.dealt = parse_pbn_deal(str(settings["deal"]))
        else:
            deck = shuffled_deck(seed)
            self.dealt = [[deck[i] for i in range(52) if (self.dealer + 1 + i) % 4 == seat]
                          for seat in range(4)]
        self.hands = [list(hand) for hand in self.dealt]
        self.calls: list[tuple[int, str]] = []
        self.phase = "auction"
        self.level = 0
        self.strain = "NT"
        self.doubled = 0
        self.declarer: int | None = None
        self.play: list[tuple[int, str]] = []
        self.trick: list[tuple[int, str]] = []
        self.leader = 0
        self.last_trick: list[tuple[int, str]] = []
        self.last_winner: int | None = None
        self.won = [0, 0]
        self.claim_tricks: int | None = None
        self.claimer: int | None = None
        self.faced: set[int] = set()  # defenders whose hands a claim laid face up
        self.event = bool(settings.get("event"))
        self.claim_accepted: list[int] = []
        self.claimed = False
        self.claims_rejected = 0
        self.declarer_shown = False
        self._outcome: Outcome | None = None
        self._analysis: Analysis | None = None
        self.result: ContractResult | None = None
        self.ns_score: int | None = None
        self.result_line = ""

    # ------------------------------------------------------------------ who acts

    @property
    def dummy(self) -> int | None:
        return None if self.declarer is None else (self.declarer + 2) % 4

    def turn(self) -> int | None:
        """The seat whose call or card is due (dummy's seat on dummy's turn)."""
        if self.phase == "auction":
            return (self.dealer + len(self.calls)) % 4
        if self.phase == "play":
            return (self.leader + len(self.trick)) % 4
        return None

    def deck_order(self) -> DeckOrder | None:
        return None if self.set_deal else STANDARD_DECK

    def to_act(self) -> tuple[int, ...]:
        if self.phase == "claim":
            assert self.claimer is not None
            return tuple(s for s in ((self.claimer + 1) % 4, (self.claimer + 3) % 4)
                         if s != self.dummy and s not in self.claim_accepted)
        if self.phase == "ruling":
            assert self.claimer is not None
            return (self.claimer,)
        turn = self.turn()
        if turn is None:
            return ()
        if self.phase == "play" and turn == self.dummy:
            assert self.declarer is not None
            return (self.declarer,)
        return (turn,)

    # ------------------------------------------------------------------ auction rules

    def _last_bid(self) -> tuple[int, str] | None:
        return next(((s, c) for s, c in reversed(self.calls) if c in BIDS), None)

    def _last_non_pass(self) -> tuple[int, str] | None:
        return next(((s, c) for s, c in reversed(self.calls) if c != PASS), None)

    def _can_double(self, seat: int) -> bool:
        last = self._last_non_pass()
        return last is not None and last[1] in BIDS and last[0] % 2 != seat % 2

    def _can_redouble(self, seat: int) -> bool:
        last = self._last_non_pass()
        return last is not None and last[1] == DOUBLE and last[0] % 2 != seat % 2

    def _sufficient_bids(self) -> tuple[str, ...]:
        last = self._last_bid()
        return BIDS if last is None else BIDS[BIDS.index(last[1]) + 1:]

    def _refuse_call(self, seat: int, action: Action) -> None:
        if action.kind == "bid":
            if action.target is None or action.target not in BIDS:
                raise IllegalAction("Bid a level 1-7 and a denomination C, D, H, S or NT, such as 1NT or 4H.")
            last = self._last_bid()
            if last is not None and BIDS.index(action.target) <= BIDS.index(last[1]):
                raise IllegalAction(f"A bid must be higher than {bid_text(last[1])}.")
        elif action.kind == "double" and not self._can_double(seat):
            raise IllegalAction("You can only double the opponents' last bid, if not yet doubled.")
        elif action.kind == "redouble" and not self._can_redouble(seat):
            raise IllegalAction("You can only redouble when the opponents have doubled "
                                "your side's last bid.")
        elif action.kind not in _CALLS and action.kind != "bid":
            raise IllegalAction("During the auction you may bid, pass, double or redouble.")

    def _call(self, seat: int, call: str) -> list[str]:
        self.calls.append((seat, call))
        verbs = {PASS: "passes", DOUBLE: "doubles", REDOUBLE: "redoubles"}
        lines = [f"{self._who(seat)} {verbs.get(call) or 'bids ' + bid_text(call)}"]
        calls = [c for _, c in self.calls]
        if calls == [PASS] * 4:
            lines += ["Passed out.", self._finish(ContractResult(0))]
        elif len(calls) >= 4 and calls[-3:] == [PASS] * 3:
            lines.extend(self._close_auction())
        return lines

    def _close_auction(self) -> list[str]:
        """Fix the contract; declarer is the first of the side to name the final denomination."""
        last = self._last_bid()
        assert last is not None
        final_seat, final_bid = last
        self.level, self.strain = int(final_bid[0]), final_bid[1:]
        last_index = max(i for i, (_, c) in enumerate(self.calls) if c in BIDS)
        after = [c for _, c in self.calls[last_index:]]
        self.doubled = 2 if REDOUBLE in after else 1 if DOUBLE in after else 0
        self.declarer = next(s for s, c in self.calls
                             if c in BIDS and c[1:] == self.strain and s % 2 == final_seat % 2)
        self.phase = "play"
        self.leader = (self.declarer + 1) % 4
        shown = bid_text(final_bid) + DOUBLED_TEXT[self.doubled]
        return [f"Contract {shown} by {SEAT_NAMES[self.declarer]}; {self._who(self.leader)} leads."]

    # ------------------------------------------------------------------ play rules

    def _playable(self, hand_seat: int) -> list[str]:
        hand = self.hands[hand_seat]
        if self.trick:
            led = self.trick[0][1][1]
            following = [c for c in hand if c[1] == led]
            if following:
                return following
        return list(hand)

    def _refuse_card(self, seat: int, action: Action) -> None:
        if action.kind == "claim":
            self._refuse_claim(seat, action.amount)
        elif action.kind != "play":
            raise IllegalAction("During the play you may play a card or claim.")
        elif len(action.cards) != 1:
            raise IllegalAction("Play exactly one card.")
        else:
            hand_seat = self.turn()
            assert hand_seat is not None
            if action.cards[0] not in self.hands[hand_seat]:
                raise IllegalAction(f"{'Dummy does' if hand_seat != seat else 'You do'} not hold that card.")
            if action.cards[0] not in self._playable(hand_seat):
                raise IllegalAction(f"You must follow suit: play one of the {SUIT_NAMES[self.trick[0][1][1]]}.")

    def _play(self, seat: int, action: Action) -> list[str]:
        card = action.cards[0]
        hand_seat = self.turn()
        assert hand_seat is not None
        self.hands[hand_seat].remove(card)
        self.trick.append((hand_seat, card))
        self.play.append((hand_seat, card))
        source = " from dummy" if hand_seat != seat else ""
        lines = [f"{self._who(seat)} plays {pretty(card)}{source}"]
        if len(self.play) == 1:
            lines.append(f"Dummy goes down: {self._who((seat + 1) % 4)}.")
        if len(self.trick) == 4:
            winner = self._trick_winner()
            self.won[winner % 2] += 1
            self.last_trick, self.last_winner = self.trick, winner
            self.trick, self.leader = [], winner
            lines.append(f"{SEAT_NAMES[winner]} wins the trick ({SIDES[0]} {self.won[0]}, "
                         f"{SIDES[1]} {self.won[1]}).")
            if len(self.play) == 52:
                lines.append(self._finish_play(self.won[self._declarer_side()]))
        return lines

    def _trick_winner(self) -> int:
        trump = None if self.strain == "NT" else self.strain.lower()
        led = self.trick[0][1][1]

        def strength(card: str) -> int:
            if card[1] == trump:
                return 100 + RANKS.index(card[0])
            return RANKS.index(card[0]) if card[1] == led else -1

        return max(self.trick, key=lambda played: strength(played[1]))[0]

    def _declarer_side(self) -> int:
        assert self.declarer is not None
        return self.declarer % 2

    # ------------------------------------------------------------------ claims

    def _claim_bounds(self, seat: int) -> tuple[int, int]:
        """The totals ``seat``'s side may claim: at least what it has won, at most all the rest."""
        won = self.won[seat % 2]
        return won, won + 13 - len(self.play) // 4

    def _refuse_claim(self, seat: int, amount: int | None) -> None:
        if seat == self.dummy:
            raise IllegalAction("Dummy takes no part in the play: declarer claims for the side.")
        low, high = self._claim_bounds(seat)
        if amount is None or not low <= amount <= high:
            raise IllegalAction(f"Claim a total of {low} to {high} tricks for your side "
                                f"({low}: concede the rest; your side has won {low} already).")

    def _claim(self, seat: int, action: Action) -> list[str]:
        assert action.amount is not None  # verified
        low = self._claim_bounds(seat)[0]
        self.phase, self.claimer = "claim", seat
        self.claim_tricks = action.amount
        self.claim_accepted = []
        if seat == self.declarer:
            self.declarer_shown = True
        else:
            self.faced.add(seat)
        what = "concedes the rest" if action.amount == low else f"claims {counted(action.amount, 'trick')} in all"
        return [f"{self._who(seat)} {what} for their side and shows their hand; the opponents accept or reject."]

    def _answer_claim(self, seat: int, accept: bool) -> list[str]:
        assert self.claim_tricks is not None and self.claimer is not None
        if not accept:
            self.claim_tricks, self.claim_accepted = None, []
            self.claims_rejected += 1
            if self.event:  # the director rules (ruling_action), as the event's rule says
                self.phase = "ruling"
                return [f"{self._who(seat)} rejects the claim; the director rules by double dummy."]
            self.phase = "play"
            return [f"{self._who(seat)} rejects the claim; play continues."]
        self.claim_accepted.append(seat)
        lines = [f"{self._who(seat)} accepts the claim."]
        if not self.to_act():
            lines.append(self._settle_claim(self.claim_tricks))
        return lines

    def _settle_claim(self, claimer_tricks: int) -> str:
        """The board ends with ``claimer_tricks`` to the claimer's side, the rest to the other."""
        assert self.claimer is not None
        self.claimed = True
        side = self.claimer % 2
        self.won[side], self.won[1 - side] = claimer_tricks, 13 - claimer_tricks
        return self._finish_play(self.won[self._declarer_side()])

    @property
    def ruling(self) -> bool:
        """A rejected claim at an event's table waits for the director's ruling."""
        return self.phase == "ruling"

    def ruling_action(self) -> Action:
        """The director's ruling: the tricks still to play go as they would with every hand open and
        best play by all (endplay's double-dummy solver: slow, so the table service runs it off its
        event loop). The claimer's ``rule`` action, with their side's total."""
        assert self.claimer is not None and self.ruling and self.declarer is not None
        deal = Deal()
        for seat in range(4):
            deal[Player(seat)] = pbn_hand(self.hands[seat])
        deal.first = Player(self.leader)
        deal.trump = Denom.find(self.strain)
        for _, card in self.trick:
            deal.play(endplay_card(card), from_hand=False)
        to_play = (self.leader + len(self.trick)) % 4
        best = max(tricks for _, tricks in solve_board(deal))
        remaining = 13 - len(self.play) // 4
        claimer_side = self.claimer % 2
        from_here = best if to_play % 2 == claimer_side else remaining - best
        return Action("rule", amount=self.won[claimer_side] + from_here)

    def _refuse_ruling(self, seat: int, action: Action) -> None:
        low, high = self._claim_bounds(seat)
        if action.kind != "rule" or action.amount is None or not low <= action.amount <= high:
            raise IllegalAction(RULING_AWAITED)

    def _rule(self, seat: int, action: Action) -> list[str]:
        assert action.amount is not None  # verified
        side = "North-South" if seat % 2 == 0 else "East-West"
        return [f"The director rules: {counted(action.amount, 'trick')} to {side}.", self._settle_claim(action.amount)]

    # ------------------------------------------------------------------ the Engine surface

    def _claim_spec(self, seat: int) -> ActionSpec:
        low, high = self._claim_bounds(seat)
        return ActionSpec("claim", "Claim", min_amount=low, max_amount=high)

    def legal_actions(self, seat: int) -> list[ActionSpec]:
        if seat not in self.to_act():  # in the play, declarer or a defender may claim at any time
            return [self._claim_spec(seat)] if self.phase == "play" and seat != self.dummy else []
        if self.phase == "auction":
            specs = [ActionSpec("pass", "Pass")]
            bids = self._sufficient_bids()
            if bids:
                specs.append(ActionSpec("bid", "Bid", choices=bids, min_choices=1, max_choices=1))
            if self._can_double(seat):
                specs.append(ActionSpec("double", "Double"))
            if self._can_redouble(seat):
                specs.append(ActionSpec("redouble", "Redouble"))
            return specs
        if self.phase == "claim":
            return [ActionSpec("accept_claim", f"Accept claim of {self.claim_tricks}"),
                    ActionSpec("reject_claim", "Reject claim")]
        if self.phase == "ruling":
            low, high = self._claim_bounds(seat)
            return [ActionSpec("rule", "The director's ruling", min_amount=low, max_amount=high)]
        turn = self.turn()
        assert turn is not None
        playable = tuple(sort_hand(self._playable(turn)))
        label = "Play from dummy" if turn != seat else "Play"
        return [ActionSpec("play", label, choices=playable, min_choices=1, max_choices=1), self._claim_spec(seat)]

    def verify(self, seat: int, action: Action) -> Action:
        """Bridge's own words for a move refused (dummy's turn, a claim's answer, a call or card the
        rules forbid), then the shared judgement; a bid is read in capitals ("3nt" is 3NT)."""
        if action.kind == "bid" and action.target is not None:
            action = replace(action, target=action.target.upper())
        claiming = self.phase == "play" and action.kind == "claim"
        if seat in self.to_act() or claiming:
            self._refuse(seat, action)
        elif self.phase == "play" and seat == self.dummy:
            raise NotYourTurn("Declarer plays dummy's cards.")
        elif self.phase == "claim":
            raise NotYourTurn("The claimer's opponents answer a claim.")
        elif self.phase == "ruling":
            raise NotYourTurn(RULING_AWAITED)
        return super().verify(seat, action)

    def _refuse(self, seat: int, action: Action) -> None:
        if self.phase == "auction":
            self._refuse_call(seat, action)
        elif self.phase == "claim" and action.kind not in ("accept_claim", "reject_claim"):
            raise IllegalAction("Accept or reject the claim first.")
        elif self.phase == "ruling":
            self._refuse_ruling(seat, action)
        elif self.phase == "play":
            self._refuse_card(seat, action)

    def apply(self, seat: int, action: Action) -> list[str]:
        action = self.verify(seat, action)
        if self.phase == "auction":
            return self._call(seat, _CALLS.get(action.kind) or str(action.target))
        if self.phase == "claim":
            return self._answer_claim(seat, action.kind == "accept_claim")
        if self.phase == "ruling":
            return self._rule(seat, action)
        if action.kind == "play":
            return self._play(seat, action)
        return self._claim(seat, action)

    def timeout_action(self, seat: int) -> Action:
        """Pass in the auction, the lowest legal card in the play, reject a claim (play goes on)."""
        if seat not in self.to_act():
            raise NotYourTurn()
        if self.phase == "auction":
            return Action("pass")
        if self.phase == "claim":
            return Action("reject_claim")
        if self.phase == "ruling":
            return self.ruling_action()
        turn = self.turn()
        assert turn is not None
        lowest = min(self._playable(turn), key=lambda c: (RANKS.index(c[0]), "cdhs".index(c[1])))
        return Action("play", cards=(lowest,))

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    # ------------------------------------------------------------------ the end of the board

    def _finish_play(self, declarer_tricks: int) -> str:
        assert self.declarer is not None
        result = ContractResult(self.level, self.strain, self.doubled, self.declarer,
                                declarer_tricks)
        return self._finish(result)

    def _finish(self, result: ContractResult) -> str:
        """Score the board; returns its result for the log, as its outcome sums it up."""
        self.phase = "done"
        self.result = result
        if self.rubber is None:
            self.ns_score = duplicate_score(result, self.vulnerable)
            self.result_line = self._result_line(result, [])
            self._outcome = Outcome(deltas=(0, 0, 0, 0), summary=self.result_line,
                                    carry={"board": self.board_no + 1})
            return self.result_line
        honour_points = [0, 0] if result.passed_out else honours(self.dealt, result.strain)
        self.rubber, entry = record_rubber_board(self.rubber, result, honour_points)
        self.ns_score = (entry["above"][0] + entry["below"][0]
                         - entry["above"][1] - entry["below"][1])
        self.result_line = self._result_line(result, entry["notes"])
        summary, ranking = self.result_line, None
        if self.rubber.finished:
            winner = self.rubber.winner
            ranking = (0, 0, 0, 0) if winner is None else tuple(
                0 if seat % 2 == winner else 1 for seat in range(4))
            summary += f" (rubber over: NS {self.rubber.totals[0]}, EW {self.rubber.totals[1]})"
        self._outcome = Outcome(deltas=(0, 0, 0, 0), summary=summary,
                                carry={"rubber": self.rubber.to_json()},
                                match_over=self.rubber.finished, ranking=ranking)
        return summary

    def _result_line(self, result: ContractResult, notes: Sequence[str]) -> str:
        """'4H by S making 5: +450' (the contract's points for declarer's side), then any
        rubber notes: honours, games, the rubber bonus."""
        if result.passed_out:
            return "Passed out: 0"
        if self.rubber is None:
            ns_points = duplicate_score(result, self.vulnerable)
            points = ns_points if result.side == 0 else -ns_points
        else:
            split = rubber_points(result, self.vulnerable[result.side])
            points = split.below + split.above - split.penalty
        return "; ".join([f"{result.text()}: {points:+d}", *notes])

    # ------------------------------------------------------------------ views

    def _contract_text(self) -> str:
        return ContractResult(self.level, self.strain, self.doubled).contract_text()

    def _who(self, seat: int) -> str:
        return f"{self.seats[seat].name} ({DIRECTIONS[seat]})"

    def _visible(self, hand_seat: int, viewer: int | None) -> bool:
        if self.phase == "done" or hand_seat == viewer:
            return True
        if hand_seat == self.dummy and self.play:
            return True
        return (hand_seat == self.declarer and self.declarer_shown) or hand_seat in self.faced

    def _role(self, seat: int) -> str:
        if self.declarer is None:
            return ""
        if seat == self.declarer:
            return "declarer"
        return "dummy" if seat == self.dummy else "defender"

    def view(self, seat: int | None) -> dict[str, Any]:
        """The board as ``seat`` sees it (``None``: the public). See ``BridgeView``."""
        seats = [
            SeatView(name=s.name, direction=DIRECTIONS[i], is_bot=s.is_bot, role=self._role(i),
                     cards=sort_hand(self.hands[i]) if self._visible(i, seat)
                     else [HIDDEN] * len(self.hands[i]))
            for i, s in enumerate(self.seats)
        ]
        table: list[list[str]] = []
        cells = [""] * self.dealer + [c for _, c in self.calls]
        for start in range(0, len(cells), 4):
            table.append((cells[start:start + 4] + [""] * 4)[:4])
        rubber: RubberView | None = None
        if self.rubber is not None:
            r = self.rubber
            rubber = RubberView(above=list(r.above), below=list(r.below), part=list(r.part),
                                games=list(r.games), totals=list(r.totals), finished=r.finished,
                                sheet=[SheetEntry(**e) for e in r.sheet])
        claim = None
        if self.phase == "claim" and self.claimer is not None and self.claim_tricks is not None:
            claim = ClaimView(seat=self.claimer, tricks=self.claim_tricks, accepted=list(self.claim_accepted))
        done = self.phase == "done"
        view = BridgeView(
            game=self.game, scoring=self.scoring, system=self.system, board=self.board_no, dealer=self.dealer,
            vulnerable=list(self.vulnerable), phase=self.phase, viewer=seat,
            to_act=list(self.to_act()), turn=self.turn(), seats=seats,
            auction=[CallView(seat=s, call=c) for s, c in self.calls], auction_table=table,
            contract=self._contract_text() if self.declarer is not None else None,
            declarer=self.declarer, dummy=self.dummy,
            leader=self.leader if self.declarer is not None else None,
            trick=[PlayedCard(seat=s, card=c) for s, c in self.trick],
            last_trick=[PlayedCard(seat=s, card=c) for s, c in self.last_trick],
            last_trick_winner=self.last_winner,
            play=[PlayedCard(seat=s, card=c) for s, c in self.play],
            tricks=list(self.won), claim=claim, claims_rejected=self.claims_rejected, finished=done,
            result=self.result_line,
            score=self.ns_score, deal=[sort_hand(h) for h in self.dealt] if done else None,
            rubber=rubber, analysis=self._analysis if done else None,
        )
        return dict(view)

    def pbn(self) -> str:
        """The finished board in PBN (deal, auction, play, contract, result, score), written by
        endplay. The Score tag holds NS's points on this board (rubber: above and below the line,
        honours and any rubber bonus included). Settlement asks for it once the board is over."""
        assert self.result is not None
        names = [s.name.replace('"', "'") for s in self.seats]  # PBN tag values are quoted
        board = Board(
            Deal("N:" + " ".join(pbn_hand(hand) for hand in self.dealt)),
            [Bid({PASS: "P", DOUBLE: "X", REDOUBLE: "XX"}.get(c, c)) for _, c in self.calls],
            [endplay_card(card) for _, card in self.play],
            self.board_no,
            dealer=Player(self.dealer),
            vul=vul_of(self.vulnerable),
            claimed=self.claimed,
            Event=f"cardroom {self.scoring} bridge",
            Site="Discord",
            Date="????.??.??",  # PBN's unknown date (an engine has no clock)
            Scoring="Rubber" if self.scoring == "rubber" else "MP",
            North=names[0], East=names[1], South=names[2], West=names[3],  # SEAT_NAMES' order
        )
        board.contract = self.result.to_endplay()
        board.info["Score"] = f"NS {self.ns_score}"
        if self._analysis is not None:
            board.info.update(pbn_info(self._analysis))
        return pbn_format.dumps([board])

    def analyse(self) -> Analysis | None:
        """The finished board's double-dummy table and par (``bridge_analysis``), solved once and
        kept: slow, so the table service calls it off its event loop before it shows the board."""
        if self.phase != "done":
            return None
        if self._analysis is None:
            self._analysis = analyse("N:" + " ".join(pbn_hand(hand) for hand in self.dealt), self.dealer,
                                     self.vulnerable)
        return self._analysis

    def headline(self) -> str | None:
        return system_headline(self.system)

    def par_note(self) -> str:
        """How the contract played compared with par, once the board is analysed."""
        if self._analysis is None or self.ns_score is None:
            return ""
        if self.scoring == "rubber":  # par is a duplicate score: a rubber's points do not compare
            contracts = ", ".join(self._analysis["par_contracts"]) or "Pass"
            return f"Par {contracts} {self._analysis['par_score']:+d} (NS, at duplicate scoring)"
        return against_par(self._analysis, self.ns_score)
