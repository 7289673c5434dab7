"""The lines of a PokerStars hand history from the forced bets to the last action, written from
pokerkit's operations as it replays the hand (``bot.games.pokerstars``): what was posted, dealt,
drawn, bet and given back, street by street, in the forms of real PokerStars files of each kind of
game: a board ("*** FLOP *** [..]"), stud ("*** 3rd STREET ***", every up card "Dealt to" its player,
"brings in for"), draws ("*** DEALING HANDS ***", "*** FIRST DRAW ***", "discards 2 cards", "stands
pat"). Only the hero's hidden cards are written ("Dealt to", their own discards).

What the pass learns on the way (who folded on which street, who showed what, what each pot paid)
is kept for the showdown and the summary (``bot.games.pokerstars_summary``).
"""
from __future__ import annotations

import re

from pokerkit import (
    AntePosting,
    BetCollection,
    BlindOrStraddlePosting,
    BoardDealing,
    BringInPosting,
    Card,
    CheckingOrCalling,
    ChipsPushing,
    CompletionBettingOrRaisingTo,
    Folding,
    HoleCardsShowingOrMucking,
    HoleDealing,
    NoOperation,
    Operation,
    StandingPatOrDiscarding,
    State,
)

from bot.games.pokerstars_games import DRAW_ORDINALS, STUD_STREETS, StarsGame
from bot.games.pokerstars_summary import RUNS, Outcome, cards_text, pushed

BOARD = 5
_SHOWN_AFTER = re.compile(r"^p(?P<player>[0-9]+) shows (?P<cards>\S+) after winning uncontested$")


def _runs(state: State) -> tuple[bool, int]:
    """Whether the board ran twice, and how many board cards both runs share (all of them when not)."""
    dealt = sum(len(cards) for cards in state.board_cards)
    twice = state.runout_count == 2 and state.street_return_index is not None
    return twice, (2 * BOARD - dealt if twice else dealt)


def _street_line(before: list[Card], cards: tuple[Card, ...], run: str) -> str:
    """ "*** FLOP *** [..]", "*** TURN *** [..] [.]"; a runout's prefixed "FIRST " or "SECOND "."""
    if not before:
        return f"*** {run}FLOP *** [{cards_text(cards)}]"
    return f"*** {run}{'TURN' if len(before) == 3 else 'RIVER'} *** [{cards_text(before)}] [{cards_text(cards)}]"


def _dealt(name: str, before: list[Card], cards: list[Card]) -> str:
    return f"Dealt to {name} [{cards_text(before)}] [{cards_text(cards)}]" if before else \
        f"Dealt to {name} [{cards_text(cards)}]"


class Lines:
    """One pass over a replayed hand's operations: ``lines`` and what the summary needs (``out``).
    ``blind_order``: pokerkit's players in the order of the blinds they post (small, big, straddles),
    ``None`` for 6+ hold'em's lone button blind."""

    def __init__(self, state: State, game: StarsGame, names: list[str], starting: list[int], hero: int | None,
                 blind_order: list[int] | None, roles: dict[int, list[str]]) -> None:
        n = len(names)
        self.state, self.game, self.names, self.hero, self.blind_order = state, game, names, hero, blind_order
        self.twice, self.shared = _runs(state)
        self.stacks = list(starting)
        self.bets = [0] * n
        self.anted = [0] * n
        self.lines: list[str] = []
        self.posts: list[tuple[int, str]] = []
        self.dealing = False
        self.street = 0  # betting rounds begun after the first: board streets, stud streets, draws
        self.in_draw = False
        self.drew: set[int] = set()  # who drew in this draw
        self.held: list[list[Card]] = [[] for _ in range(n)]  # the hero's cards; up cards of the others
        self.counts = [0] * n  # cards dealt to each player (stud: the street)
        self.dealt = 0  # board cards dealt so far, both runs
        self.out = Outcome(names=names, boards=[[], []], roles=roles, hero=hero)
        self.out.kept = [0] * n
        self.out.starting = list(starting)

    def allin(self, p: int) -> str:
        return " and is all-in" if self.stacks[p] == 0 else ""

    def pay(self, p: int, amount: int) -> None:
        self.stacks[p] -= amount
        self.bets[p] += amount

    def begin_dealing(self, marker: str) -> None:
        """The forced bets as PokerStars orders them (antes, blinds, antes given back), then the deal."""
        if not self.dealing:
            self.lines += [line for _, line in sorted(self.posts, key=lambda post: post[0])]
            self.lines.append(marker)
            self.dealing = True

    def run(self, operations: list[Operation]) -> None:
        for op in operations:
            handler = getattr(self, f"_{type(op).__name__}", None)
            if handler is not None:
                handler(op)

    def _AntePosting(self, op: AntePosting) -> None:
        p = op.player_index
        self.pay(p, op.amount)
        self.anted[p] += op.amount
        self.posts.append((0, f"{self.names[p]}: posts the ante {op.amount}{self.allin(p)}"))

    def _BlindOrStraddlePosting(self, op: BlindOrStraddlePosting) -> None:
        p = op.player_index
        self.pay(p, op.amount)
        self.out.blinded.add(p)
        if self.blind_order is None:  # 6+ hold'em: the button's blind alone
            order, kind = 1, "button blind"
        else:
            order = min(self.blind_order.index(p), 2)
            kind = ("small blind", "big blind", "straddle")[order]
        self.out.roles.setdefault(p, []).append(kind)
        self.posts.append((1 + order, f"{self.names[p]}: posts {kind} {op.amount}{self.allin(p)}"))

    def _BringInPosting(self, op: BringInPosting) -> None:
        p = op.player_index
        self.pay(p, op.amount)
        self.out.acted.add(p)
        self.lines.append(f"{self.names[p]}: brings in for {op.amount}{self.allin(p)}")

    def _HoleDealing(self, op: HoleDealing) -> None:
        p, cards = op.player_index, list(op.cards)
        if self.game.kind == "board":
            self.begin_dealing("*** HOLE CARDS ***")
            if p == self.hero:
                self.lines.append(f"Dealt to {self.names[p]} [{cards_text(cards)}]")
                self.held[p] += cards
            return
        if self.game.kind == "draw":
            self.begin_dealing("*** DEALING HANDS ***")
            if p == self.hero and cards:
                self.lines.append(_dealt(self.names[p], self.held[p], cards))
                self.held[p] += cards
            return
        seen = max(self.counts)
        self.counts[p] += len(cards)
        if self.counts[p] > seen:  # a new street: 3 cards dealt is the 3rd, 7 the river
            self.begin_dealing("*** 3rd STREET ***")
            if self.counts[p] > 3:
                self.street = self.counts[p] - 3
                self.lines.append(f"*** {STUD_STREETS[self.street]} STREET ***" if self.street < 4 else "*** RIVER ***")
        shown = cards if p == self.hero else [card for card, up in zip(cards, op.statuses) if up]
        if shown:
            self.lines.append(_dealt(self.names[p], self.held[p], shown))
            self.held[p] += shown

    def _StandingPatOrDiscarding(self, op: StandingPatOrDiscarding) -> None:
        p, name = op.player_index, self.names[op.player_index]
        if not self.in_draw or p in self.drew:  # a draw after a betting round, or after a draw with none (all in)
            self.in_draw = True
            self.drew = set()
            self.street += 1
            if self.game.draws > 1:
                self.lines.append(f"*** {DRAW_ORDINALS[self.street - 1]} DRAW ***")
        self.drew.add(p)
        if not op.cards:
            self.lines.append(f"{name}: stands pat on [{cards_text(self.held[p])}]" if p == self.hero
                              else f"{name}: stands pat")
            return
        count = f"{len(op.cards)} card{'s' if len(op.cards) > 1 else ''}"
        if p == self.hero:
            self.lines.append(f"{name}: discards {count} [{cards_text(op.cards)}]")
            self.held[p] = [card for card in self.held[p] if card not in op.cards]
        else:
            self.lines.append(f"{name}: discards {count}")

    def _BoardDealing(self, op: BoardDealing) -> None:
        boards = self.out.boards
        if not self.twice or self.dealt < self.shared:  # a street both runs share (every street of one run)
            self.lines.append(_street_line(boards[0], op.cards, ""))
            boards[0].extend(op.cards)
            boards[1].extend(op.cards)
        else:
            run = 0 if self.dealt < BOARD else 1
            self.lines.append(_street_line(boards[run], op.cards, f"{RUNS[run]} "))
            boards[run].extend(op.cards)
        self.dealt += len(op.cards)
        self.street = min(len(boards[0]) - 2, 3)

    def _CheckingOrCalling(self, op: CheckingOrCalling) -> None:
        p = op.player_index
        self.in_draw = False
        self.out.acted.add(p)
        self.pay(p, op.amount)
        self.lines.append(f"{self.names[p]}: calls {op.amount}{self.allin(p)}" if op.amount
                          else f"{self.names[p]}: checks ")

    def _CompletionBettingOrRaisingTo(self, op: CompletionBettingOrRaisingTo) -> None:
        p = op.player_index
        self.in_draw = False
        self.out.acted.add(p)
        faced = max(self.bets)
        self.pay(p, op.amount - self.bets[p])
        self.bets[p] = op.amount
        verb = f"raises {op.amount - faced} to {op.amount}" if faced else f"bets {op.amount}"
        self.lines.append(f"{self.names[p]}: {verb}{self.allin(p)}")

    def _Folding(self, op: Folding) -> None:
        self.in_draw = False
        self.out.folded_on[op.player_index] = self.street
        self.lines.append(f"{self.names[op.player_index]}: folds ")

    def _BetCollection(self, op: BetCollection) -> None:
        bets = self.bets
        for p in range(len(bets)):
            back = bets[p] - op.bets[p]
            if back:
                unmatched = bets[p] - max(b for q, b in enumerate(bets) if q != p)
                returned = min(back, max(unmatched, 0))
                self.out.kept[p] += back - returned
                self.stacks[p] += back
                if returned:  # an ante nobody matched (trimmed antes) goes back after the forced bets
                    line = f"Uncalled bet ({returned}) returned to {self.names[p]}"
                    if self.dealing:
                        self.lines.append(line)
                    else:
                        self.posts.append((4, line))
        self.bets = [0] * len(bets)

    def _HoleCardsShowingOrMucking(self, op: HoleCardsShowingOrMucking) -> None:
        self.out.shown[op.player_index] = op.hole_cards
        if not op.hole_cards and op.player_index == self.hero:
            self.out.hero_cards = list(self.held[op.player_index]) or None

    def _ChipsPushing(self, op: ChipsPushing) -> None:
        if not self.out.pushes:
            self.out.put_in = [start - stack for start, stack in zip(self.out.starting, self.stacks)]
            self.out.anted = list(self.anted)
        self.out.pushes.extend(pushed(op, self.state, self.twice))
        if op.hand_type_index is not None:
            self.out.hand_type_pushes.add(op.hand_type_index)

    def _NoOperation(self, op: NoOperation) -> None:
        if op.commentary and (after := _SHOWN_AFTER.match(op.commentary)):
            self.out.shows_after[int(after["player"]) - 1] = list(Card.parse(after["cards"]))
