"""A press is judged once, by its table under the table's lock (``LiveTable.verify``, which
``dealing.act`` calls): the adapter asks the table first only where it must answer before the move
exists (a move without an amount may take one in a range, which opens the form)."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bot.games.base import Action
from bot.service.table.live import LiveTable
from bot.storage.records import Move
from tests.support.harness import CHANNEL_ID, Harness, Recorder, User

ALICE, BOB, CAROL = User(1101, "Alice"), User(1102, "Bob"), User(1103, "Carol")
MODAL = 9


@pytest.fixture
def judgements(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How many times a table judged a press (``verify``) or answered one early (``offer``)."""
    calls: Counter[str] = Counter()
    for name in ("verify", "offer"):
        original = getattr(LiveTable, name)

        def counted(self: LiveTable, *args: Any, _name: str = name, _original: Any = original) -> Any:
            calls[_name] += 1
            return _original(self, *args)
        monkeypatch.setattr(LiveTable, name, counted)
    return calls


def _on_table(h: Harness, custom_id: str) -> dict[str, Any]:
    """The live table message as carrying one move button (``custom_id``), however the table lays its
    buttons out."""
    message = h.table_message()
    button = {"type": 2, "style": 2, "label": "Move", "custom_id": custom_id}
    return {**message, "components": [{"type": 1, "components": [button]}]}


async def _press(h: Harness, user: User, custom_id: str) -> str:
    return await h.press(user, custom_id, _on_table(h, custom_id))


async def test_a_press_is_judged_once_under_the_lock(database, judgements: Counter[str]) -> None:
    h = await Harness.start(database, Recorder())
    try:
        await h.command(ALICE, "holdem", "create")
        await h.command(BOB, "holdem", "join")
        await h.command(CAROL, "holdem", "join")
        await h.command(ALICE, "holdem", "start")
        live = h.bot.service.in_channel(CHANNEL_ID)
        assert live is not None and live.table_seat_of(live.engine.to_act()[0]).user_id == ALICE.id
        state = f"{live.id}:{live.row.hand_no}:{live.row.step}"
        specs = {spec.kind: spec for spec in live.engine.legal_actions(live.engine.to_act()[0])}
        call, raise_ = specs["call"], specs["raise"]
        judgements.clear()

        token = await _press(h, BOB, f"cr:a:{state}:call:{call.min_amount}")
        assert "It is not your turn." in h.ephemeral_text(token)
        assert judgements == Counter(verify=1), "a refused preset: one judgement, which refuses"
        judgements.clear()

        token = await _press(h, ALICE, f"cr:a:{state}:raise:r")
        assert h.recorder.replies_to(token)[-1].json["type"] == MODAL, "a ranged move opens the form"
        assert judgements == Counter(offer=1), "the form needs the range before the move exists"
        judgements.clear()

        amount = (raise_.min_amount or 0) + 1
        await h.submit_modal(ALICE, f"cr:m:{state}:raise", {"amount": str(amount)})
        assert live.row.step == 1 and live.row.deal is not None
        assert live.row.deal.actions[-1] == Move(0, Action("raise", amount=amount))
        assert judgements == Counter(verify=1), "the typed amount is judged as the table applies it"
        judgements.clear()

        call_now = next(s for s in live.engine.legal_actions(1) if s.kind == "call")
        await _press(h, BOB, f"cr:a:{live.id}:{live.row.hand_no}:{live.row.step}:call:{call_now.min_amount}")
        assert live.row.step == 2, "Bob called"
        assert judgements == Counter(verify=1), "a preset move: judged once, by the table as it applies it"
        judgements.clear()

        await _press(h, CAROL, f"cr:a:{live.id}:{live.row.hand_no}:{live.row.step}:fold")
        assert live.row.step == 3, "Carol folded"
        assert judgements == Counter(verify=1), "a move that takes no amount: judged once, as it applies"
    finally:
        await h.close()
