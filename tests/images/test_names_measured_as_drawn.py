"""A line holding a name with emoji is measured as it is drawn (``images.cards.text_width``: each emoji
its sprite's width), so what is placed after it, or kept clear of it, is placed by its true width: the
poker prompt, Saint Poker's status line, Presidential's facts line and a sheet's header title."""
from __future__ import annotations

from typing import Any

import pytest

import images.poker as poker
import images.presidential as presidential
import images.saint as saint
from images.cards import fit_text, font, text_width
from images.sheet import HEADER_PX, SEPARATOR, WIDTH, header_title
from tests.images.test_images import seat, table
from tests.images.test_images_presidential import new_deal
from tests.images.test_images_saint import new_game, play_until

PARTY = "Bob 🎉🎉🎉🎉🎉🎉"
Drawn = list[tuple[tuple[float, float], str, Any, dict[str, Any]]]


def _recording(monkeypatch: pytest.MonkeyPatch, module: Any) -> Drawn:
    """Every ``draw_text`` call of ``module``: where, what, in which face."""
    drawn: Drawn = []
    original = module.draw_text

    def record(draw: Any, xy: tuple[float, float], text: str, face: Any, fill: Any, **kw: Any) -> None:
        drawn.append((xy, text, face, kw))
        original(draw, xy, text, face, fill, **kw)
    monkeypatch.setattr(module, "draw_text", record)
    return drawn


def test_the_emoji_name_is_wider_as_drawn_than_plain() -> None:
    face = font(26, "bold")
    assert text_width(PARTY, face) > face.getlength(PARTY) + 20, "else these tests would prove nothing"


def test_the_poker_prompt_with_an_emoji_name_is_kept_clear_at_its_drawn_width(monkeypatch: pytest.MonkeyPatch) -> None:
    kept: list[tuple[int, int, int, int]] = []
    place = poker.place_bet
    monkeypatch.setattr(poker, "place_bet", lambda at, w, s, avoid: kept.extend(avoid[0][:1]) or place(at, w, s, avoid))
    drawn = _recording(monkeypatch, poker)
    poker.render_table(table([seat("Al", bet=60), seat(PARTY, bet=20, to_act=True)], street="flop"))
    (prompt_xy, prompt, face, _), = [d for d in drawn if d[1].endswith(" to act")]
    assert kept, "the bet was placed with the prompt's box to keep clear of"
    left, _, right, _ = kept[0]
    half = text_width(prompt, face) / 2
    assert left <= prompt_xy[0] - half and prompt_xy[0] + half <= right, (kept[0], prompt, half)


def test_saints_waiting_line_starts_after_an_emoji_name_as_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = play_until(new_game(3, names=[PARTY, "Ann", "Cy"]), lambda v: v["phase"] == "pickup"
                        and v["to_act"] == [0] and len(v["pickup_queue"]) > 1)
    drawn = _recording(monkeypatch, saint)
    saint.render_table(engine.view(None))
    (now_xy, now, face, _), = [d for d in drawn if "picks up a card" in d[1]]
    (then_xy, *_), = [d for d in drawn if d[1].startswith("Then ")]
    assert now_xy[0] + text_width(now, face) < then_xy[0], (now, now_xy, then_xy)


def test_presidentials_facts_line_fits_after_an_emoji_opener(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = new_deal(3, names=[PARTY * 3, "Ann", "Cy"])
    drawn = _recording(monkeypatch, presidential)
    presidential.render_table(engine.view(None))
    for (x, _), text, face, kw in drawn:
        if kw.get("anchor", "la") == "la":
            assert x + text_width(text, face) <= presidential.WIDTH, (text, x)


@pytest.mark.parametrize("emoji", range(1, 16))
def test_a_sheet_title_with_an_emoji_name_fits_beside_its_right_text(emoji: int) -> None:
    right = "All time"
    shown, size = header_title(SEPARATOR.join(["Stats", "Bob " + "🎉" * emoji, "Omaha"]), right)
    face = font(size, "bold")
    room = WIDTH - text_width(fit_text(right, face, WIDTH / 2), face) - 3 * size
    assert size in (HEADER_PX, HEADER_PX - 4)
    if shown.count(SEPARATOR) == 2:  # a title kept whole claims to fit
        assert text_width(shown, face) <= room, (shown, size)
