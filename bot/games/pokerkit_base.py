"""What every pokerkit-backed poker engine shares, whatever its streets deal.

Hold'em (and Omaha through it) and the hole-cards-only games (draw, stud) all keep a pokerkit
``State`` whose player 0 sits left of the button; this base holds the seat mapping, the turn and
raise checks, showdown and result lines, pots and PHH export that do not depend on how cards reach
the table, so the engines differ only where their rules do.
"""
from __future__ import annotations

import re
from typing import Any, ClassVar, Mapping, Sequence

from pokerkit import Card, ChipsPushing, HoleCardsShowingOrMucking, Operation, State

from bot.games.base import HIDDEN, Action, ActionSpec, EngineBase, IllegalAction, Outcome, Seat, refuse_fold_check_call
from bot.games.cards import DECK, pretty
from bot.games.equity import sample_key
from bot.games.phh import write_phh

CARDS: dict[str, Card] = dict(zip(DECK, Card.parse(*DECK)))
"""Card code -> pokerkit card, parsed once."""

BET_KINDS = ("fold", "check", "call", "raise")


class PokerkitTable(EngineBase):
    """Base of the pokerkit engines; subclasses build ``state`` and keep the per-seat lists."""

    seats: list[Seat]
    dealer: int
    dead_small_blind: bool
    dead_button: bool
    hand_no: int
    state: State
    log: list[str]
    _shown_names: list[str]
    _folded: list[bool]
    _won: list[int]
    _last_action: list[str]
    _ops_seen: int
    _went_to_showdown: bool
    runout_rule: ClassVar[str]
    """How an all-in runout's hands are ranked (a key of ``bot.games.runout_equity.RANKERS``)."""

    def _start_records(self, n: int) -> None:
        """Empty per-seat records and log for ``n`` seats, before the first ``_advance``."""
        self._shown_names = [""] * n  # hand name of each hand shown at showdown
        self._folded = [False] * n
        self._won = [0] * n
        self._last_action = [""] * n
        self._ops_seen = 0
        self._went_to_showdown = False
        self._runout: list[dict[str, Any]] = []  # per street of an all-in runout: the spot its figures come from
        self._volunteered: list[int] = []  # seats that showed after winning without a showdown, in order
        self._remarks: list[str] = []  # what happened after the hand, for the export (a bounty paid)
        self._named_later: list[int] = []  # seats shown before the board was out (run it twice: while asked)
        self.log = []

    # -- seats ---------------------------------------------------------------------------------

    def _read_positions(self, carry: Mapping[str, Any]) -> None:
        """The button from ``carry``: ``dealer``, the seat of pokerkit's last player, and at a
        tournament's dead button (``bot/service/tournament/dead_button.py``; never heads-up) ``dead_small_blind``
        (the player left of ``dealer`` posts the big blind, nobody the small) and ``dead_button``
        (``dealer`` is the player right of the empty button: no seat shows it)."""
        self.dealer = int(carry.get("dealer", 0))
        several = len(self.seats) > 2
        self.dead_small_blind = several and bool(carry.get("dead_small_blind"))
        self.dead_button = several and bool(carry.get("dead_button"))

    def _seat_of(self, player: int) -> int:
        """Table seat of pokerkit player ``player`` (0 = left of the button, last = button)."""
        return (self.dealer + 1 + player) % len(self.seats)

    def _player_of(self, seat: int) -> int:
        return (seat - self.dealer - 1) % len(self.seats)

    # -- what subclasses define ----------------------------------------------------------------

    def _describe(self, operations: Sequence[Operation]) -> list[str]:  # pragma: no cover
        """Log lines for pokerkit's automatic operations (player actions are worded in apply)."""
        raise NotImplementedError

    def _held(self, seat: int) -> list[str]:  # pragma: no cover
        """The seat's cards as dealt (and kept, in draw), as card codes."""
        raise NotImplementedError

    def _hand_name(self, seat: int) -> str:  # pragma: no cover
        """The name of the hand ``seat`` shows at showdown."""
        raise NotImplementedError

    def _final_name(self, seat: int) -> str:
        """The name of a hand shown before the board was out, once it is (hold'em: by board)."""
        return self._hand_name(seat)

    # -- all-in equity -------------------------------------------------------------------------

    def _runout_seats(self) -> list[int]:
        """The live seats when no more betting is possible with two or more of them live (everyone
        all in, or all in but one), else none: their cards alone decide the rest of the hand."""
        state = self.state
        live = [s for s in range(len(self.seats)) if state.statuses[self._player_of(s)]]
        if len(live) < 2 or sum(state.stacks[self._player_of(s)] > 0 for s in live) > 1:
            return []
        return live

    def _note_runout(self, street: str, holes: dict[int, list[str]], board: list[str], seed: str) -> None:
        """Note the spot of a street dealt without betting; its figures are counted from the view, where
        the picture is drawn (``bot.games.runout_equity``), not here on the event loop."""
        self._runout.append({"street": street, "rule": self.runout_rule, "board": list(board), "key": sample_key(seed),
                             "hands": [{"seat": seat, "cards": list(cards)} for seat, cards in holes.items()]})

    def _runout_view(self, seats: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
        """The noted spots for a view whose ``seats`` show every hand they hold (they tell about those
        hands), else None."""
        if not self._runout or any(HIDDEN in seats[h["seat"]]["cards"] for h in self._runout[0]["hands"]):
            return None
        return [dict(spot, board=list(spot["board"]), hands=[dict(h, cards=list(h["cards"])) for h in spot["hands"]])
                for spot in self._runout]

    # -- log -----------------------------------------------------------------------------------

    def _log_since_last(self) -> list[str]:
        """Log lines for pokerkit's operations since the last call, then the winners once over."""
        state = self.state
        lines = self._describe(state.operations[self._ops_seen:])
        self._ops_seen = len(state.operations)
        if not state.status:
            for seat in self._named_later:
                self._shown_names[seat] = self._final_name(seat)
            self._named_later.clear()
            lines.extend(self._winners())
        return lines

    def _result_lines(self, operation: Operation) -> list[str]:
        """The showdown line of a hand shown or mucked; a payout is only counted for the view."""
        if isinstance(operation, HoleCardsShowingOrMucking):
            seat = self._seat_of(operation.player_index)
            return [self._showdown_line(seat, bool(operation.hole_cards))]
        if isinstance(operation, ChipsPushing):
            for player, amount in enumerate(operation.amounts):
                self._won[self._seat_of(player)] += amount
        return []

    def _showdown_line(self, seat: int, shown: bool) -> str:
        self._went_to_showdown = True
        name = self.seats[seat].name
        if not shown:
            self._last_action[seat] = "mucks"
            return f"{name} mucks"
        self._last_action[seat] = "shows"
        cards = " ".join(pretty(c) for c in self._held(seat))
        if not self.finished:  # shown before the players choose how to run the board: named once it is out
            self._shown_names[seat] = "Shown"
            self._named_later.append(seat)
            return f"{name} shows {cards}"
        self._shown_names[seat] = self._hand_name(seat)
        return f"{name} shows {cards} ({self._shown_names[seat]})"

    # -- Engine surface ------------------------------------------------------------------------

    @property
    def board(self) -> list[str]:
        return [repr(card) for card in self.state.get_board_cards(0)]

    @property
    def finished(self) -> bool:
        return not self.state.status

    def verify(self, seat: int, action: Action) -> Action:
        """A seat to act hears the game's own words for a move refused (``_refuse``), then the
        shared judgement of the offer."""
        if seat in self.to_act():
            self._refuse(seat, action)
        return super().verify(seat, action)

    def _refuse(self, seat: int, action: Action) -> None:
        """The betting moves' refusals in words that say what to do instead."""
        refuse_fold_check_call(action.kind, self.state.checking_or_calling_amount or 0)
        if action.kind == "raise":
            self._refuse_raise(action.amount)
        if action.kind not in BET_KINDS:
            raise IllegalAction(f"You cannot {action.kind} now: fold, check, call or raise.")

    def _refuse_raise(self, amount: int | None) -> None:
        low = self.state.min_completion_betting_or_raising_to_amount
        high = self.state.max_completion_betting_or_raising_to_amount
        if low is None or high is None:
            raise IllegalAction("You cannot raise now.")
        if amount is None and low != high or amount is not None and not low <= amount <= high:
            if low == high:
                raise IllegalAction(f"You can only raise to exactly {low}.")
            raise IllegalAction(f"Raise to an amount from {low} to {high}.")

    def _fold_call_check_specs(self, seat: int) -> list[ActionSpec]:
        """Fold and call when there is a bet to call, else check when pokerkit allows it."""
        state = self.state
        to_call = state.checking_or_calling_amount or 0
        if to_call:
            all_in = " (all-in)" if to_call == state.stacks[self._player_of(seat)] else ""
            return [ActionSpec("fold", "Fold"),
                    ActionSpec("call", f"Call {to_call}{all_in}", min_amount=to_call,
                               max_amount=to_call)]
        if state.checking_or_calling_amount is not None:
            return [ActionSpec("check", "Check")]
        return []

    def _presets(self, low: int, high: int) -> tuple[tuple[str, int], ...]:
        """Min, half pot, pot and all-in as raise-to amounts, clamped and without repeats."""
        state = self.state
        actor = state.actor_index
        assert actor is not None
        top = max(state.bets)
        after_call = state.total_pot_amount + top - state.bets[actor]
        wanted = (("Min", low), ("Half pot", top + after_call // 2), ("Pot", top + after_call),
                  ("All-in", state.stacks[actor] + state.bets[actor]))
        presets: list[tuple[str, int]] = []
        for label, amount in wanted:
            amount = min(max(amount, low), high)
            if all(amount != seen for _, seen in presets):
                presets.append((label, amount))
        return tuple(presets)

    def _bet(self, seat: int, action: Action) -> str:
        """A verified betting move made; what it did, for the log."""
        state = self.state
        to_call = state.checking_or_calling_amount or 0
        if action.kind in ("fold", "check", "call") and bool(to_call) == (action.kind == "check"):
            raise ValueError(f"a {action.kind} with {to_call} to call")  # pokerkit would make it the other, or warn
        if action.kind == "fold":
            state.fold()
            self._folded[seat] = True
            return "folds"
        if action.kind == "check":
            state.check_or_call()
            return "checks"
        if action.kind == "call":
            state.check_or_call()
            return f"calls {to_call}"
        assert action.amount is not None  # a raise is verified with its amount
        verb = "raises to" if max(state.bets) else "bets"
        state.complete_bet_or_raise_to(action.amount)
        return f"{verb} {action.amount}"

    def timeout_action(self, seat: int) -> Action:
        kinds = {spec.kind for spec in self.legal_actions(seat)}
        return Action("check") if "check" in kinds else Action("fold")

    # -- results -------------------------------------------------------------------------------

    def _winners(self) -> list[str]:
        """One line per seat that won chips, "Alice wins 120 with Flush, Ace high"."""
        if not self.finished:
            return []
        lines = []
        for seat, won in enumerate(self._won):
            if won:
                line = f"{self.seats[seat].name} wins {won}"
                if self._shown_names[seat]:
                    line += f" with {self._shown_names[seat]}"
                lines.append(line)
        return lines

    def uncontested_winner(self) -> int | None:
        """The seat that won the hand with everyone else folded (no showdown), once it is over."""
        if not self.finished or self._went_to_showdown:
            return None
        live = [seat for seat, folded in enumerate(self._folded) if not folded]
        return live[0] if len(live) == 1 else None

    def may_show(self, seat: int) -> bool:
        """Whether ``seat`` won uncontested and has not shown its cards yet."""
        return self.uncontested_winner() == seat and seat not in self._volunteered

    def show_cards(self, seat: int) -> str:
        """A winner nobody called may show their cards to everyone, after the hand: it changes no chip,
        and it is no showdown (the statistics do not count it as one)."""
        if seat in self._volunteered:
            raise IllegalAction("Your cards are already shown.")
        if not self.may_show(seat):
            raise IllegalAction("Only the player who won without a showdown may show their cards, once the hand is over.")
        self._volunteered.append(seat)
        nameable = len(self._held(seat)) >= 5 or len(self.board) >= 3
        self._shown_names[seat] = self._hand_name(seat) if nameable else "shown"
        self._last_action[seat] = "shows"
        cards = " ".join(pretty(c) for c in self._held(seat))
        line = f"{self.seats[seat].name} shows {cards}" + (f" ({self._shown_names[seat]})" if nameable else "")
        self.log.append(line)
        return line

    def shown_winners(self) -> list[int]:
        """Seats that won chips with their cards shown (at the showdown, or by choice after it)."""
        return [seat for seat, won in enumerate(self._won) if won and self._shown_names[seat]]

    def player_label(self, seat: int) -> str:
        """The seat as the export names it (PHH's p1, p2... from the small blind)."""
        return f"p{self._player_of(seat) + 1}"

    def remark(self, text: str) -> None:
        """Note for the export something that happened after the hand (it changes nothing in it)."""
        self._remarks.append(text)

    @property
    def outcome(self) -> Outcome | None:
        if not self.finished:
            return None
        deltas = tuple(self.state.stacks[self._player_of(s)] - self.seats[s].stack
                       for s in range(len(self.seats)))
        return Outcome(deltas=deltas, summary="; ".join(self._winners()), carry={})

    def _pots(self) -> list[dict[str, Any]]:
        """Main pot then side pots; after the hand, what each pot held before it was paid out."""
        pots = list(self.state.pots)
        amounts = [pot.amount for pot in pots]
        if self.finished:
            amounts = [0] * len(pots)
            for op in self.state.operations:
                if isinstance(op, ChipsPushing):
                    amounts[op.pot_index] += op.total_amount
        return [{"amount": amount, "eligible": sorted(self._seat_of(p) for p in pot.player_indices)}
                for pot, amount in zip(pots, amounts) if amount]

    # -- export --------------------------------------------------------------------------------

    def _history(self, game: Any, **extra: Any) -> str:
        """The hand as PHH text under pokerkit's ``game`` definition, players named; ``extra`` fields
        are user-defined ones (``_runout_counts``)."""
        n = len(self.seats)
        return write_phh(
            game, self.state,
            players=[re.sub("'{3,}", "''", self.seats[self._seat_of(p)].name) for p in range(n)],  # TOML-safe
            seats=[self._seat_of(p) + 1 for p in range(n)],
            seat_count=n,
            hand=self.hand_no,
            ante_trimming_status=game.ante_trimming_status,
            finishing_stacks=list(self.state.stacks) if self.finished else None,
            remarks=[f"{self.player_label(s)} shows {''.join(self._held(s))} after winning uncontested"
                     for s in self._volunteered] + self._remarks,
            **extra,
        )
