"""/stats through the real client: a card (a PNG drawn by the render pool) and a line of text, privately,
with the figures of the hands just played; a member who has not played is told so; another server
sees nothing; names cannot ping."""
from __future__ import annotations

from bot.service.table.press import Press
import io
import random

import pytest
from PIL import Image

from bot.registry import game
from tests.support.harness import CHANNEL_ID, OTHER_GUILD_ID, Harness, Place, User

ALICE, BOB, CAROL = User(2101, "Alice"), User(2102, "Bob"), User(2103, "Carol")


def card(h: Harness, token: str) -> tuple[str, Image.Image]:
    """(text, decoded card) of the one private reply with a file."""
    replies = [r for r in h.recorder.replies_to(token) if r.files]
    assert len(replies) == 1 and replies[0].ephemeral, h.ephemeral_text(token)
    (name, data), = replies[0].files
    assert name == "stats.png"
    image = Image.open(io.BytesIO(data))
    assert image.mode == "P", "a palette PNG like the table images"
    return replies[0].text, image


async def _next_deal(h: Harness) -> None:
    live = h.bot.service.in_channel(CHANNEL_ID)
    if live.row.deal is None:
        live.row.deadline = 0
        await h.bot.service.tick()
        await h.settle()


async def test_holdem_figures_on_the_card_after_two_hands(tmp_path) -> None:
    """Heads-up: hand 1 the small blind calls, the big blind checks, both check to the showdown;
    hand 2 the small blind folds. The hand-1 small blind put chips in voluntarily in one hand of two
    (VPIP 50%), nobody raised, both went to the showdown from the flop."""
    h = await Harness.start(str(tmp_path / "c.db"))
    await h.command(ALICE, "holdem", "create")
    await h.command(BOB, "holdem", "join")
    await h.command(ALICE, "holdem", "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    users = {ALICE.id: ALICE, BOB.id: BOB}
    buy_in = {s.user_id: s.stack for s in live.row.seats}

    def acting() -> User:
        (seat,) = live.engine.to_act()
        return users[live.table_seat_of(seat).user_id]

    caller = acting()
    await h.move(caller, "Call")
    while live.row.deal is not None and live.row.hand_no == 1:
        await h.move(acting(), "Check")
    await _next_deal(h)
    await h.move(acting(), "Fold")
    assert live.row.hand_no == 2 and live.row.deal is None
    net = {s.user_id: s.stack - buy_in[s.user_id] for s in live.row.seats}

    text, image = card(h, await h.command(ALICE, "stats", game="holdem"))
    assert image.width == 800 and 300 < image.height <= 600, "figures and the chip graph, in the box at 2x"
    vpip = "50.0%" if caller == ALICE else "0.0%"
    assert f"VPIP {vpip}" in text and "PFR 0.0%" in text and "Hands 2" in text
    assert f"Net chips {net[ALICE.id]:+d}" in text
    other, _ = card(h, await h.command(ALICE, "stats", member=BOB, game="holdem"))
    assert f"Net chips {net[BOB.id]:+d}" in other
    overview, image = card(h, await h.command(BOB, "stats"))
    assert "Texas hold'em: 2 hands" in overview and image.width == 800
    assert "has not played Gin rummy on this server yet" in h.ephemeral_text(
        await h.command(ALICE, "stats", game="gin"))
    assert "Carol has not played on this server yet" in h.ephemeral_text(await h.command(ALICE, "stats", member=CAROL))
    assert "has not played" in h.ephemeral_text(
        await h.command(ALICE, "stats", game="holdem", at=Place(OTHER_GUILD_ID, CHANNEL_ID)))
    await h.close()


@pytest.mark.parametrize("name", ["gin", "bridge", "saint", "squared", "sigma", "presidential", "stud", "draw"])
async def test_every_game_has_its_card(tmp_path, name: str) -> None:
    """Alice plays whole deals against computer players, her turns taken by the same choice the
    computer would make, through the table service as a button would; her card counts every deal."""
    h = await Harness.start(str(tmp_path / "c.db"))
    seeds = random.Random(name)
    h.bot.service.seeds = lambda _label: "%064x" % seeds.getrandbits(256)  # the same deals every run
    spec = game(name)
    await h.command(ALICE, name, "create")
    for _ in range(spec.min_players - 1):
        await h.command(ALICE, name, "add-bot")
    await h.command(ALICE, name, "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    rng = random.Random(3)
    for _ in range(2000):  # two deals, or fewer if someone has lost every chip and the table waits
        if live.row.hand_no >= 2 and live.row.deal is None:
            break
        await _next_deal(h)
        if live.row.status != "playing" or live.row.deal is None:
            break
        seat = live.deal_seat(ALICE.id)
        if seat in live.engine.to_act():
            action = spec.choose(live.engine.view(seat), live.engine.legal_actions(seat), rng)
            await h.bot.service.tables[live.id].commands.act(Press(ALICE.id, live.row.hand_no, live.row.step, action))
            await h.settle()
    played = len(await h.bot.storage.played_hands(live.row.guild_id, ALICE.id, name))
    assert played >= 1
    text, image = card(h, await h.command(ALICE, "stats", game=name))
    first = "Boards" if name == "bridge" else "Hands" if name in ("stud", "draw") else "Deals"
    assert f"{first} {played}" in text and spec.title in text and image.width == 800
    await h.close()
