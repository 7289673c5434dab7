"""A stored poker hand (PHH text) rewritten in the PokerStars hand-history text format, the one that
PokerTracker 4, Hold'em Manager 3 and GTO Wizard import.

The hand is replayed by pokerkit (``RoomHandHistory``): every stack, pot, uncalled bet and payout
comes from its operations, nothing of betting or pots is worked out here. What PokerStars says
differently is only wording: a raise is written "raises X to Y" (Y from pokerkit, X over the bet
faced), a walk is "Uncalled bet (X) returned to" (pokerkit gives the lone player's whole bet back and
pushes the rest; PokerStars returns only the part nobody matched and counts the rest in the pot); antes
pokerkit trims to a shorter stack's are "Uncalled bet (X) returned" after the forced bets.

The header and table line have the shape of real PokerStars play-money files ("PokerStars Hand #N:
Hold'em No Limit (5/10) - 2026/06/01 0:00:00 UTC [2026/05/31 20:00:00 ET]", "Table 'Cardroom 1'
6-max (Play Money) Seat #1 is the button"; stud tables have no button), so trackers file the hands as
play money. Only the hero's hole cards are dealt face up ("Dealt to"), the way a player's own history
reads; the others' show where they were shown at the table (stud's up cards as they were dealt).
Each game's words and layout are in ``bot.games.pokerstars_games``, the lines of the deal in
``bot.games.pokerstars_lines``, the showdown and summary in ``bot.games.pokerstars_summary``.

Table options come through as the PHH carries them: per-player antes (a big-blind ante is "posts the
ante" by the big blind alone; a bomb pot's antes by all, then a checked round), straddles from the
third entry of ``blinds_or_straddles`` on ("posts straddle", as the rooms that write PokerStars'
format with straddles write it: PokerStars deals none). A board run twice (the PHH's
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

from bot.games.phh import RoomHandHistory
from bot.games.pokerstars_games import GAMES
from bot.games.pokerstars_lines import Lines
from bot.games.pokerstars_summary import results

_UNSAFE = re.compile(r"[:()\[\]]+")


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
    mix: str | None = None
    """A mixed game's name as PokerStars writes it ("HORSE", "8-Game"): the header names it, then the
    game of the hand with its stakes, "8-Game (7 Card Stud Hi/Lo Limit, 5/10)"."""


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


def _when(moment: float) -> str:
    """The header's time as PokerStars writes it for a player whose clock shows UTC: the hour without
    its leading zero, then US Eastern Time in brackets ("2026/06/01 0:00:00 UTC [2026/05/31 20:00:00 ET]")."""
    utc, et = datetime.fromtimestamp(moment, timezone.utc), eastern(moment)
    return f"{utc:%Y/%m/%d} {utc.hour}:{utc:%M:%S} UTC [{et:%Y/%m/%d} {et.hour}:{et:%M:%S} ET]"


def convert(phh: str, info: HandInfo) -> str:
    """The hand as one PokerStars hand history (no trailing blank line)."""
    history = RoomHandHistory.loads(phh)
    variant = str(history.variant)
    if variant not in GAMES:
        raise ValueError(f"PHH variant {variant!r} has no PokerStars form")
    game = GAMES[variant]
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
    button_blind = variant == "NS" and sum(1 for blind in raw_blinds if blind) == 1  # short deck's (6+ hold'em's)
    if history.small_bet:  # fixed limit: PokerStars names the small and big bets
        stakes = f"{history.small_bet}/{history.big_bet}"
    elif button_blind:
        stakes = f"Button Blind {max(raw_blinds)} - Ante {max(history.antes or [0])}"
    else:
        stakes = "/".join(map(str, info.blinds or (raw_blinds[0], raw_blinds[1])))
    size = max(info.max_seats, *seat_of)
    button_text = "" if game.kind == "stud" else f" Seat #{button_seat} is the button"
    dealt = f"{info.mix} ({game.name}, {stakes})" if info.mix else f"{game.name} ({stakes})"
    lines = [f"PokerStars Hand #{info.hand_id}:  {dealt} - {_when(info.finished_at)}",
             f"Table '{info.table}' {size}-max (Play Money){button_text}"]
    for p in sorted(range(n), key=lambda p: seat_of[p]):
        lines.append(f"Seat {seat_of[p]}: {names[p]} ({history.starting_stacks[p]} in chips)")
    roles: dict[int, list[str]] = {} if info.dead_button is not None or game.kind == "stud" or button_blind \
        else {button: ["button"]}
    body = Lines(state, game, names, list(history.starting_stacks), hero, None if button_blind else blind_order, roles)
    body.run(list(state.operations))
    return "\n".join(lines + body.lines + results(body.out, game, seat_of, state, body.twice))
