"""Over their opening and its response, partner having passed (1♠ P 1NT, 1♦ P 1♥): the takeout
double and partner's answer to it. A club player with opening values and the shape for it does not
pass here: over 1NT the double asks for the other suits, as over the opening; over a new suit it
shows the two unbid suits, four cards each. Partner, the opener having passed, bids its longest
suit of those asked for (a jump with 9+ HCP invites game)."""
from __future__ import annotations

from bot.ai.bridge_bidding import SUITS
from bot.ai.bridge_system.competition import takeout_shape
from bot.ai.bridge_system.position import Meaning, Option, Position, longest
from bot.games.bridge import BIDS, DOUBLE, PASS

SHORT = "takeout: short in their suit, support for the other suits"
TWO_SUITS = "takeout: the two unbid suits, four cards each"


def response(position: Position) -> tuple[str, str] | None:
    """Their one of a suit and responder's 1NT or new suit (not a jump, not above two) as the last
    call, partner's pass between and no bid or double of ours so far: the opening's suit and the
    response."""
    calls = position.calls
    bids = [(s, c) for s, c in calls if c in BIDS]
    if len(bids) != 2 or len(calls) < 3 or any(c not in (PASS, *BIDS) for _, c in calls):
        return None
    (opener, opening), (responder, reply) = bids
    between = [(opener, opening), ((opener + 1) % 4, PASS), (responder, reply)]
    if opener % 2 == position.seat % 2 or calls[-3:] != between:
        return None
    strain, answer = opening[1:], reply[1:]
    if opening[0] != "1" or strain == "NT" or responder != (opener + 2) % 4 or answer == strain:
        return None
    cheapest = 1 if answer == "NT" or SUITS.index(answer) < SUITS.index(strain) else 2
    return (strain, reply) if reply[0] == str(cheapest) else None


def unbid(strain: str, reply: str) -> str:
    """The suits a double over the response asks for."""
    return "".join(s for s in SUITS if s not in (strain, reply[1:]))


def double(position: Position) -> list[Option]:
    """Our takeout double directly over their response."""
    found = response(position)
    if found is None:
        return []
    strain, reply = found
    if reply == "1NT":
        return [Option(DOUBLE, Meaning(12, note=SHORT), when=takeout_shape(strain))]
    asked = unbid(strain, reply)
    return [Option(DOUBLE, Meaning(12 if reply[0] == "1" else 13, lengths=dict.fromkeys(asked, 4), note=TWO_SUITS))]


def answer(position: Position) -> list[Option] | None:
    """Partner doubled their response and the opener passed: our longest suit of those asked for."""
    before = position.partner_doubled()
    found = response(before) if before is not None else None
    if found is None:
        return None
    strain, reply = found
    asked = unbid(strain, reply) if reply != "1NT" else "".join(s for s in SUITS if s != strain)
    options = []
    for suit in sorted(asked, key=lambda s: s not in "HS"):
        bid = position.cheapest(suit)
        jump = f"{int(bid[0]) + 1}{suit}"
        if jump[0] <= "3":
            options.append(Option(jump, Meaning(9, lengths={suit: 4}, note="invites game"), when=longest(suit, asked)))
    note = "an answer to the takeout double: the longest suit asked for"
    return options + [Option(position.cheapest(s), Meaning(note=note), when=longest(s, asked)) for s in asked]
