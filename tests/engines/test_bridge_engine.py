"""The bridge engine: auction rules, declarer, play rules, claims, views, rubber and duplicate."""
from __future__ import annotations

import json
import random

import pytest
from endplay.parsers import pbn as pbn_format
from endplay.types import Bid
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.base import HIDDEN, Action, IllegalAction, NotYourTurn, Seat
from bot.games.bridge import BridgeEngine, card_code
from bot.games.bridge_scoring import ContractResult, TableResult, results_table
from bot.games.cards import DECK, shuffled_deck

SEATS = [Seat("Ann"), Seat("Bob"), Seat("Cat"), Seat("Dan")]
N, E, S, W = range(4)

# N: S 974 H AJ3 D 63 C AK963      E: S K83 H K9752 D 7 C 8752
# S: S AQJ5 H T864 D KJ94 C 4      W: S T62 H Q D AQT852 C QJT
DEAL = "N:974.AJ3.63.AK963 K83.K9752.7.8752 AQJ5.T864.KJ94.4 T62.Q.AQT852.QJT"
# North holds all five spade honours, four heart honours and the four aces.
HONOURS_DEAL = "N:AKQJT.AKQJ.AKQ.A 98765.T98.JT9.KQ 432.765.8765.JT9 .432.432.8765432"


def engine(deal: str | None = DEAL, carry: dict | None = None, **settings: object) -> BridgeEngine:
    if deal is not None:
        settings["deal"] = deal
    return BridgeEngine(settings, SEATS, "5eed" * 16, carry or {})


def calls(game: BridgeEngine, text: str) -> list[str]:
    """Make the calls in ``text`` ("1H P 2H X XX P P P") from whoever is to act."""
    log: list[str] = []
    for call in text.split():
        seat = game.to_act()[0]
        if call == "P":
            log += game.apply(seat, Action("pass"))
        elif call == "X":
            log += game.apply(seat, Action("double"))
        elif call == "XX":
            log += game.apply(seat, Action("redouble"))
        else:
            log += game.apply(seat, Action("bid", target=call))
    return log


def play(game: BridgeEngine, *cards: str) -> None:
    for card in cards:
        game.apply(game.to_act()[0], Action("play", cards=(card,)))


def lead_and_claim(game: BridgeEngine, tricks: int) -> None:
    """Opening lead (lowest card), then declarer claims on dummy's turn; both defenders accept."""
    leader = game.to_act()[0]
    game.apply(leader, game.timeout_action(leader))
    declarer = game.to_act()[0]
    assert declarer == game.declarer
    game.apply(declarer, Action("claim", amount=tricks))
    for defender in game.to_act():
        game.apply(defender, Action("accept_claim"))


# ---------------------------------------------------------------------------------------------
# Auction


def test_insufficient_bid_is_refused() -> None:
    game = engine()
    calls(game, "1NT")
    with pytest.raises(IllegalAction, match="higher than 1NT"):
        game.apply(E, Action("bid", target="1S"))
    with pytest.raises(IllegalAction, match="higher than 1NT"):
        game.apply(E, Action("bid", target="1NT"))
    game.apply(E, Action("bid", target="2C"))
    bid_spec = next(s for s in game.legal_actions(S) if s.kind == "bid")
    assert bid_spec.choices[0] == "2D" and bid_spec.choices[-1] == "7NT"


def test_unknown_bid_is_refused() -> None:
    game = engine()
    for target in ("8C", "1Z", None, "NT"):
        with pytest.raises(IllegalAction, match="1-7"):
            game.apply(N, Action("bid", target=target))


def test_double_only_an_opponents_undoubled_bid() -> None:
    game = engine()
    with pytest.raises(IllegalAction):
        game.apply(N, Action("double"))                   # nothing to double
    calls(game, "1H P")
    with pytest.raises(IllegalAction, match="opponents"):
        game.apply(S, Action("double"))                   # partner's bid
    assert "double" not in {spec.kind for spec in game.legal_actions(S)}
    calls(game, "P")
    assert "double" in {spec.kind for spec in game.legal_actions(W)}
    calls(game, "X")
    with pytest.raises(IllegalAction):
        game.apply(N, Action("double"))                   # already doubled


def test_redouble_only_your_sides_doubled_bid() -> None:
    game = engine()
    calls(game, "1H")
    with pytest.raises(IllegalAction, match="redouble"):
        game.apply(E, Action("redouble"))                 # no double yet
    calls(game, "X")
    assert "redouble" in {spec.kind for spec in game.legal_actions(S)}
    calls(game, "P")
    with pytest.raises(IllegalAction, match="redouble"):
        game.apply(W, Action("redouble"))                 # partner's own double
    calls(game, "P XX P P P")
    assert game.phase == "play"
    assert game.view(None)["contract"] == "1HXX"


def test_a_double_is_cancelled_by_a_later_bid() -> None:
    game = engine()
    calls(game, "1H X 2H P P P")
    assert game.view(None)["contract"] == "2H"


def test_four_passes_pass_the_board_out() -> None:
    game = engine(deal=None)
    calls(game, "P P P")
    assert game.phase == "auction" and game.to_act() == (W,)
    log = calls(game, "P")
    assert "Passed out." in log
    outcome = game.outcome
    assert outcome is not None
    assert outcome.deltas == (0, 0, 0, 0) and outcome.summary == "Passed out: 0"
    assert outcome.carry["rubber"]["dealer"] == E      # the deal passes to the left
    assert game.view(None)["score"] == 0
    assert engine(deal=None, carry=dict(outcome.carry)).to_act() == (E,)


def test_auction_continues_after_three_opening_passes() -> None:
    game = engine()
    calls(game, "P P P 1C P P P")
    assert game.declarer == W


@pytest.mark.parametrize("auction, declarer, contract", [
    ("1S P 2H P 3H P 4H P P P", S, "4H"),         # South named hearts first, not North
    ("1H P 1S P 1NT P 3NT P P P", N, "3NT"),      # North bid notrump first
    ("1C 1H 1S 2H P 4H P P P", E, "4H"),          # the other side declares
    ("P 1D P 1H P 1NT X XX P P P", E, "1NTXX"),
    ("1C P P 1S 2C 2S X P P P", W, "2SX"),
])
def test_declarer_is_first_of_the_side_to_name_the_denomination(
        auction: str, declarer: int, contract: str) -> None:
    game = engine()
    calls(game, auction)
    assert game.declarer == declarer
    view = game.view(None)
    assert view["contract"] == contract and view["declarer"] == declarer
    assert view["dummy"] == (declarer + 2) % 4
    assert game.to_act() == ((declarer + 1) % 4,)       # opening lead by declarer's LHO


def test_auction_table_starts_under_the_dealer() -> None:
    game = engine(deal=None, scoring="duplicate", board=3)          # dealer South
    calls(game, "1C P 1H P P P")
    table = game.view(None)["auction_table"]
    assert table == [["", "", "1C", "Pass"], ["1H", "Pass", "Pass", "Pass"]]


# ---------------------------------------------------------------------------------------------
# Play


def test_dummy_is_exposed_after_the_lead_and_declarer_plays_it() -> None:
    game = engine()
    calls(game, "P 1H P P P")                            # 1H by East, South leads, West dummy
    assert all(card == HIDDEN for card in game.view(None)["seats"][W]["cards"])
    assert all(card == HIDDEN for card in game.view(E)["seats"][W]["cards"])
    play(game, "Kd")
    public = game.view(None)
    assert public["seats"][W]["cards"][:3] == ["Ts", "6s", "2s"]    # sorted by suit, ace down
    assert all(card == HIDDEN for card in public["seats"][E]["cards"])
    assert game.to_act() == (E,) and public["turn"] == W
    with pytest.raises(NotYourTurn, match="Declarer plays dummy"):
        game.apply(W, Action("play", cards=("2d",)))
    with pytest.raises(IllegalAction, match="Dummy does not hold"):
        game.apply(E, Action("play", cards=("7d",)))
    assert [s.label for s in game.legal_actions(E)][0] == "Play from dummy"
    game.apply(E, Action("play", cards=("2d",)))
    assert game.play[-1] == (W, "2d")


def test_follow_suit_and_trumps() -> None:
    game = engine()
    calls(game, "P 1H P P P")
    play(game, "Kd", "2d", "6d")
    with pytest.raises(IllegalAction, match="follow suit: play one of the diamonds"):
        game.apply(E, Action("play", cards=("Ks",)))
    with pytest.raises(IllegalAction, match="You do not hold"):
        game.apply(E, Action("play", cards=("As",)))
    play(game, "7d")                                      # South's king wins
    assert game.leader == S and game.won == [1, 0]
    play(game, "Jd", "5d", "3d")
    assert next(s for s in game.legal_actions(E) if s.kind == "play").choices == tuple(
        sorted(game.hands[E], key=lambda c: ("shdc".index(c[1]), -"23456789TJQKA".index(c[0]))))
    play(game, "2h")                                      # East is void: ruffs
    assert game.leader == E and game.won == [1, 1]
    view = game.view(None)
    assert view["last_trick"] == [{"seat": S, "card": "Jd"}, {"seat": W, "card": "5d"},
                                  {"seat": N, "card": "3d"}, {"seat": E, "card": "2h"}]
    assert view["last_trick_winner"] == E and view["tricks"] == [1, 1]


def test_notrump_trick_goes_to_the_highest_card_of_the_suit_led() -> None:
    game = engine()
    calls(game, "1NT P P P")                              # North declares, East leads
    play(game, "2c", "4c", "Jc", "Ac")                    # South (dummy) has only one club
    assert game.leader == N


def test_a_full_board_is_scored() -> None:
    game = engine()
    calls(game, "P 1H P P P")
    while game.outcome is None:
        seat = game.to_act()[0]
        game.apply(seat, game.timeout_action(seat))
    view = game.view(None)
    assert len(view["play"]) == 52 and sum(view["tricks"]) == 13
    ew = view["tricks"][1]
    expected = ContractResult(1, "H", 0, E, ew)
    assert view["result"].startswith(expected.text())
    assert view["deal"] is not None and sorted(sum(view["deal"], [])) == sorted(DECK)


# ---------------------------------------------------------------------------------------------
# Claims


def test_claim_accepted_ends_the_board() -> None:
    game = engine()
    calls(game, "P 1H P P P")
    play(game, "Kd")
    with pytest.raises(IllegalAction, match="0 to 13"):
        game.apply(E, Action("claim", amount=14))
    game.apply(E, Action("claim", amount=8))
    assert game.to_act() == (S, N)
    assert game.view(None)["claim"] == {"seat": E, "tricks": 8, "accepted": []}
    assert HIDDEN not in game.view(None)["seats"][E]["cards"]    # claimer shows the hand
    with pytest.raises(NotYourTurn):
        game.apply(E, Action("play", cards=("Ks",)))
    game.apply(N, Action("accept_claim"))
    assert game.to_act() == (S,)
    game.apply(S, Action("accept_claim"))
    outcome = game.outcome
    assert outcome is not None and game.view(None)["tricks"] == [5, 8]
    assert outcome.summary == "1H by E making 2: +60"
    assert "*" in game.pbn()                                       # PBN marks the claim


def test_claim_rejected_plays_on_with_declarers_hand_shown() -> None:
    game = engine()
    calls(game, "P 1H P P P")
    play(game, "Kd")
    game.apply(E, Action("claim", amount=13))
    game.apply(S, Action("reject_claim"))
    assert game.phase == "play" and game.to_act() == (E,)
    assert game.view(None)["claim"] is None
    assert HIDDEN not in game.view(None)["seats"][E]["cards"]
    play(game, "2d", "6d", "7d")
    assert game.won == [1, 0]


def test_a_defender_claims_out_of_turn_and_declarer_answers_for_dummy() -> None:
    """Law 68: any player but dummy may claim or concede at any time in the play."""
    game = engine()
    calls(game, "P 1H P P P")                  # East declares, West is dummy, South leads
    assert "claim" not in {spec.kind for spec in game.legal_actions(W)}
    with pytest.raises(IllegalAction, match="Dummy takes no part"):
        game.apply(W, Action("claim", amount=5))
    play(game, "Kd")                           # West (dummy) to play: declarer's turn
    assert game.to_act() == (E,) and "claim" in {spec.kind for spec in game.legal_actions(N)}
    game.apply(N, Action("claim", amount=6))   # North claims out of turn for North-South
    assert game.to_act() == (E,) and game.view(None)["claim"] == {"seat": N, "tricks": 6, "accepted": []}
    assert HIDDEN not in game.view(E)["seats"][N]["cards"], "the claimer shows the hand"
    assert game.view(None)["seats"][S]["cards"].count(HIDDEN) > 0, "the claimer's partner does not"
    game.apply(E, Action("accept_claim"))
    assert game.won == [6, 7] and game.result is not None and game.result.tricks == 7


def test_a_concession_gives_the_rest_and_tricks_already_won_cannot_be_given() -> None:
    game = engine()
    calls(game, "P 1H P P P")
    play(game, "Kd", "Ad", "3d", "7d")         # East-West win the first trick
    with pytest.raises(IllegalAction, match="Claim a total of 1 to 13"):
        game.apply(E, Action("claim", amount=0))
    assert game.apply(S, Action("claim", amount=0))[0].startswith("Cat (S) concedes the rest")
    game.apply(E, Action("accept_claim"))
    assert game.won == [0, 13]


def test_a_rejected_claim_at_an_event_table_is_ruled_by_double_dummy() -> None:
    game = BridgeEngine({"scoring": "duplicate", "board": 1, "event": "club"}, SEATS, "05" * 32, {})
    while game.phase == "auction":
        game.apply(game.to_act()[0], Action("pass") if game.calls else Action("bid", target="3NT"))
    declarer = game.declarer
    assert declarer is not None
    game.apply(declarer, Action("claim", amount=13))
    for defender in game.to_act()[:1]:
        game.apply(defender, Action("reject_claim"))
    assert game.ruling and game.to_act() == (declarer,)
    with pytest.raises(NotYourTurn, match="ruling"):
        game.apply((declarer + 1) % 4, Action("play", cards=("2c",)))
    ruling = game.ruling_action()
    assert ruling.kind == "rule" and 0 <= ruling.amount <= 13
    lines = game.apply(declarer, ruling)
    assert lines[0].startswith("The director rules:") and game.outcome is not None
    assert game.won[declarer % 2] == ruling.amount and sum(game.won) == 13


# ---------------------------------------------------------------------------------------------
# Views, timeouts, PBN, dealing


def test_public_view_never_shows_a_hidden_hand_during_the_auction() -> None:
    game = engine()
    calls(game, "1NT P")
    public = game.view(None)
    assert all(card == HIDDEN for seat in public["seats"] for card in seat["cards"])
    own = game.view(S)
    assert HIDDEN not in own["seats"][S]["cards"]
    assert all(card == HIDDEN for i in (N, E, W) for card in own["seats"][i]["cards"])
    assert public["deal"] is None and public["score"] is None


def test_timeouts() -> None:
    game = engine()
    assert game.timeout_action(N) == Action("pass")
    with pytest.raises(NotYourTurn):
        game.timeout_action(E)
    calls(game, "P 1H P P P")
    play(game, "Kd")
    assert game.timeout_action(E) == Action("play", cards=("2d",))   # dummy's lowest diamond
    game.apply(E, Action("claim", amount=9))
    assert game.timeout_action(S) == Action("reject_claim")


def test_pbn_export_round_trips_through_endplay() -> None:
    game = engine(scoring="duplicate", board=7)
    calls(game, "P P 1H X 2H P P P")      # board 7: dealer South; North named hearts first
    while game.outcome is None:
        seat = game.to_act()[0]
        game.apply(seat, game.timeout_action(seat))
    text = game.pbn()
    board = pbn_format.loads(text)[0]
    assert board.deal.to_pbn() == DEAL
    assert board.auction == [Bid(call) for call in "P P 1H X 2H P P P".split()]
    assert [card_code(c) for c in board.play] == [c for _, c in game.play]
    assert board.board_num == 7 and board.info["North"] == "Ann"
    assert board.claimed is False                                  # played out: no claim marked
    assert board.contract.level == 2 and board.contract.declarer.abbr == "N"
    assert board.contract.result == game.result.overtricks  # type: ignore[union-attr]
    assert f'[Score "NS {game.view(None)["score"]}"]' in text


def test_cards_are_dealt_from_the_seeded_deck_starting_left_of_the_dealer() -> None:
    game = engine(deal=None, scoring="duplicate", board=2)          # dealer East
    deck = shuffled_deck("5eed" * 16)
    assert game.dealt[S][0] == deck[0] and game.dealt[W][0] == deck[1]
    assert game.dealt[E][-1] == deck[51]
    assert sorted(sum(game.dealt, [])) == sorted(DECK)


def test_bad_deal_setting_is_refused() -> None:
    with pytest.raises(ValueError, match="13 different cards"):
        engine(deal="N:AKQ.AKQ.AKQ.AKQJ - - -")


# ---------------------------------------------------------------------------------------------
# Rubber and duplicate through the engine


def test_two_nil_rubber_through_the_engine() -> None:
    game = engine(HONOURS_DEAL)
    calls(game, "4S P P P")
    lead_and_claim(game, 12)
    first = game.outcome
    assert first is not None and not first.match_over
    assert first.summary == "4S by N making 6: +180; NS honours 150; NS win a game"
    game = engine(HONOURS_DEAL, carry=dict(first.carry))
    view = game.view(None)
    assert view["vulnerable"] == [True, False] and view["dealer"] == E and view["board"] == 2
    calls(game, "P P P 3NT P P P")
    lead_and_claim(game, 9)
    final = game.outcome
    assert final is not None and final.match_over
    assert final.ranking == (0, 1, 0, 1)
    rubber = game.view(None)["rubber"]
    assert rubber["totals"] == [120 + 60 + 150 + 100 + 150 + 700, 0]
    assert rubber["finished"] and len(rubber["sheet"]) == 2
    assert "rubber over" in final.summary
    fresh = engine(HONOURS_DEAL, carry=dict(final.carry)).view(None)
    assert fresh["rubber"]["totals"] == [0, 0] and fresh["dealer"] == S


def test_two_one_rubber_through_the_engine() -> None:
    game = engine(HONOURS_DEAL)
    calls(game, "4S P P P")                                   # NS game, NS spade honours 150
    lead_and_claim(game, 10)
    game = engine(HONOURS_DEAL, carry=dict(game.outcome.carry))   # type: ignore[union-attr]
    calls(game, "4H P P P")                                   # East deals and declares
    lead_and_claim(game, 10)                                  # EW game; NS heart honours 100
    assert game.view(None)["rubber"]["games"] == [1, 1]
    game = engine(HONOURS_DEAL, carry=dict(game.outcome.carry))   # type: ignore[union-attr]
    assert game.view(None)["vulnerable"] == [True, True]
    calls(game, "P P 3NT P P P")                              # South deals
    lead_and_claim(game, 9)
    outcome = game.outcome
    assert outcome is not None and outcome.match_over and outcome.ranking == (0, 1, 0, 1)
    totals = game.view(None)["rubber"]["totals"]
    assert totals == [120 + 150 + 100 + 100 + 150 + 500, 120]


def test_duplicate_same_deal_at_two_tables() -> None:
    tables = []
    for auction, tricks in (("4S P P P", 11), ("6S P P P", 12)):
        game = engine(HONOURS_DEAL, scoring="duplicate", board=5)   # dealer N, NS vulnerable
        calls(game, auction)
        lead_and_claim(game, tricks)
        outcome = game.outcome
        assert outcome is not None and outcome.carry == {"board": 6}
        assert game.result is not None
        tables.append(game)
    assert [g.view(None)["score"] for g in tables] == [650, 1430]
    assert tables[0].outcome.summary == "4S by N making 5: +650"   # type: ignore[union-attr]
    rows = results_table(5, [TableResult(f"Table {i + 1}", g.result)  # type: ignore[arg-type]
                             for i, g in enumerate(tables)])
    assert [r["ns_imps"] for r in rows] == [-13.0, 13.0]
    assert [r["ns_mp"] for r in rows] == [0, 2]


def test_duplicate_board_number_comes_from_carry() -> None:
    game = engine(deal=None, scoring="duplicate", carry={"board": 4})
    view = game.view(None)
    assert view["board"] == 4 and view["dealer"] == W and view["vulnerable"] == [True, True]


# ---------------------------------------------------------------------------------------------
# Random legal play


def random_action(game: BridgeEngine, seat: int, rng: random.Random) -> Action:
    specs = game.legal_actions(seat)
    spec = rng.choice(specs)
    if spec.kind == "claim" and rng.random() < 0.9:     # claim now and then, play out the rest
        spec = specs[0]
    if spec.kind == "bid":
        # Mostly low bids, so that auctions look like auctions and boards get played.
        low = min(len(spec.choices) - 1, rng.randrange(3) * rng.randrange(4))
        return Action("bid", target=spec.choices[low])
    if spec.kind == "play":
        return Action("play", cards=(rng.choice(spec.choices),))
    if spec.kind == "claim":
        assert spec.min_amount is not None and spec.max_amount is not None
        return Action("claim", amount=rng.randint(spec.min_amount, spec.max_amount))
    return Action(spec.kind)


def check_invariants(game: BridgeEngine) -> None:
    played = [card for _, card in game.play]
    held = [card for hand in game.hands for card in hand]
    assert sorted(played + held) == sorted(DECK)
    public = game.view(None)
    assert json.loads(json.dumps(public)) == public        # JSON-friendly, nothing lost
    for seat, seat_view in enumerate(public["seats"]):
        shown = [c for c in seat_view["cards"] if c != HIDDEN]
        if shown:
            assert (game.phase == "done" or (seat == game.dummy and game.play)
                    or (seat == game.declarer and game.declarer_shown) or seat in game.faced), \
                "a hand is shown when the board is over, as dummy, or laid down with a claim"
            assert shown == sorted(shown, key=lambda c: ("shdc".index(c[1]),
                                                         -"23456789TJQKA".index(c[0])))
        assert len(seat_view["cards"]) == len(game.hands[seat])
    for viewer in range(4):
        own = game.view(viewer)["seats"][viewer]["cards"]
        assert HIDDEN not in own


@settings(max_examples=60, deadline=None)
@given(seed=st.binary(min_size=32, max_size=32), choices=st.randoms(use_true_random=False),
       scoring=st.sampled_from(["rubber", "duplicate"]))
def test_random_legal_play_always_ends_with_a_legal_score(
        seed: bytes, choices: random.Random, scoring: str) -> None:
    game = BridgeEngine({"scoring": scoring}, SEATS, seed.hex(), {})
    for _ in range(500):
        if game.outcome is not None:
            break
        acting = game.to_act()
        seat = acting[0]
        idle = next(s for s in range(4) if s not in acting)
        with pytest.raises(NotYourTurn):
            game.apply(idle, game.timeout_action(seat))
        out_of_turn = {spec.kind for spec in game.legal_actions(idle)}
        assert out_of_turn == ({"claim"} if game.phase == "play" and idle != game.dummy else set()), \
            "out of turn, only a claim (any player but dummy, in the play)"
        if game.phase == "play":
            playable = next(s for s in game.legal_actions(seat) if s.kind == "play").choices
            illegal = [c for c in DECK if c not in playable]
            if illegal:
                with pytest.raises(IllegalAction):
                    game.apply(seat, Action("play", cards=(choices.choice(illegal),)))
        game.apply(seat, random_action(game, seat, choices))
        check_invariants(game)
    outcome = game.outcome
    assert outcome is not None
    assert outcome.deltas == (0, 0, 0, 0)
    view = game.view(None)
    assert view["finished"] and view["to_act"] == []
    if game.result is not None and not game.result.passed_out:
        assert sum(view["tricks"]) == 13
        assert len(view["play"]) == 52 or game.claimed
    with pytest.raises(IllegalAction, match="over"):
        game.apply(0, Action("pass"))
