"""After our side's notrump opening (1NT 15-17, 2NT 20-21, or 2♣ then 2NT 22-24) or 1NT overcall
(15-18) with the opponents silent: Stayman, Jacoby transfers with super-accepts, invitations and
opener's answers ("system on" over the overcall). Their double of Stayman or of a transfer leaves
the system on: opener completes a doubled transfer with three trumps and passes with two, and
responder then redoubles to have it completed, so the notrump hand still declares."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from bot.ai.bridge_bidding import HandInfo
from bot.ai.bridge_system.position import Hand, Meaning, Option, Position, Test, at_least
from bot.ai.bridge_system.slam import ASK, SLAM_POINTS
from bot.games.bridge import BIDS, DOUBLE, PASS, REDOUBLE

SUIT_WORDS = {"S": "spades", "H": "hearts"}


@dataclass(frozen=True)
class Notrump:
    """One notrump opening's structure: the level it is at, and the HCP responder needs to
    invite game (``invite``) and to bid it (``game``), slam (``slam``), given opener's range."""

    level: int                # 1 for 1NT, 2 for 2NT
    low: int                  # opener's range
    high: int
    invite: int               # responder's HCP to invite (None-like 0: no invitation at this level)
    game: int
    slam: int

    def bid(self, step: int, strain: str) -> str:
        """Bid ``step`` levels above the opening (0: the opening's level)."""
        return f"{self.level + step}{strain}"

    def key_card_ask(self, major: str, length: int) -> Option:
        """4NT, Roman Key Card Blackwood in the major found, where responder's points (its own
        length or shortness, the more) and opener's middle of the range make a slam's 33."""
        def counted(info: HandInfo) -> int:
            return max(info.points, info.support_points(major))
        return Option("4NT", Meaning(lengths={major: length}, points=SLAM_POINTS - (self.low + self.high) // 2,
                                     note=f"{ASK}, with {SUIT_WORDS[major]} agreed"), points=counted)

    def quantitative(self) -> list[Option]:
        """Slam values facing the notrump opening: 7NT with 37 HCP certain, 6NT, or 4NT inviting it."""
        return [Option("7NT", Meaning(37 - self.low, note="to play")),
                Option("6NT", Meaning(self.slam + 2, note="to play")),
                Option("4NT", Meaning(self.slam, self.slam + 1, note="invites 6NT"))]


ONE = Notrump(1, 15, 17, invite=8, game=10, slam=16)
TWO = Notrump(2, 20, 21, invite=0, game=4, slam=11)
STRONG = Notrump(2, 22, 24, invite=0, game=2, slam=9)
OVERCALL = Notrump(1, 15, 18, invite=8, game=10, slam=16)
PROTECTIVE = Notrump(1, 11, 14, invite=11, game=13, slam=20)
"""1NT in the pass-out seat over their one of a suit: 11-14, so partner needs more to go on."""


def four_card_major(hand: Hand) -> bool:
    return max(hand.info.lengths["H"], hand.info.lengths["S"]) >= 4


def responses(nt: Notrump) -> list[Option]:
    """Responder's first call."""
    stayman, hearts, spades = nt.bid(1, "C"), nt.bid(1, "D"), nt.bid(1, "H")
    no_major: Test = lambda hand: not four_card_major(hand)  # noqa: E731
    options = [
        Option(spades, Meaning(lengths={"S": 5}, note="Jacoby transfer: asks opener to bid spades"),
               when=lambda hand: hand.info.lengths["S"] >= hand.info.lengths["H"]),
        Option(hearts, Meaning(lengths={"H": 5}, note="Jacoby transfer: asks opener to bid hearts")),
        Option(stayman, Meaning(max(nt.invite, nt.game) if nt.invite == 0 else nt.invite,
                                note="Stayman: asks for a four-card major; promises one"), when=four_card_major),
        *[replace(option, when=no_major) for option in nt.quantitative()],
        Option("3NT", Meaning(nt.game, nt.slam - 1, note="to play")),
    ]
    if nt.invite:
        options.append(Option("2NT", Meaning(nt.invite, nt.game - 1, note="invites 3NT"), when=no_major))
    return options + [Option(PASS, Meaning(0, (nt.invite or nt.game) - 1))]


def stayman_answers(nt: Notrump) -> list[Option]:
    step = nt.bid(1, "")
    return [Option(step + "H", Meaning(lengths={"H": 4}, note="four hearts, perhaps four spades too")),
            Option(step + "S", Meaning(lengths={"S": 4}, note="four spades, not four hearts")),
            Option(step + "D", Meaning(note="no four-card major"))]


def transfer_answers(nt: Notrump, major: str, doubled: bool = False) -> list[Option]:
    """Opener completes the transfer; over their double, with three trumps only (a pass shows two).
    Over 1NT a maximum with four trumps jumps (a super-accept); over 2NT three of the major is the
    transfer completed."""
    super_accept = Meaning(nt.high, lengths={major: 4}, note="a super-accept: a maximum with four trumps")
    options = [Option("3" + major, super_accept)] if nt.level == 1 else []
    if doubled:
        return options + [Option(nt.bid(1, major), Meaning(lengths={major: 3}, note="completes the transfer: three trumps")),
                          Option(PASS, Meaning(lengths={major: 2}, note="two trumps: partner may redouble to have the "
                                                                        "transfer completed"))]
    return options + [Option(nt.bid(1, major), Meaning(lengths={major: 2}, note="completes the transfer"))]


def after_stayman(nt: Notrump, answer: str) -> list[Option]:
    """Responder, who promised a four-card major, places the contract or invites."""
    major = answer[1:]
    options: list[Option] = []
    if major in "HS":
        fit = {major: 4}
        options.append(nt.key_card_ask(major, 4))
        options.append(Option("4" + major, Meaning(nt.game, lengths=fit, note="to play")))
        if nt.invite:
            options.append(Option("3" + major, Meaning(nt.invite, nt.game - 1, lengths=fit, note="invites game")))
        options += [option for option in nt.quantitative() if option.call != "4NT"]  # 4NT would ask for key cards
    else:
        options += nt.quantitative()
    other = {"H": "S", "S": "", "D": ""}[major]
    options.append(Option("3NT", Meaning(nt.game, note="to play" + (", with four spades" if other else ""))))
    if nt.invite:
        options.append(Option(nt.bid(1, "NT"), Meaning(nt.invite, nt.game - 1, note="invites 3NT")))
    return options + [Option(PASS, Meaning(0, nt.invite - 1 if nt.invite else 37))]


FIVE_FOUR = "five spades and four hearts: forcing to game"


def after_transfer(nt: Notrump, major: str) -> list[Option]:
    """Responder, with five or more in ``major``, after opener completes the transfer. A six-card
    suit counts its length: one HCP less (and two length points) goes as far; a five-card one
    bids 6NT with one HCP less than the balanced hand's. Five spades and four hearts with game
    values bid 3♥ over 2♠ (opener raises hearts with four, else spades with three, else 3NT)."""
    six = at_least(major, 6)
    options = [nt.key_card_ask(major, 6),
               Option("4" + major, Meaning(nt.game - 1, lengths={major: 6}, points=nt.game + 1, note="to play"),
                      when=six),
               Option("6NT", Meaning(nt.slam + 1, lengths={major: 5}, note="to play"))]
    if major == "S" and nt.bid(1, "S") == "2S":
        options.append(Option("3H", Meaning(nt.game, lengths={"S": 5, "H": 4}, note=FIVE_FOUR)))
    options.append(Option("3NT", Meaning(nt.game, lengths={major: 5}, note="opener chooses between 3NT and game in the major")))
    if nt.invite:
        options += [Option("3" + major, Meaning(nt.invite - 1, nt.game - 1, lengths={major: 6}, points=nt.invite + 1,
                                                note="invites game"), when=six),
                    Option("2NT", Meaning(nt.invite, nt.game - 1, lengths={major: 5}, note="invites game"))]
    return options + [Option(PASS, Meaning(0, (nt.invite or nt.game) - 1, lengths={major: 5}))]


def accept_or_decline(nt: Notrump) -> list[Option]:
    """Opener's answer to a quantitative 4NT: 6NT above the minimum."""
    return [Option("6NT", Meaning(nt.low + 1, note="accepts the invitation")), Option(PASS, Meaning(nt.low, nt.low))]


def opener_decides(nt: Notrump, sequence: tuple[str, ...]) -> list[Option] | None:
    """Opener's last word after an invitation or a choice of games."""
    answer, reply = sequence[2], sequence[3]
    maximum = nt.high - 1
    game_major = {"H": "4H", "S": "4S"}
    if reply == "4NT":                                   # quantitative
        return accept_or_decline(nt)
    if sequence[1] == nt.bid(1, "C"):                    # Stayman
        major = answer[1:]
        if nt.invite and reply == "3" + major:           # invited in the major found
            return [Option(game_major[major], Meaning(maximum, note="accepts")), Option(PASS, Meaning(nt.low, maximum - 1))]
        spades = "S" if major == "H" else ""
        if reply in ("3NT", nt.bid(1, "NT")) and spades:  # responder has four spades
            options = [Option(game_major["S"], Meaning(lengths={"S": 4}, note="four spades too"),
                              when=lambda hand: reply == "3NT" or hand.info.hcp >= maximum)]
            if reply != "3NT":
                options.append(Option("3S", Meaning(lengths={"S": 4}, note="four spades, a minimum")))
        else:
            options = []
        if reply == nt.bid(1, "NT"):
            options += [Option("3NT", Meaning(maximum, note="accepts")), Option(PASS, Meaning(nt.low, maximum - 1))]
        return options + [Option(PASS, Meaning())]
    major = "H" if sequence[1] == nt.bid(1, "D") else "S"
    if major == "S" and reply == "3H":
        return [Option("4H", Meaning(lengths={"H": 4}, note="four hearts")),
                Option("4S", Meaning(lengths={"S": 3}, note="three spades")), Option("3NT", Meaning(note="no fit"))]
    if reply == "3NT":
        return [Option(game_major[major], Meaning(lengths={major: 3}, note="three or more trumps")), Option(PASS, Meaning())]
    if reply == "2NT":
        return [Option(game_major[major], Meaning(maximum, lengths={major: 3}, note="accepts, with three trumps")),
                Option("3NT", Meaning(maximum, note="accepts, with two trumps")),
                Option(f"3{major}", Meaning(nt.low, maximum - 1, lengths={major: 3}, note="declines, with three trumps")),
                Option(PASS, Meaning(nt.low, maximum - 1))]
    if reply == f"3{major}":
        return [Option(game_major[major], Meaning(maximum, note="accepts")), Option(PASS, Meaning(nt.low, maximum - 1))]
    return None


def options_after(nt: Notrump, sequence: tuple[str, ...], doubled: bool = False) -> list[Option] | None:
    """The options at ``sequence`` (our side's calls from the notrump opening on; ``doubled``:
    they doubled responder's first bid), or None when the structure has said all it has to say."""
    if len(sequence) == 1:
        return responses(nt)
    asked = sequence[1]
    transfer = {nt.bid(1, "D"): "H", nt.bid(1, "H"): "S"}.get(asked)
    if doubled and transfer:
        if len(sequence) == 2:
            return transfer_answers(nt, transfer, doubled=True)
        if sequence[2] == PASS:                       # two trumps: responder has it completed
            if len(sequence) == 3:
                return [Option(REDOUBLE, Meaning(note="asks opener to complete the transfer"))]
            if sequence[3] != REDOUBLE:
                return None
            if len(sequence) == 4:
                return [Option(nt.bid(1, transfer), Meaning(note="completes the transfer, as asked"))]
            sequence = sequence[:2] + sequence[4:]
    if len(sequence) == 2:
        if asked == "4NT":
            return accept_or_decline(nt)
        if asked == nt.bid(1, "C"):
            return stayman_answers(nt)
        return transfer_answers(nt, transfer) if transfer else None
    if len(sequence) == 3:
        if asked == nt.bid(1, "C"):
            return after_stayman(nt, sequence[2])
        if transfer and sequence[2] == nt.bid(1, transfer):
            return after_transfer(nt, transfer)
        if transfer and sequence[2] == nt.bid(2, transfer):          # super-accepted
            return [Option("4" + transfer, Meaning(4, note="to play")), Option(PASS, Meaning(0, 3))]
        return None
    if len(sequence) == 4 and (asked == nt.bid(1, "C") or transfer):
        return opener_decides(nt, sequence)
    return None


def after_overcall(position: Position) -> list[Option] | None:
    """The options after our 1NT overcall of their one of a suit (our side's first call but
    passes, not an answer to partner's double), while they have only passed since: the same
    structure as after a 1NT opening (for the protective 1NT's range in the pass-out seat), their
    double of Stayman or of a transfer included."""
    bids = position.bids
    if (len(bids) < 2 or bids[1][1] != "1NT" or bids[1][0] % 2 != position.seat % 2
            or bids[0][0] % 2 == position.seat % 2):
        return None
    start = next(i for i, (_, c) in enumerate(position.calls) if c == "1NT")
    later = position.calls[start:]
    opened = next(i for i, (_, c) in enumerate(position.calls) if c in BIDS)
    doubled = ask_doubled(later)
    if (any(c != PASS for s, c in later if s % 2 != position.seat % 2) and not doubled) \
            or any(c != PASS for s, c in position.calls[opened:start] if s % 2 == position.seat % 2):
        return None
    nt = PROTECTIVE if [c for _, c in position.calls[opened + 1:start]] == [PASS, PASS] else OVERCALL
    return options_after(nt, tuple(c for s, c in later if s % 2 == position.seat % 2), doubled)


def ask_doubled(later: Sequence[tuple[int, str]]) -> bool:
    """``later`` (the calls from our 1NT or 2NT opening on) has the opponents' double of
    responder's first bid, Stayman or a transfer, and no other call of theirs but passes."""
    if len(later) < 4 or later[0][1] not in ("1NT", "2NT") or later[3][1] != DOUBLE:
        return False
    nt = ONE if later[0][1] == "1NT" else TWO
    asks = (nt.bid(1, "C"), nt.bid(1, "D"), nt.bid(1, "H"))
    return later[1][1] == PASS and later[2][1] in asks and all(
        c == PASS for i, (s, c) in enumerate(later) if s % 2 != later[0][0] % 2 and i != 3)
