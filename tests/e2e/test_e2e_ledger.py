"""Chips at a hold'em cash table and the session's ledger, as members use them: buy-ins inside and
outside the table's range, a bust and a rebuy (the Rebuy button), top-ups between hands and during
one (added when it ends, across a restart), auto-rebuy that pays and one that cannot (its member sits
out), a computer player, a cash-out; then ``/ledger`` (the picture and the CSV, parsed here) shows
the figures this test kept itself, and its settle-up squares every net. The chips in wallets and at
the table never change in total.

Hands are steered, not dealt to order: before each hand the test plays it out on a copy of the
engine (same seed, same stacks) and goes all in only when the member it wants to bust would lose;
otherwise everyone checks or folds."""
from __future__ import annotations

import csv
import io
import random
from typing import Any

from bot.games.base import Action
from bot.service.table.live import LiveTable
from bot.storage.interface import HOUSE
from tests.support.harness import (CHANNEL_ID, GUILD_ID, MEMBER_PERMISSIONS, OTHER_SERVER, Harness, Place, Recorder,
                                  User)

ALICE, BOB, CAROL, DAVE = (User(3301 + i, name) for i, name in enumerate(("Alice", "Bob", "Carol", "Dave")))
ADMIN = User(3309, "Admin", MEMBER_PERMISSIONS | (1 << 5))  # Manage Server
MEMBERS = {u.id: u for u in (ALICE, BOB, CAROL, DAVE)}


def _seeded(h: Harness, rng: random.Random) -> None:
    h.bot.service.seeds = lambda _label: "%064x" % rng.getrandbits(256)


def _live(h: Harness) -> LiveTable:
    live = h.bot.service.in_channel(CHANNEL_ID)
    assert live is not None
    return live


def _plan(live: LiveTable, rough: set[int]) -> tuple[list[tuple[int, Action]], tuple[int, ...]]:
    """The rest of the deal on a copy of its engine: the first of ``rough`` (members) to act goes all
    in, the others of them call, everyone else checks or folds. Returns the moves and the deltas."""
    sim = live.new_engine()
    assert live.row.deal is not None
    for move in live.row.deal.actions:
        sim.apply(move.deal_seat, move.action)
    moves, raised = [], False
    while sim.outcome is None:
        (seat,) = sim.to_act()
        specs = {spec.kind: spec for spec in sim.legal_actions(seat)}
        if live.table_seat_of(seat).user_id in rough and not raised and "raise" in specs:
            action, raised = Action("raise", amount=specs["raise"].max_amount), True
        elif live.table_seat_of(seat).user_id in rough and "call" in specs:
            action = Action("call")
        else:
            action = Action("check") if "check" in specs else Action("fold")
        moves.append((seat, action))
        sim.apply(seat, action)
    return moves, sim.outcome.deltas


async def _play(h: Harness, moves: list[tuple[int, Action]]) -> None:
    """Press each planned move's button."""
    for seat, action in moves:
        live = _live(h)
        assert live.engine.to_act() == (seat,)
        user = MEMBERS[live.table_seat_of(seat).user_id]
        label = {"fold": "Fold", "check": "Check", "call": "Call"}.get(action.kind, f"All-in ({action.amount})")
        await h.press_label(user, label)


async def _hand(h: Harness, bust: User | None = None, caller: User | None = None) -> bool:
    """Deal the next hand and play it: ``bust`` all in against ``caller`` if ``bust`` would lose by
    it, else a quiet hand (checked or folded through). Returns whether ``bust`` lost every chip."""
    await h.bot.service.tick()  # the next deal (there is no pause between deals in the harness)
    await h.settle()
    live = _live(h)
    assert live.row.deal is not None and live.engine.outcome is None
    if bust is not None and caller is not None:
        moves, deltas = _plan(live, {bust.id, caller.id})
        k = live.deal_seat(bust.id)
        assert k is not None
        stack = live.row.deal.stacks[k]
        if deltas[k] < 0:
            await _play(h, moves)
            return deltas[k] == -stack
    await _play(h, _plan(live, set())[0])
    return False


def _stacks(h: Harness) -> dict[str, int]:
    return {seat.name: seat.stack for seat in _live(h).row.seats}


async def test_buy_ins_rebuys_top_ups_auto_rebuy_and_the_ledger(database: str) -> None:
    recorder = Recorder()
    h = await Harness.start(database, recorder)
    rng = random.Random(30)
    _seeded(h, rng)
    await h.command(CAROL, "daily")  # Carol's wallet: 1200, before the server's starting balance changes
    await h.command(ADMIN, "economy", starting_balance=5000, daily=100)
    async with h.bot.storage.transaction() as tx:
        await tx.move_wallet(GUILD_ID, HOUSE, 0)  # the house's wallet, which computer players buy in from

    refused = h.ephemeral_text(await h.command(ALICE, "holdem", "create", min_buy_in=500, max_buy_in=400))
    assert "The maximum buy-in (400) can't be under the minimum (500)." in refused
    refused = h.ephemeral_text(await h.command(ALICE, "holdem", "create", mode="tournament", max_buy_in=4000))
    assert "A tournament has one buy-in for everyone (`buy_in`): leave out min_buy_in and max_buy_in." in refused
    assert h.bot.service.in_channel(CHANNEL_ID) is None
    await h.command(ALICE, "holdem", "create", max_buy_in=2000)
    live = _live(h)
    assert (live.row.settings.min_buy_in, live.row.settings.max_buy_in) == (100, 2000)
    assert "The buy-in must be at least 100 chips." in h.ephemeral_text(await h.command(BOB, "holdem", "join", buy_in=50))
    assert "The buy-in can be at most 2000 chips, this table's maximum." in h.ephemeral_text(
        await h.command(BOB, "holdem", "join", buy_in=2500))
    await h.command(BOB, "holdem", "join", buy_in=500)
    total = await h.bot.storage.total_chips()
    bought = {"Alice": 1000, "Bob": 500}
    await h.command(ALICE, "holdem", "start")
    await _play(h, _plan(_live(h), set())[0])  # the first hand, a quiet one

    # Bob (500) goes broke against Alice; between hands, what each may and may not do.
    while not await _hand(h, BOB, ALICE):
        pass
    assert _stacks(h)["Bob"] == 0 and "Rebuy" in await h.labels_of(BOB)
    alice = _stacks(h)["Alice"]
    answers = [
        (ALICE, "rebuy", None, f"You still have {alice} chips here: a rebuy is for an empty stack. Top up instead "
                               f"(`/holdem topup`), up to the table's maximum of 2000."),
        (DAVE, "rebuy", None, "You are not seated at this table: join it first (`/holdem join`)."),
        (BOB, "topup", None, "You have no chips here: rebuy instead (`/holdem rebuy`, from 100 to 2000 chips)."),
        (BOB, "rebuy", 2500, "The buy-in can be at most 2000 chips, this table's maximum."),
        (BOB, "rebuy", 50, "The buy-in must be at least 100 chips."),
        (ALICE, "topup", 2001 - alice, f"You can add at most {2000 - alice} chips: the table's maximum is 2000 "
                                       f"and you have {alice}."),
    ]
    for user, command, amount, words in answers:
        token = await h.command(user, "holdem", command, **({"amount": amount} if amount else {}))
        assert words in h.ephemeral_text(token) and h.recorder.replies_to(token)[-1].ephemeral
    token = await h.press_label(BOB, "Rebuy")
    assert "You bought in again for 1000 chips." in h.ephemeral_text(token)
    bought["Bob"] += 1000
    top = min(300, 2000 - alice)
    token = await h.command(ALICE, "holdem", "topup", amount=top)
    assert f"You topped up {top} chips: your stack is {alice + top}" in h.ephemeral_text(token)
    bought["Alice"] += top

    # Carol spends her whole wallet on her buy-in: a top-up is refused, and her auto-rebuy cannot pay.
    await h.command(CAROL, "holdem", "join", buy_in=1200)
    bought["Carol"] = 1200
    token = await h.command(CAROL, "holdem", "topup")
    assert "You have 0 chips; that needs 800. Try /daily or a smaller buy-in." in h.ephemeral_text(token)
    token = await h.press_label(CAROL, "Auto-rebuy")
    assert "Auto-rebuy is on: whenever a hand leaves you without chips you buy in again for 1000" in h.ephemeral_text(token)
    while not await _hand(h, CAROL, ALICE):
        pass
    seat = _live(h).row.seats[_live(h).seat_index(CAROL.id)]  # type: ignore[index]
    assert seat.stack == 0 and seat.sitting_out
    assert "Carol's auto-rebuy of 1000 failed: their wallet is short of it. Carol sits out until they rebuy." \
        in h.table_message()["content"]

    # Bob tops up during a hand he plays: taken, kept across a restart, added when the hand ends.
    await h.bot.service.tick()
    await h.settle()
    before = _stacks(h)["Bob"]
    token = await h.command(BOB, "holdem", "topup", amount=400)
    assert ("Taken: 400 chips are added to your stack when this hand ends (never past the table's maximum of "
            "2000).") in h.ephemeral_text(token)
    assert _stacks(h)["Bob"] == before
    await h.close()
    h = await Harness.start(database, recorder)
    _seeded(h, rng)
    live = _live(h)
    assert live.row.deal is not None and live.row.seats[live.seat_index(BOB.id)].top_up == 400  # type: ignore[index]
    bob_before = (await h.bot.storage.balance(GUILD_ID, BOB.id))
    await _play(h, _plan(live, set())[0])
    added = bob_before - await h.bot.storage.balance(GUILD_ID, BOB.id)
    assert added == min(400, 2000 - (_stacks(h)["Bob"] - added)) and added > 0
    bought["Bob"] += added

    # Bob's auto-rebuy pays when a hand takes his chips.
    token = await h.press_label(BOB, "Auto-rebuy")
    assert "buy in again for 1000" in h.ephemeral_text(token)
    while not await _hand(h, BOB, ALICE):
        pass
    assert _stacks(h)["Bob"] == 1000 and "Bob buys in again for 1000 (auto-rebuy)." in " ".join(_live(h).log)
    bought["Bob"] += 1000

    # A computer player sits in for a hand; then Bob leaves with his stack.
    await h.command(ALICE, "holdem", "add-bot")
    bought["Ada (bot)"] = 1000
    await h.bot.service.tick()
    await h.settle()
    live = _live(h)
    while live.row.deal is not None:
        (seat,) = live.engine.to_act()
        kinds = {spec.kind for spec in live.engine.legal_actions(seat)}
        await h.press_label(MEMBERS[live.table_seat_of(seat).user_id], "Check" if "check" in kinds else "Fold")
    cashed = {"Bob": _stacks(h)["Bob"]}
    token = await h.command(BOB, "holdem", "leave")
    assert f"You left the table with {cashed['Bob']} chips back in your wallet." in h.ephemeral_text(token)
    assert await h.bot.storage.total_chips() == total, "no chip made or lost"
    await _check_ledger(h, live, bought, cashed)
    await h.close()


async def _check_ledger(h: Harness, live: LiveTable, bought: dict[str, int], cashed: dict[str, int]) -> None:
    """``/ledger`` with the table, and without (today's tables here: the same one), against the
    figures kept by the test and the stored hands."""
    at_table = {seat.name: seat.stack for seat in live.row.seats}
    hands: dict[str, int] = {}
    pots: dict[str, int] = {}
    for hand_no in range(1, live.row.hand_no + 1):
        record = await h.bot.storage.hand_record(live.id, hand_no)
        assert record is not None
        deltas = record.record["outcome"]["deltas"]
        lost = [-d for d in deltas if d < 0]
        for name, delta in zip(record.record["names"], deltas):
            hands[name] = hands.get(name, 0) + 1
            if delta > 0:  # one winner: the pot is what the others lost and as much again from the winner
                pots[name] = max(pots.get(name, 0), sum(lost) + max(lost))
    for command in ({"table": live.id}, {}):
        token = await h.command(CAROL, "ledger", **command)
        reply = h.recorder.replies_to(token)[-1]
        content = reply.json["content"] if reply.json else ""
        assert reply.ephemeral and "every net is square" in content
        files = dict(reply.files)
        assert files["ledger.png"].startswith(b"\x89PNG")
        sheet = files[f"ledger-table{live.id}.csv" if command else "ledger-today.csv"].decode()
        rows = {row["player"]: row for row in csv.DictReader(io.StringIO(sheet))}
        assert set(rows) == set(bought), rows
        nets = {}
        for name, row in rows.items():
            expected = {"bought_in": bought[name], "cashed_out": cashed.get(name, 0),
                        "at_table": at_table.get(name, 0), "hands": hands.get(name, 0),
                        "biggest_pot": pots.get(name, 0)}
            assert {key: int(row[key]) for key in expected} == expected, name
            nets[name] = int(row["net"])
            assert nets[name] == expected["cashed_out"] + expected["at_table"] - expected["bought_in"]
            assert row["computer"] == ("yes" if name == "Ada (bot)" else "no") and row["tables"] == str(live.id)
        assert sum(nets.values()) == 0
        _settles(content, nets)


def _settles(text: str, nets: dict[str, int]) -> None:
    """The reply's transfers ("Bob pays Alice 300") square every net, in fewer than there are players."""
    left = dict(nets)
    transfers = [line for line in text.split("\n") if " pays " in line]
    for line in transfers:
        payer, rest = line.lstrip("• ").split(" pays ", 1)
        payee, chips = rest.rsplit(" ", 1)
        left[payer] += int(chips)
        left[payee] -= int(chips)
    assert set(left.values()) == {0} and len(transfers) < sum(1 for net in nets.values() if net), (text, nets)


async def test_what_the_ledger_and_a_tournament_table_refuse(tmp_path: Any) -> None:
    """No rebuy or top-up at a tournament (its buy-ins are still in the ledger); /ledger refuses a
    channel without chips today, a table without chips, and another server's table number."""
    h = await Harness.start(str(tmp_path / "cardroom.db"))
    token = await h.command(ALICE, "ledger")
    assert "No table in this channel has bought in or cashed out chips today. Give `table:` for an older one." \
        in h.ephemeral_text(token)
    await h.command(ALICE, "holdem", "create", mode="tournament", buy_in=300)
    await h.command(BOB, "holdem", "join")
    for command in ("rebuy", "topup", "auto-rebuy"):
        token = await h.command(BOB, "holdem", command)
        assert "A tournament has no rebuys or top-ups: everyone plays the chips they started with." in h.ephemeral_text(token)
    assert not {"Rebuy", "Top up", "Auto-rebuy"} & set(await h.labels_of(BOB))
    token = await h.command(ALICE, "ledger")
    rows = list(csv.DictReader(io.StringIO(dict(h.recorder.replies_to(token)[-1].files)["ledger-today.csv"].decode())))
    assert [(row["player"], row["bought_in"], row["at_table"], row["net"]) for row in rows] == [
        ("Alice", "300", "300", "0"), ("Bob", "300", "300", "0")]
    table = _live(h).id
    gin_room = Place(GUILD_ID, CHANNEL_ID + 7)
    await h.command(ALICE, "gin", "create", at=gin_room)
    gin = h.bot.service.in_channel(gin_room.channel_id)
    assert gin is not None
    token = await h.command(ALICE, "ledger", table=gin.id)
    assert f"Table #{gin.id} plays Gin rummy, without chips: it has no ledger." in h.ephemeral_text(token)
    for command in ({"table": table}, {}):
        token = await h.command(DAVE, "ledger", at=OTHER_SERVER, **command)
        assert (f"There is no table #{table} on this server." if command else "No table in this channel has bought in") \
            in h.ephemeral_text(token)
    await h.close()
