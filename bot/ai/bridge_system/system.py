"""The robots' system: which rules apply at a place in the auction, the robot's call, and what
every call has shown.

A place is covered in full (the rules list every call the robot may make there) or in part (the
rules add calls the natural system in ``bridge_bidding`` never makes, a double or Blackwood's
4NT, and leave it the rest). Where nothing covers it, the natural system bids and reads the call.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from bot.ai import bridge_bidding as natural
from bot.ai.bridge_bidding import HandInfo, Shown
from bot.ai.bridge_system import (balancing, competition, contract_judgment, controls, delayed_support, forcing,
                                  game_choice, judgment, jump_shift, long_suit, losers, minor, notrump,
                                  notrump_contested, notrump_rebid, openings, over_four, over_notrump, over_response,
                                  over_reverse, over_takeout, overcalls, preference, quantitative, responsive,
                                  sacrifice, slam, splinter, stopper_ask, strong, total_tricks, two_suited)
from bot.ai.bridge_system.judgment import keeps
from bot.ai.bridge_system.position import Calls, Hand, Meaning, Option, Position, meaning_of, natural_call, pick
from bot.games.bridge import BIDS, DOUBLE, PASS


@dataclass(frozen=True)
class Rules:
    options: Sequence[Option]
    partial: bool = False

    def meaning(self, call: str) -> Meaning | None:
        return meaning_of(self.options, call)


def our_sequence(position: Position) -> tuple[str, ...] | None:
    """Our side's calls from our opening bid on, when the opponents have only passed since (or
    doubled Stayman or a transfer: the system stays on)."""
    later = position.our_calls()
    if not later or (any(c != PASS for s, c in later if s % 2 != position.seat % 2) and not notrump.ask_doubled(later)):
        return None
    return tuple(c for s, c in later if s % 2 == position.seat % 2)


def forcing_sequence(position: Position) -> tuple[str, ...] | None:
    """Our side's calls from our opening on where a game force may hold: while the opponents only
    pass (``our_sequence``), and after our strong 2♣ once partner has answered or when it is the
    opener's turn, unless our side has doubled their last bid (a bid of theirs does not end 2♣'s
    force: partner's pass over it waits)."""
    sequence = our_sequence(position)
    later = position.our_calls()
    if sequence is not None or not later or later[0][1] != "2C":
        return sequence
    calls = tuple(c for s, c in later if s % 2 == position.seat % 2)
    doubled = next(((s, c) for s, c in reversed(later) if c != PASS), None)
    if doubled is not None and doubled[1] == DOUBLE and doubled[0] % 2 == position.seat % 2:
        return None
    answered = len(calls) >= 2 and calls[1] != PASS
    return calls if answered or later[0][0] == position.seat else None


def uncontested(position: Position, sequence: tuple[str, ...]) -> Sequence[Option] | None:
    """The structures of an auction the opponents stay out of."""
    opening = sequence[0]
    if opening in ("1NT", "2NT"):
        return notrump.options_after(notrump.ONE if opening == "1NT" else notrump.TWO, sequence,
                                     notrump.ask_doubled(position.our_calls()))
    if opening == "2C":
        if len(sequence) >= 3 and sequence[1:3] == ("2D", "2NT"):
            return notrump.options_after(notrump.STRONG, sequence[2:])
        return strong.after_two_clubs(sequence)
    if opening in strong.WEAK_TWOS:
        return strong.after_weak_two(sequence)
    answer = long_suit.over_new_suit(sequence)
    if answer is not None:
        return answer
    if opening in ("1H", "1S"):
        splinters = splinter.rules(sequence)
        found = strong.after_major(position, sequence)
        return [*splinters, *(found or [])] if splinters or found is not None else None
    if opening in ("1C", "1D"):
        return minor.after_minor(sequence)
    return None


def rules_at(position: Position) -> Rules | None:
    if not position.bids:
        return Rules(openings.openings())
    asked = slam.keycard_rules(position)
    if asked is not None:
        return Rules(asked)
    sequence = our_sequence(position)
    found = uncontested(position, sequence) if sequence else notrump.after_overcall(position)
    if found is not None:
        asks = [] if sequence and splinter.decides(sequence) else slam.ask(position)
        return Rules([*asks, *found])
    stopper = stopper_rules(position)
    if stopper is not None:
        return Rules(stopper)
    contested = (notrump_contested.rules(position) or competition.rules(position) or responsive.rules(position)
                 or over_response.answer(position) or over_notrump.answer(position)
                 or over_four.answer(position))
    if contested is not None:
        return Rules(contested)
    doubled = over_takeout.rules(position)
    if doubled is not None:
        return Rules(*doubled)
    reopening = balancing.rules(position)  # where a double is for takeout, not for penalty
    return Rules([*controls.cue_bids(position, sequence), *slam.ask(position), *quantitative.answer(position),
                  *quantitative.slam_tries(position, sequence), *jump_shift.rules(sequence),
                  *jump_shift.over_overcall(position),
                  *long_suit.own_suit(sequence), *long_suit.second_suit(sequence),
                  *long_suit.new_suit_over_rebid(sequence),
                  *preference.back_to_first(position, sequence), *preference.over_their_bid(position),
                  *preference.overcallers_suits(position),
                  *minor.checkback(sequence), *notrump_rebid.rules(sequence), *delayed_support.rules(position, sequence),
                  *over_reverse.rules(sequence),
                  *two_suited.over_two_suited(position), *two_suited.after_our_double(position),
                  *over_response.double(position),
                  *over_notrump.double(position), *over_notrump.escape(position), *over_four.double(position),
                  *([] if reopening else judgment.penalty_double(position)),
                  *losers.game_in_fit(position), *stopper_ask.ask(position),
                  *overcalls.rules(position), *overcalls.again(position),
                  *competition.opener_competes(position), *competition.responder_competes(position),
                  *competition.strong_doubler_again(position),
                  *game_choice.long_major(position), *game_choice.choose_game(position),
                  *game_choice.contested_invitation(position), *total_tricks.compete(position),
                  *reopening,
                  *sacrifice.sacrifices(position)],
                 partial=True)


def stopper_rules(position: Position) -> list[Option] | None:
    """The answer to partner's ask for a stopper (``stopper_ask``), and the asker's call after it."""
    cue = stopper_ask.cue_bid(position.calls, position.partner, 2)
    if cue is not None and was_ask(position, cue):
        return stopper_ask.answer(position, position.calls[cue][1][1:])
    cue = stopper_ask.cue_bid(position.calls, position.seat, 4)
    if cue is not None and was_ask(position, cue):
        return stopper_ask.after_answer(position, position.calls[-2][1])
    return None


def was_ask(position: Position, index: int) -> bool:
    """Call ``index`` was made where the rules offered it as the ask for a stopper."""
    seat, cue = position.calls[index]
    before = Position(position.calls[:index], seat, position.shown, position.vulnerable)
    if not any(o.call == cue for o in stopper_ask.ask(before)):  # the cheap test first: most bids are no ask
        return False
    rules = rules_at(before)
    return rules is not None and rules.partial


def describe(calls: Calls) -> list[Shown]:
    """What each seat's calls have shown, read with the robots' own system."""
    shown = [Shown() for _ in range(4)]
    bids: list[tuple[int, str]] = []
    for index, (seat, call) in enumerate(calls):
        rules = rules_at(Position(calls[:index], seat, shown))
        meaning = rules.meaning(call) if rules else None
        if meaning is not None:
            meaning.apply(shown[seat])
        elif rules is None or rules.partial:
            natural.read_call(shown, bids, seat, call)
        if call in BIDS:
            bids.append((seat, call))
    return shown


def meaning_at(calls: Calls, index: int) -> Meaning | None:
    """What the system says call ``index`` means, where the system (not the natural rules) made it."""
    seat, call = calls[index]
    rules = rules_at(Position(calls[:index], seat, describe(calls[:index])))
    return rules.meaning(call) if rules else None


def choose_call(view: Mapping[str, Any]) -> str:
    """The robot's call: "1NT", "double", "Pass"... always legal. Where the rules would stop in a
    game or below, the simulation may choose a higher contract (``contract_judgment``) among those
    whose reading is true of the hand; a slam in the suit agreed it reaches through Blackwood
    (``slam.ask_first``)."""
    calls = [(int(c["seat"]), str(c["call"])) for c in view["auction"]]
    seat = int(view["viewer"])
    shown = describe(calls)
    cards = view["seats"][seat]["cards"]
    hand = Hand(cards, HandInfo.of(cards))
    ns, ew = view.get("vulnerable", (False, False))
    position = Position(calls, seat, shown, (bool(ns), bool(ew)))
    call = ruled_call(position, hand)

    def holds(judged: str, hand: Hand) -> bool:
        return keeps(hand.cards, describe([*calls, (seat, judged)])[seat])
    considered = contract_judgment.considered(position, PASS if invitation(position, call) else call, holds)
    judged = pick(considered, hand, position)
    if judged is not None and slam.ask_first(position, hand, judged) and true_of(rules_at(position), "4NT", hand):
        return "4NT"
    return judged or call


def ruled_call(position: Position, hand: Hand) -> str:
    """The call the rules (the system's, else the natural ones) make; in a game-forcing auction a
    second suit rather than notrump or a pass, and game rather than a pass (``forcing``)."""
    rules = rules_at(position)
    chosen = pick(rules.options, hand, position) if rules else None
    if chosen is not None:
        return chosen
    if rules is not None and not rules.partial:
        return PASS
    call = natural_call(position, hand)
    if rules is not None and rules.meaning(call) is not None:
        call = PASS
    stopping = call == PASS or invitation(position, call)
    if stopping or call == "3NT":
        sequence = forcing_sequence(position)
        for instead in (forcing.second_suit(position, hand, sequence),
                        forcing.keep_going(position, hand, sequence) if stopping else None):
            if instead is not None and true_of(rules, instead, hand):
                return instead
    return call


def invitation(position: Position, call: str) -> bool:
    """``call`` is responder's 2NT inviting game (``bridge_bidding.INVITE``): an offer to stop,
    which a game-forcing auction goes past and the judgment weighs as a pass."""
    return call == "2NT" and natural.answering_again(position.bids, position.seat)


def true_of(rules: Rules | None, call: str, hand: Hand) -> bool:
    """What the system reads into ``call`` here (if it has a rule for it) holds for the hand."""
    meaning = rules.meaning(call) if rules else None
    return meaning is None or meaning.fits(hand.info, hand.info.points)
