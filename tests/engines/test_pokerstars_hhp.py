"""Our no-limit hold'em hands read by a second independent reader, npm's hhp run under Node.js
(``tests/support/hhp_reader.py``; it knows real-money headers only, so each hand is given to it with
its first two lines a real-money table's): every line of each of our hands must read back as we
wrote it: the seats and stacks, the forced bets, every action street by street, each hand shown and
named, what each player collected, and the pot (hhp reads "Total pot" with one side pot at most, and
no "collected ... from side pot-1": those are left to the grammar reader's sums,
``tests/engines/test_pokerstars_readers.py``)."""
from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from bot.games.phh import RoomHandHistory
from bot.games.pokerstars import HandInfo, convert
from tests.engines.test_pokerstars_readers import played
from tests.support.hhp_reader import as_real_money, install, parse

HANDS = 60
_MOVE = re.compile(r"^(.+?): (folds|checks|calls|bets|raises)")
_COLLECTED = re.compile(r"^(.+) collected (\d+) from (pot|main pot|side pot(-\d+)?)$", re.M)
_KINDS = {"folds": "fold", "checks": "check", "calls": "call", "bets": "bet", "raises": "raise"}
_SHOWS = re.compile(r"^(.+?): shows \[(\S\S) (\S\S)\] \((.+)\)$", re.M)


@pytest.fixture(scope="module")
def hhp() -> Path:
    return install()


def _ours(rng: random.Random) -> tuple[str, RoomHandHistory]:
    engine = played("holdem", rng, "no-limit")
    phh = engine.phh()
    history = RoomHandHistory.loads(phh)
    players = len(history.starting_stacks)
    text = convert(phh, HandInfo(rng.randrange(10 ** 9), "Cardroom 7", 9, 1.8e9, seats=list(range(1, players + 1)),
                                 hero=rng.randrange(players), blinds=(engine.small_blind, engine.big_blind)))
    return text, history


def test_hhp_reads_every_no_limit_holdem_hand_we_write(hhp: Path) -> None:
    rng = random.Random("hhp")
    ours = [_ours(rng) for _ in range(HANDS)]
    results = parse(hhp, [as_real_money(text) for text, _ in ours])
    side_pots = 0
    for (text, history), result in zip(ours, results):
        assert "hand" in result, (result, text)
        hand: dict[str, Any] = result["hand"]
        assert [(s["player"], s["chips"]) for s in hand["seats"]] == \
            [(m[1], int(m[2])) for m in re.finditer(r"^Seat \d+: (.+) \((\d+) in chips\)$", text, re.M)]
        assert sum(post["amount"] for post in hand["posts"]) == sum(
            int(m[1]) for m in re.finditer(r"^.+: posts .+? (\d+)(?: and is all-in)?$", text, re.M))
        for street, marker in (("preflop", "*** HOLE CARDS ***"), ("flop", "*** FLOP ***"), ("turn", "*** TURN ***"),
                               ("river", "*** RIVER ***")):
            read = [(a["player"], a["type"]) for a in hand[street] if a["type"] in _KINDS.values()]
            written = [(m[1], _KINDS[m[2]]) for m in map(_MOVE.match, _section(text, marker)) if m]
            assert read == written, (street, text)
        shown = [(a["player"], a["card1"] + " " + a["card2"], a["desc"]) for a in hand["showdown"] if a["type"] == "show"]
        assert shown == [(m[1], f"{m[2]} {m[3]}", m[4]) for m in _SHOWS.finditer(text.split("*** SUMMARY ***")[0])]
        collected = [(a["player"], a["amount"]) for a in hand["showdown"] + hand["preflop"] + hand["flop"] + hand["turn"]
                     + hand["river"] if a["type"] == "collect"]
        written_collected = [(m[1], int(m[2])) for m in _COLLECTED.finditer(text) if not m[4]]
        assert sorted(collected) == sorted(written_collected), text
        several = any(m[4] for m in _COLLECTED.finditer(text))
        side_pots += several
        pots = [line["amount"] for line in hand["summary"] if line["type"] == "pot"]
        assert pots == ([] if several else [int(re.search(r"^Total pot (\d+)", text, re.M)[1])]), text
        # hhp reads one role before "showed": heads-up, "P0 (button) (small blind)" (as real files write the
        # button's small blind) leaves "(button)" in its name
        won = {line["player"].removesuffix(" (button)"): line["amount"] for line in hand["summary"] if line.get("won") or line["type"] == "collected"}
        assert won == {m[1]: int(m[2]) for m in re.finditer(r"^Seat \d+: (.+?)(?: \([a-z ]+\))* (?:showed \[.+\] and won"
                                                             r"|collected) \((\d+)\)", text, re.M)}, text
    assert side_pots, "some hands had side pots hhp knows no name for (side pot-1...): it read the rest of them"


def _section(text: str, marker: str) -> list[str]:
    if marker not in text:
        return []
    body = text.split(marker, 1)[1].split("\n", 1)[1]
    return re.split(r"\n\*\*\* ", body, maxsplit=1)[0].splitlines()
