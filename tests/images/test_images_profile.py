"""The profile card in Discord's 400 x 300 box: 800 wide, at most 600 high, every string 11 px or more
as shown, with every list at its longest (the games and seasons past three, and the achievements past
two rows of badges, say how many more); an empty profile says so."""
from __future__ import annotations

from typing import Any

from bot.service.seasons.achievements import ACHIEVEMENTS
from images.profile_card import render_profile_card
from images.sheet import MAX_H, WIDTH
from tests.support.text_recorder import SMALL_PX, Picture, recording, render_picture


def _picture(view: dict[str, Any]) -> Picture:
    with recording() as recorder:
        return render_picture(recorder, render_profile_card, view)


FIGURES = [("Hands", "12,345"), ("Games", "9"), ("Matches won", "123"), ("Best rating", "1,950")]


def test_the_longest_profile_fits_the_box_and_counts_what_is_left_out() -> None:
    view = {"player": "Françoise de la Montagne", "title": "Profile", "figures": FIGURES,
            "games": [[f"Game {k}", f"{1000 * k:,}", "1,200"] for k in range(1, 10)],
            "seasons": [[f"Season {k}", f"{k} of 40", "123.45"] for k in range(1, 6)],
            "achievements": list(ACHIEVEMENTS.values())}
    picture = _picture(view)
    assert picture.width == WIDTH and picture.height <= MAX_H
    assert min(picture.shown()) >= SMALL_PX
    texts = [s.text for s in picture.strings]
    assert "and 7 more" in texts and "and 3 more" in texts
    assert any(t.startswith("+") and t.endswith(" more") for t in texts), texts
    assert "First win" in texts and "Game 1" in texts and "1 of 40" in texts


def test_an_empty_profile_says_so() -> None:
    texts = [s.text for s in _picture({"player": "Bob", "title": "Profile", "figures": FIGURES, "games": [],
                                       "seasons": [], "achievements": []}).strings]
    assert {"No game played yet", "No season result yet", "None yet"} <= set(texts)
    assert "Hands" in texts and "Rating" not in texts, "no column headings over an empty list"
