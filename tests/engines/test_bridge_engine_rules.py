"""More bridge rules a player meets: the buttons offered in the auction and for a claim, redoubles by
either opponent of the doubler, the deal setting refused when it is not a deal, and the PBN export's
tags."""
from __future__ import annotations

from typing import Any

import pytest
from endplay.parsers import pbn as pbn_format
from endplay.types import Bid, Player, Vul

from bot.games.base import Action, ActionSpec, IllegalAction, Seat
from bot.games.bridge import BIDS, BridgeEngine
from tests.engines.test_bridge_engine import DEAL, E, N, S, W, calls, engine, play

def east_declares_hearts(*cards: str, **settings: Any) -> BridgeEngine:
    """East's 1H passed out (South leads, West is dummy), then these cards played."""
    game = engine(**settings)
    calls(game, "P 1H P P P")
    play(game, *cards)
    return game



def test_the_first_caller_may_pass_or_bid_anything_and_nothing_else() -> None:
    game = engine()
    assert game.legal_actions(N) == [
        ActionSpec("pass", "Pass"),
        ActionSpec("bid", "Bid", choices=BIDS, min_choices=1, max_choices=1),
    ]


def test_an_opponents_bid_may_be_doubled_and_the_double_redoubled() -> None:
    game = engine()
    calls(game, "1H")
    higher = BIDS[BIDS.index("1H") + 1:]
    bid = ActionSpec("bid", "Bid", choices=higher, min_choices=1, max_choices=1)
    assert game.legal_actions(E) == [ActionSpec("pass", "Pass"), bid, ActionSpec("double", "Double")]
    calls(game, "X")
    assert game.legal_actions(S) == [ActionSpec("pass", "Pass"), bid, ActionSpec("redouble", "Redouble")]


def test_seven_notrump_leaves_only_pass_and_double() -> None:
    game = engine()
    calls(game, "7NT")
    assert [spec.kind for spec in game.legal_actions(E)] == ["pass", "double"]


@pytest.mark.parametrize("auction, redoubler", [
    ("1H P P X", N),        # West doubles North's bid in the pass-out seat: North may redouble
    ("1H P P X P P", S),    # ... and so may South
    ("P 1H X", W),          # South doubles East's bid: West redoubles
])
def test_either_player_of_the_doubled_side_may_redouble(auction: str, redoubler: int) -> None:
    game = engine()
    calls(game, auction)
    assert game.to_act() == (redoubler,)
    assert "redouble" in {spec.kind for spec in game.legal_actions(redoubler)}
    calls(game, "XX P P P")
    assert game.view(None)["contract"].endswith("XX")


def refused_to_their_turn(game: Any, seat: int, kind: str, reason: str) -> None:
    """``kind`` is not offered to ``seat`` on its turn, and playing it anyway is refused with ``reason``."""
    assert kind not in {spec.kind for spec in game.legal_actions(seat)}
    with pytest.raises(IllegalAction, match=reason):
        game.apply(seat, Action(kind))


def test_nobody_redoubles_their_partners_double() -> None:
    game = engine()
    calls(game, "P 1H X P")                 # South doubles East's bid; West passes
    assert game.to_act() == (N,)
    refused_to_their_turn(game, N, "redouble", "redouble")


def test_the_defenders_are_asked_to_accept_or_reject_a_claim_of_so_many_tricks() -> None:
    game = east_declares_hearts("Kd")
    game.apply(E, Action("claim", amount=9))
    for defender in (S, N):
        assert game.legal_actions(defender) == [ActionSpec("accept_claim", "Accept claim of 9"),
                                                ActionSpec("reject_claim", "Reject claim")]
    assert game.legal_actions(E) == [] and game.legal_actions(W) == []


@pytest.mark.parametrize("deal, reason", [
    ("not a deal at all", "Not a PBN deal: 'not a deal at all'."),
    # North's hand given twice: four hands of 13 cards, but not the 52 different cards
    ("N:" + " ".join([DEAL[2:].split()[0]] * 2 + DEAL[2:].split()[2:]),
     "The deal must give 13 different cards to each of the four hands."),
])
def test_a_deal_setting_that_is_not_a_deal_is_refused_with_the_reason(deal: str, reason: str) -> None:
    with pytest.raises(ValueError) as refused:
        engine(deal=deal)
    assert str(refused.value) == reason


def test_the_opening_leader_may_lead_any_card_and_declarer_plays_dummys_following_suit() -> None:
    game = engine()
    calls(game, "P 1H P P P")              # East declares; South leads, West is dummy
    south = ("As", "Qs", "Js", "5s", "Th", "8h", "6h", "4h", "Kd", "Jd", "9d", "4d", "4c")
    assert game.legal_actions(S) == [ActionSpec("play", "Play", choices=south, min_choices=1, max_choices=1),
                                     ActionSpec("claim", "Claim", min_amount=0, max_amount=13)]
    play(game, "Kd")
    assert game.legal_actions(E) == [
        ActionSpec("play", "Play from dummy", choices=("Ad", "Qd", "Td", "8d", "5d", "2d"),
                   min_choices=1, max_choices=1),
        ActionSpec("claim", "Claim", min_amount=0, max_amount=13),
    ]
    play(game, "Ad", "3d")
    assert game.legal_actions(E) == [
        ActionSpec("play", "Play", choices=("7d",), min_choices=1, max_choices=1),
        ActionSpec("claim", "Claim", min_amount=0, max_amount=13),
    ]


@pytest.mark.parametrize("auction, partner", [
    ("P 1H P", W),          # East bid: West is East's partner
    ("P P 1H P", N),        # South bid: North is South's partner
    ("P P P 1H P", E),      # West bid: East is West's partner
])
def test_nobody_doubles_their_partners_bid(auction: str, partner: int) -> None:
    game = engine()
    calls(game, auction)
    assert game.to_act() == (partner,)
    refused_to_their_turn(game, partner, "double", "opponents")


def test_west_opens_and_north_doubles() -> None:
    game = engine()
    calls(game, "P P P 1H")
    assert "double" in {spec.kind for spec in game.legal_actions(N)}
    calls(game, "X P P P")
    assert game.view(None)["contract"] == "1HX" and game.declarer == W


ONE_SUIT_EACH = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def test_at_notrump_only_the_suit_led_wins_a_trick() -> None:
    """Each hand holds one suit: whoever leads wins, whatever the others discard."""
    game = engine(ONE_SUIT_EACH)
    calls(game, "1NT P P P")                 # North declares, East leads
    play(game, "2h", "Ad", "Ac", "As")
    assert game.won == [0, 1] and game.to_act() == (E,)
    play(game, "3h", "Kd", "Kc", "Ks")
    assert game.won == [0, 2] and game.to_act() == (E,)


def test_a_claim_is_of_the_tricks_won_up_to_all_those_left() -> None:
    game = east_declares_hearts("Kd", "Ad", "3d", "7d")  # dummy's ace wins the first trick for East-West
    claim = next(spec for spec in game.legal_actions(E) if spec.kind == "claim")
    assert (claim.min_amount, claim.max_amount) == (1, 13)
    with pytest.raises(IllegalAction) as refused:
        game.apply(E, Action("claim", amount=14))
    assert str(refused.value) == "Claim a total of 1 to 13 tricks for your side (1: concede the rest; your side has won 1 already)."
    play(game, "2d", "6d", "2c", "4d", "4s")  # North wins the second trick and leads
    claim = next(spec for spec in game.legal_actions(E) if spec.kind == "claim")
    assert (claim.min_amount, claim.max_amount) == (1, 12)


def test_a_claim_is_announced_and_dummy_may_not_make_one() -> None:
    game = engine()
    calls(game, "P 1H P P P")
    with pytest.raises(IllegalAction) as refused:
        game.apply(W, Action("claim", amount=5))      # West is dummy
    assert str(refused.value) == "Dummy takes no part in the play: declarer claims for the side."
    play(game, "Kd")
    assert game.apply(E, Action("claim", amount=9)) == [
        "Bob (E) claims 9 tricks in all for their side and shows their hand; the opponents accept or reject."]


# East's trumps are all lower than dummy's (West's); South holds the spades, North the diamonds.
RUFFS = "N:..AKQJT98765432. .765432..AKQJT98 AKQJT98765432... .AKQJT98..765432"


def test_the_higher_trump_wins_an_overruffed_trick() -> None:
    game = east_declares_hearts("2s", "8h", "2d", deal=RUFFS)  # East declares hearts; South leads
    assert game.apply(E, Action("play", cards=("2h",)))[-1] == "West wins the trick (NS 0, EW 1)."
    assert game.turn() == W and game.to_act() == (E,)   # dummy leads; declarer plays it


def test_a_card_is_played_one_at_a_time() -> None:
    game = engine()
    calls(game, "P 1H P P P")
    for cards in ((), ("Kd", "4c")):
        with pytest.raises(IllegalAction) as refused:
            game.apply(S, Action("play", cards=cards))
        assert str(refused.value) == "Play exactly one card."


def test_the_log_names_the_contract_the_leader_dummy_and_the_trick_winner() -> None:
    game = engine()
    assert calls(game, "P 1H X P P P")[-1] == "Contract 1♥X by East; Cat (S) leads."
    assert game.apply(S, Action("play", cards=("Kd",))) == ["Cat (S) plays K♦", "Dummy goes down: Dan (W)."]
    assert game.apply(E, Action("play", cards=("Ad",))) == ["Bob (E) plays A♦ from dummy"]
    assert game.apply(N, Action("play", cards=("3d",))) == ["Ann (N) plays 3♦"]
    assert game.apply(E, Action("play", cards=("7d",))) == ["Bob (E) plays 7♦",
                                                            "West wins the trick (NS 0, EW 1)."]


def test_a_board_in_play_shows_no_result_and_no_trick_winner_before_the_first_trick_is_won() -> None:
    game = engine()
    calls(game, "P 1H X P P P")
    play(game, "Kd", "Ad", "3d")
    for seat in (None, N, E, S, W):
        view = game.view(seat)
        assert (view["last_trick"], view["last_trick_winner"], view["result"]) == ([], None, "")
    play(game, "7d")
    assert (game.view(None)["last_trick_winner"], game.view(None)["result"]) == (W, "")

def test_the_second_hand_must_follow_the_suit_led() -> None:
    game = east_declares_hearts("Kd")
    with pytest.raises(IllegalAction) as refused:
        game.apply(E, Action("play", cards=("Qh",)))       # dummy holds diamonds
    assert str(refused.value) == "You must follow suit: play one of the diamonds."


def test_declarer_may_concede_every_trick_left() -> None:
    game = east_declares_hearts("Kd")
    game.apply(E, Action("claim", amount=0))
    for defender in (S, N):
        game.apply(defender, Action("accept_claim"))
    assert game.view(None)["tricks"] == [13, 0]


@pytest.mark.parametrize("auction, tricks, score", [
    # North declares spades holding all five honours: 30 below, 150 above for NS
    ("1S P P P", 7, 30 + 150),
    # East makes 1NT with an overtrick (40 below, 30 above) while North holds the four aces (150)
    ("P 1NT P P P", 8, 150 - 40 - 30),
])
def test_a_rubber_boards_score_counts_both_sides_above_and_below_the_line(
        auction: str, tricks: int, score: int) -> None:
    from tests.engines.test_bridge_engine import HONOURS_DEAL, lead_and_claim
    game = engine(HONOURS_DEAL)
    calls(game, auction)
    lead_and_claim(game, tricks)
    assert game.view(None)["score"] == score
    assert f"[Score \"NS {score}\"]" in game.pbn()


def test_a_passed_out_board_scores_no_honours() -> None:
    from tests.engines.test_bridge_engine import HONOURS_DEAL
    game = engine(HONOURS_DEAL)
    calls(game, "P P P P")
    rubber = game.view(None)["rubber"]
    assert game.view(None)["score"] == 0 and rubber["above"] == [0, 0] and rubber["totals"] == [0, 0]


def rubber_carry(below: list[int], games: list[int]) -> dict:
    return {"rubber": {"above": [0, 0], "below": below, "part": [0, 0], "games": games,
                       "dealer": 0, "boards": 2, "finished": False, "sheet": []}}


@pytest.mark.parametrize("ew_below, ranking, totals", [
    (700, (0, 0, 0, 0), "NS 700, EW 700"),      # level: all four share first place
    (600, (0, 1, 0, 1), "NS 700, EW 600"),
])
def test_the_rubber_game_ranks_the_side_with_more_points_first(
        ew_below: int, ranking: tuple[int, ...], totals: str) -> None:
    """Game all; North-South win the rubber game: 100 below and the 500 bonus, 700 in all."""
    game = engine(carry=rubber_carry([100, ew_below], [1, 1]))
    calls(game, "3NT P P P")
    game.apply(E, game.timeout_action(E))
    game.apply(N, Action("claim", amount=9))
    for defender in (E, W):
        game.apply(defender, Action("accept_claim"))
    outcome = game.outcome
    assert outcome is not None and outcome.match_over and outcome.ranking == ranking
    assert outcome.summary == f"{game.result_line} (rubber over: {totals})"


def test_a_vulnerable_declarer_one_down_loses_100() -> None:
    game = engine(carry=rubber_carry([100, 0], [1, 0]))       # North-South have a game
    calls(game, "3NT P P P")
    game.apply(E, game.timeout_action(E))
    game.apply(N, Action("claim", amount=8))
    for defender in (E, W):
        game.apply(defender, Action("accept_claim"))
    assert game.result_line == "3NT by N down 1: -100"
    assert game.view(None)["score"] == -100


def test_a_duplicate_result_line_gives_declarers_points() -> None:
    game = east_declares_hearts("Kd", scoring="duplicate", board=1)  # nobody vulnerable
    game.apply(E, Action("claim", amount=8))
    for defender in (S, N):
        game.apply(defender, Action("accept_claim"))
    assert game.result_line == "1H by E making 2: +110"       # 30 + 30 overtrick + 50 part score
    assert game.view(None)["score"] == -110


def refusal(game, seat: int, action: Action) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalAction) as refused:
        game.apply(seat, action)
    return str(refused.value)


def test_each_refusal_says_why() -> None:
    game = engine()
    assert refusal(game, E, Action("pass")) == "It is not your turn."
    assert refusal(game, N, Action("double")) == (
        "You can only double the opponents' last bid, if not yet doubled.")
    assert calls(game, "P 1H") == ["Ann (N) passes", "Bob (E) bids 1♥"]
    assert refusal(game, S, Action("redouble")) == (
        "You can only redouble when the opponents have doubled your side's last bid.")
    assert calls(game, "X XX P P P")[:2] == ["Cat (S) doubles", "Dan (W) redoubles"]
    assert refusal(game, W, Action("play", cards=("2d",))) == "Declarer plays dummy's cards."
    assert refusal(game, N, Action("play", cards=("3d",))) == "It is not your turn."
    play(game, "Kd")
    game.apply(E, Action("claim", amount=13))
    assert refusal(game, E, Action("accept_claim")) == "The claimer's opponents answer a claim."
    for defender in (S, N):
        game.apply(defender, Action("accept_claim"))
    assert refusal(game, S, Action("pass")) == "This hand is over."


def test_a_timed_out_player_follows_with_the_lowest_card() -> None:
    game = east_declares_hearts("4c")  # West, dummy, holds the Q, J and 10 of clubs
    assert game.timeout_action(E) == Action("play", cards=("Tc",))


def test_a_move_of_the_wrong_kind_is_refused_with_what_may_be_done() -> None:
    game = engine()
    assert refusal(game, N, Action("bid", target="8NT")) == (
        "Bid a level 1-7 and a denomination C, D, H, S or NT, such as 1NT or 4H.")
    assert refusal(game, N, Action("play", cards=("4c",))) == (
        "During the auction you may bid, pass, double or redouble.")
    calls(game, "P 1H P P P")
    assert refusal(game, S, Action("pass")) == (
        "During the play you may play a card or claim.")
    play(game, "Kd")
    game.apply(E, Action("claim", amount=13))
    assert refusal(game, S, Action("play", cards=("As",))) == "Accept or reject the claim first."


@pytest.mark.parametrize("settings, seats, reason", [
    ({}, 3, "Bridge needs exactly four seats."),
    ({"scoring": "chicago"}, 4, "Scoring must be 'rubber' or 'duplicate'."),
])
def test_a_table_that_is_not_bridge_is_refused(settings: dict, seats: int, reason: str) -> None:
    from bot.games.bridge import BridgeEngine
    from tests.engines.test_bridge_engine import SEATS
    with pytest.raises(ValueError) as refused:
        BridgeEngine(settings, SEATS[:seats], "5eed" * 16, {})
    assert str(refused.value) == reason


@pytest.mark.parametrize("settings, carry, dealer, vul, event, scoring", [
    # a rubber's third board, dealt by North with North-South a game up (duplicate board 3 would be
    # South's deal with East-West vulnerable)
    ({"scoring": "rubber"}, rubber_carry([0, 0], [1, 0]), Player.north, Vul.ns, "cardroom rubber bridge", "Rubber"),
    ({"scoring": "duplicate", "board": 7}, {}, Player.south, Vul.both, "cardroom duplicate bridge", "MP"),
])
def test_the_pbn_export_gives_the_dealer_vulnerability_players_and_scoring(
        settings: dict, carry: dict, dealer: Player, vul: Vul, event: str, scoring: str) -> None:
    from tests.engines.test_bridge_engine import lead_and_claim
    seats = [Seat("Ann"), Seat("Bob"), Seat('Cat "Ace"'), Seat("Dan")]
    game = BridgeEngine({"deal": DEAL, **settings}, seats, "5eed" * 16, carry)
    calls(game, "1H X XX P P P")
    lead_and_claim(game, 7)
    board = pbn_format.loads(game.pbn())[0]
    assert (board.dealer, board.vul) == (dealer, vul)
    assert board.auction == [Bid(call) for call in "1H X XX P P P".split()]
    assert {tag: board.info[tag] for tag in ("Event", "Site", "Date", "Scoring", "South")} == {
        "Event": event, "Site": "Discord", "Date": "????.??.??",   # PBN's unknown date
        "Scoring": scoring, "South": "Cat 'Ace'"}                    # a quote would end the tag
