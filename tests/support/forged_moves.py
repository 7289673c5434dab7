"""A move pressed by someone whose panel does not offer it: the bot must refuse it on its own, not only
by not drawing it. The button is forged (a made-up ``cr:a:`` custom_id for the table's current hand and
step) on a copy of the member's seat panel (in place of its components: a message holds five rows at most),
or of the table message for someone not seated."""
from __future__ import annotations

import copy

from tests.support.harness import CHANNEL_ID, Harness, User


def _kind(custom_id: str) -> str:
    parts = custom_id.split(":")
    return parts[5] if len(parts) > 5 else ""


async def forged_move(h: Harness, user: User, kind: str, amount: int | None = None) -> str:
    """Press ``kind`` (with ``amount``) as ``user`` on a copy of their panel, after asserting their panel
    offers no such move now (an outsider presses it on a copy of the table message); the token. A member
    then opens their panel again with My seat, as the refused press leaves it no longer followed."""
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None
    seated = any(seat.user_id == user.id for seat in live.row.seats)
    if seated:
        message = copy.deepcopy(await h.panel(user))
        offered = [c for r in message["components"] for c in r["components"]
                   if _kind(str(c.get("custom_id", ""))) == kind]
        assert not offered, f"{user.name}'s panel offers {kind}: {await h.labels_of(user)}"
    else:
        message = copy.deepcopy(h.table_message())
    custom_id = f"cr:a:{live.id}:{live.row.hand_no}:{live.row.step}:{kind}" + ("" if amount is None else f":{amount}")
    message["components"] = [{"type": 1, "components": [{"type": 2, "style": 2, "label": kind, "custom_id": custom_id}]}]
    token = await h.press(user, custom_id, message)
    if seated:  # the refused press became their panel's writer, whose message is the refusal: open it again
        await h.open_panel(user)
    return token
