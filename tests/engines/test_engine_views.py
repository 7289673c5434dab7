"""What each seat and a spectator see in every engine's view, deal by deal.

Each test deals known cards (a rigged deck or a known deal), plays to a point that matters for
privacy (before and after the flop, a fold, a draw, a showdown where a hand is mucked, bridge's dummy
before and after the opening lead and a claim, gin's knock, Squared's card placed but not revealed)
and checks, for every seat and for a spectator (``None``), exactly which cards of each seat show.
The expectations come from the deal and the rules, never from the view code: a seat sees its own
cards; everyone sees a hand shown at showdown, the upcards, dummy after the lead; nobody sees a
fold, a muck, another hand's downcards, or a card not dealt yet.

Seat gaps (people sitting out, busted or gone) never reach an engine: the table deals in only the
seats that play, and maps engine seats to table seats itself (``tests/e2e/test_e2e_seat_gaps.py``). What
an engine must get right is that view(seat) is that seat's own, whatever the dealer's position.
"""
from __future__ import annotations

import types
from typing import (Any, Callable, NotRequired, Sequence, Union, get_args, get_origin, get_type_hints,
                    is_typeddict)

import pytest

from bot.games.base import HIDDEN, Action
from bot.games.bridge import BridgeView, parse_pbn_deal, sort_hand
from bot.games.cards import shuffled_deck
from bot.games.gin import GinView, layoff_action
from bot.games.poker_view import PokerView
from bot.games.presidential import PresidentialView
from bot.games.presidential_eval import evaluate
from bot.games.saint import SaintEngine, SaintView
from bot.games.sigma import SigmaView
from bot.games.squared import CELLS, LINES, SquaredView
from bot.games.sixchex import BY_CODE, CATEGORIES
from tests.engines import test_bridge_engine as bridge_t
from tests.engines import test_draw_engine as draw_t
from tests.engines import test_gin_engine as gin_t
from tests.engines import test_holdem_engine as holdem_t
from tests.engines import test_omaha_engine as omaha_t
from tests.engines import test_presidential_engine as presidential_t
from tests.engines import test_saint_engine as saint_t
from tests.engines import test_sigma_engine as sigma_t
from tests.engines import test_squared_engine as squared_t
from tests.engines import test_stud_engine as stud_t
from tests.support.privacy import view_cards

Viewer = int | None


def viewers(n: int) -> list[Viewer]:
    """Every seat and a spectator."""
    return [None, *range(n)]


def pairs(text: str) -> list[str]:
    """ "AsKd" -> ["As", "Kd"]."""
    return [text[i:i + 2] for i in range(0, len(text), 2)]


def expected_cards(hands: Sequence[Sequence[str]], viewer: Viewer, shown: Sequence[int] = (),
                   up: Sequence[Sequence[bool]] | None = None) -> list[list[str]]:
    """Each seat's cards as ``viewer`` may see them: all of its own and of a shown hand; of another
    hand only its upcards (``up``), every other card face down."""
    return [list(hand) if seat == viewer or seat in shown
            else [card if up is not None and up[seat][i] else HIDDEN for i, card in enumerate(hand)]
            for seat, hand in enumerate(hands)]


VIEW_TYPES: dict[str, Any] = {
    "holdem": PokerView, "omaha": PokerView, "draw": PokerView, "stud": PokerView, "bridge": BridgeView,
    "gin": GinView, "presidential": PresidentialView, "saint": SaintView, "sigma": SigmaView,
    "squared": SquaredView,
}
"""The documented shape of each game's view: what the pictures and messages are built from."""


def shape_errors(value: Any, hint: Any, path: str = "view") -> list[str]:
    """Where ``value`` strays from the type ``hint`` (a TypedDict's keys, nested lists, optional parts)."""
    if hint is Any:
        return []
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{path}: {value!r} is not a {hint.__name__}"]
        fields = get_type_hints(hint, include_extras=True)
        required = {key for key, field in fields.items() if get_origin(field) is not NotRequired}
        fields = {key: get_args(field)[0] if key not in required else field for key, field in fields.items()}
        errors = [f"{path}: no {key!r}" for key in sorted(required - value.keys())]
        errors += [f"{path}: unknown {key!r}" for key in sorted(value.keys() - fields.keys())]
        for key in sorted(value.keys() & fields.keys()):
            errors += shape_errors(value[key], fields[key], f"{path}.{key}")
        return errors
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        found = [shape_errors(value, arg, path) for arg in args]
        return [] if any(not errors for errors in found) else [e for errors in found for e in errors]
    if hint is None or hint is type(None):
        return [] if value is None else [f"{path}: {value!r} is not None"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: {value!r} is not a list"]
        return [e for i, item in enumerate(value) for e in shape_errors(item, args[0], f"{path}[{i}]")]
    kind = origin or hint
    if kind is float:
        kind = (int, float)
    return [] if isinstance(value, kind) else [f"{path}: {value!r} is not {hint}"]


def seat_field(view: dict[str, Any], field: str, key: str = "seats") -> list[Any]:
    return [seat[field] for seat in view[key]]


def assert_cards(engine: Any, hands: Sequence[Sequence[str]], shown: Sequence[int] = (),
                 up: Sequence[Sequence[bool]] | None = None,
                 cards: Callable[[dict[str, Any]], list[Any]] = lambda v: seat_field(v, "cards")) -> None:
    """Every viewer sees exactly ``expected_cards`` in each seat."""
    for viewer in viewers(len(hands)):
        view = engine.view(viewer)
        assert view["viewer"] == viewer
        assert shape_errors(view, VIEW_TYPES[view["game"]]) == []
        assert cards(view) == expected_cards(hands, viewer, shown, up), f"viewer {viewer}"


def act(engine: Any, *moves: str) -> None:
    """Moves for whoever is to act: "call", "check", "fold", "raise 40"."""
    for move in moves:
        kind, _, amount = move.partition(" ")
        (seat,) = engine.to_act()
        engine.apply(seat, Action(kind, int(amount) if amount else None))


# ---------------------------------------------------------------------------------------------
# Hold'em and Omaha (one view, HoldemEngine.view)

# Button Bob (seat 1): Cat posts the small blind, Dan the big; Ann is first to act.
HOLDEM_HOLES = ["AsAd", "KsKd", "2c7h", "3c8d"]
HOLDEM_BOARD = "AhKh5c9sTd"


def test_holdem_hole_cards_stay_private_and_the_board_shows_only_what_is_dealt(
        monkeypatch: pytest.MonkeyPatch) -> None:
    holdem_t.rig(monkeypatch, HOLDEM_HOLES, HOLDEM_BOARD, dealer=1)
    e = holdem_t.engine([1000] * 4, dealer=1)
    hands = [pairs(h) for h in HOLDEM_HOLES]
    board = pairs(HOLDEM_BOARD)
    assert_cards(e, hands)
    public = e.view(None)
    assert (public["board"], public["street"]) == ([], "preflop")
    assert seat_field(public, "is_dealer") == [False, True, False, False]
    assert seat_field(public, "to_act") == [True, False, False, False]
    assert seat_field(public, "bet") == [0, 0, 5, 10]
    assert seat_field(public, "stack") == [1000, 1000, 995, 990]
    assert public["stakes"] == "Blinds 5/10"
    assert holdem_t.engine([1000] * 4, dealer=1, ante=2).view(None)["stakes"] == "Blinds 5/10 ante 2"
    act(e, "call", "call", "fold", "check")
    assert_cards(e, hands)
    for viewer in viewers(4):
        view = e.view(viewer)
        assert (view["board"], view["street"]) == (board[:3], "flop")
        assert seat_field(view, "folded") == [False, False, True, False]
        assert seat_field(view, "to_act") == [False, False, False, True]
    act(e, "check", "check", "check")
    assert (e.view(2)["board"], e.view(2)["street"]) == (board[:4], "turn")
    act(e, "check", "check", "check")
    assert (e.view(None)["board"], e.view(None)["street"]) == (board, "river")
    assert e.view(None)["finished"] is False


def test_holdem_showdown_shows_the_hands_that_can_win_and_hides_the_muck_and_the_fold(
        monkeypatch: pytest.MonkeyPatch) -> None:
    holdem_t.rig(monkeypatch, HOLDEM_HOLES, HOLDEM_BOARD, dealer=1)
    e = holdem_t.engine([1000] * 4, dealer=1)
    hands = [pairs(h) for h in HOLDEM_HOLES]
    act(e, "call", "call", "fold", "check")
    holdem_t.check_down(e)
    # Dan, first left of the button, shows first (ace high); Ann's trip aces beat it and show;
    # Bob's trip kings cannot win and are mucked; Cat folded. Pot 10 + 10 + 5 + 10 to Ann.
    assert_cards(e, hands, shown=(0, 3))
    for viewer in viewers(4):
        view = e.view(viewer)
        assert view["street"] == "showdown" and view["finished"]
        assert seat_field(view, "hand_name") == ["Three of a kind, Aces", "", "", "High card, Ace"]
        assert seat_field(view, "last_action") == ["shows", "mucks", "folds", "shows"]
        assert seat_field(view, "won") == [35, 0, 0, 0]
        assert seat_field(view, "stack") == [1025, 990, 995, 990]
        assert view["winners"] == ["Ann wins 35 with Three of a kind, Aces"]
        assert "runout" not in view


def test_holdem_a_hand_won_by_folds_shows_nobody_s_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    holdem_t.rig(monkeypatch, HOLDEM_HOLES, HOLDEM_BOARD, dealer=1)
    e = holdem_t.engine([1000] * 4, dealer=1)
    act(e, "raise 40", "fold", "fold", "fold")
    assert e.outcome is not None
    assert_cards(e, [pairs(h) for h in HOLDEM_HOLES])
    public = e.view(None)
    assert public["board"] == [] and seat_field(public, "hand_name") == [""] * 4
    assert seat_field(public, "stack") == [1015, 1000, 995, 990]


def test_holdem_all_in_runout_shows_every_hand_and_each_street_s_spot(monkeypatch: pytest.MonkeyPatch) -> None:
    holdem_t.rig(monkeypatch, ["AsAd", "KsKd"], HOLDEM_BOARD, dealer=0)
    e = holdem_t.engine([500, 500], dealer=0)
    act(e, "raise 500", "call")
    hands = [["As", "Ad"], ["Ks", "Kd"]]
    assert_cards(e, hands, shown=(0, 1))
    board = pairs(HOLDEM_BOARD)
    handled = e.view(0)["runout"]                  # a view is the caller's to change: the engine keeps its own
    for spot in handled:
        spot["board"].clear()
        spot["hands"][0]["cards"].clear()
        spot["hands"].clear()
    for viewer in viewers(2):
        view = e.view(viewer)
        assert [(spot["street"], spot["board"], spot["hands"]) for spot in view["runout"]] == [
            (street, board[:n], [{"seat": 0, "cards": hands[0]}, {"seat": 1, "cards": hands[1]}])
            for street, n in (("preflop", 0), ("flop", 3), ("turn", 4))]
        assert seat_field(view, "all_in") == [False, True]


def test_omaha_shares_the_holdem_view_four_hole_cards_each(monkeypatch: pytest.MonkeyPatch) -> None:
    holes = ["AsAdKcQc", "KsKd2h3h", "7c7d8c8d"]
    omaha_t.rig(monkeypatch, holes, HOLDEM_BOARD, dealer=0)
    e = omaha_t.engine(omaha_t.OmahaEngine, [1000] * 3, dealer=0)
    hands = [pairs(h) for h in holes]
    assert_cards(e, hands)
    act(e, "call", "call", "check")
    assert_cards(e, hands)
    assert e.view(None)["board"] == pairs(HOLDEM_BOARD)[:3]


# ---------------------------------------------------------------------------------------------
# Five-card draw and seven-card stud (PokerkitHand.view)

DRAW_DEALT = ["AhAdKcQs7h", "9h9cJd8s2s", "5h6h7c8h4d"]


def test_draw_hands_stay_private_through_the_draw_and_a_muck_at_showdown(monkeypatch: pytest.MonkeyPatch) -> None:
    # Button Ann: Bob draws first (three cards: 9s 9d 3c after the burn), then Cat (Ks), Ann stands pat.
    draw_t.rig(monkeypatch, DRAW_DEALT, burn="2c", stub="9s9d3cKsKd")
    e = draw_t.engine(3)
    assert_cards(e, [pairs(h) for h in DRAW_DEALT])
    public = e.view(None)
    assert (public["board"], public["board_slots"]) == ([], 0)
    assert seat_field(public, "is_dealer") == [True, False, False]
    assert seat_field(public, "drew") == [None, None, None]
    assert seat_field(public, "to_act") == [True, False, False]      # Bob and Cat post the blinds
    draw_t.call_round(e)
    e.apply(1, Action("discard", cards=("Jd", "8s", "2s")))
    e.apply(2, Action("discard", cards=("4d",)))
    e.apply(0, Action("stand_pat"))
    after = [pairs("AhAdKcQs7h"), pairs("9h9c9s9d3c"), pairs("5h6h7c8hKs")]
    assert_cards(e, after)
    assert seat_field(e.view(0), "drew") == [0, 3, 1]
    draw_t.call_round(e)
    # Bob's four nines show first and win; Cat and Ann cannot beat them and muck.
    assert_cards(e, after, shown=(1,))
    for viewer in viewers(3):
        view = e.view(viewer)
        assert view["street"] == "showdown" and view["finished"]
        assert seat_field(view, "hand_name") == ["", "Four of a kind, Nines", ""]
        assert seat_field(view, "won") == [0, 30, 0]
        assert seat_field(view, "stack") == [990, 1020, 990]


def test_draw_marks_all_in_only_the_hands_with_no_chips_left_that_did_not_fold(monkeypatch: pytest.MonkeyPatch) -> None:
    draw_t.rig(monkeypatch, DRAW_DEALT, burn="2c", stub="9s9d3cKsKd")
    e = draw_t.engine(3)
    assert seat_field(e.view(None), "all_in") == [False, False, False]
    act(e, "raise 1000", "fold", "call")          # Ann all in, Bob folds, Cat calls all in
    for viewer in viewers(3):
        assert seat_field(e.view(viewer), "all_in") == [True, False, True]
        assert seat_field(e.view(viewer), "folded") == [False, True, False]


STUD_HANDS = ["AsAdKs2h3h4h9c", "KdKh2d7s8s9sJd", "QsQd2c6d6hTcTd"]
STUD_UP = [False, False, True, True, True, True, False]


def test_stud_shows_the_upcards_to_all_and_the_downcards_to_their_owner(monkeypatch: pytest.MonkeyPatch) -> None:
    stud_t.rig(monkeypatch, STUD_HANDS)
    e = stud_t.engine(3)
    third = [pairs(h)[:3] for h in STUD_HANDS]
    assert_cards(e, third, up=[STUD_UP[:3]] * 3)
    public = e.view(None)
    assert seat_field(public, "up") == [STUD_UP[:3]] * 3
    assert seat_field(public, "is_dealer") == [False] * 3
    stud_t.call_down(e)
    # Cat's two pair shows first and wins; Ann and Bob muck: their upcards stay in sight.
    hands = [pairs(h) for h in STUD_HANDS]
    assert_cards(e, hands, shown=(2,), up=[STUD_UP] * 3)
    for viewer in viewers(3):
        view = e.view(viewer)
        assert seat_field(view, "up") == [STUD_UP] * 3
        assert seat_field(view, "hand_name") == ["", "", "Two pair, Queens and Tens"]
        assert (view["board"], view["board_slots"]) == ([], 0)


# ---------------------------------------------------------------------------------------------
# Bridge: dummy shows after the opening lead, a claimer's hand with the claim, all at the end

BRIDGE_N, BRIDGE_E, BRIDGE_S, BRIDGE_W = range(4)


def bridge_hands(played: Sequence[str] = ()) -> list[list[str]]:
    """The known deal's hands in display order, less the cards played."""
    return [sort_hand([c for c in hand if c not in played]) for hand in parse_pbn_deal(bridge_t.DEAL)]


@pytest.mark.parametrize("scoring", ["rubber", "duplicate"])
def test_bridge_each_hand_is_private_through_the_auction_and_dummy_shows_after_the_lead(scoring: str) -> None:
    game = bridge_t.engine(scoring=scoring)
    assert_cards(game, bridge_hands())
    bridge_t.calls(game, "P 1H P P P")          # East declares 1H, West is dummy, South leads
    assert seat_field(game.view(None), "role") == ["defender", "declarer", "defender", "dummy"]
    assert game.view(BRIDGE_S)["leader"] == BRIDGE_S  # the opening lead is declarer's left-hand opponent's
    assert_cards(game, bridge_hands())            # dummy is still face down before the lead
    bridge_t.play(game, "Kd")
    assert_cards(game, bridge_hands(["Kd"]), shown=(BRIDGE_W,))
    for viewer in viewers(4):
        view = game.view(viewer)
        assert view["deal"] is None and view["trick"] == [{"seat": BRIDGE_S, "card": "Kd"}]
        assert (view["contract"], view["declarer"], view["dummy"]) == ("1H", BRIDGE_E, BRIDGE_W)
        assert view["auction_table"] == [["Pass", "1H", "Pass", "Pass"], ["Pass", "", "", ""]]  # North deals
        assert (view["rubber"] is None) == (scoring == "duplicate")


def test_bridge_a_claim_shows_declarer_s_hand_and_the_end_shows_every_deal() -> None:
    game = bridge_t.engine()
    assert seat_field(game.view(None), "role") == [""] * 4
    assert game.view(None)["contract"] is None and game.view(None)["leader"] is None
    bridge_t.calls(game, "P 1H P P P")
    bridge_t.play(game, "Kd")
    game.apply(BRIDGE_E, Action("claim", amount=8))
    assert_cards(game, bridge_hands(["Kd"]), shown=(BRIDGE_W, BRIDGE_E))
    game.apply(BRIDGE_N, Action("reject_claim"))
    assert game.view(None)["phase"] == "play"
    assert_cards(game, bridge_hands(["Kd"]), shown=(BRIDGE_W, BRIDGE_E))  # a shown hand stays shown
    game.apply(BRIDGE_E, Action("claim", amount=8))
    for defender in (BRIDGE_N, BRIDGE_S):
        game.apply(defender, Action("accept_claim"))
    assert game.outcome is not None
    assert_cards(game, bridge_hands(["Kd"]), shown=range(4))    # the hands left, face up
    dealt = [sort_hand(hand) for hand in parse_pbn_deal(bridge_t.DEAL)]
    for viewer in viewers(4):
        view = game.view(viewer)
        assert view["deal"] == dealt and view["finished"]
        assert view["claim"] is None and view["tricks"] == [5, 8]


# ---------------------------------------------------------------------------------------------
# Gin rummy: each hand private until the knock, then both face up with their melds

GIN_DEFENDER = "5c 7c 7d 7h Tc Td Th Ad 3h 6s"
GIN_MELDS = ([["2c", "3c", "4c"], ["9d", "9h", "9s"], ["Js", "Qs", "Ks"]], ["8d"], 8)
"""The knocker's melds, deadwood and its points (8 of diamonds)."""
GIN_DEFENDER_MELDS = ([["7c", "7d", "7h"], ["Tc", "Td", "Th"]], ["5c", "Ad", "3h", "6s"], 5 + 1 + 3 + 6)


def gin_sorted_cards(view: dict[str, Any]) -> list[list[str]]:
    """Each player's cards, in a fixed order (the view lays them out in gin order)."""
    return [sorted(player["cards"]) for player in view["players"]]


def gin_melds(view: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(p["melds"], p["deadwood"], p["deadwood_points"]) for p in view["players"]]


def test_gin_hands_are_private_until_the_knock_shows_both() -> None:
    knocker, defender = gin_t.KNOCKER.split(), GIN_DEFENDER.split()
    e = gin_t.rigged([gin_t.KNOCKER, GIN_DEFENDER], ["Kh"], ["2s"])
    hidden = ([], [], None)
    assert_cards(e, [sorted(knocker), sorted(defender)], cards=gin_sorted_cards)
    assert gin_melds(e.view(None)) == [hidden, hidden]
    assert gin_melds(e.view(0)) == [GIN_MELDS, hidden]
    assert gin_melds(e.view(1)) == [hidden, GIN_DEFENDER_MELDS]
    # The second seat deals the first hand; the other player, Ann, draws first.
    assert seat_field(e.view(None), "is_dealer", key="players") == [False, True]
    assert seat_field(e.view(None), "to_act", key="players") == [True, False]
    e.apply(0, Action("draw_stock"))                  # the stock's top card goes to Ann alone
    assert_cards(e, [sorted(knocker + ["Kh"]), sorted(defender)], cards=gin_sorted_cards)
    for viewer in viewers(2):
        view = e.view(viewer)
        assert (view["stock_count"], view["discard_pile"], view["discard_top"]) == (52 - 22, ["2s"], "2s")
        assert view["showdown"] is None and view["taken_from_discard"] is None
    e.apply(0, Action("knock", cards=("Kh",)))
    assert_cards(e, [sorted(knocker), sorted(defender)], shown=(0, 1), cards=gin_sorted_cards)
    for viewer in viewers(2):
        view = e.view(viewer)
        assert gin_melds(view) == [GIN_MELDS, GIN_DEFENDER_MELDS]
        assert view["showdown"] == {"kind": "knock", "knocker": 0, "discard": "Kh",
                                    "table": GIN_MELDS[0], "layoffs": []}
        assert view["discard_top"] == "Kh" and view["phase"] == "layoff"
        assert seat_field(view, "to_act", key="players") == [False, True]     # Bob lays off
    e.apply(1, layoff_action("5c@0"))                 # Bob's 5 of clubs goes on Ann's 2-3-4
    for viewer in viewers(2):
        view = e.view(viewer)
        assert view["showdown"]["layoffs"] == [{"card": "5c", "meld": 0}]
        assert view["result"] is not None and view["result"].startswith("Ann knocks with 8; Bob has 10")


def test_gin_the_card_taken_from_the_pile_shows_and_the_score_sheet_is_the_view_s_own_copy() -> None:
    earlier_game = {"winner": 0, "points": [104, 20], "shutout": False, "hand_points": [104, 20], "game_bonus": 100,
                    "line_bonus": [75, 25], "totals": [279, 45], "margin": 234}
    earlier_line = {"hand": 1, "winner": 0, "kind": "knock", "points": 12}
    e = gin_t.rigged([gin_t.KNOCKER, GIN_DEFENDER], ["Kh"], ["2s"],
                     carry=gin_t.sheet(games=[earlier_game], lines=[earlier_line]))
    assert e.view(None)["result"] is None
    e.apply(0, Action("draw_discard"))
    for viewer in viewers(2):
        view = e.view(viewer)
        assert (view["taken_from_discard"], view["discard_pile"], view["discard_top"]) == ("2s", [], None)
        assert seat_field(view, "picked", key="players") == [["2s"], []]
    handed = e.view(0)["score"]                       # a view is the caller's to change: the engine keeps its own
    handed["lines"][0]["points"] = 0
    handed["games"][0]["totals"][0] = 0
    assert (e.view(None)["score"]["lines"], e.view(None)["score"]["games"]) == ([earlier_line], [earlier_game])


# ---------------------------------------------------------------------------------------------
# Presidential Poker: a card shows its symbols only where it may be seen, and the hand it makes

def presidential_codes(view: dict[str, Any]) -> list[list[str]]:
    return [[card["code"] for card in seat["cards"]] for seat in view["seats"]]


def assert_presidential_cards_as_dealt(view: dict[str, Any]) -> None:
    """A face-up card carries the symbols and kingdom the pack gives it; a face-down one nothing."""
    for seat in view["seats"]:
        for card in seat["cards"]:
            if card["code"] == HIDDEN:
                assert card == {"code": HIDDEN, "symbols": None, "kingdom": None, "chosen": None}
            else:
                known = BY_CODE[card["code"]]
                assert card["symbols"] == dict(zip(CATEGORIES, known.symbols))
                assert card["kingdom"] == known.kingdom and card["chosen"] in CATEGORIES


def assert_presidential_hands(e: Any, shown: Sequence[int]) -> None:
    """Each viewer sees the ranked hand of its own seat and of the hands shown, no other."""
    for viewer in viewers(len(e.seats)):
        view = e.view(viewer)
        assert_presidential_cards_as_dealt(view)
        ranks = [seat["hand"]["rank"] if seat["hand"] else None for seat in view["seats"]]
        assert ranks == [evaluate(hand).rank.code if s == viewer or s in shown else None
                         for s, hand in enumerate(e.hands)], f"viewer {viewer}"


def test_presidential_hands_are_private_until_the_showdown_and_a_fold_stays_hidden() -> None:
    e = presidential_t.engine()
    dealt = [list(hand) for hand in e.hands]
    assert_cards(e, dealt, cards=presidential_codes)
    assert_presidential_hands(e, shown=())
    start = e.view(None)
    assert seat_field(start, "is_dealer") == [True, False, False]
    assert seat_field(start, "to_act") == [False, True, False]      # left of the dealer
    assert start["bet_size"] == 2                                      # the small bet, before the draw
    assert (start["opener"], start["deck_left"]) == (None, len(BY_CODE) - 3 * 7)
    e.apply(1, Action("bet", amount=2))
    assert seat_field(e.view(None), "bet") == [0, 2, 0]
    assert e.view(None)["opener"] == 1                                # Bob opened
    e.apply(2, Action("call"))
    e.apply(0, Action("fold"))
    assert seat_field(e.view(None), "bet") == [0, 0, 0]             # the draw: no bets
    assert (e.view(None)["current_bet"], e.view(None)["opener"]) == (0, 1)
    e.apply(1, Action("discard", cards=("C56", "C26")))
    e.apply(2, Action("discard"))
    after_draw = [list(hand) for hand in e.hands]
    assert_cards(e, after_draw, cards=presidential_codes)
    assert seat_field(e.view(None), "drew") == [None, 2, 0]
    assert (e.view(None)["phase"], e.view(None)["bet_size"]) == ("betting2", 4)   # the big bet, after the draw
    assert (e.view(None)["opener"], e.view(None)["deck_left"]) == (1, len(BY_CODE) - 3 * 7 - 2)
    e.apply(1, Action("bet", amount=4))
    assert e.view(None)["current_bet"] == 4
    e.apply(2, Action("call"))
    # Bob and Cy met every bet: both show; Ann folded and is never shown.
    assert_cards(e, after_draw, shown=(1, 2), cards=presidential_codes)
    assert_presidential_hands(e, shown=(1, 2))
    assert seat_field(e.view(0), "folded") == [True, False, False]
    # Antes of 1, Bob's opening 2 called by Cy, his 4 called: 15 in the pot, which Ann cannot win.
    assert seat_field(e.view(None), "in_pot") == [1, 7, 7]
    assert e.view(None)["pots"] == [{"amount": 15, "eligible": [1, 2]}]


def test_presidential_a_bet_nobody_meets_shows_no_hand() -> None:
    e = presidential_t.engine()
    e.apply(1, Action("bet", amount=2))
    e.apply(2, Action("fold"))
    e.apply(0, Action("fold"))
    assert e.outcome is not None
    assert_cards(e, [list(hand) for hand in e.hands], cards=presidential_codes)
    assert_presidential_hands(e, shown=())


# ---------------------------------------------------------------------------------------------
# Saint Poker: a choice stays with its chooser until every seat has chosen

SAINT_HANDS = ["As Ah Ad 2c 3c 4c 5c 6c 7c 8c", "2d Th Jh 9c Tc Jc Kc Ac 3d 4d"]
SAINT_RIVERS = "7h 8s 9d 5s 6s Qc"


def saint_hand_sets(view: dict[str, Any]) -> tuple[set[str], set[str]]:
    return set(view["hand"]), set(view["pending"])


def assert_saint_sees(e: SaintEngine, public: set[str], hands: Sequence[set[str]],
                      pending: Sequence[set[str]]) -> None:
    """Each seat sees the public cards, its own hand and its own choice; a spectator the public cards."""
    for viewer in viewers(2):
        view = e.view(viewer)
        assert shape_errors(view, SaintView) == [] and view["viewer"] == viewer
        own = (hands[viewer], pending[viewer]) if viewer is not None else (set(), set())
        assert saint_hand_sets(view) == own, f"viewer {viewer}"
        assert view_cards(view) == public | own[0] | own[1], f"viewer {viewer}"


def test_saint_hands_and_choices_stay_private_until_everyone_has_chosen() -> None:
    deck = saint_t.deck_for(SAINT_HANDS, SAINT_RIVERS)
    e = SaintEngine({"deck": deck}, saint_t.seats(2), saint_t.seed_of(1))
    ann, bob = (set(h.split()) for h in SAINT_HANDS)
    rivers = SAINT_RIVERS.split()
    public = set(rivers)                          # this round's river so far and the next round's
    assert_saint_sees(e, public, [ann, bob], [set(), set()])
    e.apply(0, Action("river", cards=("As",)))
    assert_saint_sees(e, public, [ann - {"As"}, bob], [{"As"}, set()])
    assert seat_field(e.view(None), "chosen") == [True, False]
    assert e.view(None)["pickup_pool"] == []
    assert seat_field(e.view(1), "river_card") == [None, None]
    e.apply(1, Action("river", cards=("2d",)))
    public |= {"As", "2d"}
    ann, bob = ann - {"As"}, bob - {"2d"}
    assert_saint_sees(e, public, [ann, bob], [set(), set()])
    assert seat_field(e.view(None), "river_card") == ["As", "2d"]
    e.apply(0, Action("reveal", cards=("Ah", "Ad")))
    assert_saint_sees(e, public, [ann - {"Ah", "Ad"}, bob], [{"Ah", "Ad"}, set()])
    assert seat_field(e.view(1), "revealed") == [[], []]
    assert e.view(None)["pickup_pool"] == []      # the river lies there, but nothing is picked up yet
    assert seat_field(e.view(0), "hand_name") == ["", ""]
    e.apply(1, Action("reveal", cards=("Th", "Jh")))
    public |= {"Ah", "Ad", "Th", "Jh"}
    ann, bob = ann - {"Ah", "Ad"}, bob - {"Th", "Jh"}
    assert_saint_sees(e, public, [ann, bob], [set(), set()])
    for viewer in viewers(2):
        view = e.view(viewer)
        assert sorted(map(sorted, seat_field(view, "revealed"))) == [["Ad", "Ah"], ["Jh", "Th"]]
        assert seat_field(view, "hand_name") == ["Three of a Kind", "Straight"]
        assert set(view["pickup_pool"]) == set(rivers[:3]) | {"As", "2d", "Ah", "Ad", "Th", "Jh"}
    e.apply(0, Action("pickup", cards=("As",)))
    assert seat_field(e.view(None), "picked") == [["As"], []]
    assert_saint_sees(e, public, [ann | {"As"}, bob], [set(), set()])


# ---------------------------------------------------------------------------------------------
# Sigma Poker: face-down cards and the card in hand show to their owner, at showdown to all

def sigma_codes(view: dict[str, Any]) -> list[list[str]]:
    """Each seat's laid cards, then the card in its hand if it holds one."""
    return [[card["code"] for card in seat["cards"]] + ([seat["in_hand"]["code"]] if seat["in_hand"] else [])
            for seat in view["seats"]]


def sigma_laid(e: Any) -> tuple[list[list[str]], list[list[bool]]]:
    """The cards each seat holds as dealt and placed (the card in hand last, face down), and which are face up."""
    codes = [[layer.code for layer in layers] + ([card] if card else []) for layers, card in zip(e.layers, e.in_hand)]
    up = [[layer.face_up for layer in layers] + ([False] if card else []) for layers, card in zip(e.layers, e.in_hand)]
    return codes, up


def assert_sigma_shapes_only_where_seen(view: dict[str, Any]) -> None:
    for seat in view["seats"]:
        for card in seat["cards"] + ([seat["in_hand"]] if seat["in_hand"] else []):
            assert (card["cells"] is None) == (card["code"] == HIDDEN)


def test_sigma_face_down_cards_and_the_card_in_hand_stay_with_their_owner() -> None:
    e = sigma_t.new()
    start = e.view(None)
    assert (start["phase"], start["bet_size"], start["current_bet"], start["ante"]) == ("betting1", 2, 0, 1)
    sigma_t.play(e, sigma_t.SCRIPT[:6])  # seat 1 laid S52 face down; seat 2 holds S37, not placed yet
    codes, up = sigma_laid(e)
    assert codes == [["S30"], ["S04", "S27", "S52"], ["S20", "S23", "S37"]]
    assert up == [[True], [True, True, False], [True, True, False]]
    assert_cards(e, codes, up=up, cards=sigma_codes)
    for viewer in viewers(3):
        view = e.view(viewer)
        assert_sigma_shapes_only_where_seen(view)
        assert [card["code"] for card in view["designated"]["cards"]] == ["S14", "S29"]
        assert seat_field(view, "step") == [None, None, "third"]
        assert seat_field(view, "to_act") == [False, False, True]
        assert seat_field(view, "is_dealer") == [True, False, False]
        assert seat_field(view, "bet") == [0, 0, 0]           # no betting during the placement
        assert view["current_bet"] == 0
        # Bob's card beside his base card (columns 1-2) covers columns 0-2: a frame; Cy's lies across
        # two rows only; Ann has her base card alone.
        assert seat_field(view, "frame") == [None, 0, None]
        assert [(card["col"], card["row"], card["rotation"], card["face_up"]) for card in view["designated"]["cards"]] \
            == [(0, 0, 0, True), (1, 0, 0, True)]
    sigma_t.play(e, sigma_t.SCRIPT[6:])
    codes, up = sigma_laid(e)
    assert_cards(e, codes, shown=(0, 1, 2), cards=sigma_codes)     # the showdown turns every card up
    for viewer in viewers(3):
        assert_sigma_shapes_only_where_seen(e.view(viewer))
        assert all(score is not None for score in seat_field(e.view(viewer), "score"))


def test_sigma_a_fold_before_the_showdown_keeps_that_face_down_card_hidden() -> None:
    e = sigma_t.new()
    sigma_t.play(e, sigma_t.SCRIPT[:9])
    assert (e.view(None)["phase"], e.view(None)["bet_size"]) == ("betting2", 4)   # twice the small bet
    e.apply(1, Action("bet", amount=4))
    assert e.view(None)["current_bet"] == 4
    assert seat_field(e.view(None), "bet") == [0, 4, 0]
    assert seat_field(e.view(0), "to_act") == [False, False, True]
    sigma_t.play(e, [(2, Action("fold")), (0, Action("call"))])
    assert seat_field(e.view(2), "in_pot") == [1 + 4, 1 + 4, 1]     # the ante, then Bob's bet and Ann's call
    codes, up = sigma_laid(e)
    assert e.view(None)["phase"] == "showdown"
    assert_cards(e, codes, shown=(0, 1), up=up, cards=sigma_codes)
    for viewer in viewers(3):
        view = e.view(viewer)
        assert_sigma_shapes_only_where_seen(view)
        assert seat_field(view, "score")[2] is None and seat_field(view, "matching")[2] is None
        assert seat_field(view, "folded") == [False, False, True]


# ---------------------------------------------------------------------------------------------
# Squared: a card placed shows on its owner's grid alone until both have placed

def squared_bet_through(e: Any) -> None:
    """Both players check or call until the round's betting is over."""
    while e.phase == "bet":
        seat = e.to_act()[0]
        e.apply(seat, squared_t.passive(e, seat))


def test_squared_hands_are_private_and_a_placed_card_shows_only_to_its_owner_until_both_placed() -> None:
    seed = squared_t.seed_of(7)
    deck = shuffled_deck(seed)
    hands = [deck[0:8:2], deck[1:8:2]]                # dealt one at a time, Ann first
    e = squared_t.new(seed)
    assert_cards(e, hands, cards=lambda view: view["hands"])
    assert e.view(None)["bets"] == [0, 0]                 # no betting while the cards are placed
    e.apply(0, Action("place", cards=(hands[0][0],), target="E"))
    assert_cards(e, [hands[0][1:], hands[1]], cards=lambda view: view["hands"])
    empty = [None] * 9
    mine = [None] * 4 + [hands[0][0]] + [None] * 4
    assert e.view(0)["grids"] == [mine, empty]
    assert e.view(1)["grids"] == e.view(None)["grids"] == [empty, empty]
    e.apply(1, Action("place", cards=(hands[1][0],), target="A"))
    left = [hands[0][1:], hands[1][1:]]
    assert_cards(e, left, cards=lambda view: view["hands"])
    for viewer in viewers(2):
        assert e.view(viewer)["grids"] == [mine, [hands[1][0]] + [None] * 8]
        assert e.view(viewer)["last_showdown"] is None
    squared_bet_through(e)
    # The showdown shows both three-card hands to everyone; the next round's cards are private again.
    assert e.view(None)["round"] == 2
    next_hands = [deck[8:16:2], deck[9:16:2]]
    assert_cards(e, next_hands, cards=lambda view: view["hands"])
    for viewer in viewers(2):
        shown = e.view(viewer)["last_showdown"]
        assert [sorted(hand) for hand in shown["hands"]] == [sorted(hand) for hand in left]
        assert shown["folded"] is None


def test_squared_a_fold_shows_neither_hand() -> None:
    seed = squared_t.seed_of(7)
    deck = shuffled_deck(seed)
    e = squared_t.new(seed)
    e.apply(0, Action("place", cards=(deck[0],), target="A"))
    e.apply(1, Action("place", cards=(deck[1],), target="A"))
    assert e.view(None)["bets"] == [0, 0]
    bettor = e.to_act()[0]
    e.apply(bettor, Action("bet", amount=5))
    assert e.view(None)["bets"] == [5 if seat == bettor else 0 for seat in (0, 1)]
    folder = e.to_act()[0]
    e.apply(folder, Action("fold"))
    for viewer in viewers(2):
        shown = e.view(viewer)["last_showdown"]
        assert (shown["hands"], shown["ranks"], shown["folded"]) == ([[], []], ["", ""], folder)
    assert_cards(e, [deck[8:16:2], deck[9:16:2]], cards=lambda view: view["hands"])


def test_stud_all_in_runout_lists_each_street_s_hands_as_dealt(monkeypatch: pytest.MonkeyPatch) -> None:
    stud_t.rig(monkeypatch, STUD_HANDS[:2])
    e = stud_t.engine(2, stack=3)                 # an ante of 1, then the bring-in of 2 is all in
    stud_t.call_down(e)
    hands = [pairs(h) for h in STUD_HANDS[:2]]
    assert_cards(e, hands, shown=(0, 1))
    streets = ["third street", "fourth street", "fifth street", "sixth street"]
    for viewer in viewers(2):
        runout = e.view(viewer)["runout"]
        assert [(spot["street"], spot["board"], spot["hands"]) for spot in runout] == [
            (street, [], [{"seat": 0, "cards": hands[0][:n]}, {"seat": 1, "cards": hands[1][:n]}])
            for n, street in enumerate(streets, start=3)]


def test_squared_the_match_end_shows_the_last_grid_scoring_and_stops_the_clock() -> None:
    e = squared_t.new(squared_t.seed_of(9), rounds=9)
    grids: list[list[str | None]] = []

    while e.outcome is None:
        seat = e.to_act()[0]
        e.apply(seat, squared_t.passive(e, seat))
        if e.outcome is None and e.view(None)["round"] > 1:
            view = e.view(None)
            assert view["result"] == "" and len(view["log"]) == 8      # the last 8 lines of a longer log
            if e.phase == "bet" and all(None not in grid for grid in view["grids"]):
                grids[:] = view["grids"]
    for viewer in viewers(2):
        view = e.view(viewer)
        assert (view["phase"], view["time_limit"], view["result"]) == ("over", 0, e.outcome.summary)
        last = view["last_grid"]
        assert last is not None and last["round"] == 9
        assert [line["hands"] for line in last["lines"]] == [
            [[grid[CELLS.index(cell)] for cell in cells] for grid in grids] for cells in LINES]
