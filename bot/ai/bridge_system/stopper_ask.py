"""Asking for a stopper: both of us have bid (our side opened, or overcalled their opening), and
the opponents have bid one suit (or, the opponents silent, we have bid three suits and the fourth
is unbid: fourth suit forcing).
A hand with game values between the two hands, no eight-card major fit and no stopper in that
suit cannot bid 3NT and the natural rules pass, stop in a part score or bid 3NT with the suit
open; a club player bids the suit instead (the cheapest bid in it, from the two level to below
3NT), forcing to game and asking partner for a stopper. Partner bids 3NT with one; else raises the
asker's suit with three cards, bids a suit of its own again with four, or (with no suit of its
own bid) gives preference to the asker's suit with two. The asker then bids game in the suit with
eight cards between the hands, else 3NT."""
from __future__ import annotations

from bot.ai import bridge_bidding as natural
from bot.ai.bridge_bidding import SUITS
from bot.ai.bridge_system.position import Calls, Hand, Meaning, Option, Position, Test, natural_call, stopped
from bot.games.bridge import BIDS, DOUBLE, PASS

GAME = {"S": "4S", "H": "4H", "D": "5D", "C": "5C"}
ASK = "a cue-bid of their suit: game values, asks for a stopper in it to bid 3NT"
FOURTH = "the fourth suit: game values, asks for a stopper in it to bid 3NT"
NO_STOPPER = "no stopper in the suit asked"


def asked_suit(position: Position) -> str | None:
    """Where the robot may ask: partner and the robot have both bid (no notrump; over their
    opening too), partner's last call is no double (a penalty double is left to stand or not on its
    own), and the opponents have bid one suit, which is none of ours, or have only passed while we
    bid three suits; their suit or the fourth, bid from the two level to below 3NT."""
    if not position.bids_of(position.seat) or not position.bids_of(position.partner) \
            or position.of(position.partner)[-1] == DOUBLE:
        return None
    theirs = {c[1:] for s, c in position.bids if s % 2 != position.seat % 2}
    ours = {c[1:] for s, c in position.bids if s % 2 == position.seat % 2}
    if fourth_suit(position) and len(ours) == 3 and position.opponents_silent():
        theirs = set(SUITS) - ours
    if len(theirs) != 1 or "NT" in theirs or "NT" in ours or theirs & ours:
        return None
    suit = theirs.pop()
    return suit if BIDS.index("2C") <= BIDS.index(position.cheapest(suit)) < BIDS.index("3NT") else None


def fourth_suit(position: Position) -> bool:
    """The opponents have made no bid: the suit asked is our fourth, not theirs."""
    return all(s % 2 == position.seat % 2 for s, _ in position.bids)


def ask(position: Position) -> list[Option]:
    """The ask: enough for game with what partner has shown (its least, two more on a wide range),
    no stopper in the suit, no eight-card major fit (nor seven cards of a major: a suit to play,
    as partner's answer treats it), and the natural rules short of game (or, in the fourth suit,
    in 3NT)."""
    suit = asked_suit(position)
    if suit is None:
        return []
    partner = position.shown[position.partner]
    fourth = fourth_suit(position)

    def short_of_game(hand: Hand) -> bool:
        if stopped(suit)(hand) or any(hand.info.lengths[m] + partner.lengths[m] >= 8 or hand.info.lengths[m] >= 7
                                      for m in "SH"):
            return False
        call = natural_call(position, hand)
        return call == PASS or (call in BIDS and natural.below_game(call)) or (fourth and call == "3NT")
    low = natural.GAME - natural.expected_strength(partner)
    return [Option(position.cheapest(suit), Meaning(low, note=FOURTH if fourth else ASK), when=short_of_game)]


def cue_bid(calls: Calls, seat: int, back: int) -> int | None:
    """The index of ``seat``'s bid of a suit ``back`` calls ago, the opponents having only passed or
    doubled since: ``system`` checks whether it was the ask."""
    if len(calls) < back or any(c not in (PASS, DOUBLE) for s, c in calls[len(calls) - back + 1:] if s % 2 != seat % 2):
        return None
    index = len(calls) - back
    called_by, call = calls[index]
    return index if called_by == seat and call in BIDS and call[1:] in SUITS else None


def answer(position: Position, suit: str) -> list[Option]:
    """Opposite the ask: game in our major with seven cards of it (a suit to play, stopper or
    not); 3NT with a stopper; else three cards of a suit partner bid (game in a
    major partner showed five of), our own suit again with a card more than we have shown (four at
    least: a second suit rebid shows five-five), or, where we have bid no suit of our own, two of
    partner's suit (so a raise of partner's suit shows three cards where we have one); else our
    first suit again."""
    partner = position.shown[position.partner]
    partners = [c[1:] for c in position.bids_of(position.partner) if c[1:] in SUITS and c[1:] != suit]
    mine = [c[1:] for c in position.bids_of(position.seat) if c[1:] in SUITS and c[1:] not in partners]
    options = [Option("4" + own, Meaning(lengths={own: 7}, note="seven cards: game in our major"))
               for own in mine if own in "HS"]
    options.append(Option("3NT", Meaning(note="a stopper in the suit asked"), when=stopped(suit)))
    for own in partners:
        if own in "SH" and partner.lengths[own] >= 5:
            options.append(Option("4" + own, Meaning(lengths={own: 3}, note=NO_STOPPER)))
        options.append(Option(position.cheapest(own), Meaning(lengths={own: 3}, note=NO_STOPPER)))
    shown = position.shown[position.seat].lengths
    options += [Option(position.cheapest(own), Meaning(lengths={own: max(4, shown[own] + 1)}, note=NO_STOPPER))
                for own in mine]
    options += [Option(position.cheapest(own), Meaning(lengths={own: 2}, note=NO_STOPPER)) for own in partners if not mine]
    return options + [Option(position.cheapest(own), Meaning(lengths={own: max(4, shown[own])}, note=NO_STOPPER))
                      for own in mine[:1]]


def fitting(position: Position, strain: str) -> Test:
    """Eight cards of ``strain`` between the hand and what partner has shown."""
    return lambda hand: hand.info.lengths[strain] + position.shown[position.partner].lengths[strain] >= 8


def after_answer(position: Position, reply: str) -> list[Option] | None:
    """The asker, partner having denied a stopper: game in partner's suit with eight cards between
    the hands, or in a major with eight, else 3NT (past it, game in partner's suit); 3NT over
    partner's 2NT (a stopper shown below game). Over 3NT the natural rules look for a slam; over a
    game, pass."""
    if reply == "3NT":
        return None
    if reply not in BIDS or not natural.below_game(reply):
        return [Option(PASS, Meaning(note="partner chose the game"))]
    if reply[1:] not in SUITS:
        return [Option("3NT", Meaning(note="partner's 2NT: a stopper, game in notrump"))]
    strain = reply[1:]
    majors = [s for s in "SH" if s != strain]
    return [Option(GAME[strain], Meaning(note="game in the fit"), when=fitting(position, strain)),
            *[Option(GAME[s], Meaning(note="game in the fit"), when=fitting(position, s)) for s in majors],
            Option("3NT", Meaning(note="no eight-card fit: notrump")),
            Option(GAME[strain], Meaning(note="game in partner's suit"))]
