"""An event's hand record, gathered from storage: each board's deal (from a table's stored PBN),
its double-dummy analysis (solved off the event loop) and every table's result. Only the boards a
channel may see go in (revealed, or the event closed), unless a director asks."""
from __future__ import annotations

import asyncio

from endplay.parsers import pbn as pbn_format

from bot.errors import UserError
from bot.games.bridge_analysis import analyse
from bot.games.bridge_hand_records import BoardRecord
from bot.games.bridge_scoring import ContractResult, TableResult, board_dealer, board_vulnerability, results_table
from bot.storage.interface import Storage


async def event_hand_record(storage: Storage, guild_id: int, event: str, director: bool) -> list[BoardRecord]:
    """The event's boards in order, or the refusal that says why there are none to show."""
    state = await storage.event_state(guild_id, event)
    if state is None:
        raise UserError(f"No table ever joined event `{event}` on this server.")
    rows = await storage.event_results(guild_id, event)
    may_see = {key for key, revealed in state.deals.items() if revealed or state.closed or director}
    keys = sorted({row.deal_key for row in rows if row.deal_key in may_see}, key=int)
    if not keys:
        raise UserError(f"No board of event `{event}` has been played by every table yet (a director with "
                        "Manage Channels may see the record at any time).")
    records = []
    for key in keys:
        played = [row for row in rows if row.deal_key == key]
        stored = await storage.hand_record(played[0].table_id, played[0].hand_no)
        assert stored is not None  # a recorded event result has its hand
        (board,) = pbn_format.loads(stored.export)
        deal = board.deal.to_pbn()
        number = int(key)
        analysis = await asyncio.to_thread(analyse, deal, board_dealer(number), board_vulnerability(number))
        traveller = results_table(number, [TableResult(f"#{row.table_id}", ContractResult(**row.result))
                                           for row in played])
        records.append(BoardRecord(number, deal, analysis, traveller))
    return records
