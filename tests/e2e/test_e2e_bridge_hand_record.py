"""An event's hand record through Discord: two tables play the same board; /bridge handrecord
answers with a picture of each revealed board and a PBN file that endplay reads back with the same
deal, the double-dummy table and par that endplay's own solver finds, and both tables' results.
Before the board is revealed only a director may have it."""
from __future__ import annotations

from endplay.dds import calc_dd_table, par
from endplay.parsers import pbn as pbn_format
from endplay.types import Player

from bot.games.bridge_scoring import board_dealer, board_vulnerability, vul_of
from tests.support.bridge_seats import open_event_table, pass_board
from tests.support.harness import CHANNEL_ID, GUILD_ID, MANAGE_CHANNELS, MEMBER_PERMISSIONS, Harness, Place, User

FAST = [User(4101, "Nell"), User(4102, "Ezra"), User(4103, "Sami"), User(4104, "Wren")]
SLOW = [User(4111, "Ann"), User(4112, "Ben"), User(4113, "Cat"), User(4114, "Dan")]
STRANGER = User(4105, "Stan")
DIRECTOR = User(4106, "Dora", MEMBER_PERMISSIONS | MANAGE_CHANNELS)
OTHER = Place(GUILD_ID, 920000000000000777)


async def test_an_events_hand_record_is_pictures_and_a_pbn_endplay_reads(database: str) -> None:
    h = await Harness.start(database)
    fast = await open_event_table(h, FAST, Place(GUILD_ID, CHANNEL_ID), event="pairs")
    slow = await open_event_table(h, SLOW, OTHER, event="pairs")
    token = await h.command(STRANGER, "bridge", "handrecord", event="nobody")
    assert "No table ever joined event `nobody`" in h.ephemeral_text(token)
    await pass_board(h, fast, FAST)
    token = await h.command(STRANGER, "bridge", "handrecord", event="pairs")
    assert "played by every table yet" in h.ephemeral_text(token), "board 1 is still being played"
    token = await h.command(DIRECTOR, "bridge", "handrecord", event="pairs")
    assert len([f for r in h.recorder.replies_to(token) for f in r.files]) == 2, "a director may see it"

    await pass_board(h, slow, SLOW)
    token = await h.command(STRANGER, "bridge", "handrecord", event="pairs")
    replies = h.recorder.replies_to(token)
    assert all(reply.ephemeral for reply in replies)
    files = dict(f for reply in replies for f in reply.files)
    assert set(files) == {"pairs-board1.png", "pairs.pbn"}
    assert files["pairs-board1.png"].startswith(b"\x89PNG")
    (board,) = pbn_format.loads(files["pairs.pbn"].decode("utf-8"))
    record = await h.bot.storage.hand_record(fast.id, 1)
    assert record is not None
    (played,) = pbn_format.loads(record.export)
    assert board.board_num == 1 and board.deal.to_pbn() == played.deal.to_pbn(), "the deal both tables played"
    table = calc_dd_table(board.deal)
    written = {(row[0], row[1]): int(row[2]) for row in board.info["OptimumResultTable"]["rows"]}
    solved = dict(zip(("S", "H", "D", "C", "NT"), table.to_list()))
    assert written == {(d, s): solved[s][seat] for seat, d in enumerate("NESW") for s in solved}
    score = par(table, vul_of(board_vulnerability(1)), Player(board_dealer(1))).score
    assert board.info["OptimumScore"] == f"NS {score}"
    travellers = board.info["ScoreTable"]["rows"]
    assert sorted(row[0] for row in travellers) == sorted([f"#{fast.id}", f"#{slow.id}"])
    assert all(row[1] == "Pass" for row in travellers), "both tables passed it out"
    await h.close()
