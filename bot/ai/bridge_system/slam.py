"""Roman Key Card Blackwood (1430): with a suit agreed and a slam in view, 4NT asks partner for the
key cards (the four aces and the trump king) and the trump queen, and the asker places the slam,
or signs off at the five level with two key cards missing (or one that can only be the ace of a
suit where a second loser may wait).

A slam is in view with 33 points between the hands (``combined``), where the natural rules would
bid one, or where the losing trick count says the two hands take twelve tricks (``losers``) with
nine trumps and 25 HCP between them. Control bids on the way are in ``controls``."""
from __future__ import annotations

from bot.ai.bridge_bidding import SUITS, expected_strength
from bot.ai.bridge_system.losers import tricks
from bot.ai.bridge_system.position import Hand, Meaning, Option, Position, Test, natural_call
from bot.games.bridge import BIDS, DOUBLE, PASS

ANSWERS = {"5C": "one or four key cards", "5D": "none or three key cards",
           "5H": "two (or all five) key cards without the trump queen",
           "5S": "two (or all five) key cards and the trump queen"}


def agreement(position: Position, asker: int) -> tuple[str, int] | None:
    """The suit our side agreed and the index of the call that agreed it: the first bid of a suit
    partner had bid, with seven or more cards shown between the hands (2♣–2♦–2♠–3♠), else the
    longest suit with eight or more shown (a Jacoby 2NT, a transfer accepted) at its last bid."""
    shown = position.shown

    def length(suit: str) -> int:
        return shown[asker].lengths[suit] + shown[(asker + 2) % 4].lengths[suit]
    named: dict[int, set[str]] = {asker: set(), (asker + 2) % 4: set()}
    for index, (seat, call) in enumerate(position.calls):
        if seat not in named or call not in BIDS or call[1:] not in SUITS:
            continue
        if call[1:] in named[(seat + 2) % 4] and length(call[1:]) >= 7:
            return call[1:], index
        named[seat].add(call[1:])
    fits = [s for s in SUITS if length(s) >= 8]
    if not fits:
        return None
    suit = max(fits, key=length)
    return suit, max((i for i, (s, c) in enumerate(position.calls) if s in named and c[1:] == suit), default=0)


def trump(position: Position, asker: int) -> str | None:
    """The suit our side has agreed (``agreement``), if any."""
    agreed = agreement(position, asker)
    return agreed[0] if agreed else None


def control(hand: Hand, suit: str) -> bool:
    """A first- or second-round control: the ace or king, a singleton or a void."""
    held = hand.holding(suit)
    return len(held) <= 1 or "A" in held or "K" in held


def unguarded(position: Position, hand: Hand, suit: str) -> list[str]:
    """The side suits partner has not bid (naturally or as a control bid) and the hand holds no
    control in: where two quick losers may wait."""
    partners = {c[1:] for c in position.bids_of(position.partner)}
    return [s for s in SUITS if s != suit and s not in partners and not control(hand, s)]


def key_cards(hand: Hand, suit: str) -> int:
    return sum(r == "A" for c in SUITS for r in hand.holding(c)) + ("K" in hand.holding(suit))


def answer(hand: Hand, suit: str) -> str:
    """The step that counts the hand's key cards (five, all of them, answers as two)."""
    keys = key_cards(hand, suit)
    if keys in (1, 4):
        return "5C"
    if keys in (0, 3):
        return "5D"
    return "5S" if "Q" in hand.holding(suit) else "5H"


def answers_with(suit: str, call: str) -> Test:
    return lambda hand: answer(hand, suit) == call


ASK = "Roman Key Card Blackwood: asks for key cards"
SLAM_HCP = 25
"""The least HCP between the hands for the losing trick count to look for a slam."""
SLAM_TRUMPS = 9
"""The least trumps between the hands for the losing trick count to look for a slam."""
SLAM_POINTS = 33
"""The least points between the hands (``combined``) for a slam in a fit."""
STRONG_ANSWERER = 15
"""The least HCP partner has shown for the asker to read 5♣ or 5♦ as the higher count (four, three)."""
GRAND_POINTS = 37
"""The least points between the hands, with every key card and the trump queen, for a grand slam."""


def combined(position: Position, hand: Hand) -> int:
    """The hand's points (HCP and length) and the least partner has shown, or the middle of a
    narrow range (a notrump opening's)."""
    partner = position.shown[position.partner]
    if partner.max_hcp - partner.min_hcp <= 4:
        return hand.info.points + (partner.min_hcp + partner.max_hcp) // 2
    return hand.info.points + partner.least


def twelve_tricks(position: Position, hand: Hand, suit: str) -> bool:
    partner = position.shown[position.partner]
    return (hand.info.hcp + partner.min_hcp >= SLAM_HCP and hand.info.lengths[suit] + partner.lengths[suit] >= SLAM_TRUMPS
            and tricks(position, hand) >= 12)


def ask(position: Position) -> list[Option]:
    """4NT where a slam is in view in the suit both hands have agreed; in a minor, not where an
    answer above five of it (past the sign-off: 5♦ when clubs are trumps) would leave two key
    cards missing. Over a major only 5♠ (two and the queen) passes five hearts: the asker takes
    that risk."""
    suit = askable(position)
    if suit is None:
        return []

    def slam_in_view(hand: Hand) -> bool:
        if not sign_off_left(position, hand, suit):
            return False
        if twelve_tricks(position, hand, suit) or combined(position, hand) >= SLAM_POINTS:
            return True
        call = natural_call(position, hand)
        return call in (f"6{suit}", f"7{suit}", "6NT", "7NT")
    return [Option("4NT", Meaning(note=ASK), when=slam_in_view)]


def askable(position: Position) -> str | None:
    """The suit our side has agreed, where 4NT is legal and our side has not bid it yet."""
    suit = trump(position, position.seat)
    if suit is None or not position.legal("4NT") or "4NT" in [c for s, c in position.bids if s % 2 == position.seat % 2]:
        return None
    return suit


def sign_off_left(position: Position, hand: Hand, suit: str) -> bool:
    """No answer above five of a minor ``suit`` (5♦ when clubs are trumps) would leave two key
    cards missing."""
    past = [call for call in ANSWERS if BIDS.index(call) > BIDS.index(f"5{suit}")] if suit in "CD" else []
    return not any(missing(position, hand, suit, call) >= 2 for call in past)


def ask_first(position: Position, hand: Hand, call: str) -> bool:
    """``call``, six of the suit agreed that the simulation chose, goes through 4NT first: the
    answers stop a slam two key cards short at five."""
    suit = askable(position)
    return suit is not None and call == f"6{suit}" and sign_off_left(position, hand, suit)


def since_our(position: Position, call: str) -> list[tuple[int, str]] | None:
    """The calls after our side's last ``call``, if the opponents have only passed or doubled since
    (a double of 4NT or of an answer, lead-directing, changes neither the answers nor the asker's
    decision)."""
    indices = [i for i, (s, c) in enumerate(position.calls) if c == call and s % 2 == position.seat % 2]
    if not indices:
        return None
    later = list(position.calls[indices[-1] + 1:])
    if any(c not in (PASS, DOUBLE) for s, c in later if s % 2 != position.seat % 2):
        return None
    return [(position.calls[indices[-1]][0], call)] + later


def keycard_rules(position: Position) -> list[Option] | None:
    """The answers to 4NT, the asker's decision, and the answerer's pass after it."""
    after = since_our(position, "4NT")
    if after is None:
        return None
    asker = after[0][0]
    suit = trump(position, asker)
    if suit is None:
        return None
    ours = [c for s, c in after[1:] if s % 2 == position.seat % 2]
    if asker == position.partner and not ours:
        return [Option(call, Meaning(note=words), when=answers_with(suit, call)) for call, words in ANSWERS.items()]
    if asker == position.seat and len(ours) == 1 and ours[0] in ANSWERS:
        return placed(position, suit, ours[0])
    return [Option(PASS, Meaning())] if asker == position.partner else None


def uncovered_ace(position: Position, hand: Hand, suit: str) -> bool:
    """Every key card the hand lacks is the ace of a side suit it holds no control in and partner
    has not bid: the one key card missing is such an ace, and a second loser may go with it."""
    open_suits = unguarded(position, hand, suit)
    lacking = [s for s in SUITS if "A" not in hand.holding(s)] + ([] if "K" in hand.holding(suit) else ["K"])
    return bool(open_suits) and all(s in open_suits for s in lacking)


def most_hcp(hand: Hand, suit: str, keys: int) -> int:
    """The most HCP partner can hold with ``keys`` key cards: four for each, and every king,
    queen and jack outside the key cards that the hand does not hold."""
    honours = {"K": 3, "Q": 2, "J": 1}
    others = sum(honours[rank] for s in SUITS for rank in honours
                 if rank not in hand.holding(s) and not (s == suit and rank == "K"))
    return 4 * keys + others


def missing(position: Position, hand: Hand, suit: str, answer: str) -> int:
    """The key cards neither hand holds after partner's ``answer``: 5♣ or 5♦ read as the higher
    count when the hand holds at most one key card, partner has shown 15+ HCP, or the lower count
    could not make up the strength partner has shown; 5♥ or 5♠ read as all five when the hand
    holds none and partner has shown 15+ HCP or two could not make up its strength; never a higher
    count than partner's most HCP can hold."""
    mine = key_cards(hand, suit)
    low, high = {"5C": (1, 4), "5D": (0, 3)}.get(answer, (2, 5))
    shown = position.shown[position.partner]
    strong = shown.min_hcp >= STRONG_ANSWERER or most_hcp(hand, suit, low) < expected_strength(shown)
    possible = mine + high <= 5 and 4 * high - 1 <= shown.max_hcp  # the king among them counts 3
    partner = high if possible and (strong or (mine <= 1 and high < 5)) else low
    return 5 - mine - partner


def placed(position: Position, suit: str, answer: str) -> list[Option]:
    """The asker's contract: five of the trump suit (a pass when the answer was five of it) with
    two key cards missing, or one that can only be an ace ``uncovered_ace`` names; seven with none
    missing, the trump queen known and 37 points between the hands; else six."""
    def stop(hand: Hand) -> bool:
        lacking = missing(position, hand, suit, answer)
        return lacking >= 2 or (lacking == 1 and uncovered_ace(position, hand, suit))

    def grand(hand: Hand) -> bool:
        queen = answer == "5S" or "Q" in hand.holding(suit)
        return missing(position, hand, suit, answer) == 0 and queen and combined(position, hand) >= GRAND_POINTS
    five = f"5{suit}" if position.legal(f"5{suit}") else PASS if answer == f"5{suit}" else None
    words = "signs off: two key cards are missing, or the ace of a suit without a control"
    stops = [Option(five, Meaning(note=words), when=stop)] if five else []
    seven = Option(f"7{suit}", Meaning(note="a grand slam: every key card and the trump queen, 37 points"), when=grand)
    return [*stops, seven, Option(f"6{suit}", Meaning(note="to play"))]
