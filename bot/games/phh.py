"""PHH variant codes for every poker game the room deals, and a reader that knows all of them.

The PHH specification (pokerkit's ``HandHistory``) names eleven variants. A hand is written under
the code of the game that was really played, because a reader scores the showdown and checks every
bet by that code: five-card draw for high written as "N2L1D" (deuce-to-seven lowball) is replayed
as lowball, pot-limit Omaha hi-lo as "FO/8" fails at the first pot-sized bet.

Where the specification has no code, it says new variants are added with new codes; the room's codes
are built the way the specification builds its own (betting structure ``F``/``N``/``P``, then the
game, then ``/8`` for an eight-or-better high-low split) and the file opens with a TOML comment
naming the game. A reader that does not know such a code refuses the file instead of replaying it
under other rules; ``RoomHandHistory`` (pokerkit's reader with these codes added) replays them all.

=========  ===================================================  ==========================
Code       Game                                                 In the PHH specification
=========  ===================================================  ==========================
``NT``     No-limit Texas hold'em                               yes
``FT``     Fixed-limit Texas hold'em                            yes
``PT``     Pot-limit Texas hold'em                              no
``PO``     Pot-limit Omaha                                      yes
``NO``     No-limit Omaha                                       no
``FO``     Fixed-limit Omaha                                    no
``FO/8``   Fixed-limit Omaha hi-lo, eight or better             yes
``PO/8``   Pot-limit Omaha hi-lo, eight or better               no
``NO/8``   No-limit Omaha hi-lo, eight or better                no
``F7S``    Fixed-limit seven-card stud                          yes
``N1D``    No-limit five-card draw (high, one draw)             no
``P1D``    Pot-limit five-card draw (high, one draw)            no
``F1D``    Fixed-limit five-card draw (high, one draw)          no
=========  ===================================================  ==========================
"""
from __future__ import annotations

from typing import Any, ClassVar, Iterable, Mapping, Sequence

from pokerkit import (
    Automation,
    Deck,
    Hand,
    HandHistory,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    Opening,
    Poker,
    RunoutCountSelection,
    StandardHighHand,
    State,
    Street,
)
from pokerkit.games import (
    FixedLimitPokerMixin,
    Holdem,
    NoLimitPokerMixin,
    OmahaHoldemMixin,
    PotLimitPokerMixin,
    SingleDraw,
    TexasHoldemMixin,
    UnfixedLimitHoldem,
)
from pokerkit.utilities import ValuesLike

from bot.games.hilo_state import HiLoState


class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """Pot-limit Texas hold'em ("PT")."""


class NoLimitOmahaHoldem(NoLimitPokerMixin, OmahaHoldemMixin, UnfixedLimitHoldem):
    """No-limit Omaha ("NO")."""

    hand_types = (OmahaHoldemHand,)


class FixedLimitOmahaHoldem(FixedLimitPokerMixin, OmahaHoldemMixin, Holdem):
    """Fixed-limit Omaha ("FO")."""

    hand_types = (OmahaHoldemHand,)


class PotLimitOmahaHoldemHighLowSplitEightOrBetter(PotLimitPokerMixin, OmahaHoldemMixin, UnfixedLimitHoldem):
    """Pot-limit Omaha hi-lo, eight or better ("PO/8")."""

    hand_types = (OmahaHoldemHand, OmahaEightOrBetterLowHand)


class NoLimitOmahaHoldemHighLowSplitEightOrBetter(NoLimitPokerMixin, OmahaHoldemMixin, UnfixedLimitHoldem):
    """No-limit Omaha hi-lo, eight or better ("NO/8")."""

    hand_types = (OmahaHoldemHand, OmahaEightOrBetterLowHand)


class _FiveCardDrawMixin:
    deck: ClassVar[Deck] = Deck.STANDARD
    hand_types: ClassVar[tuple[type[Hand], ...]] = (StandardHighHand,)
    hole_dealing_count: ClassVar[int] = 5


class NoLimitFiveCardDraw(NoLimitPokerMixin, _FiveCardDrawMixin, SingleDraw):
    """No-limit five-card draw for high ("N1D")."""


class PotLimitFiveCardDraw(PotLimitPokerMixin, _FiveCardDrawMixin, SingleDraw):
    """Pot-limit five-card draw for high ("P1D")."""


BETS_A_ROUND = 4
"""Fixed-limit draw: a bet and three raises a round."""


def _posts_blinds(blinds: ValuesLike) -> bool:
    """Whether any blind is posted, in any form pokerkit accepts (a number, a list, seat -> amount)."""
    if isinstance(blinds, Mapping):
        return any(blinds.values())
    return any(blinds) if isinstance(blinds, Iterable) else bool(blinds)


class FixedLimitFiveCardDraw(FixedLimitPokerMixin, _FiveCardDrawMixin, Poker):
    """Fixed-limit five-card draw for high ("F1D"): the small bet before the draw, the big bet after,
    a bet and three raises a round. pokerkit counts the bets and raises made on a street, not a
    posted big blind: with blinds, the big blind is the first round's bet and three raises remain."""

    def __init__(self, automations: tuple[Automation, ...], ante_trimming_status: bool,
                 raw_antes: ValuesLike, raw_blinds_or_straddles: ValuesLike, small_bet: int,
                 big_bet: int, **options: Any) -> None:
        """``options`` (``mode``, ``starting_board_count``, ``divmod``, ``rake``) go to pokerkit as given."""
        first = BETS_A_ROUND - 1 if _posts_blinds(raw_blinds_or_straddles) else BETS_A_ROUND
        super().__init__(
            automations,
            (Street(False, (False,) * self.hole_dealing_count, 0, False, Opening.POSITION, small_bet, first),
             Street(True, (), 0, True, Opening.POSITION, big_bet, BETS_A_ROUND)),
            ante_trimming_status, raw_antes, raw_blinds_or_straddles, 0, **options)


ROOM_CODES: dict[str, tuple[type[Poker], str, str]] = {
    "PT": (PotLimitTexasHoldem, "NT", "pot-limit Texas hold'em"),
    "NO": (NoLimitOmahaHoldem, "PO", "no-limit Omaha hold'em"),
    "FO": (FixedLimitOmahaHoldem, "FO/8", "fixed-limit Omaha hold'em"),
    "PO/8": (PotLimitOmahaHoldemHighLowSplitEightOrBetter, "PO",
             "pot-limit Omaha hold'em high/low-split eight or better"),
    "NO/8": (NoLimitOmahaHoldemHighLowSplitEightOrBetter, "PO",
             "no-limit Omaha hold'em high/low-split eight or better"),
    "N1D": (NoLimitFiveCardDraw, "N2L1D", "no-limit five-card draw, high hand wins, one draw"),
    "P1D": (PotLimitFiveCardDraw, "N2L1D", "pot-limit five-card draw, high hand wins, one draw"),
    "F1D": (FixedLimitFiveCardDraw, "F2L3D", "fixed-limit five-card draw, high hand wins, one draw"),
}
"""The room's codes: (pokerkit game, the specification code whose fields it takes, its name)."""


class RoomHandHistory(HandHistory):
    """pokerkit's PHH reader and writer, with the room's codes beside the specification's, and the
    runout counts the players chose (``_runout_counts``, a user-defined field: PHH has no action for
    them) given back to pokerkit when its replay asks."""

    game_types: ClassVar[dict[str, type[Poker]]] = {
        **HandHistory.game_types, **{code: game for code, (game, _, _) in ROOM_CODES.items()}}
    variants: ClassVar[dict[type[Poker], str]] = {game: code for code, game in game_types.items()}
    required_field_names: ClassVar[dict[str, tuple[str, ...]]] = {
        **HandHistory.required_field_names,
        **{code: HandHistory.required_field_names[like] for code, (_, like, _) in ROOM_CODES.items()}}
    ranked: ClassVar[dict[type[Hand], type[Hand]]] = {}
    """Hand types the replay ranks with another that orders hands the same (a faster one)."""

    def create_state(self) -> State:
        """pokerkit's starting state (a high/low game's as the engine plays it: ``HiLoState``); in a
        hand whose players chose how many times to run the board, its replay's runout-count selection
        (which pokerkit makes with no preference, one runout) takes each player's recorded answer
        (``_runout_counts``, by player; 0: none)."""
        game = self.create_game()
        hand_types = tuple(self.ranked.get(kind, kind) for kind in game.hand_types)
        state_class = HiLoState if len(hand_types) > 1 else State
        state = state_class(
            game.automations, game.deck, hand_types, game.streets, game.betting_structure,
            game.ante_trimming_status, game.raw_antes, game.raw_blinds_or_straddles, game.bring_in,
            self.starting_stacks, len(self.starting_stacks), mode=game.mode,
            starting_board_count=game.starting_board_count, divmod=game.divmod, rake=game.rake)
        counts = self.user_defined_fields.get("_runout_counts")
        if not counts:
            return state
        select = state.select_runout_count

        def recorded(runout_count: int | None = None, player_index: int | None = None, *,
                     commentary: str | None = None) -> RunoutCountSelection:
            chooser = next(state.runout_count_selector_indices)
            return select(runout_count or counts[chooser] or None, commentary=commentary)

        state.select_runout_count = recorded  # type: ignore[method-assign]
        return state


def write_phh(game: Poker, state: State, remarks: Sequence[str] = (), **fields: Any) -> str:
    """The hand as PHH text under ``game``'s code; a room code is explained in a first-line comment.
    ``remarks`` follow the actions as PHH comments (what happened after the hand, changing no chip)."""
    history = RoomHandHistory.from_game_state(game, state, **fields)
    history.actions.extend(f"# {remark}" for remark in remarks)
    text = history.dumps()
    code = RoomHandHistory.variants[type(game)]
    if code in ROOM_CODES:
        name = ROOM_CODES[code][2]
        text = (f"# variant '{code}' is {name}: a code PHH 1.x does not define, made the way PHH makes "
                f"its codes (F/N/P betting, game, /8 for eight-or-better hi-lo)\n{text}")
    return text

