"""The end of a PokerStars hand history (``bot.games.pokerstars``): the showdown, or one per board when
the board ran twice ("*** FIRST SHOW DOWN ***", "*** SECOND SHOW DOWN ***"), who collected what from
which pot, and the summary (the pots, the board or both boards, a line per seat)."""
from __future__ import annotations

from typing import Sequence

from pokerkit import Card, ChipsPushing, State

RUNS = ("FIRST", "SECOND")
"""How PokerStars names the runouts of a board run twice."""


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as PokerStars writes them: "As Kd"."""
    return " ".join(f"{c.rank.value}{c.suit.value}" for c in cards)


def pushed(op: ChipsPushing, state: State, twice: bool) -> list[tuple[int, int, int, int]]:
    """A push as (player, amount, pot, board) lines. A pot pokerkit pays whole to the one hand left on a
    board run twice (the others lost on both and were killed) is written as PokerStars writes it, in both
    showdowns, split as pokerkit splits a pot between boards (``State.divmod``, the odd chip to the
    first)."""
    board = op.board_index or 0
    if not (twice and op.board_index is None):
        return [(p, amount, op.pot_index, board) for p, amount in enumerate(op.amounts) if amount]
    split: list[tuple[int, int, int, int]] = []
    for p, amount in enumerate(op.amounts):
        if amount:
            half, odd = state.divmod(amount, 2)
            split += [(p, half + odd, op.pot_index, 0), (p, half, op.pot_index, 1)]
    return split


def results(names: Sequence[str], seat_of: Sequence[int], pushes: Sequence[tuple[int, int, int, int]],
             showdown: Sequence[str], shows_after: dict[int, str], boards: Sequence[Sequence[Card]],
             roles: dict[int, list[str]], folded_on: dict[int, str], blinded: set[int], acted: set[int],
             shown: dict[int, tuple[Card, ...]]) -> list[str]:
    """The showdown (one per board: "FIRST SHOW DOWN", "SECOND SHOW DOWN" when the board ran twice),
    who collected what, and the summary."""
    n = len(names)
    pot_count = max((pot for _, _, pot, _ in pushes), default=0) + 1
    pot_names = ["pot"] if pot_count == 1 else ["main pot"] + (
        ["side pot"] if pot_count == 2 else [f"side pot-{k}" for k in range(1, pot_count)])
    won_on = [[0] * n for _ in boards]
    pots = [0] * pot_count
    lines: list[str] = []
    for run in range(len(boards)):
        if showdown:
            lines += [f"*** {RUNS[run] + ' ' if len(boards) > 1 else ''}SHOW DOWN ***", *showdown]
        for p, amount, pot, board in pushes:
            if board == run:
                won_on[run][p] += amount
                pots[pot] += amount
                lines.append(f"{names[p]} collected {amount} from {pot_names[pot]}")
    won = [sum(by_board[p] for by_board in won_on) for p in range(n)]
    if not showdown:
        lines += [f"{names[p]}: shows [{shows_after[p]}]" if p in shows_after else f"{names[p]}: doesn't show hand"
                  for p in range(n) if won[p]]

    split = "" if pot_count == 1 else " " + " ".join(
        f"{name[0].upper()}{name[1:]} {amount}." for name, amount in zip(pot_names, pots))
    lines += ["*** SUMMARY ***", f"Total pot {sum(pots)}{split} | Rake 0"]
    if len(boards) > 1:
        lines += ["Hand was run twice"] + [f"{RUNS[run]} Board [{cards_text(board)}]" for run, board in enumerate(boards)]
    elif boards[0]:
        lines.append(f"Board [{cards_text(boards[0])}]")
    for p in sorted(range(n), key=lambda p: seat_of[p]):
        role = "".join(f" ({r})" for r in roles.get(p, []) if r != "straddle")
        if p in folded_on:
            bet = "" if folded_on[p] != "before Flop" or p in blinded or p in acted else " (didn't bet)"
            end = f"folded {folded_on[p]}{bet}"
        elif p in shown and shown[p]:
            end = f"showed [{cards_text(shown[p])}] and " + ", and ".join(
                f"won ({by_board[p]})" if by_board[p] else "lost" for by_board in won_on)
        elif p in shown:
            end = "mucked"
        else:
            end = f"collected ({won[p]})"
        lines.append(f"Seat {seat_of[p]}: {names[p]}{role} {end}")
    return lines
