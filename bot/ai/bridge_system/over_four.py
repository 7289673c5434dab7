"""Over their four of a major, opened or raised to at once (2♥ P 4♥; directly, or in the pass-out
seat): the double and partner's answer to it. Their preempt takes the room to look for a fit, so
the double says "we may own this deal": short in their suit with support for the others (13+
HCP), or 17+ HCP of any shape. Partner bids a five-card suit of its own (four spades over 4♥ with
four), five of a minor with six, and otherwise passes: the double then stands for penalty."""
from __future__ import annotations

from bot.ai.bridge_system.competition import TAKEOUT, others, takeout_shape
from bot.ai.bridge_system.position import Meaning, Option, Position, longest
from bot.games.bridge import DOUBLE, PASS

TO_PLAY = "to play, rather than defend the double"


def their_four(position: Position) -> str | None:
    """The major of their four-level bid, when our side has only passed and they have bid it alone:
    opened four of it, or opened it lower and the opener's partner raised it to four (2♥ P 4♥)."""
    bids = [(s, c) for s, c in position.calls if c != PASS]
    if not bids or len(bids) > 2 or bids[-1][1] not in ("4H", "4S") \
            or any(s % 2 == position.seat % 2 for s, _ in bids):
        return None
    if len(bids) == 2 and (bids[0][0] == bids[1][0] or bids[0][1][1:] != bids[1][1][1:]):
        return None
    return bids[-1][1][1]


def double(position: Position) -> list[Option]:
    """Our double of their four of a major."""
    major = their_four(position)
    if major is None:
        return []
    return [Option(DOUBLE, Meaning(13, note=TAKEOUT), when=takeout_shape(major)),
            Option(DOUBLE, Meaning(17, note=TAKEOUT))]


def answer(position: Position) -> list[Option] | None:
    """Partner doubled their four of a major and the next hand passed."""
    before = position.partner_doubled()
    major = their_four(before) if before is not None else None
    if major is None:
        return None
    unbid = others(major)
    options = [Option(position.cheapest(s), Meaning(lengths={s: 5}, note=TO_PLAY), when=longest(s, unbid)) for s in unbid]
    if major == "H":
        options.append(Option("4S", Meaning(lengths={"S": 4}, note=TO_PLAY)))
    options += [Option(f"5{s}", Meaning(lengths={s: 6}, note=TO_PLAY)) for s in "DC"]
    return options + [Option(PASS, Meaning(note="for penalty: no long suit to play in"))]
