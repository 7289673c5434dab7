"""Razz and stud hi-lo hands played at the 2023 World Series of Poker final tables (the $50,000 Poker
Players Championship and the $10,000 H.O.R.S.E.), replayed through the room's engines: the same
cards dealt, the same moves pressed, and every player's chips after the hand equal to the published
finishing stacks, to the chip (split pots and their odd chips included). The hands are in
``tests/data/stud_games`` (source and licence in its README)."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import bot.games.draw as plumbing
from bot.games.base import Action, Seat
from bot.games.cards import DECK
from bot.games.razz import RazzEngine
from bot.games.stud import StudEngine
from bot.games.stud_hilo import StudHiLoEngine

HANDS = sorted((Path(__file__).parent.parent / "data" / "stud_games").glob("*.phh"))
ENGINES: dict[str, type[StudEngine]] = {"FR": RazzEngine, "F7S/8": StudHiLoEngine}


def _cards(text: str) -> list[str]:
    return [text[i:i + 2] for i in range(0, len(text), 2)]


def dealt_deck(actions: list[str], players: int) -> list[str]:
    """The deck in the order the engine draws it: third street's three cards a player one at a time
    round the table, then before each later street a burn card (one nobody held) and that street's
    cards in the order the hand dealt them. A card the broadcast did not show ("??", a downcard
    mucked or folded) is one nobody held."""
    streets: list[list[tuple[int, list[str]]]] = []
    dealing = False
    for action in actions:
        words = action.split()
        if words[:2] == ["d", "dh"]:
            if not dealing:  # the first card dealt after a move begins a street
                streets.append([])
            streets[-1].append((int(words[2][1:]) - 1, _cards(words[3])))
        dealing = words[:2] == ["d", "dh"]
    held = {card for street in streets for _, cards in street for card in cards}
    spare = [card for card in DECK if card not in held]
    streets = [[(player, [spare.pop() if card == "??" else card for card in cards]) for player, cards in street]
               for street in streets]
    third = dict(streets[0])
    deck = [third[player][k] for k in range(3) for player in range(players)]
    for street in streets[1:]:
        deck.append(spare.pop())
        deck += [card for _, cards in street for card in cards]
    return deck + spare


def _move(engine: StudEngine, seat: int, word: str, amount: str | None) -> Action:
    kinds = {spec.kind for spec in engine.legal_actions(seat)}
    if word == "pb":
        return Action("bring_in")
    if word == "f":
        return Action("fold")
    if word == "cc":
        return Action("call") if "call" in kinds else Action("check")
    assert word == "cbr" and amount is not None
    return Action("raise", amount=int(amount))


@pytest.mark.parametrize("path", HANDS, ids=[p.stem for p in HANDS])
def test_a_published_hand_replays_to_the_chip(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    hand = tomllib.loads(path.read_text())
    stacks = hand["starting_stacks"]
    n = len(stacks)
    monkeypatch.setattr(plumbing, "shuffled_deck", lambda seed: dealt_deck(hand["actions"], n))
    settings = {"ante": hand["antes"][0], "bring_in": hand["bring_in"], "small_bet": hand["small_bet"],
                "big_bet": hand["big_bet"]}
    # pokerkit's player 1 sits left of the dealer position: the last seat is the dealer's
    engine = ENGINES[hand["variant"]](settings, [Seat(f"p{i + 1}", stack) for i, stack in enumerate(stacks)],
                                      "0" * 64, {"dealer": n - 1})
    for action in hand["actions"]:
        words = action.split()
        if words[0] == "d" or words[1] == "sm":  # the engine deals, and shows the hands at showdown itself
            continue
        seat = int(words[0][1:]) - 1
        assert engine.to_act() == (seat,), f"{action}: the engine asks seat {engine.to_act()} to act"
        engine.apply(seat, _move(engine, seat, words[1], words[2] if len(words) > 2 else None))
    outcome = engine.outcome
    assert outcome is not None, "the hand is over after its last published move"
    assert [s.stack + d for s, d in zip(engine.seats, outcome.deltas)] == hand["finishing_stacks"]
