"""Bridge robots: the table's bidding system (Standard American Yellow Card, or the beginners' natural
one) and double-dummy card play on sampled deals.

The robot sees only its seat's view (its hand, dummy after the lead, the cards played, the
auction). To play a card it deals the unseen cards at random, many times, in ways that agree with
what it knows (``bridge_deals``: card counts, shown voids, roughly what the calls promised and what
partner's carding said), solves every deal with endplay's double-dummy solver and plays the card
that scores best on average for its side at IMPs (making or beating the contract before a trick
more); leads and signals follow the convention card (``bridge_carding``). The
bidding system is written out in ``docs/rules/bridge.md``.

The bidding is in ``bridge_system`` (over the natural rules of ``bridge_bidding``), the choice
between the two in ``bridge_systems``, which the view names; sampling and solving run in the
separate, lower-priority process of ``bridge_solver``.
"""
from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from endplay.dds import solve_all_boards, solve_board

from bot.ai.bridge_bidding import Shown
from bot.ai.bridge_carding import agreed_card, opening_lead
from bot.ai.bridge_deals import Table, layouts, misfits, read_table, sample_hidden, solver_deal
from bot.ai.bridge_solver import in_solver
from bot.ai.bridge_systems import system_of
from bot.games.base import HIDDEN, Action, ActionSpec
from bot.games.bridge import BIDS, DOUBLE, REDOUBLE, card_code
from bot.games.bridge_scoring import ContractResult, duplicate_score, imps
from bot.games.cards import DECK, RANKS

SAMPLES = 16
"""Deals solved per card decision at the first two tricks, where a deal of full hands costs the
most to solve: enough to average out luck, few enough for p95 under 1 s."""
EARLY = 8
"""Cards played in the first two tricks."""
LATER = 2
"""After ``EARLY`` cards, when a deal solves several times faster, ``LATER`` times ``SAMPLES``
deals: more deals choose better cards. The opening lead, one decision a deal and the one with the
least known, is solved on as many."""

# ----------------------------------------------------------------------------------------------
# Card play


def choose_card(view: Mapping[str, Any], choices: Sequence[str], rng: random.Random) -> str:
    """The card that scores best over ``SAMPLES`` sampled deals (``LATER`` times as many for the
    opening lead and from the third trick; double dummy), or over every layout when so few agree
    with what the robot knows: the fewest IMPs lost on average against the best card of each deal
    (``card_values``), then the most tricks. Within the opening lead's suit, and among equal cards
    when defending, the card the carding agreement names (``bridge_carding``); else the lowest of
    equal cards."""
    if len(choices) == 1:
        return choices[0]
    table = read_table(view)
    shown = system_of(view).describe([(c["seat"], c["call"]) for c in view["auction"]])
    samples = SAMPLES if 0 < len(table.history) < EARLY else LATER * SAMPLES
    tricks = in_solver(card_tricks, table, shown, tuple(choices), rng.getrandbits(64), samples)
    values = card_values(view, table, tricks)
    if not table.history:
        hand = table.hands[table.to_play]
        leads = {opening_lead([c for c in hand if c[1] == card[1]]) for card in choices}
        return max(leads, key=lambda c: (values[c], -RANKS.index(c[0]), c[1]))
    best = max(values.values())
    tied = [c for c in choices if values[c] == best]
    return (agreed_card(table.history, table.declarer, table.to_play, table.hands[table.to_play], tied)
            or max(tied, key=lambda c: (-RANKS.index(c[0]), c[1])))


def card_tricks(table: Table, shown: Sequence[Shown], choices: Sequence[str], seed: int,
                samples: int) -> dict[str, list[int]]:
    """The tricks each of ``choices`` takes for the side to play, on each of ``samples`` sampled
    deals, or on every layout (those that keep the auction's promises and partner's carding, if
    any do) when there are no more than ``samples`` (solver process)."""
    listed = layouts(table, samples)
    if listed is None:
        rng = random.Random(seed)
        listed = [sample_hidden(table, shown, rng) for _ in range(samples)]
    else:
        listed = [layout for layout in listed if not misfits(table, shown, layout)] or listed
    tricks: dict[str, list[int]] = {card: [] for card in choices}
    for board in solve_all_boards([solver_deal({**table.hands, **hidden}, table) for hidden in listed]):
        for card, taken in board:
            code = card_code(card)
            if code in tricks:
                tricks[code].append(taken)
    return tricks


def card_values(view: Mapping[str, Any], table: Table, tricks: Mapping[str, Sequence[int]]) -> dict[str, tuple[int, int]]:
    """Each card's IMPs against the best card of each deal, summed over the deals (the contract's
    score for the side to play: making or beating it outweighs a trick more or less), and its
    tricks summed."""
    side = table.to_play % 2
    declaring = table.declarer % 2
    won = int(view["tricks"][declaring])
    left = table.counts[table.to_play]
    sign = 1 if side == 0 else -1

    def score(taken: int) -> int:
        total = won + (taken if side == declaring else left - taken)
        result = ContractResult.of_text(str(view["contract"]), table.declarer, total)
        return sign * duplicate_score(result, view["vulnerable"])
    deals = min(len(t) for t in tricks.values())
    lost = dict.fromkeys(tricks, 0)
    for index in range(deals):
        scores = {card: score(t[index]) for card, t in tricks.items()}
        top = max(scores.values())
        for card, points in scores.items():
            lost[card] += imps(points - top)
    return {card: (lost[card], sum(tricks[card])) for card in tricks}


def best_tricks(hands: Mapping[int, Sequence[str]], table: Table) -> int:
    """The most tricks the side to play takes from here with all four hands open (solver process)."""
    return max(tricks for _, tricks in solve_board(solver_deal(hands, table)))


def claim_is_fair(view: Mapping[str, Any]) -> bool:
    """A robot accepts a claim that the claimer's side would make anyway against its best play.

    With the claimer's hand shown and dummy on the table, the robot answering (a defender, or
    declarer answering a defender's claim) knows all four hands (the one it cannot see holds the
    rest), so a single double-dummy solve settles it. A concession is always accepted; a claim made
    before dummy is seen, when two hands are unknown, is rejected.
    """
    claimer_side = view["claim"]["seat"] % 2
    if view["claim"]["tricks"] <= view["tricks"][claimer_side]:
        return True                          # a concession of the rest: never against the robot
    table = read_table(view)
    hands = dict(table.hands)
    hidden = [seat for seat in range(4) if seat not in hands]
    if len(hidden) > 1:
        return False                         # before the opening lead dummy is not yet seen: play on
    for seat in hidden:                      # the one hidden hand holds the rest
        hands[seat] = table.unseen
    to_play = (table.leader + len(table.trick)) % 4
    best = in_solver(best_tricks, hands, table)
    remaining = (52 - len(view["play"]) + len(table.trick)) // 4
    from_here = best if to_play % 2 == claimer_side else remaining - best
    return bool(view["claim"]["tricks"] <= view["tricks"][claimer_side] + from_here)


def safe_claim(view: Mapping[str, Any]) -> int | None:
    """Declarer's claim of every remaining trick (the total for its side), or None.

    Only what declarer sees counts: its hand, dummy and the cards played. The claim is made at
    the start of a trick that declarer's side leads, when every card of the hand on lead beats
    every other unplayed card of its suit (partner's too, so partner is never forced to overtake)
    and the defenders hold no trumps. Then each lead wins: a defender can neither follow higher
    nor ruff, and partner either follows lower, discards, or (holding nothing but trumps, which
    all win) ruffs. At most one claim a board: robot defenders accept a true claim, so a rejection
    (or a person's time-out) means the defenders would rather play it out, and the robot does.
    """
    declarer = view["declarer"]
    defenders = (declarer + 1) % 4, (declarer + 3) % 4
    leader = view["leader"]
    seats = view["seats"]
    if view["trick"] or leader in defenders or view["claims_rejected"]:
        return None
    on_lead = seats[leader]["cards"]
    partner = seats[(leader + 2) % 4]["cards"]
    if len(on_lead) < 2 or HIDDEN in on_lead or HIDDEN in partner:
        return None                          # one trick left is played, not claimed
    played = {p["card"] for p in view["play"]}
    others = [c for c in DECK if c not in played and c not in on_lead]
    trump = (view["contract"] or "1NT")[1:].rstrip("X").lower()
    if any(c[1] == trump and c not in partner for c in others):
        return None
    if not all(_beats_the_rest(card, others) for card in on_lead):
        return None
    return int(view["tricks"][declarer % 2]) + len(on_lead)


def _beats_the_rest(card: str, others: Sequence[str]) -> bool:
    rank = RANKS.index(card[0])
    return all(RANKS.index(c[0]) < rank for c in others if c[1] == card[1])


# ----------------------------------------------------------------------------------------------


def choose(view: Mapping[str, Any], legal: Sequence[ActionSpec], rng: random.Random) -> Action:
    """The robot's action for its seat (declarer's robot also plays dummy's cards and claims
    the rest when it is sure of every trick)."""
    kinds = {spec.kind: spec for spec in legal}
    if "accept_claim" in kinds:
        return Action("accept_claim" if claim_is_fair(view) else "reject_claim")
    if "claim" in kinds:
        tricks = safe_claim(view)
        if tricks is not None:
            return Action("claim", amount=tricks)
    if "play" in kinds:
        return Action("play", cards=(choose_card(view, kinds["play"].choices, rng),))
    call = system_of(view).choose_call(view)
    if call in BIDS and "bid" in kinds and call in kinds["bid"].choices:
        return Action("bid", target=call)
    if call == DOUBLE and "double" in kinds:
        return Action("double")
    if call == REDOUBLE and "redouble" in kinds:
        return Action("redouble")
    return Action("pass")
