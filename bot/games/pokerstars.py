"""A stored poker hand (PHH text) rewritten in the PokerStars hand-history text format, the one that
PokerTracker 4, Hold'em Manager 3 and GTO Wizard import.

The hand is replayed by pokerkit (``RoomHandHistory``): every stack, pot, uncalled bet and payout
comes from its operations, nothing of betting or pots is worked out here. What PokerStars says
differently is only wording: a raise is written "raises X to Y" (Y from pokerkit, X over the bet
faced), a walk is "Uncalled bet (X) returned to" (pokerkit gives the lone player's whole bet back and
pushes the rest; PokerStars returns only the part nobody matched and counts the rest in the pot); antes
pokerkit trims to a shorter stack's are "Uncalled bet (X) returned" after the forced bets.

The stakes are play chips, written as plain numbers as PokerStars writes its play-money tables, so
trackers file them as play money. Only the hero's hole cards are dealt face up ("Dealt to"), the way
a player's own history reads; the others' show where they were shown at the table.

Table options come through as the PHH carries them: per-player antes (a big-blind ante is "posts the
ante" by the big blind alone; a bomb pot's antes by all, then a checked round), straddles from the
third entry of ``blinds_or_straddles`` on ("posts straddle"). A board run twice (the PHH's
``_runout_counts``, which ``RoomHandHistory`` replays) is written as PokerStars writes it: "*** FIRST
TURN ***" / "*** SECOND TURN ***" for each runout's streets, a "FIRST SHOW DOWN" and a "SECOND SHOW
DOWN" each with its own pushes (``ChipsPushing.board_index``), and "Hand was run twice", "FIRST Board",
"SECOND Board" in the summary. A winner nobody called who showed their cards (a PHH remark) "shows"
them where a winner who does not "doesn't show hand". A 7-2 bounty is left out: it is paid between
stacks after the hand, no pot of the hand, and PokerStars has no line for such a payment at a cash
table (the next hand's stacks carry it).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Sequence

from pokerkit import (
    AntePosting,
    BetCollection,
    BlindOrStraddlePosting,
    BoardDealing,
    Card,
    CheckingOrCalling,
    ChipsPushing,
    CompletionBettingOrRaisingTo,
    Folding,
    HoleCardsShowingOrMucking,
    HoleDealing,
    NoOperation,
    State,
)

from bot.games.phh import RoomHandHistory
from bot.games.pokerstars_summary import RUNS, cards_text, pushed, results

GAMES: dict[str, str] = {
    "NT": "Hold'em No Limit", "PT": "Hold'em Pot Limit", "FT": "Hold'em Limit",
    "NO": "Omaha No Limit", "PO": "Omaha Pot Limit", "FO": "Omaha Limit",
    "NO/8": "Omaha Hi/Lo No Limit", "PO/8": "Omaha Hi/Lo Pot Limit", "FO/8": "Omaha Hi/Lo Limit",
}
"""PHH variant code -> the game as a PokerStars header names it: the variants this format can carry."""

STREETS = ("Flop", "Turn", "River")
BOARD = 5
_UNSAFE = re.compile(r"[:()\[\]]+")
_SHOWN_AFTER = re.compile(r"^p(?P<player>[0-9]+) shows (?P<cards>\S+) after winning uncontested$")


@dataclass(frozen=True)
class HandInfo:
    """What a PokerStars history says that the PHH text does not: the hand's number, the table's name
    and size, when it ended, and by deal seat (the PHH ``seats`` less one): each one's table seat
    (1-based) and the name to write (``names`` ``None``: the PHH's players), and the hero, the deal
    seat whose hole cards are written."""

    hand_id: int
    table: str
    max_seats: int
    finished_at: float
    seats: Sequence[int]
    names: Sequence[str] | None = None
    hero: int | None = None
    blinds: tuple[int, int] | None = None
    """The table's small and big blinds (a bomb pot's PHH posts none); ``None``: the PHH's."""
    dead_button: int | None = None
    """The table seat of a tournament's dead button, where nobody sits (``None``: pokerkit's last
    player has the button)."""


def eastern(moment: float) -> datetime:
    """A unix time as US Eastern wall-clock time (PokerStars' "ET"): UTC-5, or UTC-4 from the second
    Sunday of March (07:00 UTC) to the first Sunday of November (06:00 UTC)."""
    utc = datetime.fromtimestamp(moment, timezone.utc)

    def sunday(month: int, nth: int, hour: int) -> datetime:
        first = datetime(utc.year, month, 1, hour, tzinfo=timezone.utc)
        return first + timedelta(days=(6 - first.weekday()) % 7 + 7 * (nth - 1))

    summer = sunday(3, 2, 7) <= utc < sunday(11, 1, 6)
    return (utc - timedelta(hours=4 if summer else 5)).replace(tzinfo=None)


def safe_names(names: Sequence[str]) -> list[str]:
    """Names a PokerStars reader splits right: no colon, bracket or parenthesis (they end a name in its
    patterns), single spaces, none empty, none twice."""
    out: list[str] = []
    for k, name in enumerate(names):
        clean = " ".join(_UNSAFE.sub("_", name).split()).strip("_ ") or f"Player{k + 1}"
        out.append(clean if clean not in out else f"{clean}_{k + 1}")
    return out


def _dead_small_blind(raw_blinds: Sequence[int], table_blinds: tuple[int, int] | None) -> bool:
    """Whether nobody posted the small blind (a tournament's dead small blind: pokerkit's player 0,
    left of the button, posts the big blind): player 1 posts no blind, or player 0 the table's big
    one (player 1's is then a straddle)."""
    if len(raw_blinds) < 3 or not raw_blinds[0]:
        return False
    return raw_blinds[1] == 0 or (table_blinds is not None and table_blinds[0] < table_blinds[1] == raw_blinds[0])


def _runs(state: State) -> tuple[bool, int]:
    """Whether the board ran twice, and how many board cards both runs share (all of them when not)."""
    dealt = sum(len(cards) for cards in state.board_cards)
    twice = state.runout_count == 2 and state.street_return_index is not None
    return twice, (2 * BOARD - dealt if twice else dealt)


def _street_line(before: Sequence[Card], cards: Sequence[Card], run: str) -> str:
    """ "*** FLOP *** [..]", "*** TURN *** [..] [.]"; a runout's prefixed "FIRST " or "SECOND "."""
    if not before:
        return f"*** {run}FLOP *** [{cards_text(cards)}]"
    return f"*** {run}{'TURN' if len(before) == 3 else 'RIVER'} *** [{cards_text(before)}] [{cards_text(cards)}]"


def convert(phh: str, info: HandInfo) -> str:
    """The hand as one PokerStars hand history (no trailing blank line)."""
    history = RoomHandHistory.loads(phh)
    variant = str(history.variant)
    if variant not in GAMES:
        raise ValueError(f"PHH variant {variant!r} has no PokerStars form")
    *_, state = iter(history)
    n = len(history.starting_stacks)
    deal_seat = [seat - 1 for seat in history.seats] if history.seats else list(range(n))
    names = safe_names([info.names[d] for d in deal_seat] if info.names is not None else list(history.players or []))
    seat_of = [info.seats[d] for d in deal_seat]
    hero = deal_seat.index(info.hero) if info.hero in deal_seat else None
    button = n - 1  # pokerkit's last player has the button, heads-up too, unless it is dead
    button_seat = seat_of[button] if info.dead_button is None else info.dead_button
    raw_blinds = list(history.blinds_or_straddles or [0] * n)
    blind_order = list(range(n)) if n > 2 else [1, 0]  # heads-up: pokerkit reads the list the other way round
    if _dead_small_blind(raw_blinds, info.blinds):  # a tournament's: player 0 posts the big blind
        blind_order.insert(0, -1)
    if history.small_bet:  # fixed limit: PokerStars names the small and big bets
        stakes = (history.small_bet, history.big_bet)
    else:
        stakes = info.blinds or (raw_blinds[0], raw_blinds[1])
    when = eastern(info.finished_at)
    utc = datetime.fromtimestamp(info.finished_at, timezone.utc)
    lines = [f"PokerStars Hand #{info.hand_id}:  {GAMES[variant]} ({stakes[0]}/{stakes[1]}) - "
             f"{utc:%Y/%m/%d %H:%M:%S} UTC [{when:%Y/%m/%d %H:%M:%S} ET]",
             f"Table '{info.table}' {max(info.max_seats, *seat_of)}-max Seat #{button_seat} is the button"]
    for p in sorted(range(n), key=lambda p: seat_of[p]):
        lines.append(f"Seat {seat_of[p]}: {names[p]} ({history.starting_stacks[p]} in chips)")

    twice, shared = _runs(state)
    stacks = list(history.starting_stacks)
    posts: list[tuple[int, str]] = []
    bets = [0] * n
    boards: list[list[Card]] = [[], []]  # the first board (the only one, unless it ran twice), the second
    roles: dict[int, list[str]] = {} if info.dead_button is not None else {button: ["button"]}
    folded_on: dict[int, str] = {}
    blinded: set[int] = set()
    acted: set[int] = set()
    shown: dict[int, tuple[Card, ...]] = {}
    showdown: list[str] = []
    pushes: list[tuple[int, int, int, int]] = []  # (player, amount, pot index, board)
    kept = [0] * n  # a walk's matched chips: pokerkit hands them back, PokerStars leaves them in the pot
    shows_after: dict[int, str] = {}  # a winner nobody called who showed: their cards
    dealt = 0  # board cards dealt so far, both runs

    def allin(p: int) -> str:
        return " and is all-in" if stacks[p] == 0 else ""

    for op in state.operations:
        if isinstance(op, AntePosting):
            stacks[op.player_index] -= op.amount
            bets[op.player_index] += op.amount
            posts.append((0, f"{names[op.player_index]}: posts the ante {op.amount}{allin(op.player_index)}"))
        elif isinstance(op, BlindOrStraddlePosting):
            p = op.player_index
            stacks[p] -= op.amount
            bets[p] += op.amount
            blinded.add(p)
            order = min(blind_order.index(p), 2)
            kind = ("small blind", "big blind", "straddle")[order]
            roles.setdefault(p, []).append(kind)
            posts.append((1 + order, f"{names[p]}: posts {kind} {op.amount}{allin(p)}"))
        elif isinstance(op, HoleDealing):
            if "*** HOLE CARDS ***" not in lines:  # the forced bets as PokerStars orders them: antes, then blinds
                lines += [line for _, line in sorted(posts, key=lambda post: post[0])]
                lines.append("*** HOLE CARDS ***")
            if op.player_index == hero:
                lines.append(f"Dealt to {names[op.player_index]} [{cards_text(op.cards)}]")
        elif isinstance(op, BoardDealing):
            if not twice or dealt < shared:  # a street both runs share (every street of a board run once)
                lines.append(_street_line(boards[0], op.cards, ""))
                boards[0].extend(op.cards)
                boards[1].extend(op.cards)
            else:
                run = 0 if dealt < BOARD else 1
                lines.append(_street_line(boards[run], op.cards, f"{RUNS[run]} "))
                boards[run].extend(op.cards)
            dealt += len(op.cards)
        elif isinstance(op, CheckingOrCalling):
            p = op.player_index
            acted.add(p)
            stacks[p] -= op.amount
            bets[p] += op.amount
            lines.append(f"{names[p]}: calls {op.amount}{allin(p)}" if op.amount else f"{names[p]}: checks ")
        elif isinstance(op, CompletionBettingOrRaisingTo):
            p = op.player_index
            acted.add(p)
            faced = max(bets)
            stacks[p] -= op.amount - bets[p]
            bets[p] = op.amount
            verb = f"raises {op.amount - faced} to {op.amount}" if faced else f"bets {op.amount}"
            lines.append(f"{names[p]}: {verb}{allin(p)}")
        elif isinstance(op, Folding):
            board = boards[0]
            folded_on[op.player_index] = f"on the {STREETS[len(board) - 3]}" if board else "before Flop"
            lines.append(f"{names[op.player_index]}: folds ")
        elif isinstance(op, BetCollection):
            for p in range(n):
                back = bets[p] - op.bets[p]
                if back:
                    unmatched = bets[p] - max(b for q, b in enumerate(bets) if q != p)
                    returned = min(back, max(unmatched, 0))
                    kept[p] += back - returned
                    stacks[p] += back
                    if returned:  # an ante nobody matched (trimmed antes) goes back after the forced bets
                        line = f"Uncalled bet ({returned}) returned to {names[p]}"
                        if "*** HOLE CARDS ***" in lines:
                            lines.append(line)
                        else:
                            posts.append((4, line))
            bets = [0] * n
        elif isinstance(op, HoleCardsShowingOrMucking):
            p = op.player_index
            shown[p] = op.hole_cards
            showdown.append(f"{names[p]}: shows [{cards_text(op.hole_cards)}]" if op.hole_cards
                            else f"{names[p]}: mucks hand")
        elif isinstance(op, ChipsPushing):
            pushes.extend(pushed(op, state, twice))
        elif isinstance(op, NoOperation) and op.commentary and (after := _SHOWN_AFTER.match(op.commentary)):
            shows_after[int(after["player"]) - 1] = cards_text(list(Card.parse(after["cards"])))

    for p in range(n):  # the walk's matched chips go back into the last pot the player takes
        if kept[p]:
            last = max((k for k, (q, _, _, _) in enumerate(pushes) if q == p), default=None)
            if last is None:
                pushes.append((p, kept[p], 0, 0))
            else:
                q, amount, pot, run = pushes[last]
                pushes[last] = (q, amount + kept[p], pot, run)
    return "\n".join(lines + results(names, seat_of, pushes, showdown, shows_after, boards if twice else boards[:1],
                                      roles, folded_on, blinded, acted, shown))
