"""A multi-table tournament in words: its announcement (what it is, when it starts in each member's
own time zone, who is in, and while it plays the level, players left, chip leaders and tables) and
what it announces in its channel. Names are members' text, shown as typed (``shown``)."""
from __future__ import annotations

from bot.adapter.member_text import shown
from bot.games.words import counted, listed
from bot.registry import game
from bot.service.table.live import LiveTable
from bot.service.tournament.multi_table import Tournament
from bot.service.tournament.clock import Level
from bot.service.tournament.prizes import default_shares, paid_places
from bot.storage.records import MttEntry

MAX_NAMED = 40
"""Entrants named on the announcement (the rest are counted): a message holds 2,000 characters."""
LAST_PLACE_NAMED = 10
"""The last place a finished tournament's result names; the places below it are left unsaid."""


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _listed(names: list[str]) -> str:
    """Names, the first ``MAX_NAMED`` of them, the rest counted."""
    return ", ".join(names[:MAX_NAMED]) + (f" and {len(names) - MAX_NAMED} more" if len(names) > MAX_NAMED else "")


def title(mtt: Tournament) -> str:
    return f"**{shown(mtt.row.name)}**"


def announcement(mtt: Tournament, now: float) -> str:
    s = mtt.settings
    lines = [f"{title(mtt)} · {game(mtt.row.game).title} multi-table tournament"]
    status = mtt.row.status
    if status == "registering":
        starts = s.starts_at
        lines.append(f"Starts <t:{int(starts)}:F> (<t:{int(starts)}:R>)." if starts else
                     "Starts when a manager starts it (`/tournament start`).")
    length = f"{counted(s.level_hands, 'hand')} a table" if s.level_hands else f"{s.minutes} min"
    lines.append(f"Buy-in {s.buy_in} · starting stack {s.stack} · levels of {length}, blinds "
                 f"{s.blinds[0][0]}/{s.blinds[0][1]} then up, a big-blind ante from level {mtt.schedule.ante_from_level} · "
                 f"{s.seats} seats a table · late registration to level {s.late_levels} · "
                 f"re-entry {'on' if s.reentry else 'off'}.")
    if status == "finished":  # what it was, then who won what: no clock, no players left, no buttons
        return "\n".join(lines + over(mtt))[:2000]
    if status == "cancelled":
        return "\n".join(lines + ["Cancelled by a manager: every buy-in went back to its wallet."])[:2000]
    so_far = " so far (fixed when registration closes)" if mtt.registration_open() else ""
    pool = mtt.entries_paid() * s.buy_in
    if len(mtt.entries) >= 2 and pool:  # the chips each place takes now: never more places than entrants
        prizes = [f"{_ordinal(k)} {p}" for k, p in enumerate(mtt.prize_table(), start=1) if p > 0]
        lines.append("Prizes: " + " · ".join(prizes) + f" of {pool}{so_far}.")
    else:
        shares = s.prizes or default_shares(paid_places(max(2, mtt.entries_paid())))
        lines.append("Prizes: " + " · ".join(f"{_ordinal(k)} {p}%" for k, p in enumerate(shares, start=1)) +
                     f" of the buy-ins{so_far}.")
    if status == "playing":
        lines += _in_play(mtt, now)
    names = [shown(e.name) for e in mtt.entries.values()]
    lines.append(f"Entrants ({len(names)}): " + (_listed(names) if names else "none yet."))
    return "\n".join(lines)[:2000]


def level_words(level: Level) -> str:
    """"Level 3: blinds 50/100, big-blind ante 100"."""
    return (f"Level {level.number}: blinds {level.small_blind}/{level.big_blind}"
            + (f", big-blind ante {level.ante}" if level.ante else ""))


def next_level(mtt: Tournament, now: float) -> str:
    """When the next level comes: a relative timestamp (Discord counts it down with no edit), or with
    levels by hands the hands a table still deals at this one; "" at the last level or while paused
    (the clock stands still)."""
    level = mtt.level()
    if mtt.paused() or level.number >= len(mtt.settings.blinds):
        return ""
    per_table = mtt.settings.level_hands
    if per_table:
        tables = max(1, len(mtt.live_tables()))
        hands = -(-(level.number * per_table * tables - mtt.hands_dealt()) // tables)  # rounded up
        return f"next level in {counted(max(1, hands), 'hand')}"
    seconds = mtt.clock_seconds()
    at = mtt.schedule.next_level_at(seconds)
    return "" if at is None else f"next level <t:{int(now + at - seconds)}:R>"


def table_heading(live: LiveTable) -> list[str]:
    """A tournament table's line under its title: the tournament, the level and when the next one
    comes, and whether it is paused or hand for hand (none for another table)."""
    if live.row.status != "playing":
        return []
    try:
        mtt = live.kind.tournament
    except KeyError:  # over, and let go
        return []
    if mtt is None:
        return []
    return [f"{title(mtt)} · {clock_line(mtt, live.room.clock())}"]


def clock_line(mtt: Tournament, now: float) -> str:
    """The level, when the next one comes, and whether it is paused or hand for hand."""
    parts = (level_words(mtt.level()), next_level(mtt, now), "**paused**" if mtt.paused() else "",
             "hand for hand" if mtt.state.hfh else "")
    return " · ".join(part for part in parts if part)


def _in_play(mtt: Tournament, now: float) -> list[str]:
    seconds = mtt.clock_seconds()
    lines = [clock_line(mtt, now)]
    upcoming = mtt.schedule.next_break(seconds)
    if upcoming is not None and not mtt.paused():
        lines.append(f"Next break <t:{int(now + upcoming - seconds)}:R>.")
    alive = mtt.alive()
    stacks = {s.user_id: s.stack for t in mtt.live_tables() for s in t.row.seats}
    leaders = sorted(alive, key=lambda e: -(stacks.get(e.user_id, 0) + e.chips))[:3]
    average = mtt.chips_in_play() // max(1, len(alive))
    lines.append(f"Players left {len(alive)} of {len(mtt.entries)} · average stack {average} · chip leaders: "
                 + ", ".join(f"{shown(e.name)} {stacks.get(e.user_id, 0) + e.chips}" for e in leaders))
    waiting = [shown(mtt.entries[user].name) for user in mtt.waiting()]
    if waiting:  # knocked out while registration is open (``bot.service.tournament.places``)
        lines.append(f"Out, place decided when registration closes ({len(waiting)}): {_listed(waiting)}.")
    lines.append("Tables: " + ", ".join(f"{mtt.numbers[t.id]} <#{t.row.channel_id}>" for t in mtt.live_tables()))
    return lines


def _placed(mtt: Tournament) -> list[MttEntry]:
    return sorted((e for e in mtt.entries.values() if e.place is not None), key=lambda e: e.place or 0)


def paid_out(mtt: Tournament) -> list[MttEntry]:
    """The entries that won a prize, best place first."""
    return [e for e in _placed(mtt) if e.prize]


def result(mtt: Tournament) -> str:
    """A finished tournament in one sentence, as said aloud: "Won by Alice · 6 players · prizes: 1st
    Alice 650, 2nd Bob 350." (places shared by equal stacks each named with their share). The winner
    is the one player left until their place is written (the win pays the places below first)."""
    first = [e for e in _placed(mtt) if e.place == 1] or mtt.alive()
    winner = shown(first[0].name) if len(first) == 1 else "nobody"
    prizes = ", ".join(f"{_ordinal(e.place or 0)} {shown(e.name)} {e.prize}" for e in paid_out(mtt))
    return f"Won by {winner} · {counted(len(mtt.entries), 'player')} · prizes: {prizes or 'none'}."


def over(mtt: Tournament) -> list[str]:
    """A finished tournament's words: ``result``, then the places past the prizes down to
    ``LAST_PLACE_NAMED`` ("Then: 3rd Cat, 4th Dan.")."""
    rest = [e for e in _placed(mtt)[len(paid_out(mtt)):] if (e.place or 0) <= LAST_PLACE_NAMED]
    return [result(mtt)] + ([f"Then: {', '.join(f'{_ordinal(e.place or 0)} {shown(e.name)}' for e in rest)}."]
                            if rest else [])


def _final_table(mtt: Tournament) -> list[str]:
    """Every player left when the final table was set (its hands may have gone on before the post is
    written); else those seated at it, then those on their way to it (a broken table's players are
    seated when the final table's deal in progress is over)."""
    if mtt.state.final_table_players is not None:
        return [shown(mtt.entries[user].name) for user in mtt.state.final_table_players if user in mtt.entries]
    seated = [s.user_id for t in mtt.live_tables() for s in t.row.seats]
    arriving = [e.user_id for e in mtt.alive() if e.user_id not in seated]
    return [shown(mtt.entries[user].name) for user in seated + arriving if user in mtt.entries]


def event_text(mtt: Tournament, event: str) -> str:
    """What the tournament says in its channel when ``event`` happens (``bot.service.tournament.multi_table.EVENTS``)."""
    tables = mtt.live_tables()
    paid = len([p for p in mtt.prize_table() if p])
    words = {
        "start": f"{title(mtt)} starts now. Your table: "
                 + ", ".join(f"table {mtt.numbers[t.id]} <#{t.row.channel_id}>" for t in tables) + ". Good luck!",
        "bubble": f"{title(mtt)} is on the bubble: {len(mtt.alive())} players left, {paid} paid. Every table now deals "
                  "hand for hand: one hand at a time, all together.",
        "burst": f"{title(mtt)}: the bubble has burst, every player left is in the money.",
        "final_table": f"The final table of {title(mtt)} is set" + (f" in <#{tables[0].row.channel_id}>: " if tables else ": ")
                       + listed(_final_table(mtt)) + ".",
        "finished": f"{title(mtt)} is over. " + " ".join(over(mtt)),
        "paused": f"{title(mtt)} is paused by a manager: the hands in play finish, and no table deals until it resumes.",
        "resumed": f"{title(mtt)} goes on.",
        "cancelled": f"{title(mtt)} was cancelled by a manager; every entrant's buy-in is back in their wallet.",
        "start_failed": f"{title(mtt)} could not start at its time: it needs at least 2 entrants. "
                        "A manager may start it with `/tournament start`.",
    }
    return words[event][:2000]
