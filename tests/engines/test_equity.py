"""All-in equity: figures on hand-made spots against pokerkit's own hand ranking over every runout,
a known preflop match-up by fixed-seed sampling, and the engines putting them in the view once every
live hand is shown."""
from __future__ import annotations

import json
from itertools import combinations
from typing import Sequence

import pytest
from phevaluator import evaluate_cards, evaluate_omaha_cards
from pokerkit import Hand, OmahaEightOrBetterLowHand, OmahaHoldemHand, StandardHighHand

import bot.games.holdem as holdem
from bot.games.base import Action, Seat
from bot.games.cards import DECK
from bot.games.equity import CARD_ID, SAMPLES, HandEquity, equities, hole_equities, sample_key
from bot.games.holdem import HoldemEngine
from bot.games.runout_equity import _count, with_equity
from bot.games.omaha import OmahaHiLoEngine, best_low_numbers
from bot.games.stud import StudEngine

HOLDEM = (lambda hole, board: evaluate_cards(*hole, *board)), None
OMAHA = (lambda hole, board: evaluate_omaha_cards(*board, *hole)), None
OMAHA_HILO = OMAHA[0], best_low_numbers


@pytest.fixture(autouse=True)
def _fresh_counts() -> None:
    """Each test counts its own figures: ``_count`` keeps the last few, even those of another test."""
    _count.cache_clear()


def oracle(holes: dict[int, list[str]], board: list[str], high: type[Hand],
           low: type[Hand] | None = None) -> dict[int, HandEquity]:
    """The same figures counted with pokerkit's hand classes over every runout (slow, independent)."""
    known = set(board).union(*holes.values())
    unseen = [c for c in DECK if c not in known]
    totals = {seat: [0, 0, 0.0, 0, 0] for seat in holes}  # win, tie, share, high, low
    runs = list(combinations(unseen, 5 - len(board)))
    for extra in runs:
        full = "".join(board) + "".join(extra)
        highs = {s: high.from_game("".join(h), full) for s, h in holes.items()}
        top = max(highs.values())
        high_winners = [s for s in holes if highs[s] == top]
        low_winners: list[int] = []
        if low is not None:
            lows = {}
            for s, h in holes.items():
                try:
                    lows[s] = low.from_game("".join(h), full)
                except ValueError:  # no qualifying low
                    pass
            if lows:
                best = max(lows.values())
                low_winners = [s for s in lows if lows[s] == best]
        pot = dict.fromkeys(holes, 0.0)
        for s in high_winners:
            pot[s] += (0.5 if low_winners else 1.0) / len(high_winners)
            totals[s][3] += 1
        for s in low_winners:
            pot[s] += 0.5 / len(low_winners)
            totals[s][4] += 1
        for s, part in pot.items():
            totals[s][2] += part
            totals[s][0 if part >= 1 - 1e-9 else 1] += part > 0
    n = len(runs)
    return {s: HandEquity(w / n, t / n, sh / n, hi / n if low else None, lo / n if low else None)
            for s, (w, t, sh, hi, lo) in totals.items()}


def _close(got: dict[int, HandEquity], want: dict[int, HandEquity]) -> None:
    for seat, figures in want.items():
        assert got[seat] == pytest.approx(figures), seat


def test_turn_outs_are_counted_exactly() -> None:
    """Ace-king of hearts against queens on a turn of two hearts: 9 hearts, 3 aces and 3 kings win."""
    figures, exact = equities({0: ["Ah", "Kh"], 1: ["Qs", "Qd"]}, ["2h", "7h", "Tc", "3d"], *HOLDEM, key=sample_key("x"))
    assert exact and figures[0].win == 15 / 44 and figures[1].win == 29 / 44 and figures[0].tie == 0


def test_the_same_hand_ranks_split_every_runout() -> None:
    figures, exact = equities({0: ["Ac", "Kd"], 1: ["Ad", "Kc"]}, ["Qh", "Jh", "2s", "3s"], *HOLDEM, key=sample_key("x"))
    assert exact and figures[0] == figures[1] == HandEquity(0.0, 1.0, 0.5)


@pytest.mark.parametrize("holes, board", [
    ({0: ["As", "Kd"], 1: ["7c", "7h"], 2: ["Qd", "Jd"]}, ["7d", "Td", "2s"]),
    ({0: ["5c", "5d"], 1: ["Ah", "2h"]}, ["3h", "4c", "Kh"]),
])
def test_holdem_flop_figures_match_pokerkit_over_every_runout(holes: dict[int, list[str]], board: list[str]) -> None:
    figures, exact = equities(holes, board, *HOLDEM, key=sample_key("x"))
    assert exact
    _close(figures, oracle(holes, board, StandardHighHand))


def test_omaha_hilo_turn_figures_match_pokerkit_high_and_low_halves() -> None:
    holes = {0: ["As", "2s", "Kd", "Kc"], 1: ["Qh", "Qd", "Jc", "Jh"], 2: ["Ad", "3c", "6h", "9c"]}
    board = ["3h", "4d", "9s", "Qs"]
    figures, exact = equities(holes, board, *OMAHA_HILO, key=sample_key("x"))
    want = oracle(holes, board, OmahaHoldemHand, OmahaEightOrBetterLowHand)
    assert exact and want[0].low and want[1].low == 0, "a spot where the low half matters"
    _close(figures, want)
    assert sum(f.share for f in figures.values()) == pytest.approx(1.0)


def test_a_split_low_quarters_the_pot() -> None:
    """Both hold ace-two for the same low, so each takes a quarter on every river. Of the 40 rivers, a
    five makes both the same straight (high split too); a queen gives queens the high half, a king or
    any of the 32 others leaves it to kings: kings take (4/2 + 2/4 + 34·3/4) / 40 = 28/40."""
    holes = {0: ["As", "2s", "Kd", "Kc"], 1: ["Ad", "2d", "Qh", "Qc"]}
    board = ["3h", "4c", "8s", "Jd"]
    figures, exact = equities(holes, board, *OMAHA_HILO, key=sample_key("x"))
    want = oracle(holes, board, OmahaHoldemHand, OmahaEightOrBetterLowHand)
    assert exact and want[0].low == want[1].low == 1.0, "every river leaves the same low in both hands"
    _close(figures, want)
    assert figures[0].share == pytest.approx(28 / 40) and figures[1].share == pytest.approx(12 / 40)
    assert figures[0].high == 38 / 40 and figures[0].tie == figures[1].tie == 1.0


def test_figures_to_four_places_and_halves_only_in_hi_lo() -> None:
    """What the picture reads: each figure rounded to 1/10,000, ``high`` and ``low`` in hi-lo only."""
    assert HandEquity(1 / 3, 1 / 6, 5 / 12, 2 / 3, 1 / 7).to_json() == {
        "win": 0.3333, "tie": 0.1667, "share": 0.4167, "high": 0.6667, "low": 0.1429}
    assert HandEquity(2 / 3, 1 / 7, 5 / 7).to_json() == {"win": 0.6667, "tie": 0.1429, "share": 0.7143}


def test_aces_against_kings_before_the_flop_by_a_fixed_seed_sample() -> None:
    """About 82 % to 17 % (a published figure); the same seed gives the same figures every time."""
    holes = {0: ["Ah", "Ad"], 1: ["Ks", "Kc"]}
    figures, exact = equities(holes, [], *HOLDEM, key=sample_key("deal:0"))
    assert not exact and abs(figures[0].win - 0.82) < 0.025 and abs(figures[1].win - 0.17) < 0.025
    assert equities(holes, [], *HOLDEM, key=sample_key("deal:0"))[0] == figures
    assert SAMPLES * figures[0].win == int(SAMPLES * figures[0].win), "counted over SAMPLES runouts"


def _rig(monkeypatch: pytest.MonkeyPatch, holes: Sequence[str], board: str) -> None:
    """Deal ``holes[seat]`` (two cards each, dealer 0: seat 1 first) and ``board``, burning before streets."""
    n = len(holes)
    order = [(1 + i) % n for i in range(n)]
    per = len(holes[0]) // 2
    dealt = [holes[seat][2 * k:2 * k + 2] for k in range(per) for seat in order]
    b = [board[i:i + 2] for i in range(0, 10, 2)]
    rest = [c for c in DECK if c not in dealt + b]
    deck = dealt + [rest.pop()] + b[:3] + [rest.pop(), b[3], rest.pop(), b[4]] + rest
    monkeypatch.setattr(holdem, "shuffled_deck", lambda seed: list(deck))


def test_an_all_in_before_the_flop_shows_each_streets_figures_once_the_hands_are_shown(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _rig(monkeypatch, ["AhKh", "QsQd"], "2h7hTc3d9s")
    e = HoldemEngine({}, [Seat("Ann", 500), Seat("Bob", 500)], "ab" * 32, {"dealer": 0})
    assert "runout" not in e.view(None)
    (seat,) = e.to_act()
    e.apply(seat, Action("raise", amount=500))
    (seat,) = e.to_act()
    e.apply(seat, Action("call"))
    assert e.outcome is not None
    for viewer in (None, 0, 1):
        streets = with_equity(e.view(viewer))["equity"]
        assert [s["street"] for s in streets] == ["preflop", "flop", "turn"]
        assert [s["exact"] for s in streets] == [False, True, True]
    turn = {e_["seat"]: e_ for e_ in with_equity(e.view(None))["equity"][2]["seats"]}
    assert turn[0]["win"] == round(15 / 44, 4) and turn[1]["win"] == round(29 / 44, 4)
    flop = {e_["seat"]: e_ for e_ in with_equity(e.view(None))["equity"][1]["seats"]}
    preflop = with_equity(e.view(None))["equity"][0]["seats"]  # the engine's own sample, keyed by its seed
    drawn, _ = equities({0: ["Ah", "Kh"], 1: ["Qs", "Qd"]}, [], *HOLDEM, key=sample_key("ab" * 32 + ":equity:0"))
    assert preflop == [{"seat": seat, **drawn[seat].to_json()} for seat in (0, 1)]
    assert "ab" * 32 not in json.dumps(e.view(None)["runout"]), "the view carries a key, never the deal's seed"
    hits = _count.cache_info().hits
    with_equity(e.view(None))
    assert _count.cache_info().hits == hits + 3, "a picture drawn again counts nothing twice"
    want = oracle({0: ["Ah", "Kh"], 1: ["Qs", "Qd"]}, ["2h", "7h", "Tc"], StandardHighHand)
    assert flop[0]["win"] == round(want[0].win, 4) and flop[1]["tie"] == round(want[1].tie, 4)


def test_no_figures_without_an_all_in_runout(monkeypatch: pytest.MonkeyPatch) -> None:
    _rig(monkeypatch, ["AhKh", "QsQd"], "2h7hTc3d9s")
    e = HoldemEngine({}, [Seat("Ann", 500), Seat("Bob", 500)], "ab" * 32, {"dealer": 0})
    while e.outcome is None:  # checked and called down: betting stayed possible on every street
        (seat,) = e.to_act()
        kinds = {s.kind for s in e.legal_actions(seat)}
        e.apply(seat, Action("check" if "check" in kinds else "call"))
    assert "runout" not in e.view(None)


def test_omaha_hilo_all_in_on_the_flop_has_high_and_low_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    _rig(monkeypatch, ["As2sKdKc", "QhQdJcJh"], "3h4d9sQs8c")
    e = OmahaHiLoEngine({"limit": "no-limit"}, [Seat("Ann", 300), Seat("Bob", 300)], "ab" * 32, {"dealer": 0})
    for move in ("call", "check"):  # to the flop
        (seat,) = e.to_act()
        e.apply(seat, Action(move))
    (seat,) = e.to_act()
    e.apply(seat, Action("raise", amount=max(s.max_amount or 0 for s in e.legal_actions(seat))))
    (seat,) = e.to_act()
    e.apply(seat, Action("call"))
    streets = with_equity(e.view(None))["equity"]
    assert [s["street"] for s in streets] == ["flop", "turn"]
    turn = {x["seat"]: x for x in streets[1]["seats"]}
    want = oracle({0: ["As", "2s", "Kd", "Kc"], 1: ["Qh", "Qd", "Jc", "Jh"]}, ["3h", "4d", "9s", "Qs"],
                  OmahaHoldemHand, OmahaEightOrBetterLowHand)
    assert turn[0]["low"] == round(want[0].low, 4) and turn[1]["high"] == round(want[1].high, 4)


def test_the_table_image_draws_a_tag_per_live_hand_and_a_legend(monkeypatch: pytest.MonkeyPatch) -> None:
    from io import BytesIO

    from PIL import Image, ImageChops

    from images.poker import render_table
    from images.poker_equity import tag_lines

    _rig(monkeypatch, ["AhKh", "QsQd"], "2h7hTc3d9s")
    e = HoldemEngine({}, [Seat("Ann", 500), Seat("Bob", 500)], "ab" * 32, {"dealer": 0})
    for move in (Action("raise", amount=500), Action("call")):
        (seat,) = e.to_act()
        e.apply(seat, move)
    view = e.view(None)
    lines = tag_lines(with_equity(view), 0)
    assert lines[0].startswith("Win ") and lines[0].endswith(" · 34%")  # 15/44 on the turn
    plain = {k: v for k, v in view.items() if k != "runout"}
    with_odds, without = (Image.open(BytesIO(render_table(v, "footer"))).convert("RGB") for v in (view, plain))
    diff = ImageChops.difference(with_odds, without)
    width, height = diff.size
    assert diff.crop((width // 2, height - 22, width, height)).getbbox(), "the legend in the footer"
    assert diff.crop((0, 40, width, height // 2)).getbbox(), "the top seat's tag"
    assert diff.crop((0, height // 2, width, height - 22)).getbbox(), "the bottom seat's tag"
    assert not diff.crop((0, height - 22, width // 2, height)).getbbox(), "the deck commitment stays"


def test_no_chips_won_are_drawn_over_an_equity_tag(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three-way Omaha hi-lo all in: the bottom seat's tag stands above its cards, where its chips won
    would go; they are drawn beside it, and nothing else covers any tag."""
    import images.poker as poker

    _rig(monkeypatch, ["As2sKdKc", "QhQdJcJh", "7c7d6h5h"], "3h4d9sQs8c")
    e = OmahaHiLoEngine({"limit": "no-limit"}, [Seat(n, 300) for n in ("Ann", "Bob", "Cy")], "ab" * 32,
                        {"dealer": 0})
    while e.outcome is None:
        (seat,) = e.to_act()
        legal = e.legal_actions(seat)
        most = max(s.max_amount or 0 for s in legal)
        e.apply(seat, Action("raise", amount=most) if any(s.kind == "raise" for s in legal) else Action("call"))
    tags, chips = [], []
    draw_tag, draw_bet = poker.draw_tag, poker._draw_bet
    monkeypatch.setattr(poker, "draw_tag", lambda *a: tags.append(draw_tag(*a)) or tags[-1])
    monkeypatch.setattr(poker, "_draw_bet", lambda *a, **k: chips.append(draw_bet(*a, **k)) or chips[-1])
    poker.render_table(e.view(None), "footer")
    assert len(tags) == 3 and len(chips) == 2, (tags, chips)
    assert not [(t, c) for t in tags for c in chips if t[0] < c[2] and c[0] < t[2] and t[1] < c[3] and c[1] < t[3]]


def test_stud_sixth_street_figures_match_pokerkit_over_every_deal() -> None:
    """Heads-up on sixth street each hand gets one more card of its own: 40 × 39 deals, all counted."""
    holes = {0: ["Ah", "Kh", "2h", "7h", "9c", "3d"], 1: ["Qs", "Qd", "Jc", "Js", "4s", "5c"]}
    figures, exact = hole_equities(holes, 7, lambda hole, board: evaluate_cards(*hole), key=sample_key("x"))
    assert exact
    known = set(holes[0] + holes[1])
    unseen = [c for c in DECK if c not in known]
    wins = [0, 0]
    ties = 0
    for a in unseen:
        for b in unseen:
            if a == b:
                continue
            mine = StandardHighHand.from_game("".join(holes[0]) + a, "")
            theirs = StandardHighHand.from_game("".join(holes[1]) + b, "")
            wins[0] += mine > theirs
            wins[1] += theirs > mine
            ties += mine == theirs
    total = len(unseen) * (len(unseen) - 1)
    assert figures[0].win == pytest.approx(wins[0] / total) and figures[1].win == pytest.approx(wins[1] / total)
    assert figures[0].tie == pytest.approx(ties / total)


def test_stud_fifth_street_is_sampled_each_hand_dealt_its_own_two_cards() -> None:
    """Heads-up on fifth street there are 861 × 780 deals: SAMPLES of them are drawn, by the key. Each
    draw gives each hand two cards nobody holds, none to both; a hand's new cards are as likely high as
    the other's (the highest new card wins about half the time for each)."""
    holes = {0: ["Ah", "Kh", "2h", "7h", "9c"], 1: ["Qs", "Qd", "Jc", "Js", "4s"]}
    known = {CARD_ID[c] for hole in holes.values() for c in hole}
    seen: list[tuple[int, ...]] = []

    def highest_new_card(hole: Sequence[int], board: Sequence[int]) -> int:
        assert len(seen) < 2 * SAMPLES, "more deals than SAMPLES"
        seen.append(tuple(hole))
        return -max(hole[5:])

    figures, exact = hole_equities(holes, 7, highest_new_card, key=sample_key("fifth"))
    assert not exact and len(seen) == 2 * SAMPLES
    for mine, theirs in zip(seen[::2], seen[1::2]):
        assert [mine[:5], theirs[:5]] == [tuple(CARD_ID[c] for c in holes[s]) for s in (0, 1)]
        new = mine[5:] + theirs[5:]
        assert len(mine) == len(theirs) == 7 and len(set(new)) == 4 and not set(new) & known
    assert abs(figures[0].win - 0.5) < 0.05 and figures[0].win + figures[1].win == 1
    assert hole_equities(holes, 7, lambda hole, board: -max(hole[5:]), key=sample_key("fifth"))[0] == figures


def test_a_stud_all_in_has_figures_for_each_street_left() -> None:
    e = StudEngine({"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10},
                   [Seat("Ann", 12), Seat("Bob", 12)], "ab" * 32, {})
    while e.outcome is None:
        (seat,) = e.to_act()
        kinds = {spec.kind: spec for spec in e.legal_actions(seat)}
        e.apply(seat, Action("raise", amount=kinds["raise"].max_amount) if "raise" in kinds
                else Action("bring_in") if "bring_in" in kinds else Action("call"))
    streets = with_equity(e.view(None))["equity"]
    assert [s["street"] for s in streets][-1] == "sixth street" and streets[-1]["exact"]
    last = {x["seat"]: x for x in streets[-1]["seats"]}
    cards = {s: e.view(None)["seats"][s]["cards"][:6] for s in (0, 1)}
    want, _ = hole_equities(cards, 7, lambda hole, board: evaluate_cards(*hole), key=sample_key("any"))
    assert last[0]["win"] == round(want[0].win, 4) and last[1]["tie"] == round(want[1].tie, 4)
