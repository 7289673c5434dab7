"""Real short-deck hands, played by people elsewhere and published (``tests/data/short-deck``, with
their source), replayed through the short-deck engine move by move: the same forced bets, the same
cards, the same moves, and every stack to the chip as pokerkit's replay of the file and the published
result have them."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from pokerkit import HandHistory

import bot.games.short_deck as short_deck
from bot.games.base import Action, Seat
from bot.games.short_deck import ShortDeckEngine
from bot.games.short_deck_hands import SHORT_DECK

DATA = Path(__file__).parents[1] / "data" / "short-deck"
HANDS = sorted(DATA.glob("*.phh"))


def _cards(text: str) -> list[str]:
    return [text[i:i + 2] for i in range(0, len(text), 2)]


def replay(path: Path, monkeypatch: pytest.MonkeyPatch) -> ShortDeckEngine:
    """The hand through the engine: PHH's p1 (left of the button) is seat 0, the button the last seat;
    the deck is stacked so the engine deals the file's cards (burns from the cards nobody saw)."""
    hand = tomllib.loads(path.read_text(encoding="utf-8"))
    assert hand["variant"] == "NS"
    count = len(hand["starting_stacks"])
    ante, = set(hand["antes"])
    *others, button_blind = hand["blinds_or_straddles"]
    assert not any(others), "antes with a button blind"
    holes: dict[int, list[str]] = {}
    streets: list[list[str]] = []
    moves: list[tuple[int, str, int | None]] = []
    for line in hand["actions"]:
        who, verb, *rest = line.split()
        if verb == "dh":
            holes[int(rest[0][1:]) - 1] = _cards(rest[1])
        elif verb == "db":
            streets.append(_cards(rest[0]))
        elif verb != "sm":  # the engine shows the hands itself
            moves.append((int(who[1:]) - 1, verb, int(rest[0]) if rest else None))
    seen = {card for cards in [*holes.values(), *streets] for card in cards}
    unseen = [card for card in SHORT_DECK if card not in seen]
    deck = [holes[player][k] for k in range(2) for player in range(count)]
    for street in streets:
        deck += [unseen.pop(), *street]
    monkeypatch.setattr(short_deck, "shuffled_short_deck", lambda seed: deck + unseen)
    seats = [Seat(name, stack) for name, stack in zip(hand["players"], hand["starting_stacks"])]
    engine = ShortDeckEngine({"ante": ante, "big_blind": button_blind}, seats, "0" * 64, {"dealer": count - 1})
    for seat, verb, amount in moves:
        assert engine.to_act() == (seat,), (verb, seat)
        kinds = {spec.kind for spec in engine.legal_actions(seat)}
        kind = {"f": "fold", "cbr": "raise", "cc": "call" if "call" in kinds else "check"}[verb]
        engine.apply(seat, Action(kind, amount=amount))
    return engine


@pytest.mark.parametrize("path", HANDS, ids=lambda p: p.stem)
def test_a_published_hand_replays_to_the_chip(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = replay(path, monkeypatch)
    assert engine.finished
    history = HandHistory.loads(path.read_text(encoding="utf-8"))
    expected = list(list(history)[-1].stacks)
    assert [engine.state.stacks[engine._player_of(seat)] for seat in range(len(engine.seats))] == expected
    if history.finishing_stacks:  # where the file gives them, the published result too
        assert expected == list(history.finishing_stacks)


def test_the_triton_london_2019_hand_pays_the_straight_over_the_set(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tan Xuan's queens made a straight, king high, on 9h 6c Kc Jh Ts and beat Paul Phua's set of kings
    for his whole stack, as the broadcast shows."""
    engine = replay(DATA / "phua-xuan-2019.phh", monkeypatch)
    view = engine.view(None)
    by_name = {seat["name"]: seat for seat in view["seats"]}
    assert by_name["Tan Xuan"]["hand_name"] == "Straight, King high"
    assert by_name["Paul Phua"]["hand_name"] == "Three of a kind, Kings"
    assert [seat["stack"] for seat in view["seats"]] == [489000, 226000, 684000, 400000, 0, 198000]
    assert view["winners"] == ["Tan Xuan wins 623000 with Straight, King high"]
    assert "Paul Phua posts the button blind of 3000" not in engine.log, "Koon held the button"
    assert "Jason Koon posts the button blind of 3000" in engine.log
