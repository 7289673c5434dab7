"""The pots of a hand as PokerStars itemises them: a main pot and a side pot per all-in level of the
players still in ("Total pot 3030 Main pot 3007. Side pot-1 20. ..."), each collected on its own line
("collected 20 from side pot-1"), even when one player wins several of them.

pokerkit lays its pots out the same way, but at the showdown, after it has killed the hands that lost:
two levels whose only live hands are then the same are one pot to it (a short stack all in and beaten
leaves its main pot joined to the side pot above). Here the levels are laid out as they were before the
showdown (everyone who did not fold), and what pokerkit pushed from each of its pots is shared out over
the levels it joined, so each player collects exactly what pokerkit paid, and each level exactly its
chips.
"""
from __future__ import annotations

from typing import Sequence

Push = tuple[int, int, int, int]
"""(player, amount, pot index, board index): one player's share of one pot on one board."""


def levels(put_in: Sequence[int], live: Sequence[bool], dead: int) -> list[int]:
    """The pots by the levels of what live players put in, as pokerkit lays them out (``State.pots``),
    levels with the same live players joined; ``dead`` chips (antes pokerkit does not trim) in the
    main pot."""
    pots: list[tuple[int, tuple[int, ...]]] = []
    below, amount = 0, dead
    for level in sorted(set(put_in)):
        amount += sum(min(c, level) - min(c, below) for c in put_in)
        players = tuple(p for p, c in enumerate(put_in) if c >= level and live[p])
        while pots and pots[-1][1] == players:
            amount += pots.pop()[0]
        if amount:
            pots.append((amount, players))
        amount, below = 0, level
    return [pot for pot, _ in pots]


def _share(rows: list[int], sizes: list[int]) -> list[list[int]]:
    """``rows`` (amounts that add up to the sum of ``sizes``) each cut into one part per size, every
    size filled exactly: each size shared in proportion to what the rows have left, the chips left by
    rounding down to the largest remainders (the first row on a tie), so rows of one amount share each
    size equally, the odd chip to the first."""
    left = list(rows)
    parts = [[0] * len(sizes) for _ in rows]
    for k, size in enumerate(sizes):
        total = sum(left)
        if k == len(sizes) - 1 or not total:
            for r in range(len(rows)):
                parts[r][k] = left[r] if k == len(sizes) - 1 else 0
            continue
        cut = [left[r] * size // total for r in range(len(rows))]
        by_remainder = sorted(range(len(rows)), key=lambda r: (-(left[r] * size % total), r))
        short = size - sum(cut)
        for r in by_remainder:
            if short and left[r] > cut[r]:
                cut[r] += 1
                short -= 1
        for r in range(len(rows)):
            parts[r][k] = cut[r]
            left[r] -= cut[r]
    return parts


def itemised(pushes: Sequence[Push], pokerkit_pots: Sequence[int], laid_out: Sequence[int]) -> list[Push]:
    """pokerkit's pushes (by its pots) as pushes by PokerStars' pots (``laid_out``): each of pokerkit's
    pots is one level or consecutive levels, and its pushes are shared out over them. Unchanged if the
    levels do not make up pokerkit's pots."""
    groups: list[list[int]] = []
    k = 0
    for pot in pokerkit_pots:
        group: list[int] = []
        while k < len(laid_out) and sum(laid_out[j] for j in group) < pot:
            group.append(k)
            k += 1
        if sum(laid_out[j] for j in group) != pot:
            return list(pushes)
        groups.append(group)
    if k != len(laid_out):
        return list(pushes)
    out: list[Push] = []
    for index, group in enumerate(groups):
        rows = [push for push in pushes if push[2] == index]
        if len(group) == 1:
            out += [(p, amount, group[0], board) for p, amount, _, board in rows]
            continue
        for board, sizes in _by_board(rows, [laid_out[j] for j in group]).items():
            on_board = [push for push in rows if push[3] == board]
            parts = _share([amount for _, amount, _, _ in on_board], sizes)
            out += [(p, part, group[n], board) for (p, _, _, _), cut in zip(on_board, parts)
                    for n, part in enumerate(cut) if part]
    return out


def _by_board(rows: Sequence[Push], sizes: list[int]) -> dict[int, list[int]]:
    """Each level's chips on each board of a pot pokerkit paid on two (a board run twice): half each,
    the odd chip on the first, but for the levels whose odd chip must go the other way for each board
    to hold what pokerkit paid on it."""
    boards = sorted({push[3] for push in rows})
    if len(boards) == 1:
        return {boards[0]: sizes}
    first = [(size + 1) // 2 for size in sizes]
    excess = sum(first) - sum(amount for _, amount, _, board in rows if board == boards[0])
    for k, size in enumerate(sizes):
        if excess and size % 2:
            first[k] -= 1 if excess > 0 else -1
            excess -= 1 if excess > 0 else -1
    return {boards[0]: first, boards[1]: [size - half for size, half in zip(sizes, first)]}
