"""The privacy check itself: it reads cards in text precisely, catches a leaked card in a channel
payload, a DM or a picture, and a spectator who presses table buttons is refused and sees no card."""
from __future__ import annotations

from typing import AsyncIterator

import discord
from discord.http import Route
import pytest

from bot.games.cards import DECK, pretty
from bot.registry import game, game_names
from bot.service.table.live import LiveTable
from cogs.info import rules_pages
from tests.support.harness import APP_ID, CHANNEL_ID, EPHEMERAL, Harness, User
from tests.support.privacy import Audience, text_cards, view_cards

ALICE, BOB, CAROL = User(4001, "Alice"), User(4002, "Bob"), User(4003, "Carol")


@pytest.mark.parametrize("text, cards", [
    ("Alice shows A♠ K♠ (Pair)", {"As", "Ks"}),
    ("A♠K♠ and 10♦", {"As", "Ks", "Td"}),
    ("cr:p:ok:2:1:0:river:As", {"As"}),
    ("AsKd", {"As", "Kd"}),
    ("Ask the table; Asks; 110♦; Kds", set()),
    ("Alice (N) bids 4♥ · Contract 4♥X by North · Bid: 1NT – 6♠", set()),
    ("laid C07 and S17", {"C07", "S17"}),
])
def test_text_cards_reads_whole_tokens(text: str, cards: set[str]) -> None:
    assert text_cards(text) == cards


@pytest.fixture
async def dealt(tmp_path) -> AsyncIterator[Harness]:
    """A hold'em hand between Alice and Bob, just dealt."""
    h = await Harness.start(str(tmp_path / "p.db"))
    await h.command(ALICE, "holdem", "create")
    await h.command(BOB, "holdem", "join")
    await h.command(ALICE, "holdem", "start")
    yield h
    await h.close()


def _holes(h: Harness) -> dict[int, set[str]]:
    live = h.bot.service.in_channel(CHANNEL_ID)
    return {live.row.seats[index].user_id: view_cards(live.engine.view(seat)["seats"][seat]["cards"])
            for seat, index in enumerate(live.dealt())}


def _cards_of(h: Harness, user: User) -> set[str]:
    """The cards only ``user`` sees now."""
    live = h.bot.service.in_channel(CHANNEL_ID)
    seat = live.deal_seat(user.id)
    return view_cards(live.engine.view(seat)) - view_cards(live.engine.view(None))


def _to_act(live: LiveTable) -> User:
    (seat,) = live.engine.to_act()
    return {ALICE.id: ALICE, BOB.id: BOB}[live.table_seat_of(seat).user_id]


def _take_findings(h: Harness) -> list[str]:
    """The findings so far, cleared: a test that leaks on purpose must not fail at teardown."""
    findings = list(h.privacy.findings)
    h.privacy.findings.clear()
    return findings


async def test_the_deal_is_clean_and_its_secrets_are_known(dealt: Harness) -> None:
    holes = _holes(dealt)
    snapshot = dealt.privacy.snapshot()
    assert dealt.privacy.hidden(Audience("channel", channel_id=CHANNEL_ID), snapshot) == holes[ALICE.id] | holes[BOB.id]
    assert dealt.privacy.hidden(Audience("dm", user_id=ALICE.id), snapshot) == holes[BOB.id]
    assert dealt.privacy.checked["channel"] and dealt.privacy.checked["dm"] == 2
    assert dealt.privacy.findings == []


@pytest.mark.parametrize("name", game_names())
async def test_every_game_deals_secrets_the_check_reads(tmp_path, name: str) -> None:
    """The generic card reading finds each game's formats: a fresh deal hides cards from the public,
    and from Alice all but her own."""
    h = await Harness.start(str(tmp_path / "g.db"))
    h.bot.service.seeds = lambda _label: "5e" * 32  # one deal: the computer's betting must not fold Alice out first
    await h.command(ALICE, name, "create")
    for _ in range(game(name).min_players - 1):
        await h.command(ALICE, name, "add-bot")
    await h.command(ALICE, name, "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    for _ in range(10):  # Sigma deals a player's cards only at the player's placement turn
        if _cards_of(h, ALICE) or live.row.deal is None:
            break
        live.row.deadline = 0  # Alice's turn times out: the table plays her default move
        await h.bot.service.tick()
        await h.settle()
    snapshot = h.privacy.snapshot()
    public = h.privacy.hidden(Audience("channel", channel_id=CHANNEL_ID), snapshot)
    mine = _cards_of(h, ALICE)
    assert mine and mine <= public
    assert h.privacy.hidden(Audience("dm", user_id=ALICE.id), snapshot) == public - mine != set()
    await h.close()


async def test_a_card_in_a_channel_message_is_caught(dealt: Harness) -> None:
    card = sorted(_holes(dealt)[ALICE.id])[0]
    channel = dealt.bot.get_partial_messageable(CHANNEL_ID)
    await channel.send("Ask the dealer for a new deck")
    assert _take_findings(dealt) == []
    await channel.send(f"psst: Alice has {pretty(card)}")
    await channel.send(embed=discord.Embed(description=f"hole card {card}"))
    findings = _take_findings(dealt)
    assert len(findings) == 2 and all(f"shows {card}" in f and "channel payload" in f for f in findings)


async def test_a_rules_page_is_no_leak_but_a_card_added_to_it_is(dealt: Harness) -> None:
    card = sorted(_holes(dealt)[ALICE.id])[0]
    page = next(page for page in rules_pages("holdem") if text_cards(page))
    dm = await dealt.bot.create_dm(discord.Object(BOB.id))
    await dm.send(page)
    assert _take_findings(dealt) == []
    await dm.send(f"{page}\n\nAlice holds {pretty(card)}")
    (finding,) = _take_findings(dealt)
    assert f"shows {card}" in finding


async def test_a_log_line_of_an_earlier_deal_is_no_leak(dealt: Harness) -> None:
    """The table text repeats the last log lines, some from the deal before; they may name cards
    that the new deal dealt face down. New text naming such a card is still a leak."""
    live = dealt.bot.service.in_channel(CHANNEL_ID)
    await dealt.move(_to_act(live), "Fold")
    earlier = "Earlier: " + " ".join(pretty(c) for c in DECK)
    live.note(earlier)
    dealt.privacy.snapshot()  # the line is seen while the first deal is still the table's
    live.row.deadline = 0
    await dealt.bot.service.tick()
    await dealt.settle()
    assert live.row.hand_no == 2 and earlier in dealt.table_message()["content"]
    channel = dealt.bot.get_partial_messageable(CHANNEL_ID)
    await channel.send(f"> {earlier}")
    assert _take_findings(dealt) == []
    card = sorted(_holes(dealt)[ALICE.id])[0]
    await channel.send(f"> {earlier} and again {pretty(card)}")
    (finding,) = _take_findings(dealt)
    assert f"shows {card}" in finding


async def test_another_players_card_in_a_dm_is_caught(dealt: Harness) -> None:
    holes = _holes(dealt)
    dm = await dealt.bot.create_dm(discord.Object(BOB.id))
    await dm.send(f"Your cards: {' '.join(pretty(c) for c in sorted(holes[BOB.id]))}")
    assert _take_findings(dealt) == [], "Bob may read his own cards"
    alice_card = sorted(holes[ALICE.id])[0]
    await dm.send(f"Alice holds {pretty(alice_card)}")
    (finding,) = _take_findings(dealt)
    assert f"shows {alice_card}" in finding and f"hidden from user {BOB.id}" in finding


async def test_a_picture_of_a_players_view_in_the_channel_is_caught(dealt: Harness) -> None:
    live = dealt.bot.service.in_channel(CHANNEL_ID)
    channel = dealt.bot.get_partial_messageable(CHANNEL_ID)
    await channel.send(file=await dealt.bot.presenter._render(live.spec.render_table, live.public_view(), ""))
    assert _take_findings(dealt) == [], "the public view may be drawn for the channel"
    await channel.send(file=await dealt.bot.presenter._render(live.spec.render_hand, live.engine.view(0)))
    (finding,) = _take_findings(dealt)
    assert "carries picture" in finding and "channel payload" in finding


async def _reply(h: Harness, token: str, method: str, path: str, body: dict) -> Audience:
    """Send one interaction request through the recorder as discord.py would (with the client's
    default allowed_mentions, which the mentions audit asks of every message); who sees it."""
    await h.recorder.webhook(Route(method, path), payload=body | {"allowed_mentions": {"parse": []}})
    return h.privacy.audience(h.recorder.requests[-1])[0]


async def test_interaction_replies_follow_discords_rules_for_who_sees_them(dealt: Harness) -> None:
    """A deferral's first follow-up replaces its "thinking" message and keeps its visibility whatever
    its own flags; later follow-ups go by their flags; edits of the original response keep its."""
    alice_only, channel = Audience("ephemeral", user_id=ALICE.id), Audience("channel", channel_id=CHANNEL_ID)
    webhook = f"/webhooks/{APP_ID}"
    private, _ = dealt._base(ALICE, 2, {"name": "wallet", "type": 1})
    assert await _reply(dealt, private, "POST", f"/interactions/1/{private}/callback",
                        {"type": 5, "data": {"flags": EPHEMERAL}}) == alice_only
    assert await _reply(dealt, private, "POST", f"{webhook}/{private}", {"content": "x"}) == alice_only
    assert await _reply(dealt, private, "POST", f"{webhook}/{private}", {"content": "x"}) == channel
    assert await _reply(dealt, private, "PATCH", f"{webhook}/{private}/messages/@original", {"content": "x"}) \
        == alice_only
    public, _ = dealt._base(ALICE, 2, {"name": "wallet", "type": 1})
    assert await _reply(dealt, public, "POST", f"/interactions/2/{public}/callback", {"type": 5}) == channel
    assert await _reply(dealt, public, "POST", f"{webhook}/{public}", {"content": "x", "flags": EPHEMERAL}) \
        == channel, "the first follow-up of a public deferral is public, flags or not"
    message_id = int(dealt.recorder.messages[max(dealt.recorder.messages)]["id"])
    assert await _reply(dealt, public, "POST", f"{webhook}/{public}", {"content": "y", "flags": EPHEMERAL}) \
        == alice_only
    follow_up = max(dealt.recorder.messages)
    assert await _reply(dealt, public, "PATCH", f"{webhook}/{public}/messages/{follow_up}", {"content": "z"}) \
        == alice_only, "an edit of an ephemeral follow-up stays private"
    assert await _reply(dealt, public, "PATCH", f"{webhook}/{public}/messages/@original", {"content": "w"}) \
        == channel
    assert dealt.recorder.messages[message_id]["content"] == "w", "the first follow-up became the original"


async def test_private_cards_after_a_public_deferral_are_caught(dealt: Harness, monkeypatch) -> None:
    """The leak planted: My hand defers publicly ("thinking" in the channel), then sends the cards as
    an ephemeral follow-up. Discord shows that follow-up in the channel; the check says so."""
    deferral = discord.InteractionResponse.defer

    async def public_defer(self: discord.InteractionResponse, *, ephemeral: bool = False,
                           thinking: bool = False) -> object:
        return await deferral(self, thinking=thinking)

    monkeypatch.setattr(discord.InteractionResponse, "defer", public_defer)
    card = sorted(_holes(dealt)[ALICE.id])[0]
    live = dealt.bot.service.in_channel(CHANNEL_ID)
    my_hand = f"cr:u:{live.id}:hand"  # on a copy of the table message, which may no longer carry it
    table = dealt.table_message()
    pressed = {**table, "components": [*table["components"], {"type": 1, "components": [{"type": 2, "style": 2, "label": "My hand", "custom_id": my_hand}]}]}
    token = await dealt.press(ALICE, my_hand, pressed)
    follow_up = dealt.recorder.replies_to(token)[-1]
    assert follow_up.json["flags"] & EPHEMERAL and follow_up.ephemeral is False
    findings = _take_findings(dealt)
    assert any(f"channel payload POST /webhooks/{APP_ID}/{token}" in f and f"shows {card}" in f for f in findings)
    assert any("carries picture" in f and "own view of user" in f for f in findings)


@pytest.mark.parametrize("game", ["holdem", "gin", "saint"])
async def test_a_spectator_is_refused_and_sees_no_card(tmp_path, game: str) -> None:
    h = await Harness.start(str(tmp_path / "s.db"))
    await h.command(ALICE, game, "create")
    await h.command(ALICE, game, "add-bot")
    await h.command(ALICE, game, "start")
    live = h.bot.service.in_channel(CHANNEL_ID)
    step = live.row.step
    panel = await h.panel(ALICE)  # Carol presses what the table message and Alice's panel offer, and My hand
    table = h.table_message()
    my_hand = {"type": 2, "style": 2, "label": "My hand", "custom_id": f"cr:u:{live.id}:hand"}
    offered = {c["custom_id"]: c for r in [*table["components"], *panel["components"]] for c in r["components"]
               if not c["custom_id"].endswith((":join", ":start"))} | {my_hand["custom_id"]: my_hand}
    pressed = list(offered)
    assert any(i.startswith(("cr:a:", "cr:c:", "cr:k:", "cr:q:")) for i in pressed) and any(i.endswith(":hand") for i in pressed)
    message = table  # each pressed on the table message, as if it showed it (a message holds 5 rows at most)
    tokens = [await h.press(CAROL, custom_id, {**table, "components": [{"type": 1, "components": [component]}]})
              for custom_id, component in offered.items()]
    # A forged private select naming one of Alice's cards is refused without echoing it.
    kind = live.engine.legal_actions(live.deal_seat(ALICE.id))[0].kind
    select = {"type": 3, "custom_id": f"cr:s:{live.id}:{live.row.hand_no}:{step}:{kind}:0"}
    forged = {**message, "flags": EPHEMERAL, "components": [{"type": 1, "components": [select]}]}
    tokens.append(await h.press(CAROL, select["custom_id"], forged, values=[sorted(_cards_of(h, ALICE))[0]]))
    for custom_id, token in zip(pressed + ["forged select"], tokens):
        replies = h.recorder.replies_to(token)
        text = h.ephemeral_text(token)
        assert replies and "You" in text and ("not" in text or "no " in text), f"{custom_id}: {text}"
        assert all(not r.files for r in replies) and text_cards(text) == set(), f"{custom_id}: {text}"
        assert all(h.privacy.audience(r)[0] == Audience("ephemeral", user_id=CAROL.id)
                   for r in replies if "content" in r.text), f"{custom_id}: a public refusal"
    assert live.row.step == step and live.seat_index(CAROL.id) is None
    assert h.recorder.dm_requests(CAROL.id) == []
    assert h.privacy.findings == []
    await h.close()


def test_a_dm_names_the_seat_s_own_cards_in_every_view_shape() -> None:
    """Views list a seat's cards as ``seats``/``players`` entries, ``hands`` or ``hand``: for every game,
    a DM's text holds real cards of that seat alone (two seats' DMs share none)."""
    from bot.adapter.table.private_hands import private_cards
    from bot.games.base import Seat
    from bot.games.base import HIDDEN as HIDDEN_CODE

    for name in game_names():
        spec = game(name)
        seats = [Seat(f"p{k}", 1000) for k in range(spec.min_players)]
        engine = spec.engine(dict(spec.default_settings), seats, "ab" * 32, {})
        held = [private_cards(engine.view(k), k) for k in range(2)]
        assert all(held) and HIDDEN_CODE not in set(held[0]) | set(held[1]), name
        assert not set(held[0]) & set(held[1]), name
        view = engine.view(1)
        entries = view.get("seats") or view.get("players")
        if isinstance(entries, list) and isinstance(entries[1], dict) and "cards" in entries[1]:
            codes = [c.get("code") if isinstance(c, dict) else c for c in entries[1]["cards"]]
            assert held[1][:len(codes)] == codes, name
