"""Texas hold'em, one hand per engine, with pokerkit doing every betting, side-pot and odd-chip rule.

This module only adapts pokerkit to the cardroom ``Engine`` surface:

- **Cards** come from ``shuffled_deck(seed)``: pokerkit's own dealing draws from the global
  ``random``, so every hole card, burn and board card is dealt here, in table order, burning before
  the flop, turn and river.
- **Seats**: pokerkit numbers players from the small blind (player 0) round to the button (last
  player); heads-up the button is player 1 and posts the small blind. ``_seat_of``/``_player_of``
  map between that and the table's seat order for any dealer index, so the odd chip goes to the
  first winner left of the button, as pokerkit decides.
- **Ranking** uses ``FastHighHand`` (``bot/games/high_hands.py``), a pokerkit ``Hand`` ranked by
  phevaluator (pokerkit's own lookup is a few thousand hands a second; a showdown ranks every hand
  several times).
- **Showdown**: pokerkit's show-or-muck automation shows a hand only when it can still win (or
  when the players were all in); mucked hands stay hidden ("??") in every other seat's view.

- **Run it twice** (the ``run_it_twice`` setting): pokerkit plays in its cash-game mode, in which it
  asks every player still in how many runouts to deal once no more betting is possible with board
  cards to come; the answers are the moves ``twice`` and ``once`` of those players (``to_act`` names
  them all at once), given to pokerkit by ``bot/games/run_twice.py``. pokerkit deals the second
  runout after the first, halves every pot between the boards and pays each half on its board.

Fixed-limit: the small bet is the big blind and the big bet twice that; each street allows a bet
and three raises (preflop the big blind is the bet), the usual cardroom cap.

``carry`` may hold ``dealer`` (index of the button, default 0) and ``hand_no`` (shown in the view,
default 1), and at a tournament's dead button (``bot/service/tournament/dead_button.py``) ``dead_small_blind``
(nobody posts the small blind: the player left of ``dealer`` posts the big blind) and ``dead_button``
(``dealer`` is the player right of the empty button, who acts last after the flop; no seat shows the
button). The outcome's carry is empty: the table service moves the button.

Other flop games (Omaha, ``bot/games/omaha.py``) subclass ``HoldemEngine`` and override its class
attributes (``variants``, ``hand_types``, ``games``...) and the ``_betting_structure`` and
``_hand_name`` hooks; short-deck hold'em (``bot/games/short_deck.py``) changes the deck (``pokerkit_deck``,
``_shuffle``), the ranking and the forced bets (``_forced_bets``). What hold'em shares with draw and
stud (seats, raises, results, pots, showdown lines, PHH export) is ``PokerkitTable`` in
``bot/games/pokerkit_base.py``.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, ClassVar, Mapping, Sequence

from pokerkit import (
    AntePosting,
    Automation,
    BettingStructure,
    BlindOrStraddlePosting,
    BoardDealing,
    Card,
    ChipsPushing,
    Deck,
    FixedLimitTexasHoldem,
    Hand,
    NoLimitTexasHoldem,
    Operation,
    Poker,
    State,
    Street,
)

from bot.games.base import HIDDEN, Action, ActionSpec, IllegalAction, NotYourTurn, Seat
from bot.games.cards import pretty, shuffled_deck
from bot.games.forced_bets import ForcedBets, big_blind_player, describe_deal, forced_bets
from bot.games.poker_options import options
from bot.games.high_hands import FastHighHand, hand_name
from bot.games.phh import BETS_A_ROUND, PotLimitTexasHoldem
from bot.games.pokerkit_base import CARDS, PokerkitTable
from bot.games.run_twice import BOARD_NAMES, COUNTS, SPECS, RunoutChoice, pokerkit_mode, pot_name

LIMITS = {
    "no-limit": "No-limit hold'em",
    "pot-limit": "Pot-limit hold'em",
    "fixed-limit": "Fixed-limit hold'em",
}
STREETS = ("preflop", "flop", "turn", "river")

_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

def pokerkit_game(game_type: Callable[..., Poker], limit: str, ante: int | tuple[int, ...], small_blind: int,
                  big_blind: int, blinds: tuple[int, ...] | None = None, ante_trimming: bool = True) -> Poker:
    """pokerkit's definition of the game played: its streets for the state, its PHH variant code for the
    export. Fixed-limit: the small bet is the big blind, the big bet twice that. ``blinds`` default to
    (small blind, big blind); a game without blinds passes ``()``; ``ante`` is everyone's or by player
    (``bot.games.forced_bets``). ``game_type`` is one of pokerkit's game classes, whose constructors
    differ from ``Poker``'s by limit (fixed-limit: two bet sizes)."""
    blinds = (small_blind, big_blind) if blinds is None else blinds
    if limit == "fixed-limit":
        return game_type(_AUTOMATIONS, ante_trimming, ante, blinds, big_blind, 2 * big_blind)
    return game_type(_AUTOMATIONS, ante_trimming, ante, blinds, big_blind)


class HoldemEngine(PokerkitTable):
    """One hand of Texas hold'em (no-limit, pot-limit or fixed-limit) for 2-10 seats."""

    game: ClassVar[str] = "holdem"
    runout_rule: ClassVar[str] = "high"
    title: ClassVar[str] = "hold'em"
    default_limit: ClassVar[str] = "no-limit"
    variants: ClassVar[Mapping[str, str]] = LIMITS
    """Limit setting -> the variant's name in the view."""
    hand_types: ClassVar[tuple[type[Hand], ...]] = (FastHighHand,)
    """pokerkit hand types the pot is split between (one for high only, two for high-low)."""
    games: ClassVar[Mapping[str, type[Poker]]] = {
        "no-limit": NoLimitTexasHoldem, "pot-limit": PotLimitTexasHoldem, "fixed-limit": FixedLimitTexasHoldem}
    """Limit setting -> pokerkit game (and so the PHH variant code the hand is exported under)."""
    state_class: ClassVar[type[State]] = State
    pokerkit_deck: ClassVar[Deck] = Deck.STANDARD
    """The deck pokerkit checks the dealt cards against (``_shuffle`` deals them)."""
    max_seats: ClassVar[int] = 10

    def __init__(self, settings: Mapping[str, Any], seats: Sequence[Seat], seed: str,
                 carry: Mapping[str, Any]) -> None:
        self.limit = str(settings.get("limit", self.default_limit))
        self.small_blind = int(settings.get("small_blind", 5))
        self.big_blind = int(settings.get("big_blind", 10))
        self.ante = int(settings.get("ante", 0))
        self.seats = list(seats)
        self._read_positions(carry)
        self.hand_no = int(carry.get("hand_no", 1))
        self._check_setup()

        n = len(self.seats)
        stacks = [self.seats[self._seat_of(p)].stack for p in range(n)]
        self.forced = self._forced_bets(settings, stacks, [self._seat_of(p) for p in range(n)])
        self.stakes = self._describe_stakes(settings)
        self.options = " · ".join(options(settings, short=True))
        self._pokerkit_game = self._make_game()
        self.state = self.state_class(
            _AUTOMATIONS,
            self.pokerkit_deck,
            self.hand_types,
            self._streets(),
            self._betting_structure(),
            self.forced.ante_trimming,
            self.forced.antes,
            self.forced.blinds,
            0,
            stacks,
            n,
            mode=pokerkit_mode(settings),  # tournament: one runout, everyone shows when all in; run it twice: pokerkit asks
        )
        self._runouts = RunoutChoice(self.state)
        self._board_dealt = 0  # board cards described in the log so far, both boards
        # Chips won by seat, by board (0 first, 1 second, 2 both: a pot paid whole) and pot (0 main, 1.. side)
        self._won_by_pot: dict[tuple[int, int], list[int]] = {}
        self._deck = tuple(CARDS[code] for code in self._shuffle(seed))
        self._seed = seed
        self._next_card = 0
        self._hole: list[list[str]] = [[] for _ in range(n)]   # per seat, as dealt
        self._start_records(n)
        self.log.extend(self._advance())
        if self.forced.bomb_pot:  # nobody bets before the flop: checked round, the deal starts on the flop
            while self.state.status and self.state.actor_index is not None and not self.board:
                self.state.check_or_call()
            self.log.extend(self._advance())

    # -- set-up ------------------------------------------------------------------------------

    def _check_setup(self) -> None:
        if self.limit not in self.variants:
            raise ValueError(f"limit must be one of {', '.join(self.variants)}, not {self.limit!r}")
        self._check_stakes()
        if not 2 <= len(self.seats) <= self.max_seats:
            raise ValueError(f"{self.title} is played by 2 to {self.max_seats} seats")
        if any(seat.stack <= 0 for seat in self.seats):
            raise ValueError("every seat dealt in needs chips")
        if not 0 <= self.dealer < len(self.seats):
            raise ValueError("the dealer must be one of the seats")

    def _check_stakes(self) -> None:
        if not 0 < self.small_blind <= self.big_blind or self.ante < 0:
            raise ValueError("blinds must satisfy 0 < small_blind <= big_blind and ante >= 0")

    def _shuffle(self, seed: str) -> Sequence[str]:
        """The deal's deck, in the order the seed decides."""
        return shuffled_deck(seed)

    def _forced_bets(self, settings: Mapping[str, Any], stacks: Sequence[int], dealt: Sequence[int]) -> ForcedBets:
        """Who owes which ante and blind (``stacks`` and ``dealt`` deal seats by pokerkit player)."""
        return forced_bets(settings, stacks, dealt, self.hand_no,
                           small_blind_dead=self.dead_small_blind, button_dead=self.dead_button)

    def _describe_stakes(self, settings: Mapping[str, Any]) -> str:
        return describe_deal(settings, self.forced)

    def _make_game(self) -> Poker:
        return pokerkit_game(self.games[self.limit], self.limit, self.forced.antes, self.small_blind, self.big_blind,
                             self.forced.blinds, self.forced.ante_trimming)

    def _streets(self) -> tuple[Street, ...]:
        """pokerkit's hold'em streets, with the fixed-limit cap of a bet and three raises.

        pokerkit counts the bets and raises made on a street; preflop the big blind is the bet and
        is not counted, so three raises remain there and four bets or raises on later streets.
        """
        streets = self._pokerkit_game.streets
        if self.limit != "fixed-limit":
            return streets
        preflop, *later = streets
        return (replace(preflop, max_completion_betting_or_raising_count=BETS_A_ROUND - 1),
                *(replace(street, max_completion_betting_or_raising_count=BETS_A_ROUND)
                  for street in later))

    def _betting_structure(self) -> BettingStructure:
        return self._pokerkit_game.betting_structure

    # -- dealing and pokerkit's automatic steps ------------------------------------------------

    def _draw(self) -> Card:
        card = self._deck[self._next_card]
        self._next_card += 1
        return card

    def _advance(self) -> list[str]:
        """Deal whatever pokerkit waits for until a player must act or the hand ends.

        Returns the log lines of everything that happened since the last call.
        """
        state = self.state
        while state.status and state.actor_index is None and not any(state.runout_count_selector_statuses):
            if state.hole_dealee_index is not None:
                player = state.hole_dealee_index
                card = self._draw()
                state.deal_hole((card,))
                self._hole[self._seat_of(player)].append(repr(card))
            elif state.card_burning_status:
                self._note_equity()
                state.burn_card(self._draw())
            elif state.board_dealing_count:
                state.deal_board(tuple(self._draw() for _ in range(state.board_dealing_count)))
            else:  # pragma: no cover - pokerkit automates every other step
                raise AssertionError("pokerkit is waiting for a step this engine does not take")
        lines = self._log_since_last()
        if self.choosing_runouts():  # the odds as they stand, for the players to choose by
            self._note_equity()
        for player in self._runouts.waiting():
            self._last_action[self._seat_of(player)] = "Run it twice?"
        return lines

    def seven_deuce(self, seat: int) -> bool:
        """Whether the seat holds a seven and a deuce, of any suits (the 7-2 game's hand)."""
        return sorted(card[0] for card in self._hole[seat]) == ["2", "7"]

    def rabbit(self) -> list[str]:
        """The board cards that would have come had a hand that ended early gone on, each street after
        its burn, as the deck lay (a rabbit hunt: shown to everyone, it changes nothing)."""
        if not self.finished:
            return []
        cards: list[str] = []
        index = self._next_card
        while len(self.board) + len(cards) < 5:
            take = 3 if not self.board and not cards else 1
            cards += [repr(card) for card in self._deck[index + 1:index + 1 + take]]  # after the burn
            index += 1 + take
        return cards

    def _note_equity(self) -> None:
        """Before a street is dealt to hands that can no longer bet (all in, or all in but one), note
        each live hand and the board so far: the view's figures are counted from them
        (``bot/games/runout_equity.py``)."""
        live = self._runout_seats()
        board_index = self._runouts.dealing_board()
        board = self._board(board_index)
        if not live or (board_index and len(board) == self._runouts.shared):
            return  # no runout, or the second board starts where the first did: the same figures
        street = STREETS[{0: 0, 3: 1, 4: 2}[len(board)]] + (" 2" if board_index else "")
        if self._runout and self._runout[-1]["street"] == street:
            return  # noted while the players chose how to run it
        key = f"{self._seed}:equity:" + (f"{board_index}:" if board_index else "") + str(len(board))
        self._note_runout(street, {s: list(self._hole[s]) for s in live}, board, key)

    def _board(self, index: int) -> list[str]:
        """One board's cards so far (the second exists once the board runs twice)."""
        return [repr(card) for card in self.state.get_board_cards(index)]

    def _describe(self, operations: Sequence[Operation]) -> list[str]:
        """Log lines for pokerkit's automatic operations (player actions are worded in apply)."""
        lines: list[str] = []
        antes = [op for op in operations if isinstance(op, AntePosting)]
        if antes and self.forced.bomb_pot:
            lines.append(f"Bomb pot: each player antes {max(self.forced.antes)}; the deal starts on the flop")
        elif antes and self.forced.ante_trimming:
            lines.append(f"Each player antes {self.ante}")
        for ante in antes if not self.forced.ante_trimming else ():
            lines.append(f"{self.seats[self._seat_of(ante.player_index)].name} posts the big-blind ante of {ante.amount}")
        blinds = sorted((op for op in operations if isinstance(op, BlindOrStraddlePosting)),
                        key=lambda op: (op.player_index == self.forced.straddler, self._is_big_blind(op.player_index)))
        for post in blinds:
            seat = self._seat_of(post.player_index)
            if post.player_index == self.forced.straddler:
                self._last_action[seat] = f"straddles for {post.amount}"
            else:
                self._last_action[seat] = f"posts the {self._blind_name(post.player_index)} of {post.amount}"
            lines.append(f"{self.seats[seat].name} {self._last_action[seat]}")
        for op in operations:
            if isinstance(op, BoardDealing):
                board, held = self._runouts.position(self._board_dealt)
                self._board_dealt += len(op.cards)
                street = {0: "Flop", 3: "Turn", 4: "River"}[held]
                if self._runouts.twice:
                    street = f"{BOARD_NAMES[board]} board, {street.lower()}"
                lines.append(f"{street}: {' '.join(pretty(repr(c)) for c in op.cards)}")
                self._last_action = ["folds" if folded else "" for folded in self._folded]
            else:
                if isinstance(op, ChipsPushing):
                    won = self._won_by_pot.setdefault((self._board_of(op), op.pot_index), [0] * len(self.seats))
                    for player, amount in enumerate(op.amounts):
                        won[self._seat_of(player)] += amount
                lines.extend(self._result_lines(op))
        return lines

    def _blind_name(self, player: int) -> str:
        """What the blind ``player`` posts is called in the log."""
        return "big blind" if self._is_big_blind(player) else "small blind"

    def _is_big_blind(self, player: int) -> bool:
        """pokerkit's blind order: player 0 small, 1 big; heads-up the other way round; with a dead
        small blind player 0 is the big blind."""
        return player == big_blind_player(len(self.seats), self.dead_small_blind)

    def _held(self, seat: int) -> list[str]:
        return self._hole[seat]

    def _hand_name(self, seat: int, board: int = 0) -> str:
        """The name of the hand ``seat`` shows at showdown, on the first board or the ``board``-th."""
        return hand_name(self._hole[seat] + self._board(board))

    def _final_name(self, seat: int) -> str:
        """A shown hand's name once the board is out: one for each board when it ran twice."""
        if not self._runouts.twice:
            return self._hand_name(seat)
        return " / ".join(self._hand_name(seat, board) for board in range(2))

    def _winners(self) -> list[str]:
        """The winners' lines; when the board ran twice, each board's, "Second board: Bob wins 60 with ...",
        and with side pots each pot's on each board, "Second board, side pot 1: Carol wins 745 with ..."."""
        if not self._runouts.twice or not self.finished:
            return super()._winners()
        pots = sorted({pot for _, pot in self._won_by_pot})
        named = len(pots) > 1
        lines = [f"{BOARD_NAMES[board]} board{f', {pot_name(pot)}' if named else ''}: {line}"
                 for board in range(2) for pot in pots for line in self._board_winners(board, pot)]
        return lines + [f"{self.seats[seat].name} wins {won}{f' ({pot_name(pot)})' if named else ''} on both boards, "
                        f"with {self._final_name(seat)}"
                        for pot in pots for seat, won in enumerate(self._won_on(2, pot)) if won]

    def _board_results(self) -> list[str]:
        """Once a board run twice is paid, a short line a board for the picture (the hands are on the seats, the
        boards labelled 1st and 2nd beside them): "1st: main Carol 450 · side 1 Bob, Dave 350 each"; "Both" for
        pots paid whole."""
        if not self.finished:
            return []
        pots = sorted({pot for _, pot in self._won_by_pot})
        lines = []
        for board, label in enumerate(("1st", "2nd", "Both")):
            parts = []
            for pot in pots:
                won = self._won_by_pot.get((board, pot), [])
                amounts = sorted({chips for chips in won if chips}, reverse=True)
                who = ", ".join(", ".join(self.seats[seat].name for seat, chips in enumerate(won) if chips == amount)
                                + f" {amount:,}" + (" each" if won.count(amount) > 1 else "") for amount in amounts)
                if who:
                    parts.append(f"{pot_name(pot).removesuffix(' pot').replace(' pot ', ' ')} {who}" if len(pots) > 1 else who)
            if parts:
                lines.append(f"{label}: {' · '.join(parts)}")
        return lines

    def _won_on(self, board: int, pot: int | None) -> list[int]:
        """Chips won by seat on ``board`` (2: pots paid whole), from ``pot`` or (None) every pot."""
        totals = [0] * len(self.seats)
        for (on, paid_from), won in self._won_by_pot.items():
            if on == board and pot in (None, paid_from):
                totals = [total + chips for total, chips in zip(totals, won)]
        return totals

    def _board_of(self, push: ChipsPushing) -> int:
        """The board a pot's push was won on: 0 or 1, or 2 for both boards (pokerkit pays a pot whole,
        without a board, to the one hand left once the others lost on both boards and were killed)."""
        if push.board_index is None:
            return 2 if self._runouts.twice else 0
        return push.board_index

    def _board_winners(self, board: int, pot: int | None = None) -> list[str]:
        """Who won chips on one of two boards (from one ``pot``, or every pot), and with what."""
        return [f"{self.seats[seat].name} wins {won} with {self._hand_name(seat, board)}"
                for seat, won in enumerate(self._won_on(board, pot)) if won]

    def _choose_runouts(self, seat: int, action: Action) -> list[str]:
        """A player's answer to "run it twice?"; once every player still in has answered, what was
        settled and the cards pokerkit deals."""
        name = self.seats[seat].name
        self._last_action[seat] = "has chosen"
        lines = [f"{name} has chosen how to run it"]
        if self._runouts.answer(self._player_of(seat), action.kind):
            lines.append("Every player still in agreed: the board runs twice" if self._runouts.twice
                         else "The board runs once")
        return lines + self._advance()

    # -- Engine surface ------------------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        """The player to act; while the players all in choose how to run the board, each who has not."""
        choosers = self._runouts.waiting()
        if choosers and self.state.status:
            return tuple(sorted(self._seat_of(p) for p in choosers))
        actor = self.state.actor_index
        return () if actor is None else (self._seat_of(actor),)

    def choosing_runouts(self) -> bool:
        """Whether the players still in are asked how many times to run the board now."""
        return bool(self._runouts.waiting()) and not self.finished

    def verify(self, seat: int, action: Action) -> Action:
        """While the players all in choose how to run the board, a player not asked is told why."""
        if action.kind in COUNTS and self.choosing_runouts() and seat not in self.to_act():
            if self._player_of(seat) in self._runouts.answers:
                raise NotYourTurn("You have chosen already: the others still in are choosing.")
            raise NotYourTurn("Only the players still in the hand choose whether to run it twice.")
        return super().verify(seat, action)

    def _refuse(self, seat: int, action: Action) -> None:
        if not self.choosing_runouts():
            super()._refuse(seat, action)
        elif action.kind not in COUNTS:
            raise IllegalAction("Everyone still in is all in: first choose whether to run it twice or once.")

    def timeout_action(self, seat: int) -> Action:
        """A player who lets the clock run out runs it once."""
        return Action("once") if self.choosing_runouts() else super().timeout_action(seat)

    def legal_actions(self, seat: int) -> list[ActionSpec]:
        if seat not in self.to_act():
            return []
        if self.choosing_runouts():
            return list(SPECS)
        state = self.state
        specs = self._fold_call_check_specs(seat)
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        if low is not None and high is not None:
            specs.append(ActionSpec(
                "raise", "Raise" if max(state.bets) else "Bet", min_amount=low, max_amount=high,
                presets=self._presets(low, high)))
        return specs

    def _offered(self, seat: int, kind: str) -> list[ActionSpec]:
        """``legal_actions``' moves of ``kind``, without working out the raise's range and presets when
        a fold, check or call is judged (most moves are)."""
        if kind == "raise" or seat not in self.to_act() or self.choosing_runouts():
            return super()._offered(seat, kind)
        return [spec for spec in self._fold_call_check_specs(seat) if spec.kind == kind]

    def apply(self, seat: int, action: Action) -> list[str]:
        return self.apply_judged(seat, self.verify(seat, action))

    def apply_judged(self, seat: int, action: Action) -> list[str]:
        """A judged move made: pokerkit checks the runout choice and each bet, ``_bet`` a check or
        call that does not fit, and the turn is checked here."""
        if self.choosing_runouts():
            lines = self._choose_runouts(seat, action)
            self.log.extend(lines)
            return lines
        if seat not in self.to_act():
            raise ValueError(f"seat {seat} moves out of turn")
        text = self._bet(seat, action)
        if not self._folded[seat] and self.state.stacks[self._player_of(seat)] == 0:
            text += " and is all in"
        self._last_action[seat] = text
        lines = [f"{self.seats[seat].name} {text}"] + self._advance()
        self.log.extend(lines)
        return lines

    # -- views -----------------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        state = self.state
        actor = self.to_act()
        seats = []
        for s, info in enumerate(self.seats):
            p = self._player_of(s)
            visible = s == seat or bool(self._shown_names[s])
            seats.append({
                "name": info.name,
                "stack": state.stacks[p],
                "bet": state.bets[p],
                "cards": list(self._hole[s]) if visible else [HIDDEN] * len(self._hole[s]),
                "folded": self._folded[s],
                "all_in": not self._folded[s] and state.stacks[p] == 0,
                "is_dealer": s == self.dealer and not self.dead_button,
                "to_act": s in actor,
                "last_action": self._last_action[s],
                "hand_name": "" if s in self._named_later else self._shown_names[s],  # named once the board is out
                "won": self._won[s],
            })
        view: dict[str, Any] = {
            "game": self.game,
            "variant": self.variants[self.limit],
            "hand_no": self.hand_no,
            "street": self._street(),
            "board": self.board,
            "seats": seats,
            "pots": self._pots(),
            "stakes": self.stakes,
            "options": self.options,
            "viewer": seat,
            "log": list(self.log),
            "winners": self._winners(),
            "finished": self.finished,
        }
        if self._runouts.twice:
            view["boards"] = [self._board(0), self._board(1)]
            view["board_results"] = self._board_results()
        runout = self._runout_view(seats)
        if runout:
            view["runout"] = runout
        return view

    def _street(self) -> str:
        if self._went_to_showdown:
            return "showdown"
        return STREETS[{0: 0, 3: 1, 4: 2, 5: 3}[len(self.board)]]

    # -- export ----------------------------------------------------------------------------------

    def phh(self) -> str:
        """The hand as PHH text under the code of the game played (``bot/games/phh.py``)."""
        if not self._runouts.answers:
            return self._history(self._pokerkit_game)
        return self._history(self._pokerkit_game, _runout_counts=self._runouts.record(len(self.seats)))
