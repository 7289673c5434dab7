"""Poker Squared: a two-player match of 27 rounds (rules in ``docs/rules/squared.md``).

Each round both players ante, draw 4 cards from one shared deck, secretly place one of them on
their 3x3 grid (both placements are revealed together), bet no-limit on the 3 cards left in hand,
and show down. After rounds 9, 18 and 27 the full grids are compared line by line for chips and
cleared. One engine instance plays the whole match, so ``Outcome.carry`` stays empty.

The deck is shuffled once from the seed and again only when it runs out: the cards left are dealt
first, then every card not in a hand or on a grid is reshuffled with ``shuffled(reshuffle_seed)``,
where the n-th reshuffle's seed is SHA-256 of ``"<seed>:<n>"`` (so the seed still verifies it).
"""
from __future__ import annotations

import hashlib
import random
from dataclasses import replace
from typing import Any, ClassVar, Mapping, Sequence, TypedDict

from bot.games import three_card
from bot.games.base import HIDDEN, Action, ActionSpec, EngineBase, IllegalAction, NotYourTurn, Outcome, Seat
from bot.games.betting import BettingRound, Pot
from bot.games.cards import DECK, pretty, shuffled, shuffled_deck
from bot.games.words import counted

CELLS = "ABCDEFGHI"
LINES: tuple[str, ...] = ("ABC", "DEF", "GHI", "ADG", "BEH", "CFI", "AEI", "CEG")
"""The 8 grid lines: rows, columns, diagonals (cells A..I read left to right, top to bottom)."""
BLOCK = 9  # rounds per grid: the grids are scored and cleared after every 9 rounds
HAND_SIZE = 4
DEFAULTS: dict[str, int] = {"rounds": 27, "chips": 40, "place_seconds": 120, "bet_seconds": 60}


class ShowdownView(TypedDict):
    round: int
    pot: int
    folded: int | None          # seat that folded (hands stay hidden), else None
    hands: list[list[str]]      # both 3-card hands at a showdown; [] for each seat after a fold
    ranks: list[str]            # "Pair of Kings" per seat at a showdown, "" after a fold
    winner: int | None          # None: exact tie, the pot was split
    won: list[int]              # chips each seat took from the pot


class GridLineView(TypedDict):
    cells: str                  # "ABC", "AEI"...
    hands: list[list[str]]      # the line's 3 cards on each grid
    ranks: list[str]
    winner: int | None          # None: tie


class GridScoreView(TypedDict):
    round: int
    ante: int
    lines: list[GridLineView]
    won: list[int]              # lines won per seat
    transfer: list[int]         # chips each seat gained (+) or paid (-)


class SquaredView(TypedDict):
    game: str                   # "squared"
    viewer: int | None          # seat of the viewer, None for the public view
    names: list[str]
    round: int                  # 1-based; the last round played once the match is over
    rounds: int
    phase: str                  # "place", "bet" or "over"
    ante: int
    stacks: list[int]           # chips behind (not counting this round's ante and bets)
    pot: int
    bets: list[int]             # chips bet this betting round (antes not included)
    grids: list[list[str | None]]  # 9 cells A..I per seat; None = empty. A card placed this round
                                # shows only to its owner until both have placed.
    hands: list[list[str]]      # the viewer's own cards; "??" for every card it may not see
    placed: list[bool]          # has each seat placed its card this round
    to_act: list[int]
    time_limit: int             # seconds for the current decision
    first_bettor: int | None    # who bets first this round, once both cards are revealed
    first_reason: str           # why: "Ann placed the lower card (4♣ against 9♦)."
    deck_left: int              # cards left before the next reshuffle
    lines_won: list[int]        # grid lines won over the whole match (the tie-break)
    last_showdown: ShowdownView | None
    last_grid: GridScoreView | None  # the latest grid scoring (after rounds 9, 18, 27)
    log: list[str]              # the last few lines of play, newest last
    result: str                 # the match summary once it is over, else ""


def ante_for(round_no: int) -> int:
    """1 chip in rounds 1-9, 2 in 10-18, 3 in 19-27."""
    return (round_no - 1) // BLOCK + 1


def _card_value(card: str) -> int:
    return three_card.VALUES[card[0]]


def _copied(data: Any) -> Any:
    """A copy of JSON-like data (dicts, lists, scalars), much faster than ``copy.deepcopy``."""
    if isinstance(data, dict):
        return {key: _copied(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_copied(value) for value in data]
    return data


def _chips(count: int) -> str:
    return f"{count} chip" if count == 1 else f"{count} chips"


def reshuffle_seed(seed: str, count: int) -> str:
    """Seed of the ``count``-th reshuffle (1-based), derived from the match seed."""
    return hashlib.sha256(f"{seed}:{count}".encode("ascii")).hexdigest()


def line_cards(grid: Sequence[str | None], cells: str) -> list[str]:
    """The three cards of a full grid line."""
    found = [grid[CELLS.index(c)] for c in cells]
    cards = [card for card in found if card is not None]
    if len(cards) < len(found):
        raise ValueError(f"line {cells} is not full")
    return cards


def compare_lines(grids: Sequence[Sequence[str | None]]) -> list[GridLineView]:
    """The 8 lines of two full grids compared position by position."""
    lines: list[GridLineView] = []
    for cells in LINES:
        hands = [line_cards(grid, cells) for grid in grids]
        keys = [three_card.rank(h) for h in hands]
        winner = None if keys[0] == keys[1] else (0 if keys[0] > keys[1] else 1)
        lines.append(GridLineView(cells=cells, hands=hands, ranks=[three_card.describe(k) for k in keys],
                                  winner=winner))
    return lines


def grid_transfer(won: Sequence[int], ante: int, stacks: Sequence[int]) -> list[int]:
    """Chips each seat gains from the grid: net lines won times the ante, at most all the loser has."""
    net = (won[0] - won[1]) * ante
    payer = 1 if net > 0 else 0
    chips = min(abs(net), stacks[payer])
    transfer = [chips, chips]
    transfer[payer] = -chips
    return transfer


def match_winner(chips: Sequence[int], lines_won: Sequence[int]) -> int | None:
    """After the last round: more chips wins, then more grid lines won; None is a draw."""
    for a, b in ((chips[0], chips[1]), (lines_won[0], lines_won[1])):
        if a != b:
            return 0 if a > b else 1
    return None


class SquaredEngine(EngineBase):
    """One whole Poker Squared match between two seats."""

    game: ClassVar[str] = "squared"

    def __init__(self, settings: Mapping[str, Any], seats: Sequence[Seat], seed: str,
                 carry: Mapping[str, Any] | None = None) -> None:
        if len(seats) != 2:
            raise ValueError("Poker Squared is played by exactly two players")
        self.settings = {**DEFAULTS, **{k: int(v) for k, v in settings.items() if k in DEFAULTS}}
        if self.settings["rounds"] not in (9, 18, 27):
            raise ValueError("a match has 9, 18 or 27 rounds")
        self.seed = seed
        self.names = [s.name for s in seats]
        self.start_stacks = [s.stack or self.settings["chips"] for s in seats]
        self.stacks = list(self.start_stacks)
        self.deck = shuffled_deck(seed)
        self.shuffles = 0
        self.grids: list[list[str | None]] = [[None] * 9, [None] * 9]
        self.round_no = 0
        # set by every round's start (the first ante is always paid: a stack is at least 1 chip)
        self.hands: list[list[str]]
        self.placing: list[tuple[str, int] | None]  # (card, cell index) kept secret
        self.phase: str
        self.pot: Pot
        self.betting: BettingRound | None
        self.first_bettor: int | None
        self.first_reason: str
        self.previous_first = int(seed, 16) % 2  # the coin toss for equal cards in round 1
        self.lines_won = [0, 0]
        self.last_showdown: ShowdownView | None = None
        self.last_grid: GridScoreView | None = None
        self.log: list[str] = []
        self._outcome: Outcome | None = None
        self._start_round()

    # ---- the Engine surface ------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def to_act(self) -> tuple[int, ...]:
        if self.phase == "place":
            return tuple(s for s in (0, 1) if self.placing[s] is None)
        if self.phase == "bet" and self.betting is not None:
            return self.betting.to_act()
        return ()

    def legal_actions(self, seat: int) -> list[ActionSpec]:
        """Betting actions, or one "place" spec whose choices are every "card@cell" placement.

        A placement is ``Action("place", cards=(card,), target=cell)`` with the cell any empty one
        ("A".."I") of the seat's own grid; the choice "Qh@E" stands for Qh on cell E.
        """
        if seat not in self.to_act():
            return []
        if self.phase == "place":
            cells = [CELLS[i] for i, card in enumerate(self.grids[seat]) if card is None]
            return [ActionSpec("place", "Place a card",
                               choices=tuple(f"{card}@{cell}" for card in self.hands[seat] for cell in cells),
                               min_choices=1, max_choices=1)]
        assert self.betting is not None
        return self.betting.legal_actions(seat)

    def verify(self, seat: int, action: Action) -> Action:
        """Poker Squared's own words for a move refused (a placement, a bet), a cell read in capitals
        ("Qh@e" is Qh on E) and "all-in" as the bet it means; then the shared judgement."""
        if self.phase == "over":
            return super().verify(seat, action)
        if seat not in (0, 1):
            raise NotYourTurn("You are not playing in this match.")
        if self.phase == "place":
            action = self._placement(seat, action)
        elif self.betting is not None and seat in self.betting.to_act():
            action = self.betting.verify(seat, action)
        return super().verify(seat, action)

    def apply(self, seat: int, action: Action) -> list[str]:
        action = self.verify(seat, action)
        start = len(self.log)
        if self.phase == "place":
            self._place(seat, action)
        else:
            assert self.betting is not None
            line = self.betting.apply(seat, action)
            self.log.append(f"{self.names[seat]} {line}.")
            if self.betting.done:
                self._showdown()
        return self.log[start:]

    def timeout_action(self, seat: int) -> Action:
        """A random placement (decided by the seed and the round), else check, else fold."""
        if self.phase == "place":
            rng = random.Random(f"{self.seed}:{self.round_no}:{seat}")
            cells = [CELLS[i] for i, card in enumerate(self.grids[seat]) if card is None]
            return Action("place", cards=(rng.choice(self.hands[seat]),), target=rng.choice(cells))
        kinds = {spec.kind for spec in self.legal_actions(seat)}
        return Action("check" if "check" in kinds else "fold")

    def view(self, seat: int | None) -> dict[str, Any]:
        """The game as ``seat`` sees it (``None``: the public): a ``SquaredView``."""
        betting = self.betting
        view = SquaredView(
            game=self.game,
            viewer=seat,
            names=list(self.names),
            round=self.round_no,
            rounds=self.settings["rounds"],
            phase=self.phase,
            ante=ante_for(self.round_no),
            stacks=list(self.pot.stacks),
            pot=self.pot.total,
            bets=list(betting.bets) if betting is not None else [0, 0],
            grids=[self._grid_for(owner, seat) for owner in (0, 1)],
            hands=[self._hand_for(owner, seat) for owner in (0, 1)],
            placed=[p is not None for p in self.placing],
            to_act=list(self.to_act()),
            time_limit=self._time_limit(),
            first_bettor=self.first_bettor,
            first_reason=self.first_reason,
            deck_left=len(self.deck),
            lines_won=list(self.lines_won),
            last_showdown=_copied(self.last_showdown),  # views never share engine state
            last_grid=_copied(self.last_grid),
            log=self.log[-8:],
            result=self._outcome.summary if self._outcome else "",
        )
        return dict(view)

    def turn_seconds(self) -> int:
        """Seconds for the decision now due (the table service's turn timer): place or bet."""
        return self._time_limit()

    # ---- views -------------------------------------------------------------------------------
    def _time_limit(self) -> int:
        if self.phase == "over":
            return 0
        return self.settings["place_seconds" if self.phase == "place" else "bet_seconds"]

    def _grid_for(self, owner: int, viewer: int | None) -> list[str | None]:
        grid = list(self.grids[owner])
        pending = self.placing[owner]
        if pending is not None and owner == viewer and self.phase == "place":
            grid[pending[1]] = pending[0]  # a seat sees its own secret placement
        return grid

    def _hand_for(self, owner: int, viewer: int | None) -> list[str]:
        hand = self.hands[owner]
        pending = self.placing[owner]
        if pending is not None and self.phase == "place":
            hand = [c for c in hand if c != pending[0]]
        return list(hand) if owner == viewer else [HIDDEN] * len(hand)

    # ---- a round -----------------------------------------------------------------------------
    def _start_round(self) -> None:
        """Next round: ante (a player who cannot pay it loses), deal 4 cards each, wait for placing."""
        ante = ante_for(self.round_no + 1)
        short = [s for s in (0, 1) if self.stacks[s] < ante]
        if short:
            self._finish(f"{self._and(short)} cannot pay the ante of {ante}")
            return
        self.round_no += 1
        self.pot = Pot(self.stacks)
        self.pot.ante(ante)
        self.betting = None
        self.first_bettor, self.first_reason = None, ""
        self.placing = [None, None]
        self.hands = [[], []]
        for _ in range(HAND_SIZE):
            for seat in (0, 1):
                self.hands[seat].append(self._draw())
        self.phase = "place"
        self.log.append(f"Round {self.round_no} of {self.settings['rounds']}: both ante {ante}.")

    def _draw(self) -> str:
        if not self.deck:
            in_play = {c for hand in self.hands for c in hand}
            in_play |= {c for grid in self.grids for c in grid if c is not None}
            discards = [c for c in DECK if c not in in_play]
            self.shuffles += 1
            self.deck = shuffled(reshuffle_seed(self.seed, self.shuffles), discards)
            self.log.append(f"The deck ran out: {counted(len(discards), 'card')} {'is' if len(discards) == 1 else 'are'} reshuffled.")
        return self.deck.pop(0)

    def _placement(self, seat: int, action: Action) -> Action:
        """A placement with its cell in capitals, or why it may not be made."""
        if self.placing[seat] is not None:
            raise NotYourTurn("You have already placed your card this round.")
        if action.kind != "place":
            raise IllegalAction("Place a card on your grid first.")
        if len(action.cards) != 1:
            raise IllegalAction("Choose exactly one card to place.")
        if action.cards[0] not in self.hands[seat]:
            raise IllegalAction("You must place a card you hold.")
        target = (action.target or "").upper()
        if len(target) != 1 or target not in CELLS:
            raise IllegalAction("Choose a cell from A to I.")
        if self.grids[seat][CELLS.index(target)] is not None:
            raise IllegalAction(f"Cell {target} is already filled.")
        return replace(action, target=target)

    def _place(self, seat: int, action: Action) -> None:
        card = action.cards[0]
        cell = CELLS.index(str(action.target))
        self.placing[seat] = (card, cell)
        self.log.append(f"{self.names[seat]} has placed a card.")
        if all(p is not None for p in self.placing):
            self._reveal()

    def _reveal(self) -> None:
        """Both placements go face up; the lower card bets first."""
        placed: list[str] = []
        for seat in (0, 1):
            placement = self.placing[seat]
            assert placement is not None  # called once both seats have placed
            card, cell = placement
            self.grids[seat][cell] = card
            self.hands[seat].remove(card)
            placed.append(card)
            self.log.append(f"{self.names[seat]} places {pretty(card)} on {CELLS[cell]}.")
        low = [_card_value(c) for c in placed]
        if low[0] != low[1]:
            first = 0 if low[0] < low[1] else 1
            self.first_reason = (f"{self.names[first]} placed the lower card "
                                 f"({pretty(placed[first])} against {pretty(placed[1 - first])}).")
        else:
            first = 1 - self.previous_first
            name, other = self.names[first], self.names[1 - first]
            self.first_reason = (f"Equal cards: {name} bets first, as {other} did last round."
                                 if self.round_no > 1 else
                                 f"Equal cards in round 1: {name} bets first by a coin toss.")
        self.first_bettor = self.previous_first = first
        self.placing = [None, None]
        self.phase = "bet"
        self.betting = BettingRound(self.pot, [first, 1 - first], structure="no-limit", bet_size=1)
        self.log.append(self.first_reason)
        if self.betting.done:  # someone is all-in from the ante
            self._showdown()

    def _showdown(self) -> None:
        """Pay the pot (to the one who did not fold, or the better hand), score grids, go on."""
        in_pot = self.pot.total
        folded = next((s for s in (0, 1) if self.pot.folded[s]), None)
        if folded is not None:
            won = self.pot.award()
            taker = 1 - folded
            winner: int | None = taker
            hands: list[list[str]] = [[], []]
            ranks = ["", ""]
            self.log.append(f"{self.names[taker]} wins {in_pot}.")
        else:
            keys = [three_card.rank(self.hands[s]) for s in (0, 1)]
            won = self.pot.award({0: keys[0], 1: keys[1]})
            winner = None if keys[0] == keys[1] else (0 if keys[0] > keys[1] else 1)
            hands = [sorted(self.hands[s], key=_card_value, reverse=True) for s in (0, 1)]
            ranks = [three_card.describe(k) for k in keys]
            shown = "; ".join(f"{self.names[s]} {' '.join(map(pretty, hands[s]))} ({ranks[s]})"
                              for s in (0, 1))
            result = ("a tie: the pot is split" if winner is None
                      else f"{self.names[winner]} wins {in_pot}")
            self.log.append(f"Showdown: {shown}: {result}.")
        self.last_showdown = ShowdownView(round=self.round_no, pot=in_pot, folded=folded, hands=hands,
                                          ranks=ranks, winner=winner, won=won)
        self.stacks = list(self.pot.stacks)
        if self.round_no % BLOCK == 0:
            self._score_grids()
        if self.round_no >= self.settings["rounds"]:
            self._finish()
        elif 0 in self.stacks:
            self._finish(f"{self.names[self.stacks.index(0)]} has no chips left")
        else:
            self._start_round()

    def _score_grids(self) -> None:
        """Compare the 8 lines; the net lines won times the ante move (at most all the loser has)."""
        ante = ante_for(self.round_no)
        lines = compare_lines(self.grids)
        won = [sum(1 for line in lines if line["winner"] == s) for s in (0, 1)]
        transfer = grid_transfer(won, ante, self.stacks)
        self.stacks = [self.stacks[s] + transfer[s] for s in (0, 1)]
        self.lines_won = [self.lines_won[s] + won[s] for s in (0, 1)]
        self.last_grid = GridScoreView(round=self.round_no, ante=ante, lines=lines, won=won,
                                       transfer=transfer)
        self.grids = [[None] * 9, [None] * 9]
        taker = max((0, 1), key=transfer.__getitem__)
        gain = (f"{self.names[taker]} takes {transfer[taker]}" if transfer[taker]
                else "no chips change hands")
        self.log.append(f"Grids: {self.names[0]} wins {counted(won[0], 'line')}, {self.names[1]} {won[1]}: {gain}.")

    def _finish(self, reason: str = "") -> None:
        """End the match (``reason``: why before the last round): more chips wins, then more grid lines.
        A player out of chips or short of the ante always has fewer chips than the other."""
        self.phase = "over"
        self.betting = None
        self.pot = Pot(self.stacks)
        chips, lines = self.stacks, self.lines_won
        played = f"{reason}:" if reason else f"After {counted(self.round_no, 'round')}"
        winner = match_winner(chips, lines)
        if winner is None:
            summary = (f"{played} the match is a draw with {lines[0]} grid lines each, "
                       f"{_chips(chips[0])} each.")
        else:
            if chips[0] != chips[1]:
                summary = f"{played} {self.names[winner]} wins the match"
            else:
                summary = (f"{played} the chips are equal: {self.names[winner]} wins the match on grid "
                           f"lines won, {lines[winner]} to {lines[1 - winner]}")
            summary += f", {_chips(chips[winner])} to {chips[1 - winner]}."
        self.log.append(summary)
        self._outcome = Outcome(
            deltas=tuple(chips[s] - self.start_stacks[s] for s in (0, 1)),
            summary=summary,
            match_over=True,
            ranking=(0, 0) if winner is None else (0, 1) if winner == 0 else (1, 0),
        )

    def _and(self, seats: list[int]) -> str:
        return " and ".join(self.names[s] for s in seats)
