"""What a call means in the robots' bidding system, in words: the answer of the "What does it mean?"
select under a bridge table.

The words come from the same reading of the auction the robots use (the ``describe`` of the table's
system, ``bridge_systems``: what each call promised, which also shapes the deals their card play
samples), so an explanation is exactly what the robots take the call to show, as a range of points
and suit lengths, with the call's place in the auction and the few meanings a range does not say (a
weak two, an invitation). Each system is written out as a convention card in ``docs/rules/bridge.md``.
"""
from __future__ import annotations

from typing import Sequence

from bot.ai.bridge_bidding import SUITS, Shown
from bot.ai.bridge_systems import system_of
from bot.games.bridge import BIDS, DOUBLE, PASS, REDOUBLE

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "NT"}

Calls = Sequence[tuple[int, str]]


def call_name(call: str) -> str:
    """"1♠", "3NT", "Pass", "Double"."""
    return {DOUBLE: "Double", REDOUBLE: "Redouble"}.get(call) or (call if call not in BIDS else call[0] + SYMBOLS[call[1:]])


def role(calls: Calls, index: int) -> str:
    """The call's place in the auction: an opening, a response, an overcall, a rebid..."""
    seat, call = calls[index]
    bids = [(s, c) for s, c in calls[:index] if c in BIDS]
    if not bids:
        return "Opening" if call != PASS else "No opening"
    opener = bids[0][0]
    own = [c for s, c in bids if s == seat]
    partner = [c for s, c in bids if s == (seat + 2) % 4]
    if opener % 2 != seat % 2:
        if own or DOUBLE in [c for s, c in calls[:index] if s == seat]:
            return "Competing"  # an overcaller's or a doubler's later call
        if partner or DOUBLE in [c for s, c in calls[:index] if s == (seat + 2) % 4]:
            return "Advance"  # partner's overcall or double answered
        return "Double" if call == DOUBLE else "Overcall"
    if opener == (seat + 2) % 4 and not own:
        return "Response"
    if opener == seat and len(own) == 1 and partner:
        return "Opener's rebid"
    return "Later call"


def _note(calls: Calls, index: int) -> str:
    """What the ranges alone do not say."""
    seat, call = calls[index]
    bids = [c for s, c in calls[:index] if c in BIDS]
    placed = role(calls, index)
    if call == PASS:
        return "nothing this system bids with" if placed != "No opening" else "no opening bid"
    if placed == "Opening":
        if call[0] == "2" and call != "2NT":
            return "a weak two"
        if call[0] == "3":
            return "a preempt"
        if call in ("1C", "1D"):
            return "the longer minor, no five-card major"
        return ""
    if placed == "Response" and bids and bids[0] == "1NT":
        return {"2NT": "invites 3NT (opener bids it with 16–17)", "4NT": "invites 6NT (opener bids it with 17)",
                "3H": "opener chooses 4♥ with three hearts, else 3NT", "3S": "opener chooses 4♠ with three spades, else 3NT",
                }.get(call, "to play" if call[0] == "2" or call[0] in "46" else "")
    if placed == "Response" and bids and bids[0] == "2NT" and call == "4NT":
        return "invites 6NT (opener bids it with 21)"
    if placed == "Response" and bids and bids[0][0] == "1" and bids[0] != "1NT":
        if call[1:] == bids[0][1:]:
            return "a raise of partner's suit"
        if call[1:] != "NT" and call[0] == "1":
            return "forcing: opener bids again"
    return ""


def _words(before: Shown, after: Shown) -> list[str]:
    """What the call added to what the seat had shown: points, lengths, shape."""
    words = []
    if (after.min_hcp, after.max_hcp) != (before.min_hcp, before.max_hcp):
        if after.max_hcp >= 37:
            words.append(f"{after.min_hcp}+ HCP")
        elif after.min_hcp == 0:
            words.append(f"at most {after.max_hcp} HCP")
        elif after.min_hcp == after.max_hcp:
            words.append(f"{after.min_hcp} HCP")
        else:
            words.append(f"{after.min_hcp}–{after.max_hcp} HCP")
    if after.min_points > max(before.min_points, after.min_hcp):
        words.append(f"{after.min_points}+ points (HCP with length or shortness)")
    words += [f"{after.lengths[s]}+ {SUIT_NAMES[s]}" for s in SUITS if after.lengths[s] > before.lengths[s]]
    if after.balanced and not before.balanced:
        words.append("balanced")
    return words


def explain(calls: Calls, index: int, system: str | None = None) -> str:
    """The meaning of call ``index`` of the auction ``calls`` ((seat, call) in order), as the robots
    read it in the table's ``system`` (SAYC if None): "Opening: 10+ HCP, 5+ spades."."""
    seat = calls[index][0]
    played = system_of({"system": system})
    before, after = played.describe(calls[:index])[seat], played.describe(calls[: index + 1])[seat]
    meaning = played.meaning_at(calls, index)
    note = meaning.note if meaning is not None else _note(calls, index)
    details = ", ".join(_words(before, after) + ([note] if note else []))
    return f"{role(calls, index)}: {details or 'nothing new about the hand in this system'}."


def said(name: str, call: str) -> str:
    """"Ada bids 1♠", "Ada passes", "Ada doubles": a call as the table text says it."""
    verbs = {PASS: "passes", DOUBLE: "doubles", REDOUBLE: "redoubles"}
    return f"{name} {verbs[call]}" if call in verbs else f"{name} bids {call_name(call)}"

