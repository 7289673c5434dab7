"""Every number on every line of a PokerStars hand history, checked against the hand's PHH record by a
ledger kept here line by line (no pokerkit operation is read): the seats' stacks; each forced bet (the
PHH's antes and blinds, capped by the stack); each call (what the bet faced asks, capped by the stack),
bet and "raises X to Y" (Y the PHH's amount raised to, the raiser's total for the street, X what it adds
to the bet faced); every "and is all-in"; each uncalled bet returned (the part of the street's top bet
nobody matched, no more and no less); each collection, the pots of the summary (laid out here from what
each player put in and who folded), the total pot and each seat's summary line; and each player's chips
at the end, which must be the PHH's. On a board run twice, each pot is halved between the boards with
the odd chip on the first (pokerkit's ``State.divmod``); a pot split between hands on one board gives
each the same, and the chips left over (fewer than the hands) to the first from the button's left
(hi-lo halves aside).

``tests/support/pokerstars_checks.py`` reads the same files with an independent PokerStars reader."""
from __future__ import annotations

import re
from collections import defaultdict

from bot.games.phh import RoomHandHistory
from bot.games.pokerstars import safe_names

_SEAT = re.compile(r"^Seat (\d+): (.+) \((\d+) in chips\)$")
_POST = re.compile(r"^(.+): posts (the ante|small blind|big blind|button blind|straddle) (\d+)( and is all-in)?$")
_MOVE = re.compile(r"^(.+): (calls (\d+)|bets (\d+)|raises (\d+) to (\d+)|checks |folds )( and is all-in)?$")
_UNCALLED = re.compile(r"^Uncalled bet \((\d+)\) returned to (.+)$")
_COLLECTED = re.compile(r"^(.+) collected (\d+) from (pot|main pot|side pot(?:-\d+)?)$")
_STREET = re.compile(r"^\*\*\* (?:(FIRST|SECOND|THIRD) )?(FLOP|TURN|RIVER|SHOW DOWN|DRAW|[3-6]th STREET) \*\*\*")
_DRAWS = re.compile(r"^.+: (?:discards \d+ cards?|stands pat)")
_BRING_IN = re.compile(r"^(.+): brings in for (\d+)( and is all-in)?$")
_TOTAL = re.compile(r"^Total pot (\d+)((?: (?:Main|Side) pot(?:-\d+)? \d+\.)*) \| Rake 0$")
_SPLIT = re.compile(r"(Main pot|Side pot(?:-\d+)?) (\d+)\.")
_SUMMARY_SEAT = re.compile(r"^Seat (\d+): (.+?)((?: \((?:button|small blind|big blind|button blind)\))*) "
                           r"(folded .*|showed \[[^\]]*\] and (.*)|mucked(?: \[[^\]]*\])?|collected \((\d+)\))$")
_RESULT = re.compile(r"^(won \(\d+\)|lost)(?: with .+)?$")


def _pot_index(name: str) -> int:
    return 0 if name.lower() in ("pot", "main pot") else int(name.rsplit("-", 1)[1]) if "-" in name else 1


def _layered_pots(put_in: list[int], folded: set[int], dead: int) -> list[int]:
    """The pots as the rules lay them out: one level per all-in amount of a player still in; ``dead``
    chips (a big-blind ante, untrimmed) in the main pot whatever its level."""
    put_in = list(put_in)
    levels = sorted({put_in[p] for p in range(len(put_in)) if p not in folded and put_in[p]})
    pots, below = [], 0
    for level in levels:
        amount = sum(min(c, level) - min(c, below) for c in put_in)
        if amount:
            pots.append(amount)
        below = level
    if sum(pots) < sum(put_in):  # folded chips above every level still in (a lone player's dead money)
        pots[-1:] = [pots[-1] + sum(put_in) - sum(pots)] if pots else [sum(put_in)]
    return [pots[0] + dead, *pots[1:]] if pots else [dead]


def check_numbers(text: str, phh: str, names: list[str] | None = None, *, blinds: tuple[int, int] | None = None,
                  hi_lo: bool = False) -> None:
    """Check one PokerStars hand (``convert``'s text) against its PHH, number by number. ``names``: the
    names written, by PHH player (default: the PHH's players, made safe as the writer makes them);
    ``blinds``: the table's (default: the PHH's first two blinds)."""
    history = RoomHandHistory.loads(phh)
    n = len(history.starting_stacks)
    name = safe_names(names if names is not None else list(history.players))
    player = {name[p]: p for p in range(n)}
    header, table = text.splitlines()[:2]
    stakes = (history.small_bet, history.big_bet) if history.small_bet else \
        blinds or tuple((history.blinds_or_straddles or [0, 0])[:2])
    button_blind = f" (Button Blind {max(history.blinds_or_straddles or [0])} - Ante {max(history.antes or [0])}) - "
    assert any(form in header for form in (f" ({stakes[0]}/{stakes[1]}) - ", f", {stakes[0]}/{stakes[1]}) - ", button_blind)), \
        (header, stakes)  # a mixed game's "8-Game (Razz Limit, 10/20)"
    button = re.search(r" Seat #(\d+) is the button$", table)
    assert button or (table.endswith("(Play Money)") and "(button)" not in text), "stud alone has no button"
    assert not button or (f"Seat {button[1]}: {name[n - 1]} (" in text
                       or (f"\nSeat {button[1]}: " not in text and "(button)" not in text)), \
        "pokerkit's last player has the button, or a tournament's dead button is on a seat nobody sits in"
    swap = (lambda p: 1 - p) if n == 2 else (lambda p: p)  # heads-up pokerkit reads the lists the other way
    antes = list(history.antes or [0] * n)
    blinds = list(history.blinds_or_straddles or [0] * n)
    moves = [(int(a.split()[0][1:]) - 1, a.split()[1], int(a.split()[2]) if a.split()[1] == "cbr" else None)
             for a in history.actions if a.split()[1] in ("f", "cc", "cbr")]
    stack = list(history.starting_stacks)
    bet = [0] * n
    put_in, anted, won = [0] * n, [0] * n, [0] * n
    folded: set[int] = set()
    by_board: dict[int, dict[tuple[int, int], int]] = defaultdict(lambda: defaultdict(int))
    board, seen_seats, summary, dealt, totals, drawing = 0, 0, False, False, None, False

    def pay(p: int, chips: int, all_in: str | None) -> None:
        assert 0 < chips <= stack[p], (name[p], chips, stack[p])
        stack[p] -= chips
        put_in[p] += chips
        assert bool(all_in) == (stack[p] == 0), f"{name[p]}: 'and is all-in' iff the stack is empty"

    def street_over() -> None:
        """A street ends: nobody's bet is above every other one (its excess was returned)."""
        top = sorted(bet, reverse=True)
        assert top[0] == top[1], f"an uncalled bet was not returned: {bet}"

    for line in text.splitlines():
        if summary:
            if m := _TOTAL.match(line):
                totals = (int(m[1]), [int(amount) for _, amount in _SPLIT.findall(m[2])])
            elif m := _SUMMARY_SEAT.match(line):
                p = player[m[2]]
                if m[6] is not None:
                    assert int(m[6]) == won[p], (line, won[p])
                elif m[5] is not None:
                    results = m[5].split(", and ")
                    for run, result in enumerate(results):
                        board_won = sum(v for (q, _), v in by_board[run].items() if q == p)
                        said = _RESULT.match(result)
                        assert said and said[1] == (f"won ({board_won})" if board_won else "lost"), (line, board_won)
            continue
        if m := _SEAT.match(line):
            p = player[m[2]]
            assert int(m[3]) == history.starting_stacks[p], line
            seen_seats += 1
        elif m := _POST.match(line):
            p = player[m[1]]
            due = antes[swap(p)] if m[2] == "the ante" else blinds[swap(p)]
            assert int(m[3]) == min(due, stack[p]), (line, due, stack[p])
            pay(p, int(m[3]), m[4])
            if m[2] != "the ante":
                bet[p] += int(m[3])
            else:
                anted[p] += int(m[3])
        elif m := _MOVE.match(line):
            drawing = False
            p = player[m[1]]
            q, code, to = moves.pop(0)
            assert q == p, (line, name[q])
            faced = max(bet)
            if m[3] is not None:
                assert code == "cc" and int(m[3]) == min(faced - bet[p], stack[p]), (line, faced, bet[p], stack[p])
                pay(p, int(m[3]), m[7])
                bet[p] += int(m[3])
            elif m[4] is not None:
                assert code == "cbr" and faced == 0 and int(m[4]) == to, (line, to)
                pay(p, int(m[4]), m[7])
                bet[p] = int(m[4])
            elif m[5] is not None:
                assert code == "cbr" and int(m[6]) == to, f"{line}: the PHH raises to {to}"
                assert faced > 0 and int(m[5]) == to - faced, f"{line}: {to} over the bet faced of {faced}"
                pay(p, to - bet[p], m[7])
                bet[p] = to
            elif m[2] == "checks ":
                assert code == "cc" and bet[p] == faced, line
            else:
                assert code == "f", line
                folded.add(p)
        elif m := _BRING_IN.match(line):
            p = player[m[1]]
            assert int(m[2]) == min(history.bring_in, stack[p]), line
            pay(p, int(m[2]), m[3])
            bet[p] += int(m[2])
        elif _DRAWS.match(line) and drawing is False:  # a draw ends a betting round, marked or not
            street_over()
            bet = [0] * n
            drawing = True
        elif m := _UNCALLED.match(line):
            p = player[m[2]]
            ante = not dealt  # before the cards: antes trimmed to a shorter stack's
            taken = anted if ante else bet
            excess = taken[p] - max(b for q, b in enumerate(taken) if q != p)
            assert int(m[1]) == excess > 0, (line, taken)
            taken[p] -= excess
            stack[p] += excess
            put_in[p] -= excess
        elif m := _STREET.match(line):
            street_over()
            bet = [0] * n
            if m[2] == "SHOW DOWN":
                board = 1 if m[1] == "SECOND" else 0
        elif m := _COLLECTED.match(line):
            street_over()
            bet = [0] * n
            p = player[m[1]]
            won[p] += int(m[2])
            by_board[board][(p, _pot_index(m[3]))] += int(m[2])
        elif line in ("*** HOLE CARDS ***", "*** DEALING HANDS ***", "*** 3rd STREET ***"):
            dealt = True
        elif line == "*** SUMMARY ***":
            street_over()
            summary = True

    assert seen_seats == n and not moves, ("every seat and every move of the PHH is written", moves)
    dead = 0 if history.ante_trimming_status else sum(anted)
    pots = _layered_pots([c - a for c, a in zip(put_in, anted)] if dead else put_in, folded, dead)
    assert totals is not None and totals[0] == sum(put_in) == sum(won), (totals, put_in, won)
    _check_pots(totals[1] or [totals[0]], pots)
    for p in range(n):
        assert history.starting_stacks[p] - put_in[p] + won[p] == history.finishing_stacks[p], name[p]
    _check_odd_chips(by_board, len(totals[1]) or 1, hi_lo)


def _check_pots(written: list[int], layers: list[int]) -> None:
    """The summary's pots are the layers laid out here, one by one, as PokerStars itemises them (a side
    pot one player wins alone too)."""
    assert written == layers, f"the summary's pots {written} are not the layers {layers}"


def _check_odd_chips(by_board: dict[int, dict[tuple[int, int], int]], pots: int, hi_lo: bool) -> None:
    """A pot on two boards: half each, the odd chip on the first (or, in one of several pots pokerkit paid
    as one, on the second: its halves of the whole are pokerkit's); on one board, shared equally, what is left
    over to the first hand from the button's left (not checked in hi-lo, where the halves may go to
    different hands)."""
    for pot in range(pots):
        shares = [sum(v for (_, k), v in by_board[run].items() if k == pot) for run in sorted(by_board)]
        if len(shares) == 2:
            assert shares[0] - shares[1] in (-1, 0, 1), f"pot {pot}: {shares[0]} on the first board, {shares[1]} on the second"
        for run in by_board:
            amounts = [v for (_, k), v in sorted(by_board[run].items()) if k == pot]
            if hi_lo or len(amounts) < 2:
                continue
            first, *rest = amounts
            assert (len(set(rest)) == 1 and 0 <= first - rest[0] < len(amounts)) or max(amounts) - min(amounts) <= 1, \
                (pot, run, amounts)  # a chip either way in a pot pokerkit paid with another as one
