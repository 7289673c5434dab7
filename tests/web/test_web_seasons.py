"""Seasons and achievements on the web: a running season's standings as the pure rules compute them,
an ended one's as kept, a player's places and achievements, and another server's seasons never; a
bridge season's strata and a bounty season's knockouts."""
from __future__ import annotations

import time

from bot.storage.records import Achievement, SeasonLine, SeasonRule
from tests.support.event_boards import record_board
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
        assert ann["masterpoints"] == 0.0 and ann["stratum"] is None, "no bridge event played"
        page = await (await client.get(f"/s/{key}/players/{ALICE}")).text()
        assert "Winter" in page and "First win" in page and "masterpoints" not in page
        standings = await (await client.get(f"/s/{key}/seasons/{running}")).text()
        assert "Standings so far" in standings and "&lt;b&gt;Ann&lt;/b&gt;" in standings
    finally:
        await client.close()


async def test_a_bridge_season_s_strata_and_a_bounty_season_s_knockouts_on_the_page(database: str) -> None:
    """Two tables of an event (``record_board``): pairs 1-3 and 6-8 tie first of four (0.85 masterpoints
    each), all in stratum C; the page and the API show stratum, place in it and masterpoints held, and so
does member 1's player page. A
    season with bounties has a knockouts column (none played yet: no line)."""
    service = await open_service(database)
    now = time.time()
    await record_board(service.storage, GUILD, "mon", [(1, 2, 3, 4), (5, 6, 7, 8)], 500, now)
    await holdem_hands(service, GUILD, 71, (1, 2))  # member 1 has a player's page
    async with service.storage.transaction() as tx:
        ladder = await tx.insert_season(GUILD, 70, "Ladder", now - 86400, now + 86400,
                                        SeasonRule(formats=("bridge",), formula="masterpoints"))
        bounty = await tx.insert_season(GUILD, 70, "Knockouts", now - 86400, now + 86400,
                                        SeasonRule(formats=("sit-and-go",), bounty=5.0))
    key = (await site(service.storage, GUILD)).token
    client = await web_client(service.storage)
    try:
        found = await (await client.get(f"/api/v1/{key}/seasons/{ladder}")).json()
        assert [(ln["user_id"], ln["points"], ln["stratum"], ln["stratum_place"], ln["masterpoints"])
                for ln in found["lines"][:4]] == [("1", 0.85, "C", 1, 0.85), ("3", 0.85, "C", 1, 0.85),
                                                  ("6", 0.85, "C", 1, 0.85), ("8", 0.85, "C", 1, 0.85)]
        page = await (await client.get(f"/s/{key}/seasons/{ladder}")).text()
        assert "<th>Stratum</th><th>Masterpoints held</th>" in page and "<td>C 1</td><td>0.85</td>" in page
        one = await (await client.get(f"/api/v1/{key}/players/1")).json()
        assert (one["masterpoints"], one["stratum"]) == (0.85, "C"), "what /profile shows of the member 1 holds"
        assert "Bridge masterpoints held: 0.85 · stratum C" in await (await client.get(f"/s/{key}/players/1")).text()
        page = await (await client.get(f"/s/{key}/seasons/{bounty}")).text()
        assert "5 a knockout" in page
        assert (await (await client.get(f"/api/v1/{key}/seasons/{bounty}")).json())["bounty"] == 5.0
    finally:
        await client.close()
