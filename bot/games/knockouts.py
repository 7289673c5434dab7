"""Who knocked out whom in a poker deal, read from its hand history (PHH) alone, so a season counts the
same bounties after a restart or when it is made after the fact.

A player is knocked out when they began the deal with chips and end it with none. Their last chip is
the top of what they put in, and it lies in one pot: the pot whose chips, counted from the bottom of
the main pot up (dead antes first, as pokerkit lays its pots out), reach the chips every player put in
up to that player's level. Whoever pokerkit paid from that pot knocked them out: one winner, or each
winner of a split pot (a tie, the high and the low half of a hi-lo pot, either board of a board run
twice). pokerkit may have joined that pot with the side pot above it (levels whose live hands are the
same after the losers' hands were killed); the joined pot's winners are that level's winners, so the
answer is the same.

The hand is replayed with the high hands ranked as the engines rank them (``FastHighHand``,
phevaluator: pokerkit's own ranking of the showdown is most of a replay's time); the order is the same."""
from __future__ import annotations

from itertools import accumulate

from pokerkit import AntePosting, ChipsPushing, StandardHighHand

from bot.games.high_hands import FastHighHand
from bot.games.phh import RoomHandHistory


class _Ranked(RoomHandHistory):
    """The room's PHH reader, its standard high hands ranked by phevaluator."""

    ranked = {StandardHighHand: FastHighHand}


def knockouts(phh: str) -> dict[int, tuple[int, ...]]:
    """Each deal seat knocked out in the hand, with the deal seats who won the pot that took its last
    chips (sorted); empty when nobody was knocked out."""
    history = _Ranked.loads(phh)
    *_, state = iter(history)
    starting = list(history.starting_stacks)
    count = len(starting)
    seat_of = [seat - 1 for seat in history.seats] if history.seats else list(range(count))
    won, antes = [0] * count, [0] * count
    paid: dict[int, int] = {}
    winners: dict[int, set[int]] = {}
    for op in state.operations:
        if isinstance(op, AntePosting):
            antes[op.player_index] += op.amount
        elif isinstance(op, ChipsPushing):
            paid[op.pot_index] = paid.get(op.pot_index, 0) + op.total_amount
            for player, amount in enumerate(op.amounts):
                won[player] += amount
                if amount:
                    winners.setdefault(op.pot_index, set()).add(player)
    if not paid:
        return {}
    dead = 0 if state.ante_trimming_status else sum(antes)
    put = [starting[p] - state.stacks[p] + won[p] - (0 if state.ante_trimming_status else antes[p]) for p in range(count)]
    tops = list(accumulate(paid.get(k, 0) for k in range(max(paid) + 1)))
    found: dict[int, tuple[int, ...]] = {}
    for player in range(count):
        if starting[player] <= 0 or state.stacks[player] > 0:
            continue
        below = dead + sum(min(chips, put[player]) for chips in put)
        pot = next((k for k, top in enumerate(tops) if top >= below), len(tops) - 1)
        found[seat_of[player]] = tuple(sorted(seat_of[p] for p in winners.get(pot, ())))
    return found
