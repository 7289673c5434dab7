"""Seasons and achievements on the web: a running season's standings as the pure rules compute them,
an ended one's as kept, a player's places and achievements, and another server's seasons never."""
from __future__ import annotations

import time

from bot.storage.records import Achievement, SeasonLine, SeasonRule
from tests.support.service_rig import ALICE, BOB, GUILD, open_service
from tests.web.rig import holdem_hands, site, web_client

OTHER_GUILD = 8


async def test_seasons_standings_and_a_players_places_and_achievements(database: str) -> None:
    service = await open_service(database)
    await holdem_hands(service, GUILD, 70, (ALICE, BOB))  # a cash session: Ann +5, the other -5
    now = time.time()
    fixed = SeasonRule(formats=("cash",), formula="fixed", places=(10.0, 7.0))
    async with service.storage.transaction() as tx:
        running = await tx.insert_season(GUILD, 70, "Winter", now - 86400, now + 86400, fixed)
        ended = await tx.insert_season(GUILD, 70, "Autumn", now - 9 * 86400, now - 2 * 86400, fixed)
        await tx.end_season(ended, now - 2 * 86400, [SeasonLine(BOB, 1, 25.0, 3, 3)])
        elsewhere = await tx.insert_season(OTHER_GUILD, 80, "Theirs", now - 86400, now + 86400, fixed)
        await tx.award(GUILD, Achievement(ALICE, "first-win", now, None, None))
    key = (await site(service.storage, GUILD)).token
    client = await web_client(service.storage)
    try:
        listed = await (await client.get(f"/api/v1/{key}/seasons")).json()
        assert sorted(s["name"] for s in listed["seasons"]) == ["Autumn", "Winter"]
        winter = await (await client.get(f"/api/v1/{key}/seasons/{running}")).json()
        assert not winter["final"]
        assert [(ln["user_id"], ln["place"], ln["points"]) for ln in winter["lines"]] == [(str(ALICE), 1, 10.0),
                                                                                          (str(BOB), 2, 7.0)]
        autumn = await (await client.get(f"/api/v1/{key}/seasons/{ended}")).json()
        assert autumn["final"] and [(ln["user_id"], ln["points"]) for ln in autumn["lines"]] == [(str(BOB), 25.0)]
        assert (await client.get(f"/api/v1/{key}/seasons/{elsewhere}")).status == 404
        assert (await client.get(f"/s/{key}/seasons/{elsewhere}")).status == 404

        ann = await (await client.get(f"/api/v1/{key}/players/{ALICE}")).json()
        assert [(s["name"], s["place"]) for s in ann["seasons"]] == [("Winter", 1)]
        assert [a["kind"] for a in ann["achievements"]] == ["first-win"]
        page = await (await client.get(f"/s/{key}/players/{ALICE}")).text()
        assert "Winter" in page and "First win" in page
        standings = await (await client.get(f"/s/{key}/seasons/{running}")).text()
        assert "Standings so far" in standings and "&lt;b&gt;Ann&lt;/b&gt;" in standings
    finally:
        await client.close()
