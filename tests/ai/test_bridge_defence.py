"""Bridge robots' defence: leads and signals by the convention card, partner reading them, and the
exact double-dummy answer when the cards still hidden can lie only one way."""
from __future__ import annotations

import random
from itertools import combinations

import pytest
from endplay.dds import solve_board

import bot.ai.bridge as robot
from bot.ai import bridge_carding as carding
from bot.ai import bridge_deals as deals
from bot.ai.bridge_bidding import describe
from bot.games.base import Action
from bot.games.bridge import BridgeEngine, card_code
from tests.support.bridge_boards import SEATS, played, table

N, E, S, W = range(4)


@pytest.mark.parametrize("holding, lead", [
    ("As Ks 7s 2s", "As"), ("Ks Qs 5s", "Ks"), ("Qs Js 9s 4s", "Qs"), ("Js Ts 4s", "Js"),
    ("Ts 9s 8s 2s", "Ts"),                                   # top of a sequence
    ("Ks Js Ts 4s", "Js"), ("As Ts 9s 3s", "Ts"),            # interior sequences
    ("Ks 9s 7s 4s 2s", "4s"), ("Qs 8s 6s 3s", "3s"),         # fourth best from an honour
    ("9s 7s 4s 2s", "7s"),                                   # second highest from small cards
    ("Ks 7s 2s", "2s"), ("9s 7s 4s", "9s"),                  # low from an honour, top of nothing
    ("Ks 4s", "Ks"), ("4s", "4s"),
])
def test_opening_lead_card_by_the_agreement(holding: str, lead: str) -> None:
    assert carding.opening_lead(holding.split()) == lead


def test_robot_leads_the_agreed_card_of_the_suit_it_chooses() -> None:
    """West leads against 3NT by South: whichever suit it picks, the card is the agreed one."""
    west = "Ks Js 9s 6s 3s Qh 8h 4h 7d 5d 2d 9c 4c"
    game = table({W: west}, "P P 1NT P 3NT P P P")
    assert game.to_act() == (W,)
    card = robot.choose(game.view(W), game.legal_actions(W), random.Random(3)).cards[0]
    assert card == carding.opening_lead([c for c in west.split() if c[1] == card[1]])


@pytest.mark.parametrize("history, seat, hand, tied, card", [
    # attitude on partner's lead (West leads, North plays, East follows)
    ([(W, "Ks"), (N, "4s")], E, "As 8s 3s", ["8s", "3s"], "8s"),     # an honour: encourage
    ([(W, "Ks"), (N, "4s")], E, "9s 8s 3s", ["9s", "8s", "3s"], "3s"),  # none: discourage
    # count when declarer's side leads (South declares: North leads, East follows)
    ([(N, "5h")], E, "8h 4h Ks", ["8h", "4h"], "8h"),                 # two: high first
    ([(N, "5h")], E, "8h 4h 3h", ["8h", "4h", "3h"], "3h"),           # three: lowest
    # first discard: high in a suit with an honour, else low
    ([(N, "5h")], E, "Ad 9d 3d 7c 2c", ["9d", "3d", "7c", "2c"], "9d"),
    ([(N, "5h")], E, "9d 3d 7c 2c", ["9d", "3d", "7c", "2c"], "2c"),
])
def test_signal_among_equal_cards(history: list[tuple[int, str]], seat: int, hand: str,
                                  tied: list[str], card: str) -> None:
    assert carding.agreed_card(history, S, seat, hand.split(), tied) == card


def test_no_signal_for_declarer_nor_twice_in_a_suit_nor_with_honours() -> None:
    assert carding.agreed_card([(W, "Ks")], S, N, ["8s", "3s"], ["8s", "3s"]) is None   # declarer's side
    second = [(W, "Ks"), (N, "4s"), (E, "3s"), (S, "2s"), (W, "Qs"), (N, "5s")]
    assert carding.agreed_card(second, S, E, ["As", "8s"], ["8s"]) is None            # a later card
    assert carding.agreed_card([(W, "Ks"), (N, "4s")], S, E, ["As", "Qs"], ["As", "Qs"]) is None


def test_partner_reads_the_signal_the_agreement_gives() -> None:
    """East's 8 under West's king: encouraging, so a hand with an honour; the 3: discouraging."""
    for card, keeps in (("8s", ["As", "3s", "2h"]), ("3s", ["9s", "8s", "2h"])):  # partner's unplayed cards
        history = [(W, "Ks"), (N, "4s"), (E, card)]
        found = carding.reads(history, S, W)
        assert [r.rule for r in found] == ["attitude"]
        assert carding.misreads(found, keeps) == 0
        breaks = ["9s", "3s", "2h"] if card == "8s" else ["As", "8s", "2h"]
        assert carding.misreads(found, breaks) == 1
    assert carding.reads([(W, "Ks"), (N, "4s"), (E, "8s")], S, N) == ()   # declarer does not read


def test_partner_samples_only_hands_that_lead_as_partner_did() -> None:
    """West leads the 4 of hearts against 3NT by South: every hand East's robot imagines for West
    would have led the 4 by the agreement (fourth best or low from three, under an honour)."""
    east = "As 8s 3s Jh 9h 2h Kd 7d 4d Qc 8c 5c 2c"
    west = "Kh Th 7h 4h 3h Qs 9s 6d 5d 3d Jc 4c 3c"
    game = table({E: east, W: west}, "P P 1NT P 3NT P P P")
    played(game, "4h")
    game.apply(S, game.timeout_action(S))                    # declarer plays dummy's card
    view = game.view(E)
    known = deals.read_table(view)
    assert [r.rule for r in known.reads] == ["lead"]
    shown = describe([(c["seat"], c["call"]) for c in view["auction"]])
    rng = random.Random(5)
    for _ in range(20):
        hearts = [c for c in deals.sample_hidden(known, shown, rng)[W] if c[1] == "h"] + ["4h"]
        assert carding.opening_lead(hearts) == "4h" and any(c[0] in "AKQJ" for c in hearts)


def test_layouts_are_listed_when_few() -> None:
    """Four cards each are left: every way the eight cards West cannot see may lie between
    declarer and East (counts and shown voids kept) is listed, once; more than a limit is none."""
    game = mid_position()
    known = deals.read_table(game.view(W))
    hidden = [s for s in range(4) if s not in known.hands]
    every = [{hidden[0]: list(pick), hidden[1]: [c for c in known.unseen if c not in pick]}
             for pick in combinations(known.unseen, known.counts[hidden[0]])]
    fitting = [layout for layout in every
               if not any({c[1] for c in cards} & known.voids[seat] for seat, cards in layout.items())]
    listed = deals.layouts(known, len(fitting))
    assert listed is not None and len(fitting) > 1
    assert sorted(map(canonical, listed)) == sorted(map(canonical, fitting))
    assert deals.layouts(known, len(fitting) - 1) is None


def canonical(layout: dict[int, list[str]]) -> str:
    return str({seat: sorted(cards) for seat, cards in sorted(layout.items())})


def mid_position() -> BridgeEngine:
    """A board played by timeouts (the lowest legal card) to the middle of the play."""
    game = BridgeEngine({"scoring": "duplicate", "board": 3}, SEATS, f"{11:064x}", {})
    for call in ("1NT", "P", "P", "P"):
        game.apply(game.to_act()[0], Action("pass") if call == "P" else Action("bid", target=call))
    for _ in range(36):
        game.apply(game.to_act()[0], game.timeout_action(game.to_act()[0]))
    return game


def test_determined_layout_plays_the_double_dummy_best_card() -> None:
    """Wherever the cards a robot cannot see (a defender, or declarer) can lie only one way, its
    card takes as many tricks as the best card with all four hands open: no trick given away."""
    checked = 0
    for seed in range(40):
        game = BridgeEngine({"scoring": "duplicate", "board": seed % 16 + 1}, SEATS, f"{seed:064x}", {})
        for call in ("3NT", "P", "P", "P"):
            game.apply(game.to_act()[0], Action("pass") if call == "P" else Action("bid", target=call))
        while game.outcome is None and game.phase == "play":
            seat = game.to_act()[0]
            view = game.view(seat)
            known = deals.read_table(view)
            listed = deals.layouts(known, 1)
            if listed is not None and len(listed) == 1:
                exact = {card_code(c): t for c, t in solve_board(deals.solver_deal(
                    {s: list(game.hands[s]) for s in range(4)}, known))}
                if len(set(exact.values())) > 1:
                    card = robot.choose(view, game.legal_actions(seat), random.Random(seed)).cards[0]
                    assert exact[card] == max(exact.values()), (seed, view["play"], card, exact)
                    checked += 1
            game.apply(seat, game.timeout_action(seat))
        if checked >= 3:
            break
    assert checked >= 3


def test_robot_gives_count_when_declarer_leads_a_suit() -> None:
    """3NT by South, who wins the heart lead and cashes the diamond ace: East, following for the
    first time, plays high from two (8 then 4) and its lowest from three; declarer holds every
    diamond that matters, so the spot cards do as well double dummy and only the count tells
    them apart."""
    south = "7s Ah Kh Qh Jh Ad Kd Qd Jd Td Ac Kc Qc"
    north = "As Ks Qs Js Ts 9s 8s 2h 3h 4h 2c 3c 4c"
    for east, card in (("8d 4d 6s 5s Th 9h 8h 7h Jc Tc 9c 8c 7c", "8d"),
                       ("8d 4d 3d 6s 5s Th 9h 8h 7h Jc Tc 9c 8c", "3d")):
        game = played(table({S: south, N: north, E: east}, "P P 3NT P P P"), "6h 2h 7h Ah Ad 2d 2c")
        assert game.to_act() == (E,)
        assert robot.choose(game.view(E), game.legal_actions(E), random.Random(2)).cards == (card,)
