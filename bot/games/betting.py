"""Poker betting for the invented games (Poker Squared, Sigma Poker, Presidential Poker).

The real poker games use pokerkit; these games cannot, because their showdowns are not poker hands.
Two pieces, both pure and deterministic, holding only ints, bools and lists:

- ``Pot``: the chips ledger of one deal. Stacks behind, what each seat has put in over all betting
  rounds (antes included), who folded, the side pots that all-ins create, and ``award`` which pays
  each pot to the best eligible hands.
- ``BettingRound``: one betting interval among the seats still in. It moves chips from stacks into
  the ``Pot`` as players act, so the ledger is always the single source of truth.

Rules followed (standard casino rules unless a game says otherwise):
- ``amount`` of a bet or raise is the seat's total bet *to* in this round.
- No-limit: a raise is at least the last full bet or raise (the first bet at least ``bet_size``).
  Pot-limit: at most the pot after calling, but never less than the smallest bet (an empty pot
  still lets a player open). Fixed-limit: every bet and raise is ``bet_size``, with at most
  ``raise_cap`` raises after the bet (``None`` for no cap).
- Nobody may bet more than some opponent still in the hand can match: the largest bet is capped by
  the largest stack among the others (uncalled chips would only come back anyway).
- An all-in for less than a full raise does not reopen the raising for players who have already
  acted; they may only call or fold. A short all-in does not count towards the raise cap.
- A seat may not fold when it could check.
- ``open_mode`` is Presidential Poker's "check or open" interval: the first bet is the open
  (``opener``); if everybody checks, the round ends with ``opener`` left ``None``.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar, Literal, Mapping, Sequence, TypeGuard

from bot.games.base import Action, ActionSpec, EngineBase, IllegalAction, NotYourTurn, refuse_fold_check_call

Structure = Literal["fixed-limit", "pot-limit", "no-limit"]
STRUCTURES: tuple[str, ...] = ("fixed-limit", "pot-limit", "no-limit")


def is_structure(limit: str) -> TypeGuard[Structure]:
    """Whether ``limit`` (a table setting) names a betting structure."""
    return limit in STRUCTURES


def seats_after(seat: int, n_seats: int) -> list[int]:
    """All seats in order starting left of ``seat`` (the odd-chip and action order after a dealer)."""
    return [(seat + 1 + i) % n_seats for i in range(n_seats)]


@dataclass(frozen=True)
class SidePot:
    """One pot: its chips and the seats that can win it (main pot first, then side pots)."""

    amount: int
    eligible: tuple[int, ...]


class Pot:
    """The chips of one deal: ``stacks`` behind, ``contributions`` in the middle, ``folded`` seats.

    Chips only move between a seat's stack and the middle, so ``sum(stacks) + total`` never changes
    until ``award`` hands the middle back out.
    """

    def __init__(self, stacks: Sequence[int]) -> None:
        if any(s < 0 for s in stacks):
            raise ValueError("stacks cannot be negative")
        self.stacks: list[int] = list(stacks)
        self.contributions: list[int] = [0] * len(stacks)
        self.folded: list[bool] = [False] * len(stacks)

    @property
    def n_seats(self) -> int:
        return len(self.stacks)

    @property
    def total(self) -> int:
        """Chips in the middle (all pots together)."""
        return sum(self.contributions)

    @property
    def live(self) -> list[int]:
        """Seats that have not folded."""
        return [s for s in range(self.n_seats) if not self.folded[s]]

    def is_all_in(self, seat: int) -> bool:
        return not self.folded[seat] and self.stacks[seat] == 0

    def put(self, seat: int, chips: int) -> None:
        """Move ``chips`` from the seat's stack to the middle."""
        if chips < 0 or chips > self.stacks[seat]:
            raise ValueError(f"seat {seat} cannot put {chips} chips in with {self.stacks[seat]}")
        self.stacks[seat] -= chips
        self.contributions[seat] += chips

    def ante(self, amount: int) -> None:
        """Every live seat antes ``amount``, or all it has."""
        for seat in self.live:
            self.put(seat, min(amount, self.stacks[seat]))

    def fold(self, seat: int) -> None:
        """The seat gives up its claim; its chips stay in the middle."""
        self.folded[seat] = True

    def pots(self) -> list[SidePot]:
        """Main pot then side pots, layered by the live seats' contributions.

        Chips a folded seat put in above every live seat's level join the last pot.
        """
        live = self.live
        levels = sorted({self.contributions[s] for s in live if self.contributions[s] > 0})
        result: list[SidePot] = []
        previous = 0
        for level in levels:
            amount = sum(min(c, level) - min(c, previous) for c in self.contributions)
            eligible = tuple(s for s in live if self.contributions[s] >= level)
            result.append(SidePot(amount, eligible))
            previous = level
        leftover = sum(max(0, c - previous) for c in self.contributions)
        if leftover:
            if result:
                last = result[-1]
                result[-1] = SidePot(last.amount + leftover, last.eligible)
            else:
                result.append(SidePot(leftover, tuple(live)))
        return result

    def award(
        self,
        strengths: Mapping[int, Any] | None = None,
        order: Sequence[int] | None = None,
    ) -> list[int]:
        """Pay every pot to its best eligible hands; returns the chips each seat won.

        ``strengths`` maps every live seat to a comparable hand value (higher wins, equal splits);
        it may be left out when only one seat is live. Odd chips of a split go one each to the
        winners in ``order`` (default seat order; pass ``seats_after(dealer, n)`` for "left of
        the dealer first"). The middle is empty afterwards.
        """
        live = self.live
        if not live:
            raise ValueError("nobody is left to award the pot to")
        if strengths is None:
            if len(live) > 1:
                raise ValueError("strengths are needed when several seats are live")
            strengths = {live[0]: 0}
        missing = [s for s in live if s not in strengths]
        if missing:
            raise ValueError(f"no strength given for live seats {missing}")
        rank = {seat: i for i, seat in enumerate(order if order is not None else range(self.n_seats))}
        winnings = [0] * self.n_seats
        for pot in self.pots():
            best = max(strengths[s] for s in pot.eligible)
            winners = sorted((s for s in pot.eligible if strengths[s] == best), key=rank.__getitem__)
            share, odd = divmod(pot.amount, len(winners))
            for i, seat in enumerate(winners):
                winnings[seat] += share + (1 if i < odd else 0)
        for seat, won in enumerate(winnings):
            self.stacks[seat] += won
        self.contributions = [0] * self.n_seats
        return winnings


class BettingRound:
    """One betting interval. Chips go straight into ``pot`` as players act.

    ``order`` is the action order (first to act first); folded seats in it are skipped and seats
    with no chips behind are all-in and never asked to act. ``bet_size`` is the fixed-limit bet, or
    the smallest opening bet in pot-limit and no-limit.
    """

    def __init__(
        self,
        pot: Pot,
        order: Sequence[int],
        *,
        structure: Structure = "no-limit",
        bet_size: int = 1,
        raise_cap: int | None = 3,
        open_mode: bool = False,
    ) -> None:
        if structure not in STRUCTURES:
            raise ValueError(f"unknown betting structure {structure!r}")
        if bet_size < 1:
            raise ValueError("bet_size must be at least 1")
        self.pot = pot
        self.order: list[int] = [s for s in order if not pot.folded[s]]
        self.structure: str = structure
        self.bet_size = bet_size
        self.raise_cap = raise_cap
        self.open_mode = open_mode
        self.bets: list[int] = [0] * pot.n_seats
        self.current_bet = 0
        self.last_raise = bet_size  # size of the last full bet or raise: the next raise's minimum
        # (fixed-limit: the bet size, the only size a bet or raise can have)
        self.raises = 0  # full bets and raises made, the opening bet included
        self.opener: int | None = None
        self.may_raise: list[bool] = [True] * pot.n_seats
        self.pending: list[int] = [s for s in self.order if self._can_act(s)]
        self.turn: int | None  # whose turn it is (None once the round is over): set by _next_turn
        self._next_turn(None)

    # ---- state -------------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.turn is None

    def to_act(self) -> tuple[int, ...]:
        return () if self.turn is None else (self.turn,)

    @property
    def contenders(self) -> list[int]:
        """Seats of this round that have not folded."""
        return [s for s in self.order if not self.pot.folded[s]]

    def to_call(self, seat: int) -> int:
        """Chips the seat must add to match the highest bet (or all it has)."""
        return min(self.current_bet - self.bets[seat], self.pot.stacks[seat])

    def _can_act(self, seat: int) -> bool:
        return not self.pot.folded[seat] and self.pot.stacks[seat] > 0

    def _next_turn(self, after: int | None) -> None:
        """Pick the next pending seat after ``after`` in action order, or end the round."""
        contenders = self.contenders
        active = [s for s in contenders if self._can_act(s)]
        self.pending = [s for s in self.pending if s in active]
        # A seat alone with chips that has matched every bet (or alone in the hand) has nobody left
        # who could answer a bet of its own.
        alone = len(active) == 1 and self.bets[active[0]] >= max(self.bets[s] for s in contenders)
        if alone or not self.pending:
            self.turn = None
            return
        start = 0 if after is None else self.order.index(after) + 1
        for i in range(len(self.order)):
            seat = self.order[(start + i) % len(self.order)]
            if seat in self.pending:
                self.turn = seat
                return

    # ---- raise bounds ------------------------------------------------------------------------
    def raise_bounds(self, seat: int) -> tuple[int, int] | None:
        """(min, max) total a bet or raise may go to for ``seat`` now, or None if it cannot raise."""
        if not self.may_raise[seat]:
            return None
        if self.structure == "fixed-limit" and self.raise_cap is not None:
            if self.raises >= self.raise_cap + 1:
                return None
        stack = self.pot.stacks[seat]
        others = [self.bets[s] + self.pot.stacks[s] for s in self.contenders if s != seat]
        max_to = min(self.bets[seat] + stack, max(others))  # the seat to act always has an opponent
        if self.structure == "fixed-limit":
            max_to = min(max_to, self.current_bet + self.bet_size)
        min_to = self.current_bet + self.last_raise
        if self.structure == "pot-limit":  # the pot after calling, but never below the smallest bet
            max_to = min(max_to, max(self.current_bet + self._pot_after_call(seat), min_to))
        if max_to <= self.current_bet:  # among others, a stack that cannot even call
            return None
        return min(min_to, max_to), max_to

    def _pot_after_call(self, seat: int) -> int:
        return self.pot.total + self.current_bet - self.bets[seat]

    # ---- legal actions -----------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[ActionSpec]:
        if seat != self.turn:
            return []
        specs: list[ActionSpec] = []
        to_call = self.to_call(seat)
        if to_call > 0:
            specs.append(ActionSpec("fold", "Fold"))
            all_in = " (all-in)" if to_call == self.pot.stacks[seat] else ""
            specs.append(ActionSpec("call", f"Call {to_call}{all_in}"))
        else:
            specs.append(ActionSpec("check", "Check"))
        bounds = self.raise_bounds(seat)
        if bounds is not None:
            low, high = bounds
            kind = "raise" if self.current_bet else "bet"
            word = {"raise": "Raise to", "bet": "Open" if self.open_mode else "Bet"}[kind]
            label = f"{word} {low}" if low == high else word.removesuffix(" to")
            specs.append(ActionSpec(kind, label, min_amount=low, max_amount=high,
                                    presets=self._presets(seat, low, high)))
        return specs

    def _presets(self, seat: int, low: int, high: int) -> tuple[tuple[str, int], ...]:
        if low == high:
            return ()
        pot = self._pot_after_call(seat)
        all_in = self.bets[seat] + self.pot.stacks[seat]
        wanted = [
            ("Min", low),
            ("Half pot", self.current_bet + pot // 2),
            ("Pot", self.current_bet + pot),
            ("All-in" if high == all_in else "Max", high),
        ]
        presets: list[tuple[str, int]] = []
        for label, amount in wanted:
            if low <= amount <= high and amount not in (a for _, a in presets):
                presets.append((label, amount))
        return tuple(presets)

    # ---- applying ----------------------------------------------------------------------------
    def verify(self, seat: int, action: Action) -> Action:
        """The betting move as it applies ("all-in" read as the call, bet or raise it means now), or
        ``IllegalAction`` in words that say what to do instead; it changes nothing."""
        if self.turn is None:
            raise IllegalAction("The betting round is over.")
        if seat != self.turn:
            raise NotYourTurn()
        if action.kind == "all-in":
            action = self._all_in(seat)
        refuse_fold_check_call(action.kind, self.to_call(seat))
        if action.kind in ("bet", "raise"):
            return self._sized_bet(seat, action)
        if action.kind not in ("fold", "check", "call"):
            raise IllegalAction(f"You cannot {action.kind} during a betting round.")
        return action

    def apply(self, seat: int, action: Action) -> str:
        """Apply a betting action (``verify`` first); returns what happened ("raises to 12") for the
        table log."""
        action = self.verify(seat, action)
        kind = action.kind
        if kind == "fold":
            self.pot.fold(seat)
            line = "folds"
        elif kind == "check":
            line = "checks"
        elif kind == "call":
            to_call = self.to_call(seat)
            self._put(seat, to_call)
            line = f"calls {to_call}" + self._all_in_note(seat)
        else:
            assert action.amount is not None  # verified
            line = self._bet(seat, kind, action.amount)
        self.may_raise[seat] = False
        if seat in self.pending:
            self.pending.remove(seat)
        self._next_turn(seat)
        return line

    def _all_in(self, seat: int) -> Action:
        """What "all-in" means now: a call of the whole stack, or a bet or raise of it."""
        stack = self.pot.stacks[seat]
        if stack <= self.current_bet - self.bets[seat]:
            return Action("call")
        bounds = self.raise_bounds(seat)
        if bounds is not None and bounds[1] == self.bets[seat] + stack:
            return Action("raise" if self.current_bet else "bet", amount=bounds[1])
        raise IllegalAction("You cannot put all your chips in now.")

    def _sized_bet(self, seat: int, action: Action) -> Action:
        """A bet or raise with its amount (the only one there is, when none is given), or why not."""
        kind, amount = action.kind, action.amount
        if kind == "bet" and self.current_bet:
            raise IllegalAction("There is already a bet: raise instead.")
        if kind == "raise" and not self.current_bet:
            raise IllegalAction("There is no bet to raise: bet instead.")
        bounds = self.raise_bounds(seat)
        if bounds is None:
            raise IllegalAction(f"You cannot {kind} now.")
        low, high = bounds
        if amount is None and low == high:
            return replace(action, amount=low)
        if amount is None:
            raise IllegalAction(f"Say how much to {kind}.")
        if not low <= amount <= high:
            what = f"{kind} to" if kind == "raise" else kind
            if low == high:
                raise IllegalAction(f"You can only {what} {low} chips.")
            raise IllegalAction(f"You can {what} between {low} and {high} chips.")
        return action

    def _bet(self, seat: int, kind: str, amount: int) -> str:
        increase = amount - self.current_bet
        full = increase >= self.last_raise
        self._put(seat, amount - self.bets[seat])
        self.current_bet = amount
        if self.opener is None:
            self.opener = seat
        if full:
            self.raises += 1
            self.last_raise = increase  # fixed-limit: always bet_size (no bet or raise goes past it)
            for other in self.contenders:
                self.may_raise[other] = other != seat
        self.pending = [s for s in self.order if s != seat]  # _next_turn drops who cannot act
        verb = {"raise": "raises to", "bet": "opens" if self.open_mode else "bets"}[kind]
        return f"{verb} {amount}" + self._all_in_note(seat)

    def _put(self, seat: int, chips: int) -> None:
        self.pot.put(seat, chips)
        self.bets[seat] += chips

    def _all_in_note(self, seat: int) -> str:
        return " (all-in)" if self.pot.stacks[seat] == 0 else ""


class PotDeal(EngineBase):
    """What the invented poker games' engines share around their ``Pot``: the checks on the seats, a
    hand won because everyone else folded, keeping the pots for the view, and the winners' lines.

    Subclasses have ``pot``, ``seats``, ``dealer``, ``won``, ``round`` and ``phase``, and name the
    winning hand through ``_winning_hand``.
    """

    title: ClassVar[str]
    fold_win: ClassVar[str] = "everyone else folded"
    pot: Pot
    seats: Sequence[Any]
    dealer: int
    won: list[int]
    round: BettingRound | None
    phase: str

    def verify(self, seat: int, action: Action) -> Action:
        """The seat to act hears the betting round's words for a move refused (and "all-in" read as
        the move it means), or between rounds the game's own (``_refuse``); then the shared judgement."""
        if seat in self.to_act():
            if self.round is not None:
                action = self.round.verify(seat, action)
            else:
                self._refuse(seat, action)
        return super().verify(seat, action)

    def _refuse(self, seat: int, action: Action) -> None:  # pragma: no cover - engines define it
        """The game's words for a move refused between betting rounds (a draw, a placement)."""
        raise NotImplementedError

    def _check_seats(self) -> None:
        if not 2 <= len(self.seats) <= 6:
            raise ValueError(f"{self.title} is played by 2 to 6 seats")
        if any(seat.stack <= 0 for seat in self.seats):
            raise ValueError("every seat dealt in needs chips")
        if not 0 <= self.dealer < len(self.seats):
            raise ValueError("the dealer must be one of the seats")

    def _win_by_folds(self) -> list[str]:
        (winner,) = self.pot.live
        self.round = None
        self.phase = "folded"
        self._remember_pots()
        self.won = self.pot.award()
        return [f"{self.seats[winner].name} wins {self.won[winner]}: {self.fold_win}."]

    def _remember_pots(self) -> None:
        """Keep what the pots held and who put in what: ``award`` empties the middle."""
        self._final_pots = self.pot.pots()
        self._final_contributions = list(self.pot.contributions)

    def _winning_hand(self, seat: int) -> str | None:
        """What a shown hand won with ("Three pairs (2:2:2:1)", "7 of 9"); None if not shown."""
        return None

    def winners(self) -> list[str]:
        """One line per seat that won chips: "Alice wins 12 with ..."."""
        lines = []
        for seat, won in enumerate(self.won):
            if won:
                hand = self._winning_hand(seat)
                lines.append(f"{self.seats[seat].name} wins {won}" + (f" with {hand}" if hand else ""))
        return lines
