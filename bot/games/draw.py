"""Five-card draw, one hand per engine, on pokerkit; also the draw plumbing the lowball and badugi
games share (``DrawHand``) and the pokerkit plumbing stud shares (``PokerkitHand``).

``PokerkitHand`` adapts a pokerkit ``State`` whose streets deal only hole cards (stud and draw) to
the cardroom ``Engine`` surface, like ``bot/games/holdem.py`` does for hold'em; what the two share
(seats, raises, results, pots, showdown lines, PHH export) is ``PokerkitTable`` in
``bot/games/pokerkit_base.py``:

- **Cards** come from ``shuffled_deck(seed)``, dealt one at a time here (pokerkit's own dealing
  uses the global ``random``). Each seat's cards are mirrored in deal order with pokerkit's up/down
  flag, so a view shows exactly the upcards of other seats and "??" for their downcards.
- **Seats**: pokerkit player 0 sits left of the button; ``_seat_of``/``_player_of`` map between that
  and the table's seat order, as in hold'em.
- **Ranking** uses hold'em's ``FastHighHand`` (phevaluator over 5-7 cards).

Draw games (``DrawHand``): betting rounds with a draw between each two, in turn from the left of the
button (the action ``discard`` with the cards, or ``stand_pat``). pokerkit takes every discard of a
draw before serving anyone, then serves players in turn after a burn. If the stub runs out, the burn
cards and the discards are shuffled (seeded from the deal's seed) into a new stub, except the
discards of this draw's players not yet served: a player never gets their own discards back. The
lowball games (``bot/games/lowball.py``) and badugi (``bot/games/badugi.py``) are draw hands too.

Five-card draw (``DrawEngine``): blinds (``forced="blinds"``, with an optional ante) or antes only
(``forced="antes"``), a betting round, one draw of 0-5 cards, a second betting round and a showdown.
No-limit, pot-limit or fixed-limit (small bet = big blind before the draw, twice that after).

``carry`` may hold ``dealer``, ``hand_no`` and a tournament's dead small blind or button as in hold'em. PHH has no high-hand draw variant:
hands are written under the room's codes "N1D", "P1D" and "F1D" (``bot/games/phh.py``), whose
pokerkit games also give the engine its streets.
"""
from __future__ import annotations

import hashlib
from typing import Any, ClassVar, Mapping, Sequence

from pokerkit import AntePosting, BlindOrStraddlePosting, BoardDealing, Deck, Hand, Mode, Operation, Poker, State, Street

from bot.games.base import HIDDEN, Action, ActionSpec, IllegalAction, Seat
from bot.games.cards import pretty, shuffled, shuffled_deck
from bot.games.forced_bets import ForcedBets, forced_bets
from bot.games.high_hands import FastHighHand, hand_name
from bot.games.holdem import _AUTOMATIONS, pokerkit_game
from bot.games.phh import FixedLimitFiveCardDraw, NoLimitFiveCardDraw, PotLimitFiveCardDraw
from bot.games.pokerkit_base import CARDS, PokerkitTable

LIMITS = {
    "no-limit": "No-limit five-card draw",
    "pot-limit": "Pot-limit five-card draw",
    "fixed-limit": "Fixed-limit five-card draw",
}
GAMES: dict[str, type[Poker]] = {"no-limit": NoLimitFiveCardDraw, "pot-limit": PotLimitFiveCardDraw,
                                  "fixed-limit": FixedLimitFiveCardDraw}
"""Limit -> pokerkit game: streets (fixed-limit: a bet and three raises a round) and PHH code."""


def derived_seed(seed: str, purpose: str) -> str:
    """A second verifiable seed from the deal's seed, for a reshuffle in the middle of a deal."""
    return hashlib.sha256(f"{seed}:{purpose}".encode("ascii")).hexdigest()


class PokerkitHand(PokerkitTable):
    """One hand of a hole-cards-only pokerkit game. Subclasses set the rules in ``_new_state``."""

    game: ClassVar[str]
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 8
    has_button: ClassVar[bool] = True
    """Whether the view marks a dealer button (stud has none: the low upcard brings in)."""

    def __init__(self, settings: Mapping[str, Any], seats: Sequence[Seat], seed: str,
                 carry: Mapping[str, Any]) -> None:
        self.seats = list(seats)
        self.seed = seed
        self._read_positions(carry)
        self.hand_no = int(carry.get("hand_no", 1))
        self._read_settings(settings)
        n = len(self.seats)
        if not self.min_seats <= n <= self.max_seats:
            raise ValueError(f"{self.game} is played by {self.min_seats} to {self.max_seats} seats")
        if any(seat.stack <= 0 for seat in self.seats):
            raise ValueError("every seat dealt in needs chips")
        if not 0 <= self.dealer < n:
            raise ValueError("the dealer must be one of the seats")
        self._stub: list[str] = shuffled_deck(seed)  # undealt cards, next card first
        self._burned: list[str] = []
        self._cards: list[list[str]] = [[] for _ in range(n)]  # per seat, in deal order
        self._up: list[list[bool]] = [[] for _ in range(n)]
        self._start_records(n)
        self._notes: list[str] = []  # the dealer's own lines (a reshuffle), told with the next step
        self._street_at = 0  # the last street dealt, still named once the hand is over
        self.state = self._new_state([self.seats[self._seat_of(p)].stack for p in range(n)])
        self.log.extend(self._advance())

    # -- what subclasses define ----------------------------------------------------------------

    def _read_settings(self, settings: Mapping[str, Any]) -> None:
        raise NotImplementedError

    def _new_state(self, stacks: list[int]) -> State:
        raise NotImplementedError

    def _street(self) -> str:
        raise NotImplementedError

    def _stakes(self) -> str:
        raise NotImplementedError

    @property
    def variant(self) -> str:
        raise NotImplementedError

    def _before_burn(self) -> None:
        """Called before each burn card (before a street, or before serving the draw)."""

    def _apply(self, seat: int, action: Action) -> str:
        """Apply one action for the seat to act; returns its log text ("raises to 40")."""
        raise NotImplementedError

    # -- dealing -------------------------------------------------------------------------------

    def _draw(self) -> str:
        return self._stub.pop(0)

    def _advance(self) -> list[str]:
        """Deal whatever pokerkit waits for until a player must act or the hand ends."""
        state = self.state
        while (state.status and state.actor_index is None
               and state.stand_patter_or_discarder_index is None):
            if state.hole_dealee_index is not None:
                player = state.hole_dealee_index
                code = self._draw()
                dealt = state.deal_hole((CARDS[code],))
                seat = self._seat_of(player)
                self._cards[seat].append(code)
                self._up[seat].append(bool(dealt.statuses[0]))
            elif state.card_burning_status:
                self._before_burn()
                code = self._draw()
                state.burn_card(CARDS[code])
                self._burned.append(code)
            elif state.board_dealing_count:
                state.deal_board(tuple(CARDS[self._draw()] for _ in range(state.board_dealing_count)))
            else:  # pragma: no cover - pokerkit automates every other step
                raise AssertionError("pokerkit is waiting for a step this engine does not take")
        if state.street_index is not None:
            self._street_at = state.street_index
        lines, self._notes = self._notes + self._log_since_last(), []
        return lines

    def _describe(self, operations: Sequence[Operation]) -> list[str]:
        """Log lines for pokerkit's automatic operations (player actions are worded in apply)."""
        lines: list[str] = []
        antes = [op for op in operations if isinstance(op, AntePosting)]
        if antes:
            lines.append(f"Each player antes {max(op.amount for op in antes)}")
        for post in sorted((op for op in operations if isinstance(op, BlindOrStraddlePosting)),
                           key=lambda op: op.amount):
            seat = self._seat_of(post.player_index)
            self._last_action[seat] = f"posts a blind of {post.amount}"
            lines.append(f"{self.seats[seat].name} {self._last_action[seat]}")
        for op in operations:
            if isinstance(op, BoardDealing):
                lines.append(f"Community card: {' '.join(pretty(repr(c)) for c in op.cards)}")
            else:
                lines.extend(self._result_lines(op))
        return lines

    def _held(self, seat: int) -> list[str]:
        return self._cards[seat]

    def _hand_name(self, seat: int) -> str:
        """The name of the hand ``seat`` shows at showdown."""
        return hand_name(self._cards[seat] + self.board)

    # -- Engine surface ------------------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        player = self.state.actor_index
        if player is None:
            player = self.state.stand_patter_or_discarder_index
        return () if player is None else (self._seat_of(player),)  # nobody, once the hand is over

    def legal_actions(self, seat: int) -> list[ActionSpec]:
        if self.to_act() != (seat,) or self.state.actor_index is None:
            return []
        state = self.state
        specs = self._fold_call_check_specs(seat)
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        if low is not None and high is not None:
            word = "Raise to" if max(state.bets) else "Bet"
            label = f"{word} {low}" if low == high else word.removesuffix(" to")
            specs.append(ActionSpec("raise", label, min_amount=low, max_amount=high,
                                    presets=self._presets(low, high)))
        return specs

    def _presets(self, low: int, high: int) -> tuple[tuple[str, int], ...]:
        """No presets when the amount is fixed (fixed-limit): the button label already says it."""
        if low == high:
            return ()
        return super()._presets(low, high)

    def apply(self, seat: int, action: Action) -> list[str]:
        action = self.verify(seat, action)
        text = self._apply(seat, action)
        player = self._player_of(seat)
        if not self._folded[seat] and self.state.stacks[player] == 0:
            text += " and is all in"
        self._last_action[seat] = text
        lines = [f"{self.seats[seat].name} {text}"] + self._advance()
        self.log.extend(lines)
        return lines

    # -- views ---------------------------------------------------------------------------------

    def _visible_cards(self, seat: int, viewer: int | None) -> list[str]:
        """The seat's cards as ``viewer`` sees them: all its own, shown hands, else upcards only."""
        if seat == viewer or self._shown_names[seat]:
            return list(self._cards[seat])
        return [code if up else HIDDEN for code, up in zip(self._cards[seat], self._up[seat])]

    def _seat_view(self, seat: int, viewer: int | None) -> dict[str, Any]:
        player = self._player_of(seat)
        state = self.state
        return {
            "name": self.seats[seat].name,
            "stack": state.stacks[player],
            "bet": state.bets[player],
            "cards": self._visible_cards(seat, viewer),
            "folded": self._folded[seat],
            "all_in": not self._folded[seat] and state.stacks[player] == 0,
            "is_dealer": self.has_button and seat == self.dealer and not self.dead_button,
            "to_act": (seat,) == self.to_act(),
            "last_action": self._last_action[seat],
            "hand_name": self._shown_names[seat],
            "won": self._won[seat],
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        board = self.board
        seats = [self._seat_view(s, seat) for s in range(len(self.seats))]
        view: dict[str, Any] = {
            "game": self.game,
            "variant": self.variant,
            "hand_no": self.hand_no,
            "street": "showdown" if self._went_to_showdown else self._street(),
            "board": board,
            "board_slots": len(board),
            "seats": seats,
            "pots": self._pots(),
            "stakes": self._stakes(),
            "viewer": seat,
            "log": list(self.log),
            "winners": self._winners(),
            "finished": self.finished,
        }
        runout = self._runout_view(seats)
        if runout:
            view["runout"] = runout
        return view


class DrawHand(PokerkitHand):
    """One hand of a draw game: betting rounds with a draw between each two (``discard`` with the
    cards, or ``stand_pat``), blinds or antes, and the stub refilled when it runs out. Subclasses
    name the game (``_game``: pokerkit's definition, for the streets and the PHH code), its cards
    (``deck``, ``hand_types``) and its words (``_hand_name``, ``_stakes``, ``variant``)."""

    deck: ClassVar[Deck] = Deck.STANDARD
    hand_types: ClassVar[tuple[type[Hand], ...]] = (FastHighHand,)
    rounds: ClassVar[tuple[str, ...]] = ("before the draw", "after the draw")
    """The betting rounds' names, one a round (the view's street between the draws)."""
    forced: str
    bets: ForcedBets
    small_blind: int
    big_blind: int
    ante: int

    def _read_forced_bets(self, settings: Mapping[str, Any], forced: str = "blinds") -> None:
        """The blinds and ante (``forced``: "blinds", or "antes" for antes only), checked; and the
        draw's records, empty."""
        self.forced = str(settings.get("forced", forced))
        self.small_blind = int(settings.get("small_blind", 5))
        self.big_blind = int(settings.get("big_blind", 10))
        self.ante = int(settings.get("ante", 0))
        self.ante_kind = str(settings.get("ante_kind", "every player"))
        if self.forced not in ("blinds", "antes"):
            raise ValueError("forced must be 'blinds' or 'antes'")
        if not 0 < self.small_blind <= self.big_blind or self.ante < 0:
            raise ValueError("blinds must satisfy 0 < small_blind <= big_blind and ante >= 0")
        if self.forced == "antes" and self.ante == 0:
            raise ValueError("a game with antes only needs an ante of at least 1")
        self._thrown: list[tuple[int, int, str]] = []  # (street, seat, card) discards not yet reshuffled
        self._drew: list[int | None] = [None] * len(self.seats)
        self._reshuffles = 0

    def _game(self) -> Poker:
        """pokerkit's definition of the game played: its streets and its PHH variant code."""
        raise NotImplementedError

    def _streets(self, game: Poker) -> tuple[Street, ...]:
        """The betting rounds the state plays (pokerkit's own unless a game caps its raises otherwise)."""
        return tuple(game.streets)

    def _forced_bets(self, stacks: Sequence[int]) -> ForcedBets:
        """The deal's antes and blinds by pokerkit player (``stacks``): antes only, or the blinds (the big
        alone when the small blind is dead, a tournament's dead button) with everyone's ante or the
        big blind's (``ante_kind`` "big blind", as hold'em posts it: ``bot.games.forced_bets``)."""
        if self.forced != "blinds":
            return ForcedBets((self.ante,) * len(stacks), (), True, None)
        table = {"small_blind": self.small_blind, "big_blind": self.big_blind, "ante": self.ante,
                 "ante_kind": self.ante_kind}
        return forced_bets(table, stacks, range(len(stacks)), small_blind_dead=self.dead_small_blind)

    def _game_of(self, game_type: type[Poker], limit: str) -> Poker:
        """pokerkit's game of ``game_type`` with this deal's forced bets."""
        bets = self.bets
        return pokerkit_game(game_type, limit, bets.antes, self.small_blind, self.big_blind, bets.blinds,
                             bets.ante_trimming)

    def _new_state(self, stacks: list[int]) -> State:
        self.bets = self._forced_bets(stacks)
        self._pokerkit_game = self._game()
        game = self._pokerkit_game
        return State(_AUTOMATIONS, self.deck, self.hand_types, self._streets(game), game.betting_structure,
                     self.bets.ante_trimming, self.bets.antes, self.bets.blinds, 0, stacks, len(self.seats),
                     mode=Mode.TOURNAMENT)

    def _stakes(self) -> str:
        if self.forced == "antes":
            return f"Ante {self.ante}, bet {self.big_blind}"
        if self.ante and self.ante_kind == "big blind":
            return f"Blinds {self.small_blind}/{self.big_blind}, BB ante {self.ante}"
        return f"Blinds {self.small_blind}/{self.big_blind}" + (f" ante {self.ante}" if self.ante else "")

    def _street(self) -> str:
        if self.state.stand_patter_or_discarder_index is not None:
            return "draw"
        return self.rounds[self._street_at]

    # -- the draw ------------------------------------------------------------------------------

    def _draw(self) -> str:
        if not self._stub:
            self._reshuffle()
        return self._stub.pop(0)

    def _reshuffle(self) -> None:
        """The stub is empty: the burn cards and the discards are shuffled into a new one, except the
        discards of this draw's players still waiting for their cards (nobody gets their own back)."""
        state = self.state
        street = state.street_index
        dealee = state.hole_dealee_index
        waiting = {self._seat_of(p) for p in range(len(self.seats)) if dealee is None or p >= dealee}
        kept = [(at, seat, code) for at, seat, code in self._thrown if at == street and seat in waiting]
        pile = self._burned + [code for at, seat, code in self._thrown if (at, seat, code) not in kept]
        assert pile, "a draw game seats no more players than its deck can serve"
        self._thrown, self._burned = kept, []
        for code in pile:  # pokerkit's deck follows: the pile leaves its burn and discard lists
            card = CARDS[code]
            for cards in (state.burn_cards, *state.discarded_cards):
                if card in cards:
                    cards.remove(card)
            state.deck_cards.append(card)
        self._reshuffles += 1
        self._stub = shuffled(derived_seed(self.seed, f"reshuffle-{self._reshuffles}"), pile)
        self._notes.append(f"The deck ran out: {len(pile)} discards are shuffled to finish the draw")

    def legal_actions(self, seat: int) -> list[ActionSpec]:
        if self.to_act() != (seat,):
            return []
        if self.state.stand_patter_or_discarder_index is None:
            return super().legal_actions(seat)
        return [ActionSpec("discard", "Discard and draw", choices=tuple(self._cards[seat]),
                           min_choices=0, max_choices=len(self._cards[seat])),
                ActionSpec("stand_pat", "Stand pat")]

    def _refuse(self, seat: int, action: Action) -> None:
        drawing = action.kind in ("discard", "stand_pat")
        if self.state.stand_patter_or_discarder_index is None:
            if drawing:
                raise IllegalAction("The draw comes after this betting round.")
            super()._refuse(seat, action)
        elif not drawing:
            raise IllegalAction("It is time to draw: choose the cards to discard, or stand pat.")
        elif len(set(action.cards)) != len(action.cards):
            raise IllegalAction("Choose each card to discard only once.")
        elif any(card not in self._cards[seat] for card in action.cards):
            raise IllegalAction("You can only discard cards you hold.")

    def _apply(self, seat: int, action: Action) -> str:
        if self.state.stand_patter_or_discarder_index is None:
            return self._bet(seat, action)
        cards = action.cards if action.kind == "discard" else ()
        street = self.state.street_index
        assert street is not None  # a draw happens during the hand
        self.state.stand_pat_or_discard(tuple(CARDS[c] for c in cards))
        for card in cards:
            index = self._cards[seat].index(card)
            del self._cards[seat][index]
            del self._up[seat][index]
        self._thrown.extend((street, seat, card) for card in cards)
        self._drew[seat] = len(cards)
        return f"draws {len(cards)}" if cards else "stands pat"

    def timeout_action(self, seat: int) -> Action:
        if self.state.stand_patter_or_discarder_index is not None:
            return Action("stand_pat")
        return super().timeout_action(seat)

    def _seat_view(self, seat: int, viewer: int | None) -> dict[str, Any]:
        data = super()._seat_view(seat, viewer)
        data["drew"] = self._drew[seat]
        return data

    def draws_left(self) -> int:
        """The draws still to come, the one being made included (what a player drawing weighs)."""
        state = self.state
        total = len(state.streets) - 1
        if self.finished:
            return 0
        if state.stand_patter_or_discarder_index is not None and state.street_index is not None:
            return total - state.street_index + 1
        return total - self._street_at

    def view(self, seat: int | None) -> dict[str, Any]:
        data = super().view(seat)
        data["draws_left"] = self.draws_left()
        return data

    def phh(self) -> str:
        """The hand as PHH text under its game's code, players named."""
        return self._history(self._pokerkit_game)


class DrawEngine(DrawHand):
    """One hand of five-card draw (high) for 2-8 seats."""

    game: ClassVar[str] = "draw"

    def _read_settings(self, settings: Mapping[str, Any]) -> None:
        self.limit = str(settings.get("limit", "no-limit"))
        if self.limit not in LIMITS:
            raise ValueError(f"limit must be one of {', '.join(LIMITS)}, not {self.limit!r}")
        self._read_forced_bets(settings)

    def _game(self) -> Poker:
        return self._game_of(GAMES[self.limit], self.limit)

    @property
    def variant(self) -> str:
        return LIMITS[self.limit]
