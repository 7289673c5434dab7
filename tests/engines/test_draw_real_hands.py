"""Real draw-game hands, played by people elsewhere and published, replayed through the room's engines
to the chip: 2-7 triple draw and no-limit 2-7 single draw from the 2023 WSOP $50,000 Poker Players
Championship and the 2019 one, and badugi's worked example (``tests/data/draw_games/README.md``)."""
from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.badugi import BadugiEngine
from bot.games.draw import DrawHand
from bot.games.lowball import SingleDrawEngine, TripleDrawEngine
from bot.games.phh import RoomHandHistory
from tests.support.draw_replay import play, read

DATA = Path(__file__).resolve().parent.parent / "data" / "draw_games"
ENGINES: dict[str, type[DrawHand]] = {"F2L3D": TripleDrawEngine, "N2L1D": SingleDrawEngine, "FB": BadugiEngine}
HANDS = sorted(DATA.glob("*.phh"))


def test_the_bundled_hands_cover_every_draw_game() -> None:
    variants = {RoomHandHistory.loads(path.read_text(encoding="utf-8")).variant for path in HANDS}
    assert variants == set(ENGINES)
    assert len(HANDS) >= 15


@pytest.mark.parametrize("path", HANDS, ids=lambda p: p.stem)
def test_a_published_hand_ends_with_the_published_stacks(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    replay = read(path)
    engine = play(replay, ENGINES[replay.history.variant], monkeypatch)
    outcome = engine.outcome
    assert outcome is not None
    finishing = [seat.stack + delta for seat, delta in zip(engine.seats, outcome.deltas)]
    assert finishing == replay.finishing_stacks


def test_the_bad_beat_is_told_as_players_say_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Yockey's pat number 2 loses to Arieh's number 1, made on the last draw."""
    engine = play(read(DATA / "wsop-2019-58-triple-draw-arieh-yockey.phh"), TripleDrawEngine, monkeypatch)
    assert "p4 wins 2510000 with number 1 (7-5-4-3-2)" in engine.log
    assert any(line.startswith("p1 shows") and "(number 2 (7-6-4-3-2))" in line for line in engine.log)


def test_our_export_of_a_replayed_hand_replays_in_pokerkit_to_the_same_stacks(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("wsop-2023-43-triple-draw-02-29-59.phh", "wsop-2023-43-single-draw-02-01-50.phh",
                 "wikipedia-badugi-example.phh"):
        replay = read(DATA / name)
        engine = play(replay, ENGINES[replay.history.variant], monkeypatch)
        exported = RoomHandHistory.loads(engine.phh())
        assert exported.variant == replay.history.variant
        assert list(exported)[-1].stacks == replay.finishing_stacks
