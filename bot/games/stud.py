"""Seven-card stud, fixed-limit, one hand per engine, on pokerkit's ``FixedLimitSevenCardStud``.

Every player antes; third street deals two downcards and an upcard, fourth to sixth an upcard each,
seventh a downcard, with a burn before each street after the third. pokerkit decides who acts:
the lowest upcard brings in on third street (suits break ties: clubs, diamonds, hearts, spades from
low to high) and may instead complete to the small bet; from fourth street the best showing hand
acts first. Small bet on third and fourth street, big bet from fifth; a bet and three raises a round.

**Running out of cards** (eight players staying to seventh street need 56 cards and 4 burns): when
the stub cannot give the burn and a card to every player left, the burn cards are shuffled into
the stub (seeded from the deal's seed, so the deal stays verifiable). If even that is not enough,
the dealer burns one card and turns one card face up in the middle: a community card that plays in
every hand (it is the view's ``board``, and ``board_slots`` becomes 1). pokerkit would count the
folded hands too; ``StudState`` makes it count only the cards this rule allows.

Razz and stud hi-lo are the same engine with pokerkit's other stud games (``StudEngine``'s class
attributes): pokerkit's streets say who brings in and who opens each later street.

Views: a seat's ``cards`` are in deal order (down, down, up, up, up, up, down) with ``up`` flags;
other seats see the upcards and "??" for the downcards until a hand is shown at showdown.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar, Iterator, Mapping

from pokerkit import Card, FixedLimitSevenCardStud, Hand, Mode, State
from pokerkit.games import SevenCardStud

from bot.games.base import Action, ActionSpec, IllegalAction
from bot.games.cards import shuffled
from bot.games.draw import PokerkitHand, derived_seed
from bot.games.high_hands import FastHighHand
from bot.games.holdem import _AUTOMATIONS
from bot.games.pokerkit_base import CARDS

STREETS = ("third street", "fourth street", "fifth street", "sixth street", "seventh street")


class StudState(State):
    """pokerkit's state with this room's deck-exhaustion rule before seventh street.

    pokerkit turns the last street into a community card when the deck plus every burned and
    mucked card cannot reach everyone. Here only the stub counts (the engine shuffles the burn
    cards into it first when the rule says so), so pokerkit makes the same decision as the rule.
    """

    stud_engine: "StudEngine | None" = None

    @property
    def reserved_cards(self) -> Iterator[Card]:
        return iter(())

    def _begin_dealing(self) -> None:
        engine = self.stud_engine
        community = False
        if engine is not None and self.street_index == len(self.streets) - 2:
            community = engine._before_seventh_street(sum(self.statuses))
        super()._begin_dealing()
        if engine is not None and community:
            engine._mix_burn_cards()


class StudEngine(PokerkitHand):
    """One hand of fixed-limit seven-card stud for 2-8 seats; razz and stud hi-lo change the class
    attributes below (``bot/games/razz.py``, ``bot/games/stud_hilo.py``)."""

    game: ClassVar[str] = "stud"
    runout_rule: ClassVar[str] = "stud"
    has_button: ClassVar[bool] = False
    pokerkit_game: ClassVar[type[SevenCardStud]] = FixedLimitSevenCardStud
    """pokerkit's game: its streets (who brings in, who opens later streets), deck and PHH code."""
    hand_types: ClassVar[tuple[type[Hand], ...]] = (FastHighHand,)
    """How pokerkit ranks the hands at showdown (one per half of a split game)."""
    state_class: ClassVar[type[StudState]] = StudState
    bring_in_card: ClassVar[str] = "lowest"
    """Which door card brings in, in the refusals' words."""
    title: ClassVar[str] = "Seven-card stud"

    def _read_settings(self, settings: Mapping[str, Any]) -> None:
        self.ante = int(settings.get("ante", 1))
        self.bring_in = int(settings.get("bring_in", 2))
        self.small_bet = int(settings.get("small_bet", 5))
        self.big_bet = int(settings.get("big_bet", 2 * self.small_bet))
        if self.ante < 0 or not 0 < self.bring_in < self.small_bet <= self.big_bet:
            raise ValueError("stakes must satisfy ante >= 0 and 0 < bring_in < small_bet <= big_bet")

    def _new_state(self, stacks: list[int]) -> State:
        self._pokerkit_game = self.pokerkit_game(
            _AUTOMATIONS, True, self.ante, self.bring_in, self.small_bet, self.big_bet)
        game = self._pokerkit_game
        state = self.state_class(_AUTOMATIONS, game.deck, self.hand_types, game.streets, game.betting_structure,
                                 True, self.ante, 0, self.bring_in, stacks, len(self.seats), mode=Mode.TOURNAMENT)
        state.stud_engine = self
        return state

    @property
    def variant(self) -> str:
        return self.title

    def _stakes(self) -> str:
        ante = f", ante {self.ante}" if self.ante else ""
        return f"Limits {self.small_bet}/{self.big_bet}{ante}, bring-in {self.bring_in}"

    def _street(self) -> str:
        return STREETS[self._street_at]

    # -- all-in equity -------------------------------------------------------------------------

    def _before_burn(self) -> None:
        """Before a street dealt to hands that can no longer bet: note each live hand, whose chances the
        view's figures count by the game's ``runout_rule``. Not when the stub is short: the exhaustion rule may change the deal."""
        live = self._runout_seats()
        if not live:
            return
        held = len(self._cards[live[0]])
        if len(self._stub) < sum(7 - len(self._cards[s]) for s in live) + 7 - held:
            return
        self._note_runout(STREETS[held - 3], {s: list(self._cards[s]) for s in live}, [],
                          f"{self.seed}:equity:{held}")

    # -- running out of cards ------------------------------------------------------------------

    def _before_seventh_street(self, players: int) -> bool:
        """Apply the exhaustion rule; True when a community card is dealt (mix the burns after)."""
        if len(self._stub) >= players + 1:
            return False
        if len(self._stub) + len(self._burned) >= players + 1:
            self._mix_burn_cards()
            return False
        self._notes.append("Not enough cards for everyone: one community card plays in every hand")
        return True

    def _mix_burn_cards(self) -> None:
        """Shuffle the burn cards into the stub, in pokerkit's deck as in ours."""
        self._stub = shuffled(derived_seed(self.seed, "stud-burns"), self._stub + self._burned)
        self.state.deck_cards.extend(CARDS[code] for code in self._burned)
        self.state.burn_cards.clear()
        self._notes.append(f"The stub is short: the {len(self._burned)} burn cards are shuffled into it")
        self._burned = []

    # -- bring-in ------------------------------------------------------------------------------

    def _completing(self) -> bool:
        """Third street before anyone completed: a raise now is the completion to the small bet."""
        return self.state.street_index == 0 and max(self.state.bets) < self.small_bet

    def legal_actions(self, seat: int) -> list[ActionSpec]:
        if self.to_act() != (seat,) or not self.state.can_post_bring_in():
            specs = super().legal_actions(seat)
            if self._completing():
                specs = [replace(s, label=f"Complete to {s.min_amount}") if s.kind == "raise" else s
                         for s in specs]
            return specs
        amount = self.state.effective_bring_in_amount
        assert amount is not None  # None only when a bring-in cannot be posted, checked above
        specs = [ActionSpec("bring_in", f"Bring in {amount}", min_amount=amount, max_amount=amount)]
        low = self.state.min_completion_betting_or_raising_to_amount
        if low is not None and low > amount:
            specs.append(ActionSpec("raise", f"Complete to {low}", min_amount=low, max_amount=low))
        return specs

    def _refuse(self, seat: int, action: Action) -> None:
        if not self.state.can_post_bring_in():
            if action.kind == "bring_in":
                raise IllegalAction(f"Only the {self.bring_in_card} upcard brings in, at the start of third street.")
            super()._refuse(seat, action)
        elif action.kind == "raise":
            super()._refuse(seat, action)
        elif action.kind != "bring_in":
            raise IllegalAction(f"You have the {self.bring_in_card} upcard: bring in or complete the bet.")

    def _apply(self, seat: int, action: Action) -> str:
        if action.kind == "bring_in":
            amount = self.state.effective_bring_in_amount
            self.state.post_bring_in()
            return f"brings in for {amount}"
        completing = action.kind == "raise" and self._completing()
        text = self._bet(seat, action)
        return f"completes to {action.amount}" if completing else text

    def timeout_action(self, seat: int) -> Action:
        if self.state.can_post_bring_in():
            return Action("bring_in")
        return super().timeout_action(seat)

    def _seat_view(self, seat: int, viewer: int | None) -> dict[str, Any]:
        data = super()._seat_view(seat, viewer)
        data["up"] = list(self._up[seat])
        return data

    def phh(self) -> str:
        """The hand as PHH text (pokerkit's "F7S", "FR" or "F7S/8"), players named."""
        return self._history(self._pokerkit_game)
