"""After our 1NT opening (15-17), or direct 1NT overcall of their one of a suit (15-18), and the
next hand's bid at the two level (over the overcall, a raise of their suit): responder's first
call and opener's answer to the forcing ones. A new suit at the two level is to play, three of a
suit is forcing, 2NT invites, 3NT and four of a major are to play, and the cue-bid of their suit
is game forcing: it asks for a four-card major (Stayman) or a stopper in their suit. When they bid
over responder's Stayman or transfer instead, opener still shows the major asked for if it can."""
from __future__ import annotations

from typing import Sequence

from bot.ai.bridge_bidding import MAJORS, SUITS, cheapest_level
from bot.ai.bridge_system.judgment import penalty_double
from bot.ai.bridge_system.position import Meaning, Option, Position, Test, longest, stopped
from bot.games.bridge import BIDS, PASS

CUE = "game forcing: asks for a four-card major, else a stopper in their suit"
TRANSFERS = {"2D": "H", "2H": "S"}
"""Responder's transfers over 1NT and the major each asks for."""


def unbid_majors(their: str) -> str:
    return "".join(m for m in MAJORS if m != their)


def four_in(suits: str) -> Test:
    return lambda hand: any(hand.info.lengths[s] >= 4 for s in suits)


GAME_VALUES = 10
"""The least points (HCP with length) for responder's forcing bid of a suit at the three level: 10
HCP and a five-card suit, or 8 and a six-card suit or two five-card suits, make game opposite
15-17."""


def game_values(suit: str) -> Test:
    """10+ HCP, a six-card ``suit``, or a second five-card suit (the points are the option's)."""
    return lambda hand: (hand.info.hcp >= 10 or hand.info.lengths[suit] >= 6
                         or sum(n >= 5 for n in hand.info.lengths.values()) >= 2)


def responses(position: Position, their: str) -> list[Option]:
    """Responder over 1NT (2x): with game values (10+ HCP, or 10 points in a long suit at the three
    level) responder never passes."""
    majors = unbid_majors(their)
    cue = position.cheapest(their)
    options = [*penalty_double(position)]
    options += [Option("4" + m, Meaning(10, 15, {m: 6}, note="to play")) for m in majors]
    options += [Option(f"3{m}", Meaning(8, lengths={m: 5}, points=GAME_VALUES, note="forcing: game values"),
                       when=game_values(m))
                for m in majors if position.cheapest(m)[0] <= "3"]
    options += [Option(cue, Meaning(10, note=CUE), when=four_in(majors)),
                Option("3NT", Meaning(10, 15, note="to play: a stopper in their suit"), when=stopped(their))]
    options += [Option(f"3{m}", Meaning(8, lengths={m: 5}, points=GAME_VALUES, note="forcing: game values"),
                       when=game_values(m))
                for m in "DC" if m != their and position.cheapest(m)[0] <= "3"]
    options += [Option(cue, Meaning(10, note=CUE)),
                Option("2NT", Meaning(8, 9, note="invites 3NT: a stopper in their suit"), when=stopped(their))]
    options += [Option("2" + s, Meaning(0, 9, {s: 5}, note="to play"))
                for s in SUITS if s != their and position.legal("2" + s)]
    return options + [Option(PASS, Meaning(high=9))]


def answers(position: Position, their: str, asked: str) -> list[Option]:
    """Opener after responder's forcing call (the next hand passed). Opener's balanced hand holds
    two cards at least in responder's suit."""
    if asked == "2NT":
        return [Option("3NT", Meaning(16, 17, note="accepts the invitation")), Option(PASS, Meaning(high=15))]
    if asked[1:] == their:
        options = [Option(position.cheapest(m), Meaning(lengths={m: 4}, note="a four-card major"))
                   for m in unbid_majors(their)[::-1]]
        minors = "".join(s for s in "DC" if s != their)
        return [*options,
                Option("3NT", Meaning(note="no four-card major: a stopper in their suit"), when=stopped(their)),
                *[Option(position.cheapest(m), Meaning(note="no four-card major, no stopper in their suit"),
                         when=longest(m, minors)) for m in minors]]
    suit = asked[1:]
    game = ("4" if suit in MAJORS else "5") + suit
    raise_ = Option(game, Meaning(lengths={suit: 3}, note="support for responder's suit"))
    notrump = Option("3NT", Meaning(note="a stopper in their suit"), when=stopped(their))
    first, second = (raise_, notrump) if suit in MAJORS else (notrump, raise_)
    return [first, second,
            Option(position.cheapest(suit), Meaning(note="no stopper in their suit, two cards in responder's"))]


def after_cue_answer(position: Position, their: str, shown: str) -> list[Option]:
    """Responder after opener's answer to the cue-bid (game forced): game in the major opener
    showed with four cards of it, 3NT with a stopper in their suit or over a major without a fit
    (opener's notrump likely stops their suit), else five of opener's minor."""
    options = []
    if shown[1:] in MAJORS:
        options.append(Option("4" + shown[1:], Meaning(lengths={shown[1:]: 4}, note="a fit for opener's major")))
        options.append(Option("3NT", Meaning(note="no fit for opener's major")))
    elif shown != "3NT":
        options += [Option("3NT", Meaning(note="a stopper in their suit"), when=stopped(their)),
                    Option("5" + shown[1:], Meaning(note="no stopper in their suit: game in opener's minor"))]
    return options + [Option(PASS, Meaning())]


def over_the_ask(position: Position, asked: str, their: str) -> list[Option]:
    """Opener after their suit bid over responder's Stayman (``asked`` 2♣) or transfer: a
    four-card major Stayman asked for, or the transfer's major (three trumps at the two level,
    four at the three), at the cheapest level, not above three; a penalty double where it pays;
    else a pass."""
    transfer = TRANSFERS.get(asked)
    options = [*penalty_double(position)]
    for major in (transfer,) if transfer else ("H", "S"):
        bid = position.cheapest(major)
        if major != their and bid[0] <= "3":
            length = 4 if not transfer or bid[0] == "3" else 3
            note = "support for partner's major" if transfer else "a four-card major, over their bid"
            options.append(Option(bid, Meaning(lengths={major: length}, note=note)))
    return options + [Option(PASS, Meaning(note="nothing to show over their bid"))]


def after_the_ask(position: Position, asked: str, shown: str) -> list[Option]:
    """Responder after their bid over its Stayman or transfer and opener's call (``shown``: the
    major opener bid, or a pass): game in the major with a fit (four with Stayman's, five after a
    transfer opener supported, six after a pass) and 10+ HCP, three of it with 8–9, 3NT with 10–15
    (opener's notrump likely stops their suit); else a pass."""
    transfer = TRANSFERS.get(asked)
    options = []
    for major in (m for m in "HS" if m in (shown[1:], transfer)):
        need = 4 if not transfer else 5 if shown[1:] == transfer else 6
        game = "4" + major
        options.append(Option(game, Meaning(10, lengths={major: need}, note="to play")))
        if position.legal("3" + major):
            options.append(Option("3" + major, Meaning(8, 9, lengths={major: need}, note="invites game")))
    return [*options, Option("3NT", Meaning(10, 15, note="to play: opener's notrump likely stops their suit")),
            Option(PASS, Meaning(high=9))]


def our_notrump(calls: Sequence[tuple[int, str]]) -> tuple[int, str] | None:
    """The index of the 1NT that this module follows, the auction's first bid or the direct
    overcall of one of a suit (15-18: the same structure serves it), and the suit it overcalled
    ("" for the opening)."""
    first = next((i for i, (_, c) in enumerate(calls) if c in BIDS), None)
    if first is None:
        return None
    opening = calls[first][1]
    if opening == "1NT":
        return first, ""
    overcall = first + 1
    if opening[0] == "1" and overcall < len(calls) and calls[overcall][1] == "1NT":
        return overcall, opening[1:]
    return None


def rules(position: Position) -> list[Option] | None:
    """The places this module covers, or None."""
    calls = position.calls
    found = our_notrump(calls)
    if found is None or calls[found[0]][0] % 2 != position.seat % 2:
        return None
    opened, overcalled = found
    after = calls[opened + 1:]
    over_ask = len(after) >= 3 and after[0][1] == PASS and after[1][1] in ("2C", *TRANSFERS) \
        and after[2][1] in BIDS and after[2][1][1:] != "NT"     # their suit bid over Stayman or a transfer
    if over_ask and len(after) == 3 and calls[opened][0] == position.seat:
        return over_the_ask(position, after[1][1], after[2][1][1:])
    if over_ask and len(after) == 5 and after[4][1] == PASS and after[1][0] == position.seat \
            and (after[3][1] == PASS or (after[3][1] in BIDS and after[3][1][1:] in ("H", "S"))):
        return after_the_ask(position, after[1][1], after[3][1])
    if not after or after[0][1] not in BIDS or after[0][1][0] != "2" or after[0][1][1:] == "NT":
        return None
    their = after[0][1][1:]
    if overcalled and overcalled != their:  # over the overcall, their raise only
        return None
    if len(after) == 1:
        return responses(position, their)
    if len(after) == 3 and after[2][1] == PASS and calls[opened][0] == position.seat:
        asked = after[1][1]
        forcing = asked == "2NT" or (asked in BIDS and asked[0] == "3" and asked[1:] != "NT")
        return answers(position, their, asked) if forcing else None
    cue_answered = len(after) == 5 and after[1][1] == f"{cheapest_level(their, after[0][1])}{their}" \
        and after[2][1] == PASS and after[3][1] in BIDS and after[4][1] == PASS
    if cue_answered and after[1][0] == position.seat:
        return after_cue_answer(position, their, after[3][1])
    return None
