"""A multi-table tournament's settings and the state of its play, typed (``MttRow.settings``,
``MttRow.state``): the service reads and changes attributes; storage alone turns them into JSON and
back (``to_json``/``from_json``). A state stored before a field existed loads with that field's
default, so an older database restores as it was."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any


@dataclass(frozen=True)
class TournamentSettings:
    """What a manager gave ``/tournament create``, checked (``bot.service.tournament.settings``):
    the starting stack, the buy-in (0: a freeroll), the seats a table, the levels' blinds (small, big),
    a level's minutes or, with ``level_hands``, its hands a table; a break of ``break_minutes`` after
    every ``break_every`` levels (0: none), the last level of late registration, re-entry, the prize
    percents by place (None: the default shares), when it starts by itself (None: a manager starts
    it), a player's seconds to act and the role that may manage it."""

    stack: int
    buy_in: int
    seats: int
    blinds: tuple[tuple[int, int], ...]
    minutes: int
    level_hands: int = 0
    break_every: int = 0
    break_minutes: int = 0
    late_levels: int = 0
    reentry: bool = False
    prizes: tuple[int, ...] | None = None
    starts_at: float | None = None
    turn_seconds: int = 45
    manager_role: int | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "TournamentSettings":
        known = {f.name for f in fields(cls)}
        given = {key: value for key, value in data.items() if key in known}
        given["blinds"] = tuple((int(small), int(big)) for small, big in data["blinds"])
        if data.get("prizes") is not None:
            given["prizes"] = tuple(int(share) for share in data["prizes"])
        return cls(**given)


@dataclass
class TournamentState:
    """What a tournament keeps of its play. ``saved``: the number of its last save (``save_mtt``);
    ``started_at`` and the managers' ``pauses`` (from, to; to None while one lasts) give its clock;
    ``level_index``: the highest level reached by hands (levels by hands never go back as tables
    open); ``hands_closed``: the hands of its tables that broke; ``bots``: the computer players added;
    ``out``: players knocked out while the field is open (who, the chips they started the hand with,
    which knock-out), ``knockouts`` counting them; ``field_fixed`` once registration closed; hand for
    hand (``hfh``): the tables done with the round's hand and the players it knocked out (who, chips);
    ``moves``: players moved, by "balance" and "break"; the final table reached, and who was at it;
    the level the announcement shows; a start at its time that failed; when it finished."""

    saved: int = 0
    started_at: float | None = None
    pauses: list[tuple[float, float | None]] = field(default_factory=list)
    level_index: int = 0
    hands_closed: int = 0
    bots: int = 0
    out: list[tuple[int, int, int]] = field(default_factory=list)
    knockouts: int = 0
    field_fixed: bool = False
    hfh: bool = False
    hfh_done: list[int] = field(default_factory=list)
    hfh_busts: list[tuple[int, int]] = field(default_factory=list)
    moves: dict[str, int] = field(default_factory=dict)
    final_table: bool = False
    final_table_players: list[int] | None = None
    shown_level: int | None = None
    start_failed: bool = False
    finished_at: float | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "TournamentState":
        """The state as stored, any version: a missing field takes its default, an unknown key is dropped."""
        known = {f.name for f in fields(cls)}
        state = cls(**{key: value for key, value in data.items() if key in known})
        state.pauses = [(float(begin), None if end is None else float(end)) for begin, end in state.pauses]
        state.out = [(int(user), int(stack), int(number)) for user, stack, number in state.out]
        state.hfh_done = [int(table) for table in state.hfh_done]
        state.hfh_busts = [(int(user), int(stack)) for user, stack in state.hfh_busts]
        state.moves = {str(kind): int(count) for kind, count in state.moves.items()}
        return state
