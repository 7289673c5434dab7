"""Saint Poker: eight rounds of simultaneous choices scored by poker hands, with no betting.

Rules as played here: ``docs/rules/saint.md``. One engine instance plays one whole game.

Each round has three phases:

- ``"river"``: every seat privately adds one hand card to the river (``Action("river",
  cards=(card,))``); the cards are revealed together when the last seat has chosen.
- ``"reveal"``: every seat privately picks two hand cards (``Action("reveal", cards=(c1, c2))``),
  revealed together; best five of the seven (river + own two) decides the winner order and the
  winners share the round's points. In the last round each hand holds exactly two cards after the
  river choice, so they are revealed at once without an action.
- ``"pickup"``: in reverse winning order, twice around, one seat at a time takes one face-up card
  back into its hand (``Action("pickup", cards=(card,))``); the five cards left are discarded.
  There is no pickup after the last round: the game is over.

Choices made in the simultaneous phases stay out of every other view until all seats have chosen;
``to_act()`` lists the seats still choosing, so the table can show who is still thinking.
"""
from __future__ import annotations

import math
import random
from typing import Any, ClassVar, Mapping, Sequence, TypedDict

from phevaluator import evaluate_cards

from bot.games.base import HAND_OVER, Action, ActionSpec, EngineBase, IllegalAction, NotYourTurn, Outcome, Seat
from bot.games.cards import DECK, RANKS, STANDARD_DECK, SUITS, DeckOrder, pretty, shuffled_deck
from bot.games.words import counted

ROUNDS = 8
HAND_SIZE = 10
RIVER_SIZE = 5
MIN_PLAYERS, MAX_PLAYERS = 2, 5

# Upper bounds of phevaluator's rank ranges (1 is a royal flush, 7462 the worst high card).
_CATEGORIES: tuple[tuple[int, str], ...] = (
    (10, "Straight Flush"),
    (166, "Four of a Kind"),
    (322, "Full House"),
    (1599, "Flush"),
    (1609, "Straight"),
    (2467, "Three of a Kind"),
    (3325, "Two Pair"),
    (6185, "One Pair"),
    (7462, "High Card"),
)

_PHASE_NOW = {
    "river": "Now every player chooses one card to add to the river.",
    "reveal": "Now every player chooses two cards to reveal.",
    "pickup": "Now the players pick up cards one at a time.",
}


def hand_rank(cards: Sequence[str]) -> int:
    """phevaluator rank of the best five of these 5-7 cards: smaller is stronger, equal is a tie."""
    rank: int = evaluate_cards(*cards)  # phevaluator has no type hints
    return rank


def hand_name(rank: int) -> str:
    """The category of a phevaluator rank: "Flush", "Two Pair", ..."""
    for bound, name in _CATEGORIES:
        if rank <= bound:
            return name
    raise ValueError(f"{rank} is not a phevaluator rank.")


def future_river_size(players: int) -> int:
    """3 / 2 / 1 / 0 cards for 2 / 3 / 4 / 5 players: with one card per player, five in all."""
    return RIVER_SIZE - players


def split_points(round_no: int, tied: int) -> int:
    """Each of ``tied`` winners of round ``round_no`` gets the round's points split, rounded up."""
    return math.ceil(round_no / tied)


def card_order(card: str) -> tuple[int, int]:
    """Sort key that shows a hand strongest rank first, equal ranks side by side."""
    return (-RANKS.index(card[0]), SUITS.index(card[1]))


class SaintSeatView(TypedDict):
    name: str
    is_bot: bool
    hand_size: int
    score: int               # running total
    chosen: bool             # has made this phase's choice (what it is stays hidden until all have)
    river_card: str | None   # the card this seat added to this round's river, once revealed
    revealed: list[str]      # this round's two revealed cards, [] before the reveal
    hand_name: str           # this round's hand ("Two Pair"), "" before the reveal
    picked: list[str]        # cards picked up this round


class SaintRoundResult(TypedDict):
    round: int
    river: list[str]
    revealed: list[list[str]]    # per seat
    hand_names: list[str]        # per seat
    order: list[list[int]]       # winner order: seats grouped by equal hands, best first
    points: list[int]            # points won this round, per seat
    pickup_order: list[int]      # one lap of the pickup (winner last); it goes around twice


class SaintView(TypedDict):
    game: str                    # "saint"
    viewer: int | None           # seat of the viewer, None for the public view
    round: int                   # 1..8
    rounds: int                  # 8
    phase: str                   # "river", "reveal", "pickup", "over"
    hand: list[str]              # the viewer's hand ([] for the public view)
    pending: list[str]           # the viewer's choice not yet revealed ([] for the public view)
    river: list[str]             # this round's river (only the cards from the deck until revealed)
    future_river: list[str]      # next round's deck cards of the river
    deck_size: int
    seats: list[SaintSeatView]
    to_act: list[int]            # seats still choosing, or the one seat to pick up
    pickup_pool: list[str]       # face-up cards that may be picked up now ([] outside the pickup)
    pickup_queue: list[int]      # seats still to pick up, in order, the current one first
    results: list[SaintRoundResult]  # every scored round; the last one is the latest winner order
    ranking: list[int] | None    # final places per seat (0 = first, equal = shared), at the end
    log: list[str]               # the last few table lines, newest last
    finished: bool


_LOG_LINES = 8


class SaintEngine(EngineBase):
    """One whole Saint Poker game for 2-5 seats.

    Settings: ``stake`` (int, default 0): when above 0 every player who does not share the win
    pays that many chips, split evenly among the winners (odd chips to the earliest seats).
    ``deck`` (list of 52 card codes, for tests and replays only): play with this deck order
    instead of the seed's shuffle; refused unless it is a permutation of the 52 cards.
    The seed still decides the random pickup order among tied players and timeout choices.
    ``carry`` is not used: a whole game is one deal.
    """

    game: ClassVar[str] = "saint"

    def __init__(
        self,
        settings: Mapping[str, Any],
        seats: Sequence[Seat],
        seed: str,
        carry: Mapping[str, Any] | None = None,
    ) -> None:
        if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
            raise ValueError(f"Saint Poker needs {MIN_PLAYERS} to {MAX_PLAYERS} players.")
        self.seats = tuple(seats)
        self.seed = seed
        self.stake = int(settings.get("stake", 0))
        if self.stake < 0:
            raise ValueError("The stake cannot be negative.")
        self.fixed_deck = "deck" in settings
        deck = _deck_setting(settings["deck"]) if self.fixed_deck else shuffled_deck(seed)
        n = len(seats)
        dealt = HAND_SIZE * n
        self.hands: list[list[str]] = [sorted(deck[i:dealt:n], key=card_order) for i in range(n)]
        future = future_river_size(n)
        self.future: list[str] = deck[dealt : dealt + future]
        self.deck: list[str] = deck[dealt + future :]
        self.table: list[str] = []  # face-up cards in the middle: the river, then revealed cards
        self.discard: list[str] = []
        self.pending: dict[int, tuple[str, ...]] = {}
        self.scores = [0] * n
        self.results: list[SaintRoundResult] = []
        self.queue: list[int] = []
        self.log: list[str] = []
        self.round = 0
        self.phase = "river"
        self._round_river: list[str] = []             # this round's river as known so far
        self._river_cards: list[str | None] = []      # per seat, once the river is revealed
        self._picked: list[list[str]] = []            # per seat, this round's pickups
        self._outcome: Outcome | None = None
        self._start_round()

    # -- the Engine surface --------------------------------------------------------------------

    def deck_order(self) -> DeckOrder | None:
        return None if self.fixed_deck else STANDARD_DECK

    def to_act(self) -> tuple[int, ...]:
        if self.phase == "pickup":
            return (self.queue[0],)
        if self.phase == "over":
            return ()
        return tuple(s for s in range(len(self.seats)) if s not in self.pending)

    def legal_actions(self, seat: int) -> list[ActionSpec]:
        if seat not in self.to_act():
            return []
        if self.phase == "river":
            return [ActionSpec("river", "Add to the river", choices=tuple(self.hands[seat]),
                               min_choices=1, max_choices=1)]
        if self.phase == "reveal":
            return [ActionSpec("reveal", "Reveal two cards", choices=tuple(self.hands[seat]),
                               min_choices=2, max_choices=2)]
        return [ActionSpec("pickup", "Pick up a card", choices=tuple(self.table),
                           min_choices=1, max_choices=1)]

    def verify(self, seat: int, action: Action) -> Action:
        """Saint Poker's own words for a move refused (the wrong phase, a card not held, a choice
        already made), then the shared judgement."""
        if self.phase != "over":
            self._refuse(seat, action)
        return super().verify(seat, action)

    def apply(self, seat: int, action: Action) -> list[str]:
        action = self.verify(seat, action)
        if action.kind == "pickup":
            lines = self._pickup(seat, action.cards[0])
        else:
            for card in action.cards:
                self.hands[seat].remove(card)
            self.pending[seat] = tuple(action.cards)
            what = "a river card" if action.kind == "river" else "two cards to reveal"
            lines = [f"{self.seats[seat].name} has chosen {what}."]
            if len(self.pending) == len(self.seats):
                lines += self._complete_river() if action.kind == "river" else self._score()
        self.log = (self.log + lines)[-_LOG_LINES:]
        return lines

    def view(self, seat: int | None) -> dict[str, Any]:
        scored = bool(self.results) and self.results[-1]["round"] == self.round
        latest = self.results[-1] if scored else None
        view: SaintView = {
            "game": self.game,
            "viewer": seat,
            "round": self.round,
            "rounds": ROUNDS,
            "phase": self.phase,
            "hand": list(self.hands[seat]) if seat is not None else [],
            "pending": list(self.pending.get(seat, ())) if seat is not None else [],
            "river": list(self._round_river),
            "future_river": list(self.future),
            "deck_size": len(self.deck),
            "seats": [self._seat_view(s, latest) for s in range(len(self.seats))],
            "to_act": list(self.to_act()),
            "pickup_pool": list(self.table) if self.phase == "pickup" else [],
            "pickup_queue": list(self.queue),
            "results": [_copy_result(r) for r in self.results],
            "ranking": list(self._outcome.ranking or ()) if self._outcome else None,
            "log": list(self.log),
            "finished": self.phase == "over",
        }
        return dict(view)

    def timeout_action(self, seat: int) -> Action:
        """A random legal choice, the same every time for the same seed and game state."""
        rng = random.Random(f"{self.seed}/{self.round}/{self.phase}/{seat}/{len(self.table)}")
        if self.phase == "river":
            return Action("river", cards=(rng.choice(self.hands[seat]),))
        if self.phase == "reveal":
            return Action("reveal", cards=tuple(rng.sample(self.hands[seat], 2)))
        if self.phase == "pickup":
            return Action("pickup", cards=(rng.choice(self.table),))
        raise IllegalAction(HAND_OVER)

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    # -- round flow ----------------------------------------------------------------------------

    def _start_round(self) -> None:
        """The future river becomes the start of the river; the deck refills the future river."""
        self.round += 1
        self.phase = "river"
        self.table = self.future
        self.future = []
        if self.round < ROUNDS:  # the last round has no next river to show
            count = future_river_size(len(self.seats))
            self.future, self.deck = self.deck[:count], self.deck[count:]
        self._round_river = list(self.table)
        self._river_cards = [None] * len(self.seats)
        self._picked = [[] for _ in self.seats]

    def _complete_river(self) -> list[str]:
        """Reveal every seat's river card together; in the last round reveal the last two cards."""
        parts = [pretty(c) for c in self.table]
        for s in range(len(self.seats)):
            (card,) = self.pending[s]
            self._river_cards[s] = card
            self.table.append(card)
            parts.append(f"{pretty(card)} ({self.seats[s].name})")
        self._round_river = list(self.table)
        self.pending = {}
        self.phase = "reveal"
        lines = ["The river is complete: " + ", ".join(parts) + "."]
        if all(len(hand) == 2 for hand in self.hands):
            self.pending = {s: tuple(hand) for s, hand in enumerate(self.hands)}
            for hand in self.hands:
                hand.clear()
            lines.append("Everyone reveals their last two cards.")
            lines += self._score()
        return lines

    def _score(self) -> list[str]:
        """Rank the hands, share the points among the winners and set the pickup order."""
        river = self.table[:RIVER_SIZE]
        revealed = [sorted(self.pending[s], key=card_order) for s in range(len(self.seats))]
        self.pending = {}
        for cards in revealed:
            self.table.extend(cards)
        ranks = [hand_rank(river + cards) for cards in revealed]
        names = [hand_name(r) for r in ranks]
        order = [[s for s in range(len(ranks)) if ranks[s] == r] for r in sorted(set(ranks))]
        points = [0] * len(ranks)
        for s in order[0]:
            points[s] = split_points(self.round, len(order[0]))
            self.scores[s] += points[s]
        rng = random.Random(int(self.seed, 16) ^ self.round)
        best_first: list[int] = []
        for group in order:
            members = list(group)
            rng.shuffle(members)
            best_first += members
        lap = best_first[::-1]
        self.results.append({
            "round": self.round, "river": list(river), "revealed": revealed, "hand_names": names,
            "order": order, "points": points, "pickup_order": lap,
        })
        lines = [self._winner_line(order[0], names, points), self._order_line(order, names)]
        if self.round == ROUNDS:
            return lines + [self._finish().summary]
        self.phase = "pickup"
        self.queue = lap + lap
        lines.append("Pickup order, twice around: "
                     + ", ".join(self.seats[s].name for s in lap) + ".")
        return lines

    def _pickup(self, seat: int, card: str) -> list[str]:
        self.table.remove(card)
        self.hands[seat].append(card)
        self.hands[seat].sort(key=card_order)
        self._picked[seat].append(card)
        self.queue.pop(0)
        lines = [f"{self.seats[seat].name} picks up {pretty(card)}."]
        if not self.queue:
            lines.append(f"The other {counted(len(self.table), 'card')} {'is' if len(self.table) == 1 else 'are'} discarded.")
            self.discard += self.table
            self.table = []
            self._start_round()
            lines.append(f"Round {self.round} begins.")
        return lines

    def _finish(self) -> Outcome:
        self.phase = "over"
        self.queue = []
        totals = self.scores
        ranking = tuple(sum(1 for t in totals if t > mine) for mine in totals)
        winners = [s for s, place in enumerate(ranking) if place == 0]
        self._outcome = Outcome(
            deltas=self._deltas(winners),
            summary=self._summary(winners),
            match_over=True,
            ranking=ranking,
        )
        return self._outcome

    def _deltas(self, winners: list[int]) -> tuple[int, ...]:
        """Every non-winner pays the stake; the winners split it, odd chips to the first seats."""
        n = len(self.seats)
        losers = n - len(winners)
        deltas = [0 if s in winners else -self.stake for s in range(n)]
        share, odd = divmod(self.stake * losers, len(winners))
        for i, s in enumerate(winners):
            deltas[s] = share + (1 if i < odd else 0)
        return tuple(deltas)

    # -- checks and text -----------------------------------------------------------------------

    def _refuse(self, seat: int, action: Action) -> None:
        if not 0 <= seat < len(self.seats):
            raise NotYourTurn("You are not playing in this game.")
        if self.phase == "pickup" and seat != self.queue[0]:
            raise NotYourTurn("It is not your turn to pick up.")
        if self.phase != "pickup" and seat in self.pending:
            raise NotYourTurn("You have already chosen; wait for the other players.")
        if action.kind not in _PHASE_NOW:
            raise IllegalAction("That is not a Saint Poker move.")
        if action.kind != self.phase:
            raise IllegalAction(_PHASE_NOW[self.phase])
        if self.phase == "pickup":
            if len(action.cards) != 1:
                raise IllegalAction("Pick up exactly one card.")
            if action.cards[0] not in self.table:
                raise IllegalAction("You must pick up a card from the river or the revealed cards.")
            return
        wanted = 1 if self.phase == "river" else 2
        if len(action.cards) != wanted or len(set(action.cards)) != wanted:
            raise IllegalAction("Choose exactly one card for the river." if wanted == 1
                                else "Choose exactly two different cards to reveal.")
        if any(card not in self.hands[seat] for card in action.cards):
            raise IllegalAction("You must choose a card you hold." if wanted == 1
                                else "You must choose two cards you hold.")

    def _winner_line(self, winners: list[int], names: list[str], points: list[int]) -> str:
        who = " and ".join(self.seats[s].name for s in winners)
        hand = names[winners[0]]
        if len(winners) == 1:
            return f"Round {self.round}: {who} wins {_points(points[winners[0]])} with {hand}."
        return (f"Round {self.round}: {who} tie with {hand} "
                f"and get {_points(points[winners[0]])} each.")

    def _order_line(self, order: list[list[int]], names: list[str]) -> str:
        places = [" = ".join(f"{self.seats[s].name} ({names[s]})" for s in group)
                  for group in order]
        return "Winner order: " + ", ".join(places) + "."

    def _summary(self, winners: list[int]) -> str:
        who = " and ".join(self.seats[s].name for s in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        others = sorted((s for s in range(len(self.seats)) if s not in winners),
                        key=lambda s: -self.scores[s])
        rest = ", ".join(f"{self.seats[s].name} {self.scores[s]}" for s in others)
        line = f"{who} {verb} with {_points(self.scores[winners[0]])}"
        return f"{line}; {rest}." if rest else f"{line}."

    # -- view helpers --------------------------------------------------------------------------

    def _seat_view(self, s: int, latest: SaintRoundResult | None) -> SaintSeatView:
        seat = self.seats[s]
        return {
            "name": seat.name,
            "is_bot": seat.is_bot,
            "hand_size": len(self.hands[s]),
            "score": self.scores[s],
            "chosen": s in self.pending,
            "river_card": self._river_cards[s],
            "revealed": list(latest["revealed"][s]) if latest else [],
            "hand_name": latest["hand_names"][s] if latest else "",
            "picked": list(self._picked[s]),
        }


def _deck_setting(deck: Any) -> list[str]:
    """The test/replay ``deck`` setting, accepted only as a full permutation of the 52 cards."""
    cards = [str(c) for c in deck]
    if len(cards) != len(DECK) or set(cards) != set(DECK):
        raise ValueError("The deck setting must list each of the 52 cards exactly once.")
    return cards


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _copy_result(result: SaintRoundResult) -> SaintRoundResult:
    return {
        "round": result["round"],
        "river": list(result["river"]),
        "revealed": [list(c) for c in result["revealed"]],
        "hand_names": list(result["hand_names"]),
        "order": [list(g) for g in result["order"]],
        "points": list(result["points"]),
        "pickup_order": list(result["pickup_order"]),
    }
