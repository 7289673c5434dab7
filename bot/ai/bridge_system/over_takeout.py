"""Over their takeout double of partner's one of a suit: responder redoubles with 10+ HCP (the
balance of strength: we may double them for penalty), bids 2NT with a raise of a major to game
strength or more (four trumps, Jordan), and raises preemptively: a jump with four trumps (five
of a minor and a short suit) and a weak hand, game in a major with five trumps and a short suit
or four and seven losers. The single raise is 6–9 HCP (five cards of a minor, which may have
been opened with three); a six-card minor at the two level with 6–9 is to play (opener passes
it unless it holds 18+ HCP); other new suits and notrump are the natural ones. Over 2NT opener bids game
with 14+ HCP or six losers, else three of the major, and responder goes on with 13+; over the
preemptive raise it bids game with 18+ or six losers. After our redouble and their escape,
opener passes so partner may double it, unless the simulation doubles it first. And on the other
side, when our takeout double is redoubled: advancer escapes to its longest other suit, the
doubler too when advancer passed."""
from __future__ import annotations

from bot.ai.bridge_system import judgment
from bot.ai.bridge_system.competition import longest_other
from bot.ai.bridge_system.losers import few_losers
from bot.ai.bridge_system.position import Meaning, Option, Position, both, short_suit, stopped, support
from bot.games.bridge import BIDS, DOUBLE, PASS, REDOUBLE

REDOUBLED = "redouble: 10+ HCP, we may double them for penalty"
GAME = "game with a weak hand: a long fit, shape"
ESCAPE = "escapes the redouble: the longest other suit"


def responses(ours: str) -> list[Option]:
    """Responder's call over 1x (X)."""
    options: list[Option] = []
    major = ours in "HS"
    if major:
        options += [Option("4" + ours, Meaning(high=9, lengths={ours: 5}, note=GAME), when=short_suit),
                    Option("4" + ours, Meaning(high=9, lengths={ours: 4}, note=GAME), when=few_losers(7)),
                    Option("2NT", Meaning(10, lengths={ours: 4}, note="a raise to game strength or more (Jordan)"))]
    options.append(Option(REDOUBLE, Meaning(10, note=REDOUBLED)))
    jump = support(ours, 6) if major else both(support(ours, 6), short_suit)
    options += [Option("3" + ours, Meaning(high=9, lengths={ours: 4 if major else 5},
                                           note="preemptive: a weak hand, a long fit"), when=jump),
                Option("2" + ours, Meaning(6, 9, lengths={ours: 3 if major else 5}, note="a single raise"))]
    return options + [Option("2" + s, Meaning(6, 9, lengths={s: 6}, note="to play: a long suit, not forcing"))
                      for s in "DC" if s != ours]


def after_redouble(position: Position) -> list[Option]:
    """Opener over 1x X XX and their escape: a penalty double the simulation finds, else a pass
    that leaves partner the double (a pass too when they pass: the doubler must bid)."""
    return [*judgment.penalty_double(position),
            Option(PASS, Meaning(note="forcing: partner's redouble may double them"))]


def after_raise(ours: str, raise_: str) -> list[Option]:
    """Opener over our raise of its major (1M X raise P): over 2NT game with 14+ HCP or six
    losers, else three of the major; over a preemptive raise game with 18+ HCP or six losers."""
    if raise_ == "2NT":
        return [Option("4" + ours, Meaning(note="accepts: game"), when=few_losers(6)),
                Option("4" + ours, Meaning(14, note="accepts: game")),
                Option("3" + ours, Meaning(high=13, note="a minimum: declines"))]
    return [Option("4" + ours, Meaning(18, note="game opposite the preemptive raise")),
            Option("4" + ours, Meaning(note="game opposite the preemptive raise"), when=few_losers(6)),
            Option(PASS, Meaning())]


def escape(position: Position, their: str, doubler: bool) -> list[Option]:
    """Our takeout double redoubled (1x X XX): advancer bids its longest other suit (passes with
    five of theirs, content to defend); the doubler, when advancer passed it back, bids 1NT with
    15–18 balanced and a stopper, else its longest other suit: 1x redoubled would make."""
    if doubler:
        return [Option("1NT", Meaning(15, 18, balanced=True, note="a stopper in their suit"), when=stopped(their)),
                *longest_other(position, their, ESCAPE)]
    return [Option(PASS, Meaning(lengths={their: 5}, note="content to defend their suit redoubled")),
            *longest_other(position, their, ESCAPE)]


def rules(position: Position) -> tuple[list[Option], bool] | None:
    """The options at the places this module covers and whether the natural rules may add to them
    (responder's new suits and notrump), or None."""
    calls = position.calls
    opener = position.opener
    if opener is None:
        return None
    start = next(i for i, (_, c) in enumerate(calls) if c in BIDS)
    opening, after = calls[start][1], [c for _, c in calls[start + 1:]]
    ours = opening[1:]
    if opening[0] != "1" or ours == "NT":
        return None
    if opener % 2 != position.seat % 2:
        if after == [DOUBLE, REDOUBLE]:
            return escape(position, ours, doubler=False), False
        if after == [DOUBLE, REDOUBLE, PASS, PASS] and calls[start + 1][0] == position.seat:
            return escape(position, ours, doubler=True), False
        return None
    if opener == position.partner and after == [DOUBLE]:
        return responses(ours), True
    if opener == position.seat and len(after) == 3 and after[:2] == [DOUBLE, REDOUBLE] \
            and (after[2] in BIDS or after[2] == PASS):
        return after_redouble(position), False
    if opener == position.seat and ours in "HS" and len(after) == 3 and after[0] == DOUBLE and after[2] == PASS \
            and after[1] in ("2NT", "3" + ours):
        return after_raise(ours, after[1]), False
    if opener == position.seat and len(after) == 3 and after[0] == DOUBLE and after[2] == PASS \
            and after[1] in ("2C", "2D") and after[1][1] != ours:
        return [Option(PASS, Meaning(high=17, note="partner's long suit is to play"))], True
    if opener == position.partner and ours in "HS" and after == [DOUBLE, "2NT", PASS, "3" + ours, PASS]:
        return [Option("4" + ours, Meaning(13, note="game values opposite the minimum")),
                Option(PASS, Meaning(high=12))], False
    return None
