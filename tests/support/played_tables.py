"""Tables of the poker games played through the table service by seeded random choices (folds,
calls, checks, raises from the least to all in; run it twice mostly agreed; a winner nobody called
showing their cards half the time), for the tests of what the stored hands export to."""
from __future__ import annotations

from bot.service.table.press import Press
import random
from typing import Any

from bot.games.base import Action
from bot.service.table import after_hand
from bot.service.table.live import LiveTable
from bot.service.tables import TableService
from bot.storage.records import StoredHand
from tests.support.service_rig import GUILD, Clock

BUY_INS = (1000, 150, 600, 300, 900, 100)
HANDS = 20


def choose(live: LiveTable, rng: random.Random) -> Action:
    """A random legal action: folds, calls and checks, and raises from the least to all in."""
    specs = live.engine.legal_actions(live.engine.to_act()[0])
    kinds = {spec.kind: spec for spec in specs}
    roll = rng.random()
    if "twice" in kinds:  # run it twice? mostly yes
        return Action("twice" if roll < 0.8 else "once")
    if "discard" in kinds:  # a draw: pat, or one to three cards
        cards = kinds["discard"].choices
        return Action("discard", cards=tuple(rng.sample(cards, rng.randint(1, 3)))) if roll < 0.7 else Action("stand_pat")
    if "bring_in" in kinds:  # the lowest (razz: highest) up card brings in, or completes
        return Action("bring_in") if roll < 0.7 or "raise" not in kinds else Action("raise", kinds["raise"].min_amount)
    if "raise" in kinds and roll < 0.35:
        low, high = kinds["raise"].min_amount, kinds["raise"].max_amount
        assert low is not None and high is not None
        return Action("raise", rng.choice([low, high, (low + high) // 2]))
    if "fold" in kinds and roll > 0.85:
        return Action("fold")
    return Action("call" if "call" in kinds else "check")


async def play_table(service: TableService, clock: Clock, channel: int, game: str, settings: dict[str, Any],
                     players: int, rng: random.Random, hands: int) -> LiveTable:
    """One table played until ``hands`` hands are over or a player has lost every chip."""
    users = [channel * 10 + k for k in range(1, players + 1)]
    live = await service.create(GUILD, channel, game, users[0], f"p{users[0]}", settings, BUY_INS[0])
    for k, user in enumerate(users[1:], 1):
        await live.commands.join(user, f"p{user}", BUY_INS[k])
        if settings.get("straddle") and k % 2:
            await live.commands.straddle(user)
    await live.commands.start(users[0])
    for _ in range(hands):
        while live.row.deal is not None:
            user = live.table_seat_of(live.engine.to_act()[0]).user_id
            await service.tables[live.id].commands.act(Press(user, live.row.hand_no, live.row.step, choose(live, rng)))
        shows = [user for user in live.last_deal.players if after_hand.may_show(live, user)]
        if shows and rng.random() < 0.5:  # a winner nobody called shows their cards (the Show my cards button)
            await live.commands.show_cards(shows[0])
        if service.in_channel(channel) is not live or live.row.deadline is None:
            break
        clock.now = live.row.deadline + 1
        await service.tick()
    if service.in_channel(channel) is live:
        await live.commands.cancel(users[0], True)
    return live


async def play(service: TableService, clock: Clock, channel: int, game: str, settings: dict[str, Any],
               players: int, rng: random.Random) -> list[tuple[LiveTable, list[tuple[int, StoredHand]]]]:
    """Tables of the game played one after another (a new one when a player is broke) until ``HANDS``
    hands are over: each table with its stored hands."""
    played: list[tuple[LiveTable, list[tuple[int, StoredHand]]]] = []
    while sum(len(hands) for _, hands in played) < HANDS:
        live = await play_table(service, clock, channel + len(played), game, settings, players, rng, HANDS)
        played.append((live, await service.storage.hand_records(live.id)))
    return played
