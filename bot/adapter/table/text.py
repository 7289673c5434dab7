"""The words of a table message: its status, whose turn and until when, recent events; and the help a
host gets when the bot can't post in a channel."""
from __future__ import annotations

from bot.adapter.member_text import plain, shown
from bot.adapter.tournament.text import table_heading
from bot.games.words import listed
from bot.service.table.live import LiveTable

PAUSED_HELP = ("Give me View Channel, Send Messages, Embed Links and Attach Files there: the table goes on at "
               "the next command or button press in that channel. No turn timer runs while it is paused.")
PERMISSIONS_HELP = ("I can't post in this channel. Give me View Channel, Send Messages, Embed Links and "
                    "Attach Files here, then try again.")
TEXT_LIMIT = 1900
"""Characters of a table message's text (Discord allows 2,000)."""
LOG_LINES = 5
"""The newest lines of the log a table message shows during a deal."""
LOG_LINES_AFTER = 9
"""... and once it is over: its result (a board run twice with side pots has a line per pot and board),
what the settlement added (rebuys, places, the match's end) and the last moves before it."""


def table_text(live: LiveTable, without_panel: tuple[int, ...] = ()) -> str:
    """The message text above the table image: status, whose turn and until when (and, for members to
    act in ``without_panel``, whose seat panel can no longer be updated, that My seat opens one), recent
    events."""
    row = live.row
    spec = live.spec
    lines = [f"**{spec.title}** · table #{row.id}"] + table_heading(live)  # a tournament's name and level
    if live.engine is not None and (headline := live.engine.headline()):  # a mixed table's game now and next
        lines.append(shown(plain(headline, 300)))
    if row.status == "lobby":
        seats = ", ".join(shown(s.name) + (f" ({s.stack:,})" if spec.chips and s.stack else "")
                          for s in row.seats) or "nobody yet"
        lines.append(f"Waiting to start. Seated: {seats}. "
                     f"Join with the button or `/{spec.name} join`; add computer players with `/{spec.name} add-bot`.")
        if spec.chips and (empty := [shown(s.name) for s in row.seats if not s.stack and not s.is_bot]):
            # a match over (its stacks back in the wallets) or a stack lost: no "(0)", but what to do
            lines.append(f"{listed(empty)} {'has' if len(empty) == 1 else 'have'} no chips on the table: "
                         f"`/{spec.name} join` buys in from the wallet.")
    elif live.engine is not None and live.engine.outcome is None and row.deal is not None:
        acting = [live.table_seat_of(s) for s in live.engine.to_act()]
        turn = ", ".join(shown(seat.name) for seat in acting)
        due = f" (until <t:{int(row.deadline)}:T>)" if row.deadline else ""
        if row.deadline and any(seat.bank_since is not None for seat in acting):
            due = f" (time bank, ends <t:{int(row.deadline)}:R>)"  # counts down on screen, no edit needed
        lines.append(f"Hand #{row.hand_no} · to act: **{turn}**{due}")
        if absent := [shown(seat.name) for seat in acting if seat.user_id in without_panel]:
            lines.append(f"{listed(absent)}: press **My seat** for your cards and moves.")
        lines.append(f"Deck SHA-256 `{row.deal.commitment}`")
    elif live.last_deal is not None or live.withheld:  # the result is in the log below, said once
        lines.append(f"Hand #{row.hand_no} is over.")
        if live.last_deal is not None and not live.withheld:  # an event's board: no seed while others play it
            lines.append(f"Deck seed `{live.last_deal.seed}` (check it with `/verify {row.id} {row.hand_no}`)")
    if replay := replay_line(live):
        lines.append(replay)
    shown_lines = LOG_LINES if row.deal is not None else LOG_LINES_AFTER  # every pot of every board, then what followed
    log = [f"> {shown(plain(line, 300))}" for line in live.log[-shown_lines:]]  # names in them are members' text
    while log and len("\n".join(lines + log)) > TEXT_LIMIT:
        log.pop(0)  # the oldest lines go first: the newest (a deal's result) stay whole
    return "\n".join(lines + log)[:TEXT_LIMIT]


def replay_line(live: LiveTable) -> str | None:
    """How to step through the hand just finished, once it may be shown: ``/replay``, and its web
    replayer while the server's page is on, as a masked link in ``<>`` (Discord draws no preview of
    it). The line holds no member's text, so no name's markdown can reach the link."""
    row, last = live.row, live.last_deal
    if row.deal is not None or last is None or live.withheld:
        return None
    web = f" or [on the web](<{last.link}>)" if last.link else ""
    return f"Step through hand #{row.hand_no} with `/replay {row.id} {row.hand_no}`{web}."
