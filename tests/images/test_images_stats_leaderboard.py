"""The statistics card (a game's and the overview) and the leaderboard, laid out for Discord's 400 x 300
box: 800 wide and at most 600 high with every string 11 px or more as shown, a full page of ten ranks
and the member's own line on one picture, a long title that drops its leading word rather than its
period, gin's longest label whole, and an overview with more games than fit ending on "and N more"."""
from __future__ import annotations

import statistics
from typing import Any

from bot.registry import game, game_names
from images.leaderboard import render_leaderboard
from images.sheet import MAX_H, WIDTH
from images.stats_card import render_stats_card
from tests.support.image_samples import CARDS
from tests.support.text_recorder import SMALL_PX, Picture, recording, render_picture


def _picture(renderer: Any, view: dict[str, Any]) -> Picture:
    with recording() as recorder:
        return render_picture(recorder, renderer, view)


def _readable(picture: Picture) -> None:
    assert (picture.width, picture.height) <= (WIDTH, MAX_H) and picture.width == WIDTH
    assert min(picture.shown()) >= SMALL_PX, sorted((s.em, s.text) for s in picture.strings)[:3]
    assert statistics.median(picture.shown()) >= 13, "most strings at 26 px or more"


def _line(rank: int, name: str, own: bool = False) -> dict[str, Any]:
    return {"rank": rank, "name": name, "rating": "unrated" if rank % 4 == 0 else f"{2400 - 10 * rank:,}",
            "chips": f"{(-1) ** rank * 12345 // rank:+d}", "deals": str(1000 + rank), "own": own}


def test_a_full_page_and_the_members_own_line_fit_the_box() -> None:
    view = {"title": "Leaderboard · Presidential Poker · last 30 days", "page": "Page 12 of 40",
            "lines": [_line(rank, f"Member with a rather long name {rank}") for rank in range(111, 121)],
            "own": _line(1234, "Alice", own=True)}
    picture = _picture(render_leaderboard, view)
    _readable(picture)
    texts = [s.text for s in picture.strings]
    assert all(str(rank) in texts for rank in [*range(111, 121), 1234]), "every rank on the page, and the member's"
    assert "Presidential Poker · last 30 days" in texts and "Page 12 of 40" in texts, \
        "the title drops its leading 'Leaderboard' (the message names it), not the game or period"
    assert any(text.startswith("Member with") and text.endswith("…") for text in texts), "a long name cut short"


def test_an_empty_period_says_so() -> None:
    picture = _picture(render_leaderboard, {"title": "Leaderboard · every game · last 7 days", "page": "Page 1 of 1",
                                            "lines": [], "own": None})
    _readable(picture)
    assert "Nobody has played in this period yet." in [s.text for s in picture.strings]


def test_the_sample_cards_read_in_the_box() -> None:
    for name in ("stats-card", "stats-overview", "leaderboard"):
        renderer, view = CARDS[name]
        picture = _picture(renderer, view)
        _readable(picture)
        assert statistics.median(picture.shown()) >= 14, name


def test_gins_longest_label_is_drawn_whole_on_one_column() -> None:
    figures = [["Deals", "31"], ["Deals won", "54.8%"], ["Gin", "12.9%"], ["Undercuts made", "6.5%"],
               ["Knocks", "11"], ["Knocks undercut", "9.1%"], ["Deadwood when knocking", "14.25"],
               ["Matches won", "12 of 30"], ["Rating", "2,050"]]
    picture = _picture(render_stats_card, {"player": "Bob", "game": "Gin rummy", "figures": figures, "chips": []})
    _readable(picture)
    texts = [s.text for s in picture.strings]
    assert all(label in texts and value in texts for label, value in figures)


def test_the_overview_holds_every_game_and_counts_what_does_not_fit() -> None:
    columns = ["Game", "Hands", "Net chips", "Matches won", "Rating"]
    rows = [[game(name).title, "250", "+4200", "3 of 5", "unrated"] for name in game_names()]
    picture = _picture(render_stats_card, {"player": "Françoise", "game": "Every game", "columns": columns,
                                           "rows": rows})
    _readable(picture)
    texts = [s.text for s in picture.strings]
    shown = [row[0] for row in rows if row[0] in texts]
    assert shown == [row[0] for row in rows[:len(shown)]] and len(shown) >= 10, "the first games' titles whole, in order"
    if len(shown) < len(rows):  # more games than fit: the rest are counted
        assert [t for t in texts if t.startswith("and ")] == [f"and {len(rows) - len(shown)} more (in the message)"]
    many = _picture(render_stats_card, {"player": "Françoise", "game": "Every game", "columns": columns,
                                        "rows": rows * 2})
    _readable(many)
    more = [s.text for s in many.strings if s.text.startswith("and ")]
    drawn = sum(s.text in {row[0] for row in rows} for s in many.strings)
    assert more == [f"and {2 * len(rows) - drawn} more (in the message)"]
