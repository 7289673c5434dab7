"""Bridge robots: the table's bidding system (Standard American Yellow Card, or the beginners' natural
one) and double-dummy card play on sampled deals.

The robot sees only its seat's view (its hand, dummy after the lead, the cards played, the
auction). To play a card it deals the unseen cards at random, many times, in ways that agree with
what it knows (each hand's card count, the voids shown by failing to follow suit, and roughly what
each player's calls promised), solves every sample with endplay's double-dummy solver and plays
the card that does best on average. The bidding system is written out in ``docs/rules/bridge.md``.

The bidding is in ``bridge_system`` (over the natural rules of ``bridge_bidding``), the choice
between the two in ``bridge_systems``, which the view names; sampling and solving run in the
separate, lower-priority process of ``bridge_solver``.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from endplay.dds import solve_all_boards, solve_board
from endplay.types import Deal, Denom, Player

from bot.ai.bridge_bidding import SUITS, HandInfo, Shown
from bot.ai.bridge_solver import in_solver
from bot.ai.bridge_systems import system_of
from bot.games.base import HIDDEN, Action, ActionSpec
from bot.games.bridge import BIDS, DOUBLE, card_code, endplay_card, pbn_hand
from bot.games.cards import DECK, RANKS

SAMPLES = 16
"""Deals solved per card decision: enough to average out luck, few enough for p95 under 1 s."""
SOFT_TRIES = 60
"""Shuffles tried per sample to also match the auction's promises before settling for the voids."""

# ----------------------------------------------------------------------------------------------
# Card play


@dataclass(frozen=True)
class Table:
    """The play as one robot knows it."""

    hands: dict[int, list[str]]          # seats whose remaining cards the robot sees
    counts: list[int]                    # remaining cards per seat
    unseen: list[str]                    # cards neither seen nor played
    voids: dict[int, set[str]]           # seat -> suits (lowercase) it has shown out of
    played: dict[int, list[str]]         # seat -> cards it has played
    leader: int
    trick: list[str]
    trump: Denom


def read_table(view: Mapping[str, Any]) -> Table:
    seats = view["seats"]
    hands = {i: list(s["cards"]) for i, s in enumerate(seats) if HIDDEN not in s["cards"]}
    play = view["play"]
    played: dict[int, list[str]] = {i: [] for i in range(4)}
    voids: dict[int, set[str]] = {i: set() for i in range(4)}
    for start in range(0, len(play), 4):
        trick = play[start:start + 4]
        led = trick[0]["card"][1]
        for entry in trick:
            played[entry["seat"]].append(entry["card"])
            if entry["card"][1] != led:
                voids[entry["seat"]].add(led)
    seen = {c for cards in (*hands.values(), *played.values()) for c in cards}
    contract = view["contract"] or "1NT"
    return Table(
        hands=hands, counts=[len(s["cards"]) for s in seats],
        unseen=[c for c in DECK if c not in seen], voids=voids, played=played,
        leader=view["leader"], trick=[e["card"] for e in view["trick"]],
        trump=Denom.find(contract[1:].rstrip("X")),
    )


def sample_hidden(table: Table, shown: Sequence[Shown], rng: random.Random) -> dict[int, list[str]]:
    """Deal the unseen cards to the hidden hands: the right counts and shown voids always, the
    auction's promises (suit lengths, HCP range) when a few shuffles find them."""
    hidden = [s for s in range(4) if s not in table.hands]
    deal = _deal_with_voids(table, hidden, rng)
    for _ in range(SOFT_TRIES):
        if all(_keeps_promises(deal[s] + table.played[s], shown[s]) for s in hidden):
            break
        deal = _deal_with_voids(table, hidden, rng)
    return deal


def _deal_with_voids(table: Table, hidden: Sequence[int],
                     rng: random.Random) -> dict[int, list[str]]:
    """Most constrained cards first, each to a hidden hand with room that is not void in its
    suit; a dead end (rare) starts again."""
    for _ in range(1000):
        cards = list(table.unseen)
        rng.shuffle(cards)
        cards.sort(key=lambda c: sum(c[1] not in table.voids[s] for s in hidden))
        room = {s: table.counts[s] for s in hidden}
        deal: dict[int, list[str]] = {s: [] for s in hidden}
        for card in cards:
            options = [s for s in hidden if room[s] and card[1] not in table.voids[s]]
            if not options:
                break
            seat = rng.choices(options, weights=[room[s] for s in options])[0]
            deal[seat].append(card)
            room[seat] -= 1
        else:
            return deal
    raise RuntimeError("No deal agrees with the cards seen and the voids shown.")


def _keeps_promises(cards: Sequence[str], shown: Shown) -> bool:
    hand = HandInfo.of(cards)
    return (shown.min_hcp <= hand.hcp <= shown.max_hcp
            and all(hand.lengths[s] >= shown.lengths[s] for s in SUITS)
            and (not shown.balanced or hand.balanced))


def solver_deal(hands: Mapping[int, Sequence[str]], table: Table) -> Deal:
    """An endplay deal of the remaining cards, positioned at the current trick."""
    deal = Deal()
    for seat, cards in hands.items():
        deal[Player(seat)] = pbn_hand(cards)
    deal.first = Player(table.leader)
    deal.trump = table.trump
    for card in table.trick:
        deal.play(endplay_card(card), from_hand=False)
    return deal


def choose_card(view: Mapping[str, Any], choices: Sequence[str], rng: random.Random) -> str:
    """The card with the most tricks on average over ``SAMPLES`` sampled deals (double dummy);
    among equals the lowest."""
    if len(choices) == 1:
        return choices[0]
    table = read_table(view)
    shown = system_of(view).describe([(c["seat"], c["call"]) for c in view["auction"]])
    totals = in_solver(card_totals, table, shown, tuple(choices), rng.getrandbits(64), SAMPLES)
    return max(choices, key=lambda c: (totals[c], -RANKS.index(c[0]), c[1]))


def card_totals(table: Table, shown: Sequence[Shown], choices: Sequence[str], seed: int,
                samples: int) -> dict[str, int]:
    """Tricks each of ``choices`` takes, summed over ``samples`` sampled deals (solver process)."""
    rng = random.Random(seed)
    deals = []
    for _ in range(samples):
        hands = dict(table.hands)
        hands.update(sample_hidden(table, shown, rng))
        deals.append(solver_deal(hands, table))
    totals = dict.fromkeys(choices, 0)
    for board in solve_all_boards(deals):
        for card, tricks in board:
            code = card_code(card)
            if code in totals:
                totals[code] += tricks
    return totals


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
    return Action("pass")
