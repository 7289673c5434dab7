"""Gin rummy for two players: one engine plays one hand; the score sheet rides in ``carry``.

Phases (``view()["phase"]``) and the actions each allows, always from the seat in ``to_act()``:

- ``upcard``: the first-turn offer of the upcard, to the non-dealer and then the dealer:
  ``take_upcard`` or ``pass``. When both pass, the non-dealer must ``draw_stock``.
- ``draw``: ``draw_stock``, or ``draw_discard`` (the top card of the discard pile).
- ``discard`` (11 cards in hand): ``discard`` (cards=(card,)); ``knock`` (cards=(discard,), the
  other 10 cards leave at most ``knock_limit`` deadwood points; with none it scores as gin);
  ``gin`` (cards=(discard,), the other 10 cards all in melds); ``big_gin`` (all 11 cards in melds,
  no discard). The card just taken from
  the discard pile may not be discarded. When only two cards are left in the stock, a plain
  discard ends the hand as a draw.
- ``layoff`` (after a knock that is not gin): the defender lays off one card at a time onto the
  knocker's melds: ``layoff`` (cards=(card,), target=meld index as text; the legal ones are offered as
  choices "5h@1", see ``layoff_action``), then ``done``. The phase ends by itself when nothing more
  fits.
- ``over``: the hand is scored; ``outcome`` is set.

The knocker's melds are the best arrangement of the hand (``gin_melds.best_arrangement``). A deal in
which either player could knock with the ten cards dealt is a misdeal: the cards are dealt again from
the deck of ``redeal_seed(seed, n)`` (the n-th redeal), which anyone holding the seed can rebuild.

Settings: ``target`` (100, 250 or 500; 250 by default in a best-of-five), ``knock_limit`` (10),
``big_gin`` (True), ``match`` ("game" or "best-of-five": first to win three games), ``stake`` (chips
per point, 0). With a stake, the game's final margin is settled in chips when each game ends; a
player never pays more than the chips they sit with (``Seat.stack``).
"""
from __future__ import annotations

import copy
import hashlib
from dataclasses import asdict, dataclass, field, replace, fields
from typing import Any, ClassVar, Mapping, Sequence, TypedDict

from bot.games import gin_melds
from bot.games.base import HIDDEN, Action, ActionSpec, EngineBase, IllegalAction, Outcome, Seat
from bot.games.cards import pretty, shuffled_deck
from bot.games.words import counted

GIN_BONUS = 25
BIG_GIN_BONUS = 31
UNDERCUT_BONUS = 25
GAME_BONUS = 100
LINE_BONUS = 25
GAMES_TO_WIN_MATCH = 3
TARGETS = (100, 250, 500)
HAND_SIZE = 10
DRAW_AT_STOCK = 2

_HANDLERS = {  # (phase, action kind) -> GinEngine method
    ("upcard", "take_upcard"): "_take_upcard",
    ("upcard", "pass"): "_pass",
    ("draw", "draw_stock"): "_draw_stock",
    ("draw", "draw_discard"): "_draw_discard",
    ("discard", "discard"): "_discard",
    ("discard", "knock"): "_knock",
    ("discard", "gin"): "_gin",
    ("discard", "big_gin"): "_big_gin",
    ("layoff", "layoff"): "_layoff",
    ("layoff", "done"): "_done",
}
_ONE_CARD_KINDS = frozenset({"discard", "knock", "gin", "layoff"})
_PHASE_HINT = {
    "upcard": "Take the upcard or pass.",
    "draw": "Draw a card from the stock or the discard pile first.",
    "discard": "Discard a card, knock or declare gin.",
    "layoff": "Lay off a card on the knocker's melds, or finish laying off.",
}


class GinPlayerView(TypedDict):
    name: str
    is_bot: bool
    is_dealer: bool
    to_act: bool
    cards: list[str]               # in gin order; "??" for each card the viewer may not see
    melds: list[list[str]]         # best arrangement of the cards when visible, else []
    deadwood: list[str]            # cards in no meld, when visible, else []
    deadwood_points: int | None    # None while the hand is hidden
    picked: list[str]              # cards this player took from the discard pile this hand (public)
    discarded: list[str]           # cards this player discarded this hand, oldest first
    declined: list[str]            # discard-pile tops this player passed over for the stock
    points: int                    # game score so far (hand points, before bonuses)
    hands_won: int
    games_won: int


class GinLayoffView(TypedDict):
    card: str
    meld: int                      # index into ``GinShowdownView.table``


class GinShowdownView(TypedDict):
    kind: str                      # "knock", "gin" or "big_gin"
    knocker: int
    discard: str | None            # the knocker's discard (None for big gin)
    table: list[list[str]]         # the knocker's melds with the defender's layoffs added
    layoffs: list[GinLayoffView]


class GinLineView(TypedDict):
    hand: int
    winner: int | None             # None for a drawn hand
    kind: str                      # "knock", "undercut", "gin", "big_gin", "draw"
    points: int


class GinGameView(TypedDict):
    winner: int
    points: list[int]              # hand points when the game ended
    shutout: bool                  # the loser won no hand: hand points and game bonus doubled
    hand_points: list[int]         # points after the shutout doubling
    game_bonus: int
    line_bonus: list[int]          # 25 per hand won
    totals: list[int]
    margin: int                    # winner's total minus loser's (what a stake settles)


class GinScoreView(TypedDict):
    target: int
    match: str                     # "game" or "best-of-five"
    game_no: int
    points: list[int]
    hands_won: list[int]
    games_won: list[int]
    lines: list[GinLineView]       # this game's hands, the current one included once scored
    games: list[GinGameView]       # finished games of the match


class GinView(TypedDict):
    game: str                      # "gin"
    viewer: int | None
    phase: str                     # "upcard", "draw", "discard", "layoff", "over"
    to_act: list[int]
    dealer: int
    players: list[GinPlayerView]
    stock_count: int
    discard_pile: list[str]        # bottom first; the last one is the top
    discard_top: str | None
    taken_from_discard: str | None  # the card the player to act just took (it may not be discarded)
    knock_limit: int
    big_gin: bool
    misdeals: int                  # deals thrown in before this one
    showdown: GinShowdownView | None
    result: str | None             # the hand's result line once scored
    score: GinScoreView


def gin_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The table settings with defaults filled in; a bad value raises ValueError with the reason."""
    match = settings.get("match", "game")
    if match not in ("game", "best-of-five"):
        raise ValueError('The match must be "game" or "best-of-five".')
    target = int(settings.get("target", 250 if match == "best-of-five" else 100))
    if target not in TARGETS:
        raise ValueError("A game goes to 100, 250 or 500 points.")
    knock_limit = int(settings.get("knock_limit", 10))
    if not 0 <= knock_limit <= 10:
        raise ValueError("The knock limit must be between 0 and 10 points.")
    stake = int(settings.get("stake", 0))
    if stake < 0:
        raise ValueError("The stake cannot be negative.")
    return {"target": target, "knock_limit": knock_limit, "big_gin": bool(settings.get("big_gin", True)),
            "match": match, "stake": stake}


def redeal_seed(seed: str, n: int) -> str:
    """The seed of the n-th redeal after a misdeal: SHA-256 of "<seed>/redeal/<n>"."""
    return hashlib.sha256(f"{seed}/redeal/{n}".encode("ascii")).hexdigest()


def misdealt(deck: Sequence[str], knock_limit: int) -> bool:
    """Either hand dealt from ``deck`` could knock before any card is taken: the rules call it a
    misdeal."""
    return any(gin_melds.deadwood(deck[start:2 * HAND_SIZE:2]) <= knock_limit for start in (0, 1))


def layoff_action(choice: str) -> Action:
    """The action for a layoff choice such as "5h@1" (lay off the 5 of hearts on meld 1)."""
    card, _, meld = choice.partition("@")
    return Action("layoff", cards=(card,), target=meld)


def game_totals(points: Sequence[int], hands_won: Sequence[int], winner: int) -> GinGameView:
    """A finished game's totals: shutout doubling, then the game bonus and the line bonuses."""
    loser = 1 - winner
    shutout = hands_won[loser] == 0
    factor = 2 if shutout else 1
    hand_points = [p * factor for p in points]
    game_bonus = GAME_BONUS * factor
    line_bonus = [LINE_BONUS * h for h in hands_won]
    totals = [hand_points[i] + line_bonus[i] + (game_bonus if i == winner else 0) for i in range(2)]
    return GinGameView(winner=winner, points=list(points), shutout=shutout, hand_points=hand_points,
                       game_bonus=game_bonus, line_bonus=line_bonus, totals=totals,
                       margin=totals[winner] - totals[loser])


@dataclass
class ScoreSheet:
    """The running score of a match: what ``Outcome.carry`` hands to the next hand."""

    dealer: int = 1                # the second seat deals the first hand; then the deal alternates
    game_no: int = 1
    points: list[int] = field(default_factory=lambda: [0, 0])
    hands_won: list[int] = field(default_factory=lambda: [0, 0])
    lines: list[GinLineView] = field(default_factory=list)
    games_won: list[int] = field(default_factory=lambda: [0, 0])
    games: list[GinGameView] = field(default_factory=list)

    @classmethod
    def from_carry(cls, carry: Mapping[str, Any]) -> "ScoreSheet":
        """Rebuild from a carry; keys the table service adds for every game (``hand_no``) are ignored."""
        known = {f.name for f in fields(cls)}
        return cls(**copy.deepcopy({k: v for k, v in carry.items() if k in known}))

    def next_hand(self, game_over: bool) -> dict[str, Any]:
        """The carry for the next hand: the other seat deals; a finished game clears the sheet."""
        if game_over:
            return asdict(replace(self, dealer=1 - self.dealer, game_no=self.game_no + 1, points=[0, 0],
                                  hands_won=[0, 0], lines=[]))
        return asdict(replace(self, dealer=1 - self.dealer))


class GinEngine(EngineBase):
    """One hand of gin rummy between two seats (see the module docstring for phases and actions)."""

    game: ClassVar[str] = "gin"

    def __init__(self, settings: Mapping[str, Any], seats: Sequence[Seat], seed: str,
                 carry: Mapping[str, Any] | None = None) -> None:
        if len(seats) != 2:
            raise ValueError("Gin rummy is played by exactly two players.")
        self.settings = gin_settings(settings)
        self.seats = tuple(seats)
        self.sheet = ScoreSheet.from_carry(carry or {})
        self.dealer = self.sheet.dealer
        self.misdeals = 0
        deck = shuffled_deck(seed)
        while misdealt(deck, self.settings["knock_limit"]):
            self.misdeals += 1
            deck = shuffled_deck(redeal_seed(seed, self.misdeals))
        first = 1 - self.dealer
        self.hands: list[list[str]] = [[], []]
        self.hands[first] = gin_melds.sort_cards(deck[0:2 * HAND_SIZE:2])
        self.hands[self.dealer] = gin_melds.sort_cards(deck[1:2 * HAND_SIZE:2])
        self.pile: list[str] = [deck[2 * HAND_SIZE]]
        self.stock: list[str] = list(deck[2 * HAND_SIZE + 1:])
        self.phase = "upcard"
        self.turn = first
        self.passes = 0
        self.stock_only = False
        self.taken: str | None = None
        self.picked: list[list[str]] = [[], []]
        self.discarded: list[list[str]] = [[], []]
        self.declined: list[list[str]] = [[], []]
        self.knocker: int | None = None
        self.knock_kind: str | None = None
        self.knock_discard: str | None = None
        self.table: list[tuple[str, ...]] = []
        self.layoffs: list[tuple[str, int]] = []
        self.result: str | None = None
        self._outcome: Outcome | None = None

    # -- the Engine surface --------------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == "over" else (self.turn,)

    def legal_actions(self, seat: int) -> list[ActionSpec]:
        if seat not in self.to_act():
            return []
        if self.phase == "upcard":
            return [ActionSpec("take_upcard", f"Take {pretty(self.pile[-1])}"), ActionSpec("pass", "Pass")]
        if self.phase == "draw":
            specs = [ActionSpec("draw_stock", "Draw from the stock")]
            if not self.stock_only:
                specs.append(ActionSpec("draw_discard", f"Take {pretty(self.pile[-1])}"))
            return specs
        if self.phase == "discard":
            return self._discard_specs(seat)
        options = tuple(f"{card}@{meld}" for card, meld in self._layoff_options())
        return [ActionSpec("layoff", "Lay off", choices=options, min_choices=1, max_choices=1),
                ActionSpec("done", "Done laying off")]

    def _offered(self, seat: int, kind: str) -> list[ActionSpec]:
        """``legal_actions``' moves of ``kind``: a plain discard is judged without working out the
        deadwood each discard would leave (which only a knock and gin need)."""
        if kind == "discard" and self.phase == "discard" and seat in self.to_act():
            return [self._discard_spec(seat)]
        return super()._offered(seat, kind)

    def _discard_spec(self, seat: int) -> ActionSpec:
        options = tuple(card for card in self.hands[seat] if card != self.taken)
        label = "Discard (the hand is drawn)" if len(self.stock) <= DRAW_AT_STOCK else "Discard"
        return ActionSpec("discard", label, choices=options, min_choices=1, max_choices=1)

    def _discard_specs(self, seat: int) -> list[ActionSpec]:
        hand = self.hands[seat]
        left = gin_melds.deadwood_after_discards(hand)
        discard = self._discard_spec(seat)
        options = discard.choices
        specs = [discard]
        knocks = tuple(c for c in options if left[c] <= self.settings["knock_limit"])
        if knocks:
            specs.append(ActionSpec("knock", "Knock", choices=knocks, min_choices=1, max_choices=1))
        gins = tuple(c for c in options if left[c] == 0)
        if gins:
            specs.append(ActionSpec("gin", "Gin", choices=gins, min_choices=1, max_choices=1))
        if self.settings["big_gin"] and gin_melds.deadwood(hand) == 0:
            specs.append(ActionSpec("big_gin", "Big gin"))
        return specs

    def verify(self, seat: int, action: Action) -> Action:
        """The seat to act hears gin's own words for a move refused, then the shared judgement."""
        if seat in self.to_act():
            self._refuse(seat, action)
        return super().verify(seat, action)

    def _refuse(self, seat: int, action: Action) -> None:
        if (self.phase, action.kind) not in _HANDLERS:
            raise IllegalAction(_PHASE_HINT[self.phase])
        if action.kind in _ONE_CARD_KINDS and len(action.cards) != 1:
            raise IllegalAction("Choose exactly one card.")
        if action.kind not in _ONE_CARD_KINDS and action.cards:
            raise IllegalAction("That move takes no card.")
        if action.amount is not None or (action.target is not None and action.kind != "layoff"):
            raise IllegalAction("That move takes no amount or target.")
        if action.kind == "draw_discard" and self.stock_only:
            raise IllegalAction("Both players passed the upcard: you must draw from the stock.")
        if action.kind in ("discard", "knock", "gin"):
            self._refuse_discard(seat, action.kind, action.cards[0])
        if action.kind == "big_gin":
            self._refuse_big_gin(seat)
        if action.kind == "layoff":
            self._refuse_layoff(seat, action.cards[0], action.target)

    def apply(self, seat: int, action: Action) -> list[str]:
        return self.apply_judged(seat, self.verify(seat, action))

    def apply_judged(self, seat: int, action: Action) -> list[str]:
        """A judged move made by its phase's handler (none for a kind the phase has not: a KeyError)."""
        if seat not in self.to_act():
            raise ValueError(f"seat {seat} moves out of turn")
        lines: list[str] = getattr(self, _HANDLERS[self.phase, action.kind])(seat, action)
        return lines

    def timeout_action(self, seat: int) -> Action:
        """Pass the upcard, draw from the stock, discard the card that leaves least deadwood (the
        highest such), and in the layoff phase make the next of the best layoffs, then finish."""
        if self.phase == "upcard":
            return Action("pass")
        if self.phase == "draw":
            return Action("draw_stock")
        if self.phase == "discard":
            left = gin_melds.deadwood_after_discards(self.hands[seat])
            options = [card for card in self.hands[seat] if card != self.taken]
            card = min(options, key=lambda c: (left[c], -gin_melds.card_points(c), c))
            return Action("discard", cards=(card,))
        plan = gin_melds.best_layoffs(self.hands[seat], self.table)[1]
        if plan:
            card, meld = plan[0]
            return Action("layoff", cards=(card,), target=str(meld))
        return Action("done")

    # -- drawing -------------------------------------------------------------------------------

    def _name(self, seat: int) -> str:
        return self.seats[seat].name

    def _take_upcard(self, seat: int, action: Action) -> list[str]:
        card = self._take_from_pile(seat)
        return [f"{self._name(seat)} takes the upcard {pretty(card)}."]

    def _pass(self, seat: int, action: Action) -> list[str]:
        self.declined[seat].append(self.pile[-1])
        self.passes += 1
        if self.passes == 1:
            self.turn = self.dealer
        else:
            self.turn = 1 - self.dealer
            self.phase = "draw"
            self.stock_only = True
        return [f"{self._name(seat)} passes the upcard."]

    def _draw_stock(self, seat: int, action: Action) -> list[str]:
        if not self.stock_only:
            self.declined[seat].append(self.pile[-1])
        self.stock_only = False
        self.hands[seat] = gin_melds.sort_cards([*self.hands[seat], self.stock.pop(0)])
        self.taken = None
        self.phase = "discard"
        return [f"{self._name(seat)} draws from the stock."]

    def _draw_discard(self, seat: int, action: Action) -> list[str]:
        card = self._take_from_pile(seat)
        return [f"{self._name(seat)} takes {pretty(card)} from the discard pile."]

    def _take_from_pile(self, seat: int) -> str:
        card = self.pile.pop()
        self.hands[seat] = gin_melds.sort_cards([*self.hands[seat], card])
        self.picked[seat].append(card)
        self.taken = card
        self.phase = "discard"
        return card

    # -- discarding, knocking, gin -------------------------------------------------------------

    def _refuse_discard(self, seat: int, kind: str, card: str) -> None:
        """Why ``card`` may not be discarded, knocked or ginned with, in the words of the rule."""
        if card not in self.hands[seat]:
            raise IllegalAction("You must discard a card you hold.")
        if card == self.taken:
            raise IllegalAction("You cannot discard the card you just took from the discard pile.")
        if kind == "discard":
            return  # a plain discard may leave any deadwood
        left = self._deadwood_without(seat, card)
        limit = self.settings["knock_limit"]
        if kind == "knock" and left > limit:
            raise IllegalAction(f"You can knock only with {limit} deadwood points or fewer; "
                                f"discarding {pretty(card)} leaves {left}.")
        if kind == "gin" and left:
            raise IllegalAction(f"That is not gin: discarding {pretty(card)} leaves {left} deadwood points.")

    def _refuse_big_gin(self, seat: int) -> None:
        if not self.settings["big_gin"]:
            raise IllegalAction("Big gin is not played at this table.")
        left = gin_melds.deadwood(self.hands[seat])
        if left:
            raise IllegalAction(f"Big gin needs all 11 cards in melds; you have {left} deadwood points.")

    def _to_pile(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.pile.append(card)
        self.discarded[seat].append(card)
        self.taken = None

    def _deadwood_without(self, seat: int, card: str) -> int:
        return gin_melds.deadwood(c for c in self.hands[seat] if c != card)

    def _discard(self, seat: int, action: Action) -> list[str]:
        card = action.cards[0]
        self._to_pile(seat, card)
        lines = [f"{self._name(seat)} discards {pretty(card)}."]
        if len(self.stock) <= DRAW_AT_STOCK:
            return lines + self._finish(None, "draw", 0, "Only two cards are left in the stock: the hand is a draw.")
        self.turn = 1 - seat
        self.phase = "draw"
        return lines

    def _knock(self, seat: int, action: Action) -> list[str]:
        card = action.cards[0]
        left = self._deadwood_without(seat, card)
        if left == 0:
            return self._gin(seat, action)
        self._to_pile(seat, card)
        self._lay_down(seat, "knock", card)
        lines = [f"{self._name(seat)} knocks with {left}, discarding {pretty(card)}."]
        if not self._layoff_options():
            return lines + self._score_knock()
        return lines

    def _gin(self, seat: int, action: Action) -> list[str]:
        card = action.cards[0]
        self._to_pile(seat, card)
        self._lay_down(seat, "gin", card)
        return [f"{self._name(seat)} goes gin, discarding {pretty(card)}."] + self._score_gin("gin", GIN_BONUS)

    def _big_gin(self, seat: int, action: Action) -> list[str]:
        self._lay_down(seat, "big_gin", None)
        return [f"{self._name(seat)} goes big gin."] + self._score_gin("big_gin", BIG_GIN_BONUS)

    def _lay_down(self, seat: int, kind: str, discard: str | None) -> None:
        self.knocker, self.knock_kind, self.knock_discard = seat, kind, discard
        self.table = list(gin_melds.best_arrangement(self.hands[seat]).melds)
        self.turn = 1 - seat
        self.phase = "layoff"

    # -- layoffs and scoring -------------------------------------------------------------------

    def _layoff_options(self) -> list[tuple[str, int]]:
        assert self.knocker is not None
        return gin_melds.layoffs(self.hands[1 - self.knocker], self.table)

    def _refuse_layoff(self, seat: int, card: str, target: str | None) -> None:
        if card not in self.hands[seat]:
            raise IllegalAction("You can only lay off a card you hold.")
        if target is None or not target.isdigit() or int(target) >= len(self.table):
            raise IllegalAction(f"Choose one of the knocker's melds to lay {pretty(card)} off on.")
        meld = self.table[int(target)]
        if not gin_melds.fits(card, meld):
            raise IllegalAction(f"{pretty(card)} does not fit on {' '.join(pretty(c) for c in meld)}.")

    def _layoff(self, seat: int, action: Action) -> list[str]:
        card = action.cards[0]
        meld = int(str(action.target))
        self.hands[seat].remove(card)
        self.table[meld] = gin_melds.lay_off(card, self.table[meld])
        self.layoffs.append((card, meld))
        shown = " ".join(pretty(c) for c in self.table[meld])
        lines = [f"{self._name(seat)} lays off {pretty(card)}: {shown}."]
        if not self._layoff_options():
            return lines + self._score_knock()
        return lines

    def _done(self, seat: int, action: Action) -> list[str]:
        return self._score_knock()

    def _score_knock(self) -> list[str]:
        assert self.knocker is not None
        knocker, defender = self.knocker, 1 - self.knocker
        mine = gin_melds.deadwood(self.hands[knocker])
        theirs = gin_melds.deadwood(self.hands[defender])
        after = " after laying off" if self.layoffs else ""
        head = f"{self._name(knocker)} knocks with {mine}; {self._name(defender)} has {theirs}{after}"
        if theirs > mine:
            return self._finish(knocker, "knock", theirs - mine,
                                f"{head}: {self._name(knocker)} scores {theirs - mine}.")
        points = UNDERCUT_BONUS + mine - theirs
        return self._finish(defender, "undercut", points,
                            f"{head}: {self._name(defender)} undercuts and scores {points} "
                            f"({UNDERCUT_BONUS} + {mine - theirs}).")

    def _score_gin(self, kind: str, bonus: int) -> list[str]:
        """Gin and big gin: the bonus plus all the defender's deadwood, with no layoffs."""
        assert self.knocker is not None
        knocker, defender = self.knocker, 1 - self.knocker
        theirs = gin_melds.deadwood(self.hands[defender])
        what = kind.replace("_", " ")
        return self._finish(knocker, kind, bonus + theirs,
                            f"{self._name(knocker)} goes {what}; {self._name(defender)} has {theirs}: "
                            f"{self._name(knocker)} scores {bonus + theirs} ({bonus} + {theirs}).")

    def _finish(self, winner: int | None, kind: str, points: int, text: str) -> list[str]:
        """Score the hand on the sheet, close the game if the target is reached, set the outcome."""
        sheet, settings = self.sheet, self.settings
        sheet.lines.append(GinLineView(hand=len(sheet.lines) + 1, winner=winner, kind=kind, points=points))
        game: GinGameView | None = None
        if winner is not None:
            sheet.points[winner] += points
            sheet.hands_won[winner] += 1
            if sheet.points[winner] >= settings["target"]:
                game = game_totals(sheet.points, sheet.hands_won, winner)
                sheet.games.append(game)
                sheet.games_won[winner] += 1
        self.phase = "over"
        self.result = text
        lines = [text]
        deltas = (0, 0)
        match_over = False
        ranking = None
        if game is not None:
            lines.append(self._game_line(game))
            deltas = self._settle(game)
            match_over = settings["match"] == "game" or sheet.games_won[game["winner"]] >= GAMES_TO_WIN_MATCH
            if match_over:
                ranking = tuple(0 if seat == game["winner"] else 1 for seat in range(2))
                if settings["match"] == "best-of-five":
                    wins = "-".join(str(n) for n in sorted(sheet.games_won, reverse=True))
                    lines.append(f"{self._name(game['winner'])} wins the match {wins}.")
        self._outcome = Outcome(deltas=deltas, summary=" ".join(lines),
                                carry=sheet.next_hand(game is not None), match_over=match_over, ranking=ranking)
        return lines

    def _game_line(self, game: GinGameView) -> str:
        winner = game["winner"]
        loser = 1 - winner
        double = " (shutout: doubled)" if game["shutout"] else ""
        return (f"{self._name(winner)} wins the game {game['totals'][winner]} to {game['totals'][loser]}: "
                f"{counted(game['hand_points'][winner], 'point')}{double} + game bonus {game['game_bonus']} "
                f"+ line bonus {game['line_bonus'][winner]}, against {game['hand_points'][loser]} "
                f"+ line bonus {game['line_bonus'][loser]}.")

    def _settle(self, game: GinGameView) -> tuple[int, int]:
        """Chips for a finished game: the margin times the stake, at most what the payer sits with."""
        amount = game["margin"] * self.settings["stake"]
        winner = game["winner"]
        payer = 1 - winner if amount >= 0 else winner
        amount = min(abs(amount), self.seats[payer].stack) * (1 if amount >= 0 else -1)
        return (amount, -amount) if winner == 0 else (-amount, amount)

    # -- views ---------------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        shown = self.knocker is not None
        players = [self._player_view(i, seat == i or shown) for i in range(2)]
        showdown: GinShowdownView | None = None
        if self.knocker is not None and self.knock_kind is not None:
            showdown = GinShowdownView(kind=self.knock_kind, knocker=self.knocker, discard=self.knock_discard,
                                       table=[list(meld) for meld in self.table],
                                       layoffs=[GinLayoffView(card=c, meld=m) for c, m in self.layoffs])
        sheet = self.sheet
        score = GinScoreView(target=self.settings["target"], match=self.settings["match"], game_no=sheet.game_no,
                             points=list(sheet.points), hands_won=list(sheet.hands_won),
                             games_won=list(sheet.games_won),
                             lines=copy.deepcopy(sheet.lines), games=copy.deepcopy(sheet.games))
        view = GinView(game=self.game, viewer=seat, phase=self.phase, to_act=list(self.to_act()),
                       dealer=self.dealer, players=players, stock_count=len(self.stock),
                       discard_pile=list(self.pile), discard_top=self.pile[-1] if self.pile else None,
                       taken_from_discard=self.taken, knock_limit=self.settings["knock_limit"],
                       big_gin=self.settings["big_gin"], misdeals=self.misdeals, showdown=showdown,
                       result=self.result, score=score)
        return dict(view)

    def _player_view(self, seat: int, visible: bool) -> GinPlayerView:
        cards = self.hands[seat]
        arrangement = gin_melds.best_arrangement(cards) if visible else None
        return GinPlayerView(
            name=self.seats[seat].name, is_bot=self.seats[seat].is_bot, is_dealer=seat == self.dealer,
            to_act=seat in self.to_act(),
            cards=list(cards) if visible else [HIDDEN] * len(cards),
            melds=[list(m) for m in arrangement.melds] if arrangement else [],
            deadwood=list(arrangement.deadwood) if arrangement else [],
            deadwood_points=arrangement.points if arrangement else None,
            picked=list(self.picked[seat]), discarded=list(self.discarded[seat]),
            declined=list(self.declined[seat]), points=self.sheet.points[seat],
            hands_won=self.sheet.hands_won[seat], games_won=self.sheet.games_won[seat])
