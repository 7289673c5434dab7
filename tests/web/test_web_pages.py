"""The web pages and the JSON API through aiohttp's test client: off until turned on, one server's
link never reaching another's data, hole cards only where shown down, an event's board only once every
table played it, names escaped, no script, the security headers, and requests limited per client."""
from __future__ import annotations

import io
import json
from csv import reader
from dataclasses import replace
from typing import Any

from bot.games.base import Action
from bot.storage.records import MttEntry
from bot.storage.tournament_records import TournamentSettings
from bot.service.web_links import switch
from tests.service.events.test_bridge_events import _play_out, _service, _table
from tests.support.service_rig import ALICE, BOB, GUILD, CAROL, open_service
from tests.support.waiting import until
from tests.web.rig import SCRIPT_NAME, holdem_hands, site, web_client

OTHER_GUILD = 8


async def test_a_page_is_off_until_a_manager_turns_it_on_and_a_new_link_retires_the_old(database: str) -> None:
    service = await open_service(database)
    live = await holdem_hands(service, GUILD, 70, (ALICE, BOB))
    client = await web_client(service.storage)
    try:
        assert (await client.get(f"/s/{GUILD}/")).status == 404, "off by default"
        first = await site(service.storage, GUILD)
        assert (await client.get(f"/s/{first.token}/")).status == 200
        assert (await client.get(f"/s/{GUILD}/")).status == 404, "a private page is not opened by its id"
        assert (await client.get(f"/api/v1/{GUILD}/tables")).status == 404
        await switch(service.storage, GUILD, enabled=True, public=True)
        assert (await client.get(f"/s/{GUILD}/tables/{live.id}")).status == 200, "public: the id opens it"
        again = await switch(service.storage, GUILD, enabled=True, public=False, new_link=True)
        assert (await client.get(f"/s/{first.token}/")).status == 404 and again.token != first.token
        await switch(service.storage, GUILD, enabled=False)
        assert (await client.get(f"/s/{again.token}/")).status == 404, "turned off: every link"
    finally:
        await client.close()


async def test_one_servers_link_reaches_nothing_of_another(database: str) -> None:
    service = await open_service(database)
    ours = await holdem_hands(service, GUILD, 70, (ALICE, BOB))
    theirs = await holdem_hands(service, OTHER_GUILD, 80, (CAROL, 4))
    mine, other = await site(service.storage, GUILD), await site(service.storage, OTHER_GUILD)
    client = await web_client(service.storage)
    try:
        for prefix in (f"/s/{mine.token}", f"/api/v1/{mine.token}"):
            for path in (f"/tables/{theirs.id}", f"/tables/{theirs.id}/hands/1", f"/tables/{theirs.id}/ledger",
                         f"/players/{CAROL}"):
                assert (await client.get(prefix + path)).status == 404, prefix + path
        assert (await client.get(f"/s/{mine.token}/tables/{theirs.id}/hands/1/0.png")).status == 404
        assert (await client.get(f"/s/{mine.token}/tables/{theirs.id}/ledger.csv")).status == 404
        tables = await (await client.get(f"/api/v1/{mine.token}/tables")).json()
        assert [t["table"] for t in tables["tables"]] == [ours.id]
        board = await (await client.get(f"/api/v1/{mine.token}/leaderboard")).json()
        assert {line["user_id"] for line in board["lines"]} == {str(ALICE), str(BOB)}
        assert (await client.get(f"/api/v1/{other.token}/tables/{theirs.id}/hands/1")).status == 200
    finally:
        await client.close()


async def test_hole_cards_show_only_once_shown_down_and_names_are_escaped(database: str) -> None:
    service = await open_service(database)
    live = await holdem_hands(service, GUILD, 70, (ALICE, BOB))
    key = (await site(service.storage, GUILD)).token
    client = await web_client(service.storage)
    try:
        replays = [await service.replays.load(GUILD, live.id, hand) for hand in (1, 2)]
        for hand, replay in zip((1, 2), replays):
            answer = await (await client.get(f"/api/v1/{key}/tables/{live.id}/hands/{hand}")).json()
            assert [step["view"] for step in answer["steps"]] == [json.loads(json.dumps(s.public)) for s in replay.steps]
        held = [card for seat in replays[0].steps[0].seats for card in seat["seats"][seat["viewer"]]["cards"]]
        folded = await (await client.get(f"/api/v1/{key}/tables/{live.id}/hands/1")).text()
        assert not any(f'"{card}"' in folded for card in held), "a folded hand's hole cards never show"
        end = replays[1].steps[-1]
        showed = [seat for seat in end.public["seats"] if seat["last_action"] == "shows"]
        mucked = [n for n, seat in enumerate(end.public["seats"]) if seat["last_action"] == "mucks"]
        assert len(showed) == 1 and "??" not in showed[0]["cards"] and len(mucked) == 1
        whole = await (await client.get(f"/api/v1/{key}/tables/{live.id}/hands/2")).json()
        assert whole["steps"][-1]["view"]["seats"][1 - mucked[0]]["cards"] == showed[0]["cards"], "shown down"
        assert all(step["view"]["seats"][1 - mucked[0]]["cards"] == ["??", "??"] for step in whole["steps"][:-2])
        hidden = end.seats[mucked[0]]["seats"][mucked[0]]["cards"]
        assert not any(f'"{card}"' in json.dumps(whole) for card in hidden), "a mucked hand never shows"

        for path in (f"/s/{key}/", f"/s/{key}/tables/{live.id}/hands/2?step=1", f"/s/{key}/players/{BOB}",
                     f"/s/{key}/tables/{live.id}/ledger"):
            page = await client.get(path)
            text = await page.text()
            assert page.status == 200 and "<script" not in text, path
            assert "&lt;script&gt;" in text or path.endswith("?step=1"), path
            headers = page.headers
            assert "script-src" not in headers["Content-Security-Policy"]
            assert "default-src 'none'" in headers["Content-Security-Policy"]
            assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
            assert headers["X-Content-Type-Options"] == "nosniff" and headers["Referrer-Policy"] == "no-referrer"
        csv = await client.get(f"/s/{key}/tables/{live.id}/ledger.csv")
        rows = list(reader(io.StringIO(await csv.text())))
        assert csv.content_type == "text/csv" and SCRIPT_NAME in [row[1] for row in rows]
        picture = await client.get(f"/s/{key}/tables/{live.id}/hands/2/1.png")
        assert picture.content_type == "image/png" and (await picture.read()).startswith(b"\x89PNG")
    finally:
        await client.close()


async def test_an_event_board_shows_only_once_every_table_has_played_it(database: str) -> None:
    service = await _service(database)
    duplicate = {"scoring": "duplicate", "event": "club-night"}
    first, second = await _table(service, 100, duplicate), await _table(service, 200, duplicate)
    await _play_out(service, first, [Action("bid", target="1NT")])
    key = (await site(service.storage, 5)).token
    client = await web_client(service.storage)
    try:
        for path in (f"/api/v1/{key}/tables/{first.id}/hands/1", f"/s/{key}/tables/{first.id}/hands/1",
                     f"/s/{key}/tables/{first.id}/hands/1/0.png", f"/api/v1/{key}/events/club-night",
                     f"/s/{key}/events/club-night"):
            answer = await client.get(path)
            assert answer.status == 404 and "1NT" not in await answer.text(), path
        await _play_out(service, second, [])
        await until(lambda: not first.tasks and not second.tasks)
        replay = await client.get(f"/api/v1/{key}/tables/{first.id}/hands/1")
        steps = (await replay.json())["steps"]
        assert replay.status == 200 and steps[-1]["view"]["game"] == "bridge"
        last = len(steps) - 1
        page = await client.get(f"/s/{key}/tables/{first.id}/hands/1?step={last}")
        assert page.status == 200 and "Outcome:" in await page.text()
        picture = await client.get(f"/s/{key}/tables/{first.id}/hands/1/{last}.png")
        assert (await picture.read()).startswith(b"\x89PNG")
        record: dict[str, Any] = await (await client.get(f"/api/v1/{key}/events/club-night")).json()
        assert [board["board"] for board in record["boards"]] == [1]
        assert len(record["boards"][0]["traveller"]) == 2
        page = await (await client.get(f"/s/{key}/events/club-night")).text()
        assert "Board 1" in page and "1NT" in page
    finally:
        await client.close()


async def test_requests_are_limited_per_client(database: str) -> None:
    service = await open_service(database)
    key = (await site(service.storage, GUILD)).token
    client = await web_client(service.storage, rate=0.001, burst=3)
    try:
        statuses = [(await client.get(f"/api/v1/{key}/tables")).status for _ in range(5)]
        assert statuses == [200, 200, 200, 429, 429]
        limited = await client.get(f"/s/{key}/")
        assert limited.headers["Retry-After"] and limited.headers["X-Content-Type-Options"] == "nosniff"
    finally:
        await client.close()


async def test_a_kept_page_is_refused_the_moment_its_server_turns_the_page_off(database: str) -> None:
    service = await open_service(database)
    live = await holdem_hands(service, GUILD, 70, (ALICE, BOB))
    key = (await site(service.storage, GUILD)).token
    client = await web_client(service.storage)
    try:
        first = await client.get(f"/s/{key}/tables/{live.id}")
        again = await client.get(f"/s/{key}/tables/{live.id}")
        assert await first.text() == await again.text() and again.content_type == "text/html"
        assert again.headers["Content-Security-Policy"] == first.headers["Content-Security-Policy"]
        await switch(service.storage, GUILD, enabled=False)
        assert (await client.get(f"/s/{key}/tables/{live.id}")).status == 404
    finally:
        await client.close()


async def test_a_tournaments_places_and_prizes_on_its_own_server_only(database: str) -> None:
    service = await open_service(database)
    settings = TournamentSettings(stack=1500, buy_in=100, seats=6, blinds=((10, 20),), minutes=10)
    async with service.storage.transaction() as tx:
        ours = await tx.insert_mtt(GUILD, 70, ALICE, "Friday <i>night</i>", "holdem", settings, 1000.0)
        theirs = await tx.insert_mtt(OTHER_GUILD, 80, CAROL, "Theirs", "holdem", settings, 1000.0)
    row = await service.storage.mtt(ours)
    assert row is not None
    async with service.storage.transaction() as tx:
        await tx.save_mtt(replace(row, status="finished"), [MttEntry(ALICE, "Ann", place=2, prize=60),
                                                            MttEntry(BOB, SCRIPT_NAME, place=1, prize=140)])
    key = (await site(service.storage, GUILD)).token
    client = await web_client(service.storage)
    try:
        listed = await (await client.get(f"/api/v1/{key}/tournaments")).json()
        assert [t["id"] for t in listed["tournaments"]] == [ours]
        found = await (await client.get(f"/api/v1/{key}/tournaments/{ours}")).json()
        assert found["status"] == "finished"
        assert [(e["place"], e["name"], e["prize"]) for e in found["entries"]] == [(1, SCRIPT_NAME, 140), (2, "Ann", 60)]
        page = await (await client.get(f"/s/{key}/tournaments/{ours}")).text()
        assert "Friday &lt;i&gt;night&lt;/i&gt;" in page and "<script" not in page
        assert (await client.get(f"/api/v1/{key}/tournaments/{theirs}")).status == 404
    finally:
        await client.close()
