"""The replayer in a real browser (headless Chromium): a member opens a hand's link on a phone-sized
screen, steps through the hand with the page's own links, and sees each step's picture and moves, the
hole cards of the player who mucked never, the outcome at the end; the page fits the screen and runs no
script. Screenshots go to ``CARDROOM_SCREENSHOTS`` when set (to be looked at), else the test's folder."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright

from tests.support.service_rig import ALICE, BOB, GUILD, open_service
from tests.web.browser import FLAGS
from tests.web.rig import SCRIPT_NAME, holdem_hands, site, web_client

PHONE = {"width": 390, "height": 844}


async def test_a_replay_link_steps_through_a_hand_in_chromium(tmp_path: Path, chromium: str) -> None:
    service = await open_service(str(tmp_path / "cardroom.db"))
    live = await holdem_hands(service, GUILD, 70, (ALICE, BOB))
    replay = await service.replays.load(GUILD, live.id, 2)
    end = replay.steps[-1]
    mucker = next(n for n, seat in enumerate(end.public["seats"]) if seat["last_action"] == "mucks")
    hidden = end.seats[mucker]["seats"][mucker]["cards"]
    key = (await site(service.storage, GUILD)).token
    client = await web_client(service.storage)
    shots = Path(os.getenv("CARDROOM_SCREENSHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    try:
        url = str(client.make_url(f"/s/{key}/tables/{live.id}/hands/2"))
        async with async_playwright() as driver:
            browser = await driver.chromium.launch_persistent_context(
                str(tmp_path / "profile"), executable_path=chromium, headless=True, args=FLAGS,
                viewport=PHONE, device_scale_factor=2, is_mobile=True, java_script_enabled=True)
            try:
                page = browser.pages[0] if browser.pages else await browser.new_page()
                page.on("console", lambda message: errors.append(message.text))
                await page.goto(url, wait_until="load")
                assert await page.text_content(".step") == f"Step 0 of {replay.last}"
                await page.screenshot(path=str(shots / "replay-step-0.png"), full_page=True)
                for step in range(1, replay.last + 1):
                    await page.click("text=Next ▶")
                    await page.wait_for_load_state("load")
                    assert await page.text_content(".step") == f"Step {step} of {replay.last}"
                    shown = await page.inner_text("main")
                    for line in replay.steps[step].lines:
                        assert line in shown
                    assert await _picture_loaded(page), f"step {step}'s picture"
                    assert await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), \
                        "the page fits a phone's width"
                    assert not any(_card_text(card) in shown for card in hidden)
                    if step == replay.last // 2:
                        await page.screenshot(path=str(shots / "replay-middle.png"), full_page=True)
                text = await page.inner_text("main")
                assert f"Outcome: {replay.summary}" in text and SCRIPT_NAME in text, "the name shows as typed"
                assert await page.evaluate("document.scripts.length") == 0
                assert await page.get_attribute("img", "src") == f"/s/{key}/tables/{live.id}/hands/2/{replay.last}.png"
                await page.screenshot(path=str(shots / "replay-last.png"), full_page=True)
                await page.click("text=⏮ First")
                assert await page.text_content(".step") == f"Step 0 of {replay.last}"
            finally:
                await browser.close()
    finally:
        await client.close()
    assert errors == [], "the page logged nothing (no blocked script or style)"


async def _picture_loaded(page: Any) -> bool:
    return bool(await page.evaluate("(() => { const i = document.querySelector('main img');"
                                    " return i.complete && i.naturalWidth > 0; })()"))


def _card_text(card: str) -> str:
    """A card as the log lines write it: 'K♦'."""
    return card[0] + {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}[card[1]]
