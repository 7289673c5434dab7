"""A rubber bridge table closed before either side won two games is scored by the unfinished-rubber
law (docs/rules/bridge.md): a side with one game scores 300, a part score in the unfinished game 100,
then the totals decide; the closing message says so."""
from __future__ import annotations

import random

from bot.games.bridge_scoring import ContractResult, RubberState, record_rubber_board
from bot.service.tables import TableService
from bot.storage import open_storage
from tests.support.service_rig import RecordingPresenter

GUILD, CHANNEL, ALICE = 1, 10, 100


def _made(level: int, strain: str, declarer: int, tricks: int) -> ContractResult:
    return ContractResult(level, strain, declarer=declarer, tricks=tricks)


async def _cancelled_with(database: str, rubber: RubberState | None) -> str:
    """The closing message of a rubber table whose finished boards left ``rubber`` in its carry."""
    storage = await open_storage(database)
    try:
        seeds = random.Random(3)
        service = TableService(storage, RecordingPresenter(), between_deals=2, offload_bots=False,
                               seeds=lambda _label: "%064x" % seeds.getrandbits(256))
        live = await service.create(GUILD, CHANNEL, "bridge", ALICE, "Ann", {}, None)
        for _ in range(3):
            await live.commands.add_bot(ALICE)
        await live.commands.start(ALICE)
        if rubber is not None:
            live.row.carry.game["rubber"] = rubber.to_json()  # as the boards played so far left it
        await live.commands.cancel(ALICE, can_manage=False)
        (reason,) = service.presenter.reasons  # type: ignore[attr-defined]
        return str(reason)
    finally:
        await storage.close()


async def test_a_game_and_a_part_score_are_added_and_the_totals_decide(database: str) -> None:
    rubber, _ = record_rubber_board(RubberState(), _made(4, "S", 0, 10))  # NS: game, 120 below
    rubber, _ = record_rubber_board(rubber, _made(2, "C", 1, 8))          # EW: part score 40
    reason = await _cancelled_with(database, rubber)
    # NS 120 below + 300 for the game; EW 40 below + 100 for the part score
    assert reason == ("The table was cancelled. Unfinished rubber after 2 boards (NS one game 300; EW part score"
                      " 100): NS 420, EW 140, NS win.")


async def test_a_part_score_alone_can_win_an_unfinished_rubber(database: str) -> None:
    rubber, _ = record_rubber_board(RubberState(), _made(3, "NT", 1, 9))  # EW: 100 below, a game
    rubber, _ = record_rubber_board(rubber, _made(1, "H", 0, 7))         # NS: part score 30
    reason = await _cancelled_with(database, rubber)
    # EW 100 + 300 = 400; NS 30 + 100 = 130
    assert reason.endswith("(NS part score 100; EW one game 300): NS 130, EW 400, EW win.")


async def test_no_note_without_a_board_of_the_rubber_played(database: str) -> None:
    assert await _cancelled_with(database, None) == "The table was cancelled."
    finished, _ = record_rubber_board(RubberState(), _made(4, "S", 0, 10))
    finished, _ = record_rubber_board(finished, _made(4, "H", 0, 10))     # NS's second game ends it
    assert finished.finished
    assert await _cancelled_with(database, finished) == "The table was cancelled.", "a finished rubber is scored already"
