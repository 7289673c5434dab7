"""The end of a PokerStars hand history (``bot.games.pokerstars``): the showdown, or one per board when
the board ran twice ("*** FIRST SHOW DOWN ***", "*** SECOND SHOW DOWN ***"), each hand shown with its
name ("shows [..] (a pair of Sixes)"), who collected what from which pot (every pot itemised, side pots
first, as PokerStars pays them), and the summary: the pots ("Total pot 300 Main pot 200. Side pot 100. |
Rake 0"), the board or both boards, a line per seat ("showed [..] and won (46) with a flush, Ace high")."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from pokerkit import Card, ChipsPushing, State

from bot.games.pokerstars_games import StarsGame, street_name
from bot.games.pokerstars_hands import describe, kicker, ranking
from bot.games.pokerstars_pots import Push, itemised, levels

RUNS = ("FIRST", "SECOND")
_QUIET = " (didn't bet)"
"""How PokerStars names the runouts of a board run twice."""


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as PokerStars writes them: "As Kd"."""
    return " ".join(f"{c.rank.value}{c.suit.value}" for c in cards)


def pushed(op: ChipsPushing, state: State, twice: bool) -> list[Push]:
    """A push as (player, amount, pot, board) lines. A pot pokerkit pays whole to the one hand left on a
    board run twice (the others lost on both and were killed) is written as PokerStars writes it, in both
    showdowns, split as pokerkit splits a pot between boards (``State.divmod``, the odd chip to the
    first)."""
    board = op.board_index or 0
    if not (twice and op.board_index is None):
        return [(p, amount, op.pot_index, board) for p, amount in enumerate(op.amounts) if amount]
    split: list[Push] = []
    for p, amount in enumerate(op.amounts):
        if amount:
            half, odd = state.divmod(amount, 2)
            split += [(p, half + odd, op.pot_index, 0), (p, half, op.pot_index, 1)]
    return split


@dataclass
class Outcome:
    """What the pass over a hand's operations (``bot.games.pokerstars_lines``) learnt for its end."""

    names: list[str]
    boards: list[list[Card]]
    """The first board (the only one, unless it ran twice) and the second."""
    roles: dict[int, list[str]]
    folded_on: dict[int, int] = field(default_factory=dict)
    """Who folded, on which betting round (0: the first)."""
    blinded: set[int] = field(default_factory=set)
    acted: set[int] = field(default_factory=set)
    shown: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    """At the showdown: the cards shown, or none (mucked)."""
    shows_after: dict[int, list[Card]] = field(default_factory=dict)
    """A winner nobody called who showed: their cards."""
    pushes: list[Push] = field(default_factory=list)
    hand_type_pushes: set[int] = field(default_factory=set)
    kept: list[int] = field(default_factory=list)
    """A walk's matched chips: pokerkit hands them back, PokerStars leaves them in the pot."""
    starting: list[int] = field(default_factory=list)
    put_in: list[int] = field(default_factory=list)
    anted: list[int] = field(default_factory=list)
    hero: int | None = None
    hero_cards: list[Card] | None = None
    """The hero's cards, when they mucked them: their own summary line names them, nobody else's (the
    table never showed those)."""


def _pokerstars_pots(out: Outcome, state: State) -> list[Push]:
    """The pushes by PokerStars' pots; a walk's matched chips in the last pot the player takes."""
    pushes = list(out.pushes)
    if not pushes:  # a hand not played to its end
        return pushes
    if any(out.kept):
        for p, kept in enumerate(out.kept):
            last = max((k for k, push in enumerate(pushes) if push[0] == p and kept), default=None)
            if not kept:
                continue
            if last is None:
                pushes.append((p, kept, 0, 0))
            else:
                q, amount, pot, run = pushes[last]
                pushes[last] = (q, amount + kept, pot, run)
        return pushes
    dead = 0 if state.ante_trimming_status else sum(out.anted)
    put = out.put_in if state.ante_trimming_status else [c - a for c, a in zip(out.put_in, out.anted)]
    live = [p not in out.folded_on for p in range(len(put))]
    paid = [sum(amount for _, amount, pot, _ in pushes if pot == index) for index in range(max(push[2] for push in pushes) + 1)]
    return itemised(pushes, paid, levels(put, live, dead))


def results(out: Outcome, game: StarsGame, seat_of: Sequence[int], state: State, twice: bool) -> list[str]:
    """The showdown (one per board when the board ran twice), who collected what, and the summary."""
    names, n = out.names, len(out.names)
    boards = out.boards if twice else out.boards[:1]
    pushes = _pokerstars_pots(out, state)
    pot_count = max((pot for _, _, pot, _ in pushes), default=0) + 1
    pot_names = ["pot"] if pot_count == 1 else ["main pot"] + (
        ["side pot"] if pot_count == 2 else [f"side pot-{k}" for k in range(1, pot_count)])
    words = [{p: describe(state.hand_types, cards, board) for p, cards in out.shown.items() if cards} for board in boards]
    won_on = [[0] * n for _ in boards]
    pots = [0] * pot_count
    lines: list[str] = []
    for run in range(len(boards)):
        if out.shown:
            lines.append(f"*** {RUNS[run] + ' ' if len(boards) > 1 else ''}SHOW DOWN ***")
            lines += _shows(out, state, boards[run], words[run])
        for p, amount, pot, board in sorted((push for push in pushes if push[3] == run), key=lambda push: -push[2]):
            won_on[run][p] += amount
            pots[pot] += amount
            lines.append(f"{names[p]} collected {amount} from {pot_names[pot]}")
        if out.shown and len(state.hand_types) > 1 and 1 not in out.hand_type_pushes:
            lines.append("No low hand qualified")
    won = [sum(by_board[p] for by_board in won_on) for p in range(n)]
    if not out.shown:
        lines += [f"{names[p]}: shows [{cards_text(out.shows_after[p])}] "
                  f"({describe(state.hand_types, out.shows_after[p], out.boards[0])[0]})" if p in out.shows_after
                  else f"{names[p]}: doesn't show hand" for p in range(n) if won[p]]

    split = "" if pot_count == 1 else " " + " ".join(
        f"{name[0].upper()}{name[1:]} {amount}." for name, amount in zip(pot_names, pots))
    lines += ["*** SUMMARY ***", f"Total pot {sum(pots)}{split} | Rake 0"]
    if len(boards) > 1:
        lines += ["Hand was run twice"] + [f"{RUNS[run]} Board [{cards_text(board)}]" for run, board in enumerate(boards)]
    elif boards[0]:
        lines.append(f"Board [{cards_text(boards[0])}]")
    for p in sorted(range(n), key=lambda p: seat_of[p]):
        lines.append(f"Seat {seat_of[p]}: {names[p]}{''.join(f' ({r})' for r in out.roles.get(p, []) if r != 'straddle')} "
                     f"{_seat_end(out, game, p, won_on, words, won[p])}")
    return lines


def _shows(out: Outcome, state: State, board: Sequence[Card], words: dict[int, tuple[str, str]]) -> list[str]:
    """The showdown's lines, in the order the hands were shown: "shows [..] (a pair of Jacks - King
    kicker)", "mucks hand"."""
    lines: list[str] = []
    before: list[tuple[str, tuple[int, ...], tuple[int, ...]] | None] = []
    for p, cards in out.shown.items():
        if not cards:
            lines.append(f"{out.names[p]}: mucks hand")
            continue
        rank = ranking(state.hand_types, cards, board)
        lines.append(f"{out.names[p]}: shows [{cards_text(cards)}] ({words[p][0]}{kicker(rank, before)})")
        before.append(rank)
    return lines


def _seat_end(out: Outcome, game: StarsGame, p: int, won_on: list[list[int]], words: list[dict[int, tuple[str, str]]],
              won: int) -> str:
    """What a seat's summary line says of the player's hand: "folded on the Turn", "showed [..] and won
    (46) with a flush, Ace high", "mucked [..]", "collected (30)"."""
    if p in out.folded_on:
        street = out.folded_on[p]
        quiet = street == 0 and p not in out.blinded and p not in out.acted
        return f"folded {street_name(game, street)}" + (_QUIET if quiet else "")
    cards = out.shown.get(p)
    if cards:
        return f"showed [{cards_text(cards)}] and " + ", and ".join(
            (f"won ({by_board[p]})" if by_board[p] else "lost") + (f" with {said[p][1]}" if said[p][1] else "")
            for by_board, said in zip(won_on, words))
    if p in out.shown:
        return f"mucked [{cards_text(out.hero_cards)}]" if out.hero_cards and p == out.hero else "mucked"
    return f"collected ({won})"
