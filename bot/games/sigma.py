"""Sigma Poker: one hand for 2-6 seats (rules in ``docs/rules/sigma.md``).

Shapes, placements and scores live in ``bot.games.sigma_shapes``; chips, betting stages, side pots
and odd chips in the shared ``bot.games.betting``. This module runs the hand around them:

    ante -> betting stage 1 -> placements, seat by seat -> betting stage 2 -> showdown

Dealing order, from ``DECK_ORDER.shuffled(seed)``: the two designated-shape cards, one base card per
seat starting left of the dealer, then each player's cards as their placement turn comes.

Actions: betting as in ``betting.py`` (fold, check, call, bet, raise with ``amount`` = total bet to,
all-in). Placing a card: ``Action("place", cards=(code,), target="<option>:<rotation>:<col>,<row>")``
with the zone coordinates and options explained in ``sigma_shapes`` (``cards=()`` means the card in
hand, so a bare target chosen in a select is a whole move). ``legal_actions`` lists every
legal target as ``choices`` of one ``place`` spec per option.

``carry`` may hold ``dealer`` (index of the dealer, default 0) and ``hand_no`` (default 1). The
outcome's carry is empty: the table service moves the dealer.
"""
from __future__ import annotations

from typing import Any, ClassVar, Literal, Mapping, Sequence, TypedDict

from bot.games.base import HIDDEN, Action, ActionSpec, IllegalAction, NotYourTurn, Outcome, Seat
from bot.games.betting import BettingRound, Pot, PotDeal, SidePot, is_structure, seats_after
from bot.games.card_names import card_name
from bot.games.cards import DeckOrder
from bot.games.sigma_shapes import (
    CHOOSE,
    CODES,
    DECK_ORDER,
    THIRD,
    Layer,
    Placement,
    base_layer,
    best_placement,
    card_rows,
    check_placement,
    covered,
    designated_mask,
    frame_start,
    legal_placements,
    mask_rows,
    matching_cells,
    score,
)

LIMITS = {"fixed-limit": "Fixed-limit Sigma Poker", "no-limit": "No-limit Sigma Poker"}
RAISE_CAP = 3
"""Raises allowed after the bet in each fixed-limit betting stage."""

Phase = Literal["betting1", "placement", "betting2", "showdown", "folded"]


class SigmaCardView(TypedDict):
    code: str                # "S17", or "??" for a face-down card the viewer may not see
    rotation: int            # 0, 90, 180, 270 degrees clockwise from upright
    col: int                 # zone cell of the card's top-left corner (designated: frame cell)
    row: int
    face_up: bool
    cells: list[str] | None  # rows as the card lies, "#" filled / "." empty; None when hidden


class SigmaSeatView(TypedDict):
    name: str
    stack: int               # chips behind
    bet: int                 # chips put in during the current betting stage
    in_pot: int              # chips put in this hand, ante included
    folded: bool
    all_in: bool
    is_dealer: bool
    to_act: bool
    last_action: str
    cards: list[SigmaCardView]   # base card first, then placed cards bottom to top
    in_hand: SigmaCardView | None  # dealt, not yet placed (upright; "??" to other viewers)
    step: str | None         # "choose" (option 1 or 2) or "third" while this seat places
    option: int | None       # 1 or 2 once chosen
    frame: int | None        # first zone column of the covered 3x3 frame (0 or 1), once covered
    score: int | None        # cells matching the designated shape, at showdown
    matching: list[list[bool]] | None  # per frame cell (rows top to bottom), at showdown
    won: int                 # chips won this hand


class SigmaPotView(TypedDict):
    amount: int
    eligible: list[int]


class SigmaDesignatedView(TypedDict):
    cards: list[SigmaCardView]   # first card in frame columns 0-1, second on top in columns 1-2
    cells: list[str]         # the visible 3x3 shape, rows top to bottom


class SigmaView(TypedDict):
    game: str                # "sigma"
    variant: str             # "Fixed-limit Sigma Poker" / "No-limit Sigma Poker"
    hand_no: int
    phase: str               # betting1, placement, betting2, showdown, folded (won without showdown)
    designated: SigmaDesignatedView
    seats: list[SigmaSeatView]
    pots: list[SigmaPotView]
    ante: int
    bet_size: int            # fixed-limit bet (no-limit: smallest bet) of the current stage
    current_bet: int         # highest bet in the current betting stage
    viewer: int | None       # seat of the viewer, None for the public view
    log: list[str]
    winners: list[str]
    finished: bool


def _card_view(layer: Layer, shown: bool) -> SigmaCardView:
    return {
        "code": layer.code if shown else HIDDEN,
        "rotation": layer.rotation,
        "col": layer.col,
        "row": layer.row,
        "face_up": layer.face_up,
        "cells": list(card_rows(layer.code, layer.rotation)) if shown else None,
    }


class SigmaEngine(PotDeal):
    """One hand of Sigma Poker, fixed-limit or no-limit, for 2-6 seats."""

    title: ClassVar[str] = "Sigma Poker"
    game: ClassVar[str] = "sigma"

    def __init__(self, settings: Mapping[str, Any], seats: Sequence[Seat], seed: str,
                 carry: Mapping[str, Any]) -> None:
        self.ante = int(settings.get("ante", 1))
        self.limit = str(settings.get("limit", "fixed-limit"))
        self.small_bet = int(settings.get("small_bet", 2))
        self.seats = list(seats)
        self.dealer = int(carry.get("dealer", 0))
        self.hand_no = int(carry.get("hand_no", 1))
        self._check_setup()

        n = len(self.seats)
        self.order = seats_after(self.dealer, n)
        self.deck = DECK_ORDER.shuffled(seed)
        self.designated_cards = (self.deck[0], self.deck[1])
        self.designated = designated_mask(*self.designated_cards)
        self.layers: list[list[Layer]] = [[] for _ in range(n)]
        for i, seat in enumerate(self.order):
            self.layers[seat].append(base_layer(self.deck[2 + i]))
        self._next_card = 2 + n
        self.in_hand: list[str | None] = [None] * n
        self.option: list[int | None] = [None] * n
        self.placer: int | None = None
        self.step: str | None = None
        self._placers: list[int] = []

        self.pot = Pot([seat.stack for seat in self.seats])
        self.pot.ante(self.ante)
        self.phase: Phase = "betting1"
        self.round: BettingRound | None = self._betting_round(self.small_bet)
        self.scores: dict[int, int] = {}
        self._final_pots: list[SidePot] = []
        self._final_contributions: list[int] = []
        self.won = [0] * n
        self.last_action = [""] * n
        self.log: list[str] = [f"Each player antes {self.ante}."] if self.ante else []
        self.log.extend(self._advance())

    def _check_setup(self) -> None:
        if self.limit not in LIMITS:
            raise ValueError(f"limit must be one of {', '.join(LIMITS)}, not {self.limit!r}")
        if self.ante < 0 or self.small_bet < 1:
            raise ValueError("ante must be >= 0 and small_bet >= 1")
        self._check_seats()

    def _betting_round(self, bet_size: int) -> BettingRound:
        limit = self.limit
        assert is_structure(limit)  # _check_setup allowed only LIMITS
        return BettingRound(self.pot, self.order, structure=limit, bet_size=bet_size, raise_cap=RAISE_CAP)

    # -- flow ------------------------------------------------------------------------------------

    def _deal(self) -> str:
        card = self.deck[self._next_card]
        self._next_card += 1
        return card

    def _advance(self) -> list[str]:
        """Move on from a finished betting stage or placement; returns lines for the log."""
        if self.phase in ("betting1", "betting2") and len(self.pot.live) == 1:
            return self._win_by_folds()
        lines: list[str] = []
        if self.phase == "betting1" and self.round is not None and self.round.done:
            self.phase, self.round = "placement", None
            self._placers = [s for s in self.order if not self.pot.folded[s]]
            lines.append("Stage 1 betting is over: cards are placed in turn.")
            self._next_placer()
        if self.phase == "placement" and self.placer is None:
            self.phase = "betting2"
            self.round = self._betting_round(2 * self.small_bet)
            lines.append("Every frame is complete: stage 2 betting.")
        if self.phase == "betting2" and self.round is not None and self.round.done:
            lines.extend(self._showdown())
        return lines

    def _next_placer(self) -> None:
        if not self._placers:
            self.placer = self.step = None
            return
        self.placer = self._placers.pop(0)
        self.step = CHOOSE
        self.in_hand[self.placer] = self._deal()

    def _showdown(self) -> list[str]:
        self.round = None
        self.phase = "showdown"
        live = self.pot.live
        self.scores = {s: score(self.designated, self.layers[s]) for s in live}
        lines = [f"{self.seats[s].name} shows {self.scores[s]} of 9." for s in live]
        self._remember_pots()
        self.won = self.pot.award(self.scores, order=self.order)
        return lines + self.winners()

    # -- the Engine surface ----------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.phase in ("showdown", "folded")

    def deck_order(self) -> DeckOrder:
        return DECK_ORDER

    def to_act(self) -> tuple[int, ...]:
        if self.round is not None:
            return self.round.to_act()
        if self.placer is not None:
            return (self.placer,)
        return ()

    def legal_actions(self, seat: int) -> list[ActionSpec]:
        if self.round is not None:
            return self.round.legal_actions(seat)
        if seat != self.placer or self.step is None:
            return []
        targets = [p.target for p in legal_placements(self.layers[seat], self.step)]
        if self.step == THIRD:
            return [ActionSpec("place", "Place your third card face down", choices=tuple(targets),
                               min_choices=1, max_choices=1)]
        return [
            ActionSpec("place", label, choices=tuple(t for t in targets if t.startswith(option)),
                       min_choices=1, max_choices=1)
            for option, label in (("1", "Option 1: place it face down"),
                                  ("2", "Option 2: place it face up, take a third card"))
        ]

    def apply(self, seat: int, action: Action) -> list[str]:
        action = self.verify(seat, action)
        name = self.seats[seat].name
        if self.round is not None:
            text = self.round.apply(seat, action)
        else:
            text = self._place(seat, action)
        self.last_action[seat] = text
        lines = [f"{name} {text}"] + self._advance()
        self.log.extend(lines)
        return lines

    def _refuse(self, seat: int, action: Action) -> None:
        if action.kind != "place":
            raise IllegalAction("Place your card now: betting resumes when every frame is complete.")
        card = self.in_hand[seat]
        assert card is not None and self.step is not None
        if action.cards not in ((), (card,)):  # no card named: the one in hand (a select's choice)
            raise IllegalAction("You must place the card you were dealt.")
        check_placement(self.layers[seat], Placement.parse(action.target), self.step)

    def _place(self, seat: int, action: Action) -> str:
        card = self.in_hand[seat]
        assert card is not None and self.step is not None
        placement = Placement.parse(action.target)
        self.layers[seat].append(placement.layer(card))
        self.in_hand[seat] = None
        turn = "upright" if placement.rotation == 0 else f"turned {placement.rotation}°"
        where = f"{turn} at column {placement.col + 1}, row {placement.row + 1}"
        if placement.option == "2":
            self.option[seat] = 2
            self.step = THIRD
            self.in_hand[seat] = self._deal()
            return f"plays option 2: {card_name(card)} face up, {where}, and takes a third card"
        if placement.option == "1":
            self.option[seat] = 1
            text = f"plays option 1: a card face down, {where}"
        else:
            text = f"places the third card face down, {where}"
        self._next_placer()
        return text

    def timeout_action(self, seat: int) -> Action:
        """Betting: check, else fold. Placing: the best expected placement the seat can know of."""
        if seat not in self.to_act():
            raise NotYourTurn()
        if self.round is not None:
            kinds = {spec.kind for spec in self.legal_actions(seat)}
            return Action("check") if "check" in kinds else Action("fold")
        card = self.in_hand[seat]
        assert card is not None and self.step is not None
        placement = best_placement(self.designated, self.layers[seat], card, self.step,
                                   self.unseen(seat))
        return Action("place", cards=(card,), target=placement.target)

    def unseen(self, seat: int) -> list[str]:
        """Cards ``seat`` has not seen: the pack and the other players' face-down cards."""
        seen = set(self.designated_cards)
        for owner, layers in enumerate(self.layers):
            seen.update(layer.code for layer in layers if layer.face_up or owner == seat)
        held = self.in_hand[seat]
        if held is not None:
            seen.add(held)
        return [code for code in CODES if code not in seen]

    # -- results ---------------------------------------------------------------------------------

    def _winning_hand(self, seat: int) -> str | None:
        return f"{self.scores[seat]} of 9" if seat in self.scores else None

    @property
    def outcome(self) -> Outcome | None:
        if not self.finished:
            return None
        deltas = tuple(self.pot.stacks[s] - self.seats[s].stack for s in range(len(self.seats)))
        return Outcome(deltas=deltas, summary="; ".join(self.winners()), carry={})

    # -- views -----------------------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """The game as ``seat`` sees it (``None``: the public): a ``SigmaView``."""
        actors = self.to_act()
        round_ = self.round
        pots = self._final_pots if self.finished else self.pot.pots()
        contributions = self._final_contributions if self.finished else self.pot.contributions
        seats: list[SigmaSeatView] = []
        for s, info in enumerate(self.seats):
            shown = s == seat or (self.phase == "showdown" and s in self.scores)
            card = self.in_hand[s]
            start = frame_start(covered(self.layers[s]))
            seats.append({
                "name": info.name,
                "stack": self.pot.stacks[s],
                "bet": round_.bets[s] if round_ is not None else 0,
                "in_pot": contributions[s],
                "folded": self.pot.folded[s],
                "all_in": self.pot.is_all_in(s),
                "is_dealer": s == self.dealer,
                "to_act": s in actors,
                "last_action": self.last_action[s],
                "cards": [_card_view(layer, shown or layer.face_up) for layer in self.layers[s]],
                "in_hand": None if card is None else _card_view(base_layer(card), s == seat),
                "step": self.step if s == self.placer else None,
                "option": self.option[s],
                "frame": start,
                "score": self.scores.get(s),
                "matching": matching_cells(self.designated, self.layers[s]) if s in self.scores else None,
                "won": self.won[s],
            })
        first, second = self.designated_cards
        view: SigmaView = {
            "game": self.game,
            "variant": LIMITS[self.limit],
            "hand_no": self.hand_no,
            "phase": self.phase,
            "designated": {
                "cards": [_card_view(Layer(first, 0, 0, 0, True), True),
                          _card_view(Layer(second, 0, 1, 0, True), True)],
                "cells": mask_rows(self.designated),
            },
            "seats": seats,
            "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in pots],
            "ante": self.ante,
            "bet_size": self.small_bet * (1 if self.phase == "betting1" else 2),
            "current_bet": round_.current_bet if round_ is not None else 0,
            "viewer": seat,
            "log": list(self.log),
            "winners": self.winners(),
            "finished": self.finished,
        }
        return dict(view)
