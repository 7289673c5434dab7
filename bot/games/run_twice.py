"""Run it twice: when every player still in is all in (or all in but one) with board cards to come,
each of them is asked whether to deal the rest of the board twice; it is dealt twice only if all
agree, and pokerkit then deals two runouts and pays half of every pot on each board.

pokerkit (``State.select_runout_count``, in its cash-game mode) asks every player still in, in its
player order, and settles on two runouts only when every answer is two. Here the players answer in
any order (a button each, pressed when they like): the answers are kept until pokerkit's next
chooser has one, then given to pokerkit in its order. pokerkit 0.7.7 selects for its first waiting
player whatever ``player_index`` says, so nothing is given to it out of that order. The first "once"
settles it: the players who have not answered yet are given "no preference" (pokerkit's ``None``)
so nobody waits for an answer that cannot change anything.
"""
from __future__ import annotations

from typing import Mapping

from pokerkit import Mode, State

from bot.games.base import ActionSpec

COUNTS: Mapping[str, int] = {"twice": 2, "once": 1}
"""Action kind -> the runout count it asks for."""
SPECS = (ActionSpec("twice", "Run it twice"), ActionSpec("once", "Run it once"))
BOARD_NAMES = ("First", "Second")
BOARD_CARDS = 5


def pot_name(index: int) -> str:
    """A pot as players name it: pokerkit's pot 0 is the main pot, the others side pots 1, 2..."""
    return f"side pot {index}" if index else "main pot"


def pokerkit_mode(settings: Mapping[str, object]) -> Mode:
    """pokerkit asks for a runout count only in its cash-game mode; a table without the option keeps
    the tournament mode, in which pokerkit always deals one runout."""
    return Mode.CASH_GAME if settings.get("run_it_twice") else Mode.TOURNAMENT


class RunoutChoice:
    """The answers of one hand's players to "run it twice?", by pokerkit player, given to pokerkit in
    its order as they come."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.answers: dict[int, int | None] = {}
        self.shared = 0
        """Board cards dealt before the runouts (the cards both boards share)."""

    def waiting(self) -> list[int]:
        """The players pokerkit waits on who have not answered yet."""
        statuses = self.state.runout_count_selector_statuses
        if not any(statuses):  # most of the time (asked on every move's turn and judgement)
            return []
        return [p for p, waiting in enumerate(statuses) if waiting and p not in self.answers]

    def answer(self, player: int, kind: str) -> bool:
        """Note ``player``'s answer (``twice`` or ``once``) and give pokerkit every answer it can take
        now; returns whether the count is settled (every chooser answered)."""
        self.answers[player] = COUNTS[kind]
        if kind == "once":
            self.answers.update({p: None for p in self.waiting()})
        state = self.state
        while any(state.runout_count_selector_statuses):
            chooser = next(state.runout_count_selector_indices)
            if chooser not in self.answers:
                return False
            state.select_runout_count(self.answers[chooser])
        self.shared = len(list(state.get_board_cards(0)))
        return True

    @property
    def twice(self) -> bool:
        """Whether the board is being (or was) dealt twice."""
        return self.state.runout_count == 2 and self.state.street_return_index is not None

    def record(self, players: int) -> list[int]:
        """The answers for the export (PHH ``_runout_counts``), by player: 2, 1, or 0 for none."""
        return [self.answers.get(p) or 0 for p in range(players)]

    def dealing_board(self) -> int:
        """The board whose cards are being dealt now (or were dealt last): the second once the first
        is complete and the board runs twice."""
        dealt = sum(len(cards) for cards in self.state.board_cards)
        return 1 if self.twice and dealt >= BOARD_CARDS else 0

    def position(self, dealt_before: int) -> tuple[int, int]:
        """For a board deal that came after ``dealt_before`` board cards in all: its board and how many
        cards that board held before it (which names the street)."""
        if dealt_before < BOARD_CARDS:
            return 0, dealt_before
        return 1, self.shared + dealt_before - BOARD_CARDS
