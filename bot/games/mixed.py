"""A mixed table's deal: the game the rotation says, dealt by that game's own engine.

``MixedEngine`` is a thin wrapper. Where the rotation stands lives in the deal's ``carry`` under
"mixed" (like the dealer button): the index of the game in the rotation (``at``), the hands of it
dealt so far, this one included (``hands``), and how many it lasts (``length``). So the wrapper
stays pure: the same settings, seats, seed, carry and moves give the same deal, and the table
service needs to know nothing of mixed games (it hands the outcome's carry to the next deal).

- **Rotation** (``bot.games.mixed_games``): each game lasts ``hands_per_game`` hands, or with 0 an
  orbit, as many hands as players were dealt in when the game began; then the next game of the list.
- **Dealer's choice** (``choice`` "dealer"): when a game is due, the deal opens with a player choosing
  it from the table's games, the move ``choose`` (one choice a game); the choice lasts an orbit. The
  first choice is the button's; as the button is back where it was after an orbit, each later choice
  is one player further left of it (``choices``: the choices made so far), so the choice goes round
  the table like a second button. The clock running out chooses the game after the last one chosen,
  in the list's order. The deck was shuffled and committed before the choice, whichever game it deals.

Every move after the choice is the dealt game's, and so are the views (they name their game, which
the robots and pictures go by), the outcome and the export. No run it twice at a mixed table.
"""
from __future__ import annotations

from typing import Any, Callable, ClassVar, Mapping, Sequence

from bot.games.base import Action, ActionSpec, EngineBase, Outcome, Seat
from bot.games.cards import STANDARD_DECK, DeckOrder
from bot.games.choices import display_choice
from bot.games.mixed_games import GAMES, game_settings, hands_per_game, level, rotation, rotation_name

KEY = "mixed"
"""Where the rotation's position is in a deal's carry."""
CHOOSE = "choose"
Label = Callable[[dict[str, Any], str, str], str]
"""A game's words for a choice, from the chooser's view (``GameSpec.choice_label``)."""


class MixedEngine(EngineBase):
    """One deal at a mixed table: the dealer's choice of game if one is due, then that game's hand."""

    game: ClassVar[str] = "mixed"

    def __init__(self, settings: Mapping[str, Any], seats: Sequence[Seat], seed: str,
                 carry: Mapping[str, Any]) -> None:
        self.settings = dict(settings)
        self.seats = list(seats)
        self.seed = seed
        self.carry = {key: value for key, value in carry.items() if key != KEY}
        self.games = rotation(settings)
        self.dealer = int(carry.get("dealer", 0))
        self.hand_no = int(carry.get("hand_no", 1))
        self.choosing = False
        self.log: list[str] = []
        self.sub: Any = None
        last = carry.get(KEY)
        self.choices = int(last.get("choices", 0)) if last else 0
        if last and last["hands"] < last["length"] and last["at"] < len(self.games):
            self.at, self.hands, self.length = int(last["at"]), int(last["hands"]) + 1, int(last["length"])
        else:  # a new game: the next of the list (at dealer's choice, the one the clock would choose)
            self.at = (int(last["at"]) + 1) % len(self.games) if last else 0
            self.hands, self.length = 1, hands_per_game(settings) or len(self.seats)
            self.choosing = settings.get("choice") == "dealer"
        self.chooser = (self.dealer + self.choices) % len(self.seats)
        if not self.choosing:
            self._deal()

    def _deal(self) -> None:
        game = GAMES[self.games[self.at]]
        self.sub = game.engine(game_settings(game.key, self.settings), self.seats, self.seed, self.carry)

    @property
    def title(self) -> str:
        """The game dealt now ("Razz"), or what the deal waits for."""
        return GAMES[self.games[self.at]].title if not self.choosing else "the dealer's choice"

    # -- the Engine surface: the choice, else the game dealt -----------------------------------

    def to_act(self) -> tuple[int, ...]:
        return (self.chooser,) if self.choosing else tuple(self.sub.to_act())

    def legal_actions(self, seat: int) -> list[ActionSpec]:
        if not self.choosing:
            return list(self.sub.legal_actions(seat))
        if seat != self.chooser:
            return []
        return [ActionSpec(CHOOSE, "Choose the game", choices=tuple(dict.fromkeys(self.games)),
                           min_choices=1, max_choices=1)]

    def verify(self, seat: int, action: Action) -> Action:
        return super().verify(seat, action) if self.choosing else self.sub.verify(seat, action)

    def apply(self, seat: int, action: Action) -> list[str]:
        if not self.choosing:
            lines: list[str] = self.sub.apply(seat, action)
            return lines
        self.verify(seat, action)
        assert action.target is not None  # a choice is verified against the games on offer
        self.at = self.games.index(action.target)
        self.choosing = False
        self.choices += 1
        self._deal()
        line = f"{self.seats[seat].name} chooses {self.title} for {self.length} hands (an orbit)"
        self.log.append(line)
        return [line]

    def apply_judged(self, seat: int, action: Action) -> list[str]:
        """A move the table has judged: the dealt game's own, not judged again; the choice of game
        is judged here, as it is cheap."""
        if self.choosing:
            return self.apply(seat, action)
        lines: list[str] = self.sub.apply_judged(seat, action)
        return lines

    def timeout_action(self, seat: int) -> Action:
        if self.choosing:
            return Action(CHOOSE, target=self.games[self.at])
        action: Action = self.sub.timeout_action(seat)
        return action

    @property
    def outcome(self) -> Outcome | None:
        outcome: Outcome | None = None if self.choosing else self.sub.outcome
        if outcome is None:
            return None
        return Outcome(outcome.deltas, outcome.summary, {**outcome.carry, KEY: self.position()},
                       outcome.match_over, outcome.ranking)

    def position(self) -> dict[str, int]:
        """Where the rotation stands after this deal, for the next one's carry."""
        return {"at": self.at, "hands": self.hands, "length": self.length, "choices": self.choices}

    def turn_seconds(self) -> int | None:
        return None if self.choosing else self.sub.turn_seconds()

    def rabbit(self) -> list[str]:
        return [] if self.sub is None else list(self.sub.rabbit())

    def deck_order(self) -> DeckOrder | None:
        """The dealt game's deck (shuffled before a dealer's choice, by the seed, whichever it is)."""
        order: DeckOrder | None = STANDARD_DECK if self.sub is None else self.sub.deck_order()
        return order

    def may_show(self, seat: int) -> bool:
        return self.sub is not None and bool(self.sub.may_show(seat))

    def show_cards(self, seat: int) -> str:
        line: str = self.sub.show_cards(seat)
        return line

    def phh(self) -> str:
        """The hand as the dealt game's PHH (the table's name of the game in a comment first)."""
        text: str = self.sub.phh()
        return f"# {rotation_name(self.settings)}: {self.title}\n{text}"

    # -- what the table shows ------------------------------------------------------------------

    def headline(self) -> str:
        """What the table deals now and next, for its message: "HORSE: Razz, hand 3 of 8; next: Seven-card
        stud, after 5 more hands"."""
        name = rotation_name(self.settings)
        if self.choosing:
            return f"{name}: {self.seats[self.chooser].name} is choosing the game for the next orbit"
        return f"{name}: {self.title}, hand {self.hands} of {self.length}; next: {self._next()}"

    def _next(self) -> str:
        """The game after this one, and when: "Razz, after this hand", "the next dealer's choice, after 2
        more hands"."""
        more = self.length - self.hands
        when = "after this hand" if not more else f"after {more} more hand{'s' if more > 1 else ''}"
        if self.settings.get("choice") == "dealer":
            return f"the next dealer's choice, {when}"
        return f"{GAMES[self.games[(self.at + 1) % len(self.games)]].title}, {when}"

    def _footer(self) -> str:
        """The picture's short words for it: "HORSE, hand 3 of 8 · next: Seven-card stud"."""
        upcoming = "dealer's choice" if self.settings.get("choice") == "dealer" else \
            GAMES[self.games[(self.at + 1) % len(self.games)]].title
        return f"{rotation_name(self.settings)}, hand {self.hands} of {self.length} · next: {upcoming}"

    def view(self, seat: int | None) -> dict[str, Any]:
        if self.choosing:
            return self._choice_view(seat)
        view: dict[str, Any] = self.sub.view(seat)
        own = str(view.get("options") or "")
        view["options"] = self._footer() + (f" · {own}" if own else "")
        view["mixed"] = {"rotation": rotation_name(self.settings), **self.position()}
        view["log"] = self.log + list(view["log"])  # the dealer's choice first
        return view

    def _choice_view(self, seat: int | None) -> dict[str, Any]:
        """The table before the choice: nobody has cards yet, the chooser is to act."""
        small, big = level(self.settings)
        return {
            "game": self.game, "variant": rotation_name(self.settings), "hand_no": self.hand_no,
            "street": "choosing", "board": [], "board_slots": 0, "pots": [],
            "stakes": f"Level {small}/{big}", "viewer": seat, "log": list(self.log), "winners": [],
            "finished": False, "options": f"{self.seats[self.chooser].name} chooses the game",
            "seats": [{"name": info.name, "stack": info.stack, "bet": 0, "cards": [], "folded": False,
                       "all_in": False, "is_dealer": index == self.dealer, "to_act": index == self.chooser,
                       "last_action": "", "hand_name": "", "won": 0} for index, info in enumerate(self.seats)],
        }


def choice_label(view: dict[str, Any], kind: str, value: str, game_label: Label | None) -> str:
    """A choice's words: a game's name on its button at the dealer's choice ("Razz"), else as the game
    dealt words its choices (``game_label``, its own), or as every game writes a card."""
    if kind == CHOOSE:
        return GAMES[value].title
    return game_label(view, kind, value) if game_label is not None else display_choice(value)
