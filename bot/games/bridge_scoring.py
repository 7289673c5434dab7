"""Bridge scoring: one board's result, rubber bookkeeping, duplicate scores, matchpoints and IMPs.

Duplicate scores come straight from endplay (``Contract.score``), which implements the Laws of
Duplicate Bridge table. Rubber bridge uses the same trick values but splits them the way a rubber
score sheet does: contract tricks below the line (they make games), everything else above it.

Seats are 0..3 = N, E, S, W; sides are 0 = NS and 1 = EW (``seat % 2``). Every score given as a
pair is ``[NS, EW]``.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping, Sequence, TypedDict

from endplay.types import Contract, Denom, Penalty, Player, Vul

STRAINS = ("C", "D", "H", "S", "NT")
"""Denominations in bidding order."""
SIDES = ("NS", "EW")
DIRECTIONS = ("N", "E", "S", "W")
STRAIN_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}
DOUBLED_TEXT = ("", "X", "XX")

IMP_LIMITS = (10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290,
              1490, 1740, 1990, 2240, 2490, 2990, 3490, 3990)
"""Upper bound of each IMP step of the standard WBF scale: a difference of 0-10 is 0 IMPs,
20-40 is 1 IMP, ..., 3500-3990 is 23 IMPs and 4000 or more is 24."""

RUBBER_BONUS_TWO_NIL = 700
RUBBER_BONUS_TWO_ONE = 500
UNFINISHED_GAME_BONUS = 300
UNFINISHED_PART_SCORE_BONUS = 100


@dataclass(frozen=True)
class ContractResult:
    """What happened on one board: the final contract and the tricks the declaring side took.

    ``level`` 0 is a passed-out board (the other fields are then ignored).
    """

    level: int
    strain: str = "NT"
    doubled: int = 0       # 0 undoubled, 1 doubled, 2 redoubled
    declarer: int = 0      # seat 0..3
    tricks: int = 0        # tricks won by the declaring side, 0..13

    @property
    def passed_out(self) -> bool:
        return self.level == 0

    @property
    def side(self) -> int:
        """The declaring side: 0 NS, 1 EW."""
        return self.declarer % 2

    @property
    def overtricks(self) -> int:
        """Tricks over the contract; negative for undertricks."""
        return self.tricks - 6 - self.level

    @classmethod
    def of_text(cls, text: str, declarer: int, tricks: int) -> "ContractResult":
        """The contract ``contract_text`` wrote ('4HX'), declared by ``declarer`` taking ``tricks``."""
        strain = text[1:].rstrip("X")
        return cls(int(text[0]), strain, len(text) - 1 - len(strain), declarer, tricks)

    def contract_text(self) -> str:
        """'4HX', '3NT', 'Pass'."""
        if self.passed_out:
            return "Pass"
        return f"{self.level}{self.strain}{DOUBLED_TEXT[self.doubled]}"

    def text(self) -> str:
        """'4HX by S making 5', '3NT by E down 2', 'Passed out'."""
        if self.passed_out:
            return "Passed out"
        by = f"{self.contract_text()} by {DIRECTIONS[self.declarer]}"
        if self.overtricks >= 0:
            return f"{by} making {self.tricks - 6}"
        return f"{by} down {-self.overtricks}"

    def to_endplay(self) -> Contract:
        if self.passed_out:
            return Contract()
        return Contract(
            level=self.level,
            denom=Denom.find(self.strain),
            declarer=Player(self.declarer),
            penalty=(Penalty.passed, Penalty.doubled, Penalty.redoubled)[self.doubled],
            result=self.overtricks,
        )


def vul_of(vulnerable: Sequence[bool]) -> Vul:
    """``[NS, EW]`` flags -> endplay's ``Vul``."""
    ns, ew = vulnerable
    return Vul.both if ns and ew else Vul.ns if ns else Vul.ew if ew else Vul.none


def vulnerability_text(vulnerable: Sequence[bool]) -> str:
    """'None', 'NS', 'EW' or 'All' as in a PBN Vulnerable tag."""
    return ("None", "All", "NS", "EW")[vul_of(vulnerable)]


def board_dealer(board: int) -> int:
    """Dealer of a duplicate board: N, E, S, W for boards 1, 2, 3, 4 and so on."""
    return int(Player.from_board(board))


def board_vulnerability(board: int) -> tuple[bool, bool]:
    """``(NS, EW)`` vulnerability of a duplicate board from the standard 16-board cycle."""
    vul = Vul.from_board(board)
    return vul in (Vul.ns, Vul.both), vul in (Vul.ew, Vul.both)


def duplicate_score(result: ContractResult, vulnerable: Sequence[bool]) -> int:
    """The board's score for NS (EW get the negative) under the Laws of Duplicate Bridge."""
    if result.passed_out:
        return 0
    score = result.to_endplay().score(vul_of(vulnerable))
    return score if result.side == 0 else -score


# ----------------------------------------------------------------------------------------------
# Rubber bridge


def trick_value(strain: str, odd_trick: int) -> int:
    """Undoubled value of the ``odd_trick``-th trick over six (1-based) in ``strain``."""
    if strain in ("C", "D"):
        return 20
    if strain == "NT" and odd_trick == 1:
        return 40
    return 30


def undertrick_penalty(down: int, doubled: int, vulnerable: bool) -> int:
    """Points the defenders score when the contract goes ``down`` tricks."""
    if doubled == 0:
        return down * (100 if vulnerable else 50)
    per_trick = [200] + [300] * 12 if vulnerable else [100, 200, 200] + [300] * 10
    return sum(per_trick[:down]) * doubled


@dataclass(frozen=True)
class RubberPoints:
    """How one result is entered on a rubber score sheet (honours and rubber bonus apart)."""

    below: int           # contract tricks, declaring side
    above: int           # overtricks, slam bonus, insult, declaring side
    penalty: int         # undertricks, defending side


def rubber_points(result: ContractResult, vulnerable: bool) -> RubberPoints:
    """Split a result into below-the-line and above-the-line points.

    Adding the duplicate game or part-score bonus to ``below + above`` gives endplay's duplicate
    score for a made contract; ``-penalty`` is its score for a defeated one (the tests check it).
    """
    if result.passed_out:
        return RubberPoints(0, 0, 0)
    if result.overtricks < 0:
        down = -result.overtricks
        return RubberPoints(0, 0, undertrick_penalty(down, result.doubled, vulnerable))
    factor = (1, 2, 4)[result.doubled]
    below = factor * sum(trick_value(result.strain, n) for n in range(1, result.level + 1))
    if result.doubled == 0:
        over = result.overtricks * trick_value(result.strain, 2)
    else:
        over = result.overtricks * (100 if vulnerable else 50) * factor
    insult = (0, 50, 100)[result.doubled]
    slam = {6: 750 if vulnerable else 500, 7: 1500 if vulnerable else 1000}.get(result.level, 0)
    return RubberPoints(below, over + insult + slam, 0)


def honours(hands: Sequence[Sequence[str]], strain: str) -> list[int]:
    """Honour points per side ``[NS, EW]`` for the four original hands (card codes like "As").

    In a suit contract a hand holding four of the five trump honours (A K Q J T) scores 100 and
    one holding all five 150; at notrump a hand holding all four aces scores 150. Honours go to
    the side of whoever holds them, defenders included, whether or not the contract is made.
    """
    points = [0, 0]
    for seat, hand in enumerate(hands):
        if strain == "NT":
            if sum(card[0] == "A" for card in hand) == 4:
                points[seat % 2] += 150
            continue
        held = sum(card[1] == strain.lower() and card[0] in "AKQJT" for card in hand)
        points[seat % 2] += {4: 100, 5: 150}.get(held, 0)
    return points


class SheetEntry(TypedDict):
    """One line of the rubber score sheet."""

    board: int
    result: str            # "4H by S making 5", "Passed out", "Unfinished rubber"
    below: list[int]       # [NS, EW]
    above: list[int]       # [NS, EW], honours and bonuses included
    notes: list[str]       # "NS honours 100", "NS win a game", "NS win the rubber 700"
    game_over: bool        # a game ended with this line: the sheet draws a line under it


def _sheet_entry(data: Mapping[str, Any]) -> SheetEntry:
    """A sheet line as ``RubberState.to_json`` wrote it (every key)."""
    return SheetEntry(board=data["board"], result=data["result"], below=data["below"],
                      above=data["above"], notes=data["notes"], game_over=data["game_over"])


@dataclass(frozen=True)
class RubberState:
    """A rubber in progress: what the table carries from one board to the next.

    ``part`` is the below-the-line score of the game in progress (a side reaching 100 wins the
    game, and both part scores start again from 0); ``below`` keeps all contract points for the
    totals. A side that has won a game is vulnerable.
    """

    above: tuple[int, int] = (0, 0)
    below: tuple[int, int] = (0, 0)
    part: tuple[int, int] = (0, 0)
    games: tuple[int, int] = (0, 0)
    dealer: int = 0
    boards: int = 0
    finished: bool = False
    sheet: tuple[SheetEntry, ...] = field(default=())

    @property
    def vulnerable(self) -> tuple[bool, bool]:
        return self.games[0] >= 1, self.games[1] >= 1

    @property
    def totals(self) -> tuple[int, int]:
        return self.above[0] + self.below[0], self.above[1] + self.below[1]

    @property
    def winner(self) -> int | None:
        """The side with more points once the rubber is over (``None``: a tie, or not over)."""
        if not self.finished or self.totals[0] == self.totals[1]:
            return None
        return 0 if self.totals[0] > self.totals[1] else 1

    def to_json(self) -> dict[str, Any]:
        return {
            "above": list(self.above), "below": list(self.below), "part": list(self.part),
            "games": list(self.games), "dealer": self.dealer, "boards": self.boards,
            "finished": self.finished, "sheet": [dict(entry) for entry in self.sheet],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "RubberState":
        def pair(key: str) -> tuple[int, int]:
            values = data.get(key, (0, 0))
            return int(values[0]), int(values[1])

        return cls(
            above=pair("above"), below=pair("below"), part=pair("part"), games=pair("games"),
            dealer=int(data.get("dealer", 0)), boards=int(data.get("boards", 0)),
            finished=bool(data.get("finished", False)),
            sheet=tuple(_sheet_entry(entry) for entry in data.get("sheet", ())),
        )

    def next_rubber(self) -> "RubberState":
        """A fresh rubber; the deal keeps rotating from where this one stopped."""
        return RubberState(dealer=self.dealer)


def record_rubber_board(
    state: RubberState, result: ContractResult, honour_points: Sequence[int] = (0, 0)
) -> tuple[RubberState, SheetEntry]:
    """Enter one board on the score sheet; returns the new state and the line written.

    The deal passes to the left after every board, a passed-out one included. When a side wins
    its second game it scores the rubber bonus (700 if the opponents have no game, 500 if they
    have one) and the rubber is finished.
    """
    if state.finished:
        raise ValueError("This rubber is already finished.")
    above, below, part = list(state.above), list(state.below), list(state.part)
    games = list(state.games)
    notes: list[str] = []
    game_over = False
    if not result.passed_out:
        points = rubber_points(result, state.vulnerable[result.side])
        side, other = result.side, 1 - result.side
        below[side] += points.below
        part[side] += points.below
        above[side] += points.above
        above[other] += points.penalty
        for honour_side in (0, 1):
            if honour_points[honour_side]:
                above[honour_side] += honour_points[honour_side]
                notes.append(f"{SIDES[honour_side]} honours {honour_points[honour_side]}")
        if part[side] >= 100:
            games[side] += 1
            part = [0, 0]
            game_over = True
            notes.append(f"{SIDES[side]} win a game")
    finished = False
    bonus = [0, 0]
    for side in (0, 1):
        if games[side] == 2:
            bonus[side] = RUBBER_BONUS_TWO_NIL if games[1 - side] == 0 else RUBBER_BONUS_TWO_ONE
            above[side] += bonus[side]
            notes.append(f"{SIDES[side]} win the rubber {bonus[side]}")
            finished = True
    entry_above = [above[s] - state.above[s] for s in (0, 1)]
    entry = SheetEntry(
        board=state.boards + 1, result=result.text(),
        below=[below[s] - state.below[s] for s in (0, 1)], above=entry_above,
        notes=notes, game_over=game_over,
    )
    new_state = replace(
        state, above=(above[0], above[1]), below=(below[0], below[1]), part=(part[0], part[1]),
        games=(games[0], games[1]), dealer=(state.dealer + 1) % 4, boards=state.boards + 1,
        finished=finished, sheet=state.sheet + (entry,),
    )
    return new_state, entry


def settle_unfinished(state: RubberState) -> RubberState:
    """Close a rubber stopped before a side won two games (the "unfinished rubber" law).

    A side that has won one game scores 300; a side with a part score in the unfinished game
    scores 100. The rubber is then finished and its totals decide the winner.
    """
    if state.finished:
        return state
    extra = [0, 0]
    notes: list[str] = []
    for side in (0, 1):
        if state.games[side] == 1:
            extra[side] += UNFINISHED_GAME_BONUS
            notes.append(f"{SIDES[side]} one game {UNFINISHED_GAME_BONUS}")
        if state.part[side] > 0:
            extra[side] += UNFINISHED_PART_SCORE_BONUS
            notes.append(f"{SIDES[side]} part score {UNFINISHED_PART_SCORE_BONUS}")
    entry = SheetEntry(board=state.boards, result="Unfinished rubber", below=[0, 0],
                       above=extra, notes=notes, game_over=False)
    return replace(state, above=(state.above[0] + extra[0], state.above[1] + extra[1]),
                   finished=True, sheet=state.sheet + (entry,))


def unfinished_rubber_note(carry: Mapping[str, Any]) -> str | None:
    """What closing a table says of its rubber in progress (``carry["rubber"]``), scored by the
    unfinished-rubber law; None when no board of a rubber was played since the last one ended."""
    if "rubber" not in carry:
        return None
    state = RubberState.from_json(carry["rubber"])
    if state.finished or state.boards == 0:
        return None
    settled = settle_unfinished(state)
    extras = "; ".join(settled.sheet[-1]["notes"]) or "no game or part score to add"
    ns, ew = settled.totals
    verdict = "a tie" if ns == ew else f"{SIDES[0] if ns > ew else SIDES[1]} win"
    return f"Unfinished rubber after {state.boards} boards ({extras}): NS {ns}, EW {ew}, {verdict}."


# ----------------------------------------------------------------------------------------------
# Duplicate: comparing the tables that played one board


def imps(difference: int) -> int:
    """IMPs for a score difference on the standard scale (signed like the difference)."""
    size = abs(difference)
    won = next((step for step, limit in enumerate(IMP_LIMITS) if size <= limit), len(IMP_LIMITS))
    return won if difference >= 0 else -won


def matchpoints(ns_scores: Sequence[int]) -> list[int]:
    """NS matchpoints of each table's score: 2 for each other table beaten, 1 for each tie.

    The top is ``2 * (tables - 1)``; EW at a table get the top minus the NS matchpoints.
    """
    return [sum(2 if score > other else 1 if score == other else 0 for other in ns_scores)
            - 1 for score in ns_scores]


def cross_imps(ns_scores: Sequence[int]) -> list[float]:
    """NS IMPs of each table against every other table, averaged.

    With two tables this is the team match result: the NS pair at one table and the EW pair at
    the other are team-mates, so the two tables' NS scores are compared directly.
    """
    if len(ns_scores) < 2:
        return [0.0 for _ in ns_scores]
    return [
        round(sum(imps(score - other) for j, other in enumerate(ns_scores) if j != i)
              / (len(ns_scores) - 1), 2)
        for i, score in enumerate(ns_scores)
    ]


@dataclass(frozen=True)
class TableResult:
    """One table's result on a board, as the table service records it."""

    table: str                     # "Table 1", or the pairs' names
    result: ContractResult


class ResultRow(TypedDict):
    """One row of a board's results table."""

    table: str
    contract: str      # "4HX"
    by: str            # "S"
    tricks: int
    result: str        # "4HX by S making 5"
    ns_score: int
    ew_score: int
    ns_mp: int
    ew_mp: int
    ns_imps: float
    ew_imps: float


def results_table(board: int, results: Sequence[TableResult]) -> list[ResultRow]:
    """Score every table's result of ``board`` and compare them (matchpoints and cross-IMPs)."""
    vulnerable = board_vulnerability(board)
    scores = [duplicate_score(table.result, vulnerable) for table in results]
    mps = matchpoints(scores)
    top = 2 * (len(scores) - 1)
    imp_list = cross_imps(scores)
    return [
        ResultRow(
            table=table.table, contract=table.result.contract_text(),
            by="" if table.result.passed_out else DIRECTIONS[table.result.declarer],
            tricks=0 if table.result.passed_out else table.result.tricks,
            result=table.result.text(), ns_score=score, ew_score=-score,
            ns_mp=mp, ew_mp=top - mp, ns_imps=imp, ew_imps=-imp if imp else 0.0,
        )
        for table, score, mp, imp in zip(results, scores, mps, imp_list)
    ]


def format_results_table(board: int, rows: Sequence[ResultRow]) -> str:
    """A fixed-width text table of a board's results, for a code block in the channel."""
    header = (f"Board {board}  dealer {DIRECTIONS[board_dealer(board)]}  "
              f"vul {vulnerability_text(board_vulnerability(board))}")
    lines = [header, f"{'Table':<12} {'Contract':<8} {'By':<2} {'Tr':>2} "
                     f"{'NS':>6} {'EW':>6} {'MP NS':>5} {'MP EW':>5} {'IMPs NS':>7}"]
    for row in rows:
        ns = str(row["ns_score"]) if row["ns_score"] > 0 else ""
        ew = str(row["ew_score"]) if row["ew_score"] > 0 else ""
        lines.append(f"{row['table'][:12]:<12} {row['contract']:<8} {row['by']:<2} "
                     f"{row['tricks']:>2} {ns:>6} {ew:>6} {row['ns_mp']:>5} {row['ew_mp']:>5} "
                     f"{row['ns_imps']:>7.2f}")
    return "\n".join(lines)
