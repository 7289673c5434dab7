"""The robots bid the games a club field bids, and double a part score only when it pays: a long
major rather than 3NT, the system on over a 1NT overcall, notrump only with their suits stopped,
reverses, the losing trick count in competition, and penalty doubles that keep to the points."""
from __future__ import annotations

from bot.ai.bridge_bidding import HandInfo
from bot.ai.bridge_explain import explain
from bot.ai.bridge_system.judgment import cautious, into_game, worth_asking
from bot.ai.bridge_system.position import Hand, Position
from bot.ai.bridge_system.system import describe
from bot.games.bridge_scoring import ContractResult
from tests.ai.test_bridge_ai import robot_call


def calls_of(auction: str) -> list[tuple[int, str]]:
    """The auction's calls with their seats, North dealing."""
    names = {"P": "Pass", "X": "X"}
    return [(i % 4, names.get(c, c)) for i, c in enumerate(auction.split())]


def test_a_seven_card_major_takes_partners_3nt_out_to_game_in_it() -> None:
    """1♥–1NT–3♥–3NT: seven hearts and a void play four hearts, not 3NT."""
    opener = "Qs 9s 7s 6s 5s Ah Kh Qh Jh 6h 5h 3h 4c"
    assert robot_call(opener, "P P 1H P 1NT P 3H P 3NT P") == "4H"
    assert explain(calls_of("P P 1H P 1NT P 3H P 3NT P 4H"), 10) == \
        "Later call: 7+ hearts, a long suit: game in it rather than 3NT."
    # 1♠–2♦–2♠–3NT: seven spades without a singleton or void take it out too (3NT went down)
    assert robot_call("Ks Qs Js Ts 8s 6s 5s Qh 4h 6d 4d Kc 4c", "1S P 2D P 2S P 3NT P") == "4S"


def test_over_the_jump_rebid_five_hearts_ask_for_three_and_six_play_game() -> None:
    """1♦–1♥–3♦: responder's five or six hearts bid 3♥, forcing; opener with three hearts bids game
    in them, with two or one 3NT, which six hearts take out to 4♥ and five pass."""
    six = "As Js 5s 3s Qh Th 9h 5h 4h 3h 9d 9c 4c"
    five = "As Js 5s 3s Kh Qh 9h 5h 4h 9d 8d 9c 4c"
    assert robot_call(six, "1D P 1H P 3D P") == "3H"
    assert robot_call(five, "1D P 1H P 3D P") == "3H"
    assert explain(calls_of("1D P 1H P 3D P 3H"), 6) == "Later call: 5+ hearts, forcing: asks for three-card support."
    assert robot_call("Qs Ah 7h 6h Ad Qd Jd 8d 5d 3d Ac Jc 2c", "1D P 1H P 3D P 3H P") == "4H"
    assert robot_call("Qs 7s Ah 7h Ad Qd Jd 8d 5d 3d Ac Jc 2c", "1D P 1H P 3D P 3H P") == "3NT"
    assert robot_call("Qs 7s 3s Kh Kd Qd 9d Kc Jc Tc 9c 7c 4c", "1C P 1H P 3C P 3H P") == "3NT"
    assert robot_call(six, "1D P 1H P 3D P 3H P 3NT P") == "4H"
    assert robot_call(five, "1D P 1H P 3D P 3H P 3NT P") == "P"


def test_responder_plays_a_six_card_major_rather_than_notrump_after_opener_s_minimum() -> None:
    """1♦–1♠–2♦: six spades and 11 HCP bid game in spades, not 2NT (two spades opposite make the
    fit); with 8 HCP they sign off in 2♠."""
    assert robot_call("As Qs Js 7s 4s 2s Kh 8h 4h 3h Qd 2d 5c", "1D P 1S P 2D P") == "4S"
    assert robot_call("As Qs 8s 7s 4s 2s 8h 4h 3h Qd 2d 5c 4c", "1D P 1S P 2D P") == "2S"


def test_responder_invites_in_a_six_card_major_where_notrump_would_invite() -> None:
    """1♣–1♠–2♣: six spades and 11 HCP without a fit for clubs jump to 3♠, inviting (4♠ went two
    down opposite a void); a minimum opener with a singleton passes, two spades and 15 HCP bid
    game."""
    assert robot_call("As 8s 7s 6s 5s 3s Ah 5h 4h 2h 6d Kc 5c", "1C P 1S P 2C P") == "3S"
    assert robot_call("4s Qh 5h 4h Kd Qd 2d Ac Jc 9c 8c 3c 2c", "1C P 1S P 2C P 3S P") == "P"
    assert robot_call("Ks 4s Kh 5h 4h Ad Qd 9d Qc Jc 9c 8c 2c", "1C P 1S P 2C P 3S P") == "4S"


def test_six_of_a_major_bid_before_are_bid_again_where_the_natural_rules_would() -> None:
    """1♣ 1♦ 1♠ 2♦ 3♣ 3♦: six solid spades compete in 3♠ (the system's "six of them" had applied only
    instead of 3NT, and the natural 3♠ became a pass). Their penalty double of 2♥ is not run from
    to three of the suit: six hearts pass (2♥ doubled made, 3♥ doubled went down)."""
    assert robot_call("As Ks Qs Js Ts 9s 3h 2h 3d 2d 4c 3c 2c", "1C 1D 1S 2D 3C 3D") == "3S"
    assert robot_call("As 7s Kh Th 9h 8h 4h 2h 6d 2d 7c 4c 2c", "P P 1D P 1S P 2C P 2D P P X P 2H P P X") == "P"


def test_the_system_is_on_over_a_one_notrump_overcall() -> None:
    """1♦ 1NT: advancer transfers to spades and invites with six of them and seven HCP; the
    overcaller's maximum accepts."""
    advancer = "Qs Js 7s 4s 3s 2s 9h 5h Kd Jd 6d Tc 4c"
    assert robot_call(advancer, "P 1D 1NT P") == "2H"
    assert explain(calls_of("P 1D 1NT P 2H"), 4) == "Advance: 5+ spades, Jacoby transfer: asks opener to bid spades."
    assert robot_call(advancer, "P 1D 1NT P 2H P 2S P") == "3S"
    assert robot_call("Ks 9s Ah Kh 8h 4h 3h Qd Td 5d Ac Qc 7c", "P 1D 1NT P 2H P 2S P 3S P") == "4S"


def test_notrump_needs_their_suit_stopped() -> None:
    """1♦–1♥ (2♣): balanced but two small clubs, opener rebids the diamonds, not 2NT. Without the
    stopper and with a club fit, five clubs rather than 3NT."""
    assert robot_call("As 5s 3s Ah Kh 3h Jd Td 8d 5d 2d 8c 3c", "1D P 1H 2C") == "2D"
    assert robot_call("As 8s Qd 6d 2d Ac Qc Jc Tc 9c 8c 6c 3c", "P 1D 1H 2C 2H 3D 3H") == "5C"


def test_opener_reverses_with_seventeen_points() -> None:
    """1♣–1♠–2♥: a higher suit at the two level, read as 16+ points (here seventeen HCP; with
    nineteen, a jump shift: ``test_bridge_jump_shift``)."""
    reverse = "Opener's rebid: 16+ points (HCP with length or shortness), 4+ hearts."
    assert explain(calls_of("1C P 1S P 2H"), 4) == reverse
    assert robot_call("As Js 2s Kh Qh 7h 6h 3d Ac Qc Jc 7c 4c", "1C P 1S P") == "2H"


def test_opener_reverses_over_an_overcall() -> None:
    """1♦ P 1♠ 2♣: 2♥ reverses, read as 16+ as without the overcall; 18 HCP and 19 points with
    four hearts jump to 3♥, forcing to game as without the overcall (2♦ before, and 4♠ made);
    13 HCP bid 2♦."""
    assert robot_call("Ks 4s Kh Jh 5h 2h Ad Kd 9d 5d 2d Ac Tc", "1D P 1S 2C") == "3H"
    assert explain(calls_of("1D P 1S 2C 2H"), 4) == "Opener's rebid: 16+ points (HCP with length or shortness), 4+ hearts."
    assert robot_call("Ks 4s Kh Jh 5h 2h Ad Qd 9d 5d 2d 7c 3c", "1D P 1S 2C") == "2D"


def test_the_losing_trick_count_bids_game_after_a_competitive_raise() -> None:
    """P 1♠ 2♥ X 3♥: six-five with a void, five losers and nine trumps, bids the game (with eight
    trumps, five-five and 12 HCP opposite a raise to two do not); and opener's five-five with a
    void accepts a cue-bid raise on six losers, whatever its HCP."""
    assert robot_call("As 8s Ah Qh Jh 8h 5h 4h Tc 8c 6c 3c 2c", "P 1S 2H X 3H P") == "4H"
    assert robot_call("9s 8s 7s 5s 3s Ah Kh Qh Th 7h Kc Tc 9c", "P 1D 1H 2C 2H 3D") == "P"
    assert robot_call("Ks 7s 4s 3s 2s Ah Kh Jh 8h 4h 8c 5c 2c", "1S 2D 3D P") == "4S"


def test_a_part_score_is_not_doubled_into_game_on_trump_length_alone() -> None:
    """1♦ 1♥ 2♣ 2♥ 3♦: five trumps and 8 HCP opposite an overcall pass (a double would have
    turned 3♦ making into a game)."""
    assert robot_call("Ts Jh 6h 3h Ad 9d 8d 5d 3d Qc Jc 8c 3c", "P 1D 1H 2C 2H 3D P P") == "P"
    assert into_game(ContractResult(3, "D", 0, 1)) and into_game(ContractResult(2, "S", 0, 1))
    assert not into_game(ContractResult(2, "D", 0, 1)) and not into_game(ContractResult(4, "H", 0, 1))


def test_an_artificial_bid_is_not_doubled_for_penalty() -> None:
    """P 1♣ 2♣ (Michaels: both majors): six clubs and 9 HCP behind the cue-bid do not double it
    for penalty (they will play a major). Their 2NT over our 1NT is theirs to play: 18 HCP
    double it."""
    assert robot_call("9s 6s 9h Kd Qd Jd 3d Qc Jc 9c 5c 4c 3c", "P 1C 2C") != "X"
    assert robot_call("As Ks 4s Ah Jh 8h 3h Kd 6d 2d Qc Jc 5c", "1NT 2NT") == "X"


def test_no_overcall_in_the_suit_their_transfer_shows() -> None:
    """1NT P 2♦ (a transfer: five hearts): five hearts and 13 HCP do not overcall 2♥ in the suit
    their side holds (it went two down); over 1♦ they overcall 1♥."""
    hand = "As Ks 9s Kh Jh Th 6h 3h 2d 8c 5c 3c 2c"
    assert robot_call(hand, "1NT P 2D") != "2H"
    assert robot_call(hand, "1D") == "1H"


def position_of(auction: str) -> Position:
    calls = calls_of(auction)
    return Position(calls, len(calls) % 4, describe(calls))


def hand_of(cards: str) -> Hand:
    return Hand(cards.split(), HandInfo.of(cards.split()))


def test_their_part_score_is_not_doubled_for_penalty_with_fewer_than_three_trumps() -> None:
    """1♥ 1♠ 2♥ 3♣: opener's 16 HCP and a singleton club do not double 3♣ (it made doubled, the
    overcaller's partner holding seven clubs); the hearts go on to game. With two clubs the
    double is not simulated either; with three it is."""
    assert robot_call("As Ah Qh Th 8h 5h 3h Ad 8d 7d 5d 4d Qc", "1H 1S 2H 3C") == "4H"
    assert not worth_asking(position_of("1H 1S 2H 3C"), hand_of("As Ah Qh Th 8h 5h 3h Ad 8d 7d 5d Qc 4c"),
                            ContractResult(3, "C", 0, 3))
    assert worth_asking(position_of("1H 1S 2H 3C"), hand_of("As Ah Qh Th 8h 5h Ad 8d 7d 5d Qc 4c 3c"),
                        ContractResult(3, "C", 0, 3))


def test_few_solved_deals_must_all_agree_to_double() -> None:
    assert cautious(1.0, 4) >= 0.75 > cautious(0.75, 4)
    assert cautious(10 / 12, 12) >= 0.75 > cautious(9 / 12, 12)


def test_responder_rebids_a_six_card_suit_rather_than_leave_partners_new_suit() -> None:
    """1♦–1♥–1♠: six hearts and 6 HCP rebid 2♥ (partner likely holds two of them), where passing
    left a 4-3 spade fit; with five hearts the same hand passes."""
    assert robot_call("8s 7s 5s Ah 9h 5h 4h 3h 2h 6d Qc 8c 6c", "1D P 1H P 1S P") == "2H"
    assert robot_call("8s 7s 5s Ah 9h 5h 4h 3h 7d 6d Qc 8c 6c", "1D P 1H P 1S P") == "P"


def test_no_slam_is_bid_on_partners_least_short_of_33() -> None:
    """1♣–1♦–3NT (18+ points): 13 HCP make 31 with opener's least; no 6NT (counting two more
    than the least had bid it)."""
    assert robot_call("Ks Js Th 9h Kd 9d 8d 7d 6d Ac Qc 7c 6c", "P 1C P 1D P 3NT P") == "P"


def test_no_notrump_slam_is_bid_on_points_counted_for_length() -> None:
    """1♣ P 1♦ 1♥ 3♣ (16+ points, six clubs: as few as 10 HCP): 19 HCP bid 3NT, not 6NT (which
    took ten tricks)."""
    assert robot_call("As Qs 3s Qh Jh 7h Ad Kd Td 8d 7d Kc 5c", "1C P 1D 1H 3C P") == "3NT"



def test_six_of_a_major_bid_once_take_partners_3nt_out_but_not_after_a_preempt() -> None:
    """1♦–1♥–3NT: six hearts bid once (and five spades) bid 4♥: partner's balanced 3NT holds two
    (4♥ made, 3NT went down). After our weak two or three-level preempt partner's 3NT is to play."""
    assert robot_call("As Js Ts 5s 2s Ah 9h 8h 7h 6h 3h 4c 2c", "1D P 1H P 3NT P") == "4H"
    assert explain(calls_of("1D P 1H P 3NT P 4H"), 6) == \
        "Later call: 6+ hearts, a long suit: game in it rather than 3NT."
    assert robot_call("3s Kh Qh Jh 9h 8h 7h 6h 4d 2d 4c 3c 2c", "3H P 3NT P") == "P"
    assert robot_call("3s Kh Qh Jh 9h 8h 7h 5d 4d 2d 4c 3c 2c", "2H P 3NT P") == "P"


def test_opener_s_two_notrump_rebid_shows_18_19_and_responder_finds_the_major_fit() -> None:
    """1♣–1♥: a balanced 19 with four spades rebids 2NT (18–19) rather than 3NT; responder shows
    five hearts (3♥) or four spades (3♠), and opener raises with three hearts or four spades, else
    bids 3NT. Six hearts bid game at once; 6 HCP bid 3NT (24 with opener's least; it passed, and
    3NT made), 5 HCP pass 2NT."""
    opener = "As Qs 5s 4s Kh 3h Kd Jd 4d Ac Qc 3c 2c"
    assert robot_call(opener, "1C P 1H P") == "2NT"
    assert explain(calls_of("1C P 1H P 2NT"), 4) == "Opener's rebid: 18–19 HCP, balanced."
    assert robot_call("3s Kh Qh Jh 9h 8h Qd 4d 3d 2d 4c 3c 2c", "1C P 1H P 2NT P") == "3H"
    assert explain(calls_of("1C P 1H P 2NT P 3H"), 6) == \
        "Later call: 5+ hearts, five cards: opener raises with three."
    assert robot_call("Ks 4s 3s 2s Kh Qh 9h 8h 4d 3d 2d 3c 2c", "1C P 1H P 2NT P") == "3S"
    assert robot_call(opener, "1C P 1H P 2NT P 3S P") == "4S"
    assert robot_call("As Qs 5s Kh 3h Kd Jd 4d 3d Ac Qc 3c 2c", "1C P 1H P 2NT P 3H P") == "3NT"
    assert robot_call("As Qs 5s Kh 3h 2h Kd Jd 4d Ac Qc 3c 2c", "1C P 1H P 2NT P 3H P") == "4H"
    assert robot_call("3s 2s Qh Jh 9h 8h 7h 6h Qd 4d 3d 3c 2c", "1C P 1H P 2NT P") == "4H"
    assert robot_call("Qs 7s 6s Th 8h 7h 4h Td 5d Kc Jc Tc 8c", "1D P 1H P 2NT P") == "3NT"
    assert robot_call("Qs 3s 2s 9h 8h 7h 6h Qd 4d 3d Jc 3c 2c", "1C P 1H P 2NT P") == "P"


def test_five_spades_and_four_hearts_show_the_hearts_after_the_transfer() -> None:
    """1NT P 2♥ P 2♠ P: five spades, four hearts and 11 HCP bid 3♥, forcing (3NT missed the
    five-four heart fit); opener raises hearts with four, spades with three, else bids 3NT."""
    assert robot_call("Ks Ts 9s 7s 2s Kh Jh 9h 5h Jd 8d Kc 6c", "1NT P 2H P 2S P") == "3H"
    assert explain(calls_of("1NT P 2H P 2S P 3H"), 6) == \
        "Later call: 10+ HCP, 4+ hearts, five spades and four hearts: forcing to game."
    assert robot_call("Js 8s Ah Qh Th 6h 2h Ad 4d 2d Ac 7c 4c", "1NT P 2H P 2S P 3H P") == "4H"
    assert robot_call("Js 8s 3s Ah Qh 6h Ad 8d 4d 2d Ac 7c 4c", "1NT P 2H P 2S P 3H P") == "4S"
    assert robot_call("Js 8s Ah Qh 6h Ad Kd 8d 4d 2d Qc 7c 4c", "1NT P 2H P 2S P 3H P") == "3NT"


def test_partners_notrump_stops_their_suit_when_they_bid_it_again() -> None:
    """1♣ P 1♦ 1♠ 1NT 2♠: 13 HCP opposite opener's 12–14 bid 3NT (partner's 1NT stops spades,
    which they bid again; it passed with 3NT on)."""
    assert robot_call("Qs 7s Kh 7h Ad Kd 9d 8d 7d Jc Tc 4c 2c", "1C P 1D 1S 1NT 2S") == "3NT"
