"""The gin rummy renderer: tables, private hands and score sheets decode at the right size, a visible
hand shows faces grouped into melds (green) and deadwood (red), layoffs and the card just taken are
framed, names stay in their plate, and only ``GinView`` keys are ever read."""
from __future__ import annotations

import io
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.games.base import Action, Seat
from bot.games.gin import (
    GinEngine,
    GinGameView,
    GinLayoffView,
    GinLineView,
    GinPlayerView,
    GinScoreView,
    GinShowdownView,
    GinView,
    layoff_action,
)
from images.gin import (
    CARDS_LEFT,
    DEADWOOD,
    HAND_SIZE,
    MARK,
    MELD,
    PLATE_BOX,
    ROW_CARD_W,
    SCORE_ROW_H,
    SCORE_ROWS,
    SCORE_TOP,
    SCORE_WIDTH,
    TABLE_SIZE,
    _score_rows,
    render_hand,
    render_scores,
    render_table,
)
from images.theme import HEADER_H

MELDS = [["3c", "4c", "5c"], ["7h", "8h", "9h", "Th"], ["Kd", "Kh", "Ks"]]
HAND = ["3c", "4c", "5c", "Kd", "7h", "8h", "9h", "Th", "Kh", "2s", "Ks"]
TOP_ROW = (0, HEADER_H, TABLE_SIZE[0], HEADER_H + 14 + round(ROW_CARD_W * 1.4) + 30)


class StrictView(Mapping[str, Any]):
    """A read-only view that fails the test when the renderer asks for a key its TypedDict lacks."""

    def __init__(self, data: Mapping[str, Any], typed: type) -> None:
        allowed = set(typed.__annotations__)
        assert set(data) == allowed, f"test view has keys {set(data) ^ allowed} outside {typed.__name__}"
        self._data, self._allowed = dict(data), allowed

    def __getitem__(self, key: str) -> Any:
        assert key in self._allowed, f"the renderer read {key!r}, which the view does not define"
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)


def player(name: str, *, visible: bool = False, melds: list[list[str]] = MELDS, **changes: Any) -> StrictView:
    melded = {card for meld in melds for card in meld}
    deadwood = [card for card in HAND if card not in melded]
    data: dict[str, Any] = {
        "name": name, "is_bot": False, "is_dealer": False, "to_act": False,
        "cards": list(HAND) if visible else ["??"] * len(HAND),
        "melds": [list(m) for m in melds] if visible else [], "deadwood": deadwood if visible else [],
        "deadwood_points": sum(min(10, "A23456789TJQK".index(c[0]) + 1) for c in deadwood) if visible else None,
        "picked": ["Kd"], "discarded": [], "declined": [], "points": 0, "hands_won": 0, "games_won": 0,
    }
    data.update(changes)
    return StrictView(data, GinPlayerView)


def score(lines: int = 0, games: int = 0, **changes: Any) -> StrictView:
    data: dict[str, Any] = {
        "target": 100, "match": "best-of-five", "game_no": games + 1, "points": [25, 0], "hands_won": [1, 0],
        "games_won": [games, 0],
        "lines": [StrictView({"hand": n + 1, "winner": n % 2 if n % 3 else None, "kind": "knock", "points": 9},
                             GinLineView) for n in range(lines)],
        "games": [StrictView({"winner": 0, "points": [104, 0], "shutout": True, "hand_points": [208, 0],
                              "game_bonus": 200, "line_bonus": [75, 0], "totals": [483, 0], "margin": 483},
                             GinGameView) for _ in range(games)],
    }
    data.update(changes)
    return StrictView(data, GinScoreView)


def table(players: list[StrictView], **changes: Any) -> StrictView:
    data: dict[str, Any] = {
        "game": "gin", "viewer": None, "phase": "discard", "to_act": [0], "dealer": 1, "players": players,
        "stock_count": 20, "discard_pile": ["Qs", "4d"], "discard_top": "4d", "taken_from_discard": None,
        "knock_limit": 10, "big_gin": True, "misdeals": 0, "showdown": None, "result": None, "score": score(),
    }
    data.update(changes)
    return StrictView(data, GinView)


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def colours(image: Image.Image, box: tuple[int, int, int, int] | None = None) -> set[tuple[int, int, int]]:
    crop = image.crop(box) if box else image
    return {colour for _, colour in crop.getcolors(1 << 20)}


def diff_box(a: bytes, b: bytes) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(decode(a), decode(b)).getbbox()


def test_public_and_seat_tables_decode_at_the_table_size() -> None:
    hidden = table([player("Alice", to_act=True), player("Bob", is_dealer=True)])
    own = table([player("Alice", visible=True, to_act=True), player("Bob", is_dealer=True)], viewer=0)
    for view in (hidden, own):
        assert decode(render_table(view, footer="Deck SHA-256 3f2a…c9")).size == TABLE_SIZE


def test_the_viewers_hand_turns_face_up_at_the_bottom() -> None:
    hidden = render_table(table([player("Alice"), player("Bob")]))
    shown = render_table(table([player("Alice", visible=True), player("Bob")], viewer=0))
    box = diff_box(hidden, shown)
    assert box is not None and box[1] > TABLE_SIZE[1] // 2, "only the bottom player's row changes"
    cards = (CARDS_LEFT, box[1], box[2], box[1] + round(ROW_CARD_W * 1.4))
    brightness = [ImageStat.Stat(decode(png).crop(cards).convert("L")).mean[0] for png in (hidden, shown)]
    assert brightness[1] > brightness[0] + 40, "faces are mostly white, backs mostly blue"


def test_melds_get_green_bars_and_deadwood_red() -> None:
    melded = decode(render_table(table([player("Alice", visible=True), player("Bob")], viewer=0)))
    loose = decode(render_table(table([player("Alice", visible=True, melds=[]), player("Bob")], viewer=0)))
    bottom = (CARDS_LEFT, TABLE_SIZE[1] // 2, TABLE_SIZE[0], TABLE_SIZE[1])
    assert {MELD, DEADWOOD} <= colours(melded, bottom)
    assert MELD not in colours(loose, bottom) and DEADWOOD in colours(loose, bottom)


def test_layoffs_are_framed_on_the_knockers_melds() -> None:
    def view(layoffs: list[str]) -> StrictView:
        showdown = StrictView({"kind": "knock", "knocker": 1, "discard": "Qs",
                               "table": [MELDS[0] + ["6c"], MELDS[1], MELDS[2]],
                               "layoffs": [StrictView({"card": c, "meld": 0}, GinLayoffView) for c in layoffs]},
                              GinShowdownView)
        return table([player("Alice", visible=True), player("Bob", visible=True)], phase="over", to_act=[],
                     showdown=showdown, result="Bob knocks with 2; Alice has 2: undercut, Alice scores 25.")
    box = diff_box(render_table(view([])), render_table(view(["6c"])))
    assert box is not None and box[3] <= TOP_ROW[3], "the frame is on the knocker's (top) row"
    assert MARK in colours(decode(render_table(view(["6c"]))), box)


def test_long_and_unicode_names_stay_in_their_plate() -> None:
    base = render_table(table([player("Al", to_act=True), player("Bob")]))
    right_of_plate = (PLATE_BOX[0] + PLATE_BOX[1] + 1, TOP_ROW[1], TABLE_SIZE[0], TOP_ROW[3])
    for name in ("W" * 300, "李小龍 🐉", "محمد علي", "Zoë\n\x07" * 30):
        odd = render_table(table([player("Al", to_act=True), player(name)]))
        changed = ImageChops.difference(decode(base), decode(odd)).crop(right_of_plate).getbbox()
        assert changed is None, f"{name!r} spilled out of its plate"


def test_the_private_hand_frames_the_card_just_taken() -> None:
    plain = table([player("Alice", visible=True, to_act=True), player("Bob")], viewer=0)
    taken = table([player("Alice", visible=True, to_act=True), player("Bob")], viewer=0, taken_from_discard="Kd")
    assert decode(render_hand(plain)).size == HAND_SIZE
    box = diff_box(render_hand(plain), render_hand(taken))
    assert box is not None and MARK in colours(decode(render_hand(taken)), box)


def test_the_private_hand_refuses_the_public_view() -> None:
    with pytest.raises(ValueError, match="public view"):
        render_hand(table([player("Alice"), player("Bob")]))


@pytest.mark.parametrize("lines, games, rows", [
    (0, 0, 3),    # rule, points, hands won
    (4, 0, 7),    # and each hand
    (1, 1, 9),    # a hand, the totals, a rule, the newest game and its three bonus rows
    (3, 2, 9),    # three hands, the totals, a rule and both games without their bonuses
    (40, 1, 11),  # the first 35 hands summed in one row, the last 5, the totals; the game without bonuses
])
def test_the_score_sheet_grows_with_its_rows_and_stays_in_discords_box(lines: int, games: int, rows: int) -> None:
    view = table([player("Alice"), player("Bob")], score=score(lines, games))
    size = decode(render_scores(view)).size
    assert size == (SCORE_WIDTH, SCORE_TOP + SCORE_ROW_H * rows + SCORE_ROW_H // 2)
    assert rows <= SCORE_ROWS and size[1] <= 600, "at 800 x 600 or less Discord shows it at half size or more"


def test_a_long_game_sums_its_earlier_hands_in_one_row() -> None:
    sheet = _score_rows(score(40, 1), ["Alice", "Bob"])
    won = [sum(9 for n in range(35) if n % 3 and n % 2 == seat) for seat in (0, 1)]
    assert sheet[0] == ("Hands 1–35", f"+{won[0]}", f"+{won[1]}", "line")
    assert [row[0] for row in sheet[1:6]] == [f"Hand {n} · knock" for n in range(36, 41)]
    assert sheet[-1] == ("Game 1 · Alice (shutout)", "483", "0", "game")


def _random_action(engine: GinEngine, seat: int, rng: random.Random) -> Action:
    spec = rng.choice(engine.legal_actions(seat))
    if spec.kind == "layoff":
        return layoff_action(rng.choice(spec.choices))
    return Action(spec.kind, cards=(rng.choice(spec.choices),)) if spec.choices else Action(spec.kind)


@pytest.mark.parametrize("seed", range(3))
def test_every_phase_of_real_hands_renders(seed: int) -> None:
    """Random legal play through two hands of the real engine; the views of each phase it passes
    through (public and the seat to act) render."""
    rng = random.Random(seed)
    carry: Mapping[str, Any] = {}
    for hand in range(2):
        engine = GinEngine({"match": "best-of-five"}, [Seat("Alice"), Seat("Bob")], f"{seed}{hand}".rjust(64, "a"),
                           carry)
        seen: set[str] = set()
        while engine.outcome is None:
            seat = engine.to_act()[0]
            if engine.phase not in seen:
                seen.add(engine.phase)
                assert decode(render_table(engine.view(None))).size == TABLE_SIZE
                assert decode(render_hand(engine.view(seat))).size == HAND_SIZE
            engine.apply(seat, _random_action(engine, seat, rng))
        assert decode(render_table(engine.view(0))).size == TABLE_SIZE
        assert decode(render_scores(engine.view(None))).size[0] == SCORE_WIDTH
        carry = engine.outcome.carry
