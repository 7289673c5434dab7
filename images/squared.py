"""Poker Squared images: the match table and a player's private hand, drawn from a ``SquaredView`` only.

The shape read here is ``bot.games.squared.SquaredView``. ``render_table`` shows both 3x3 grids side
by side with the pot and who bets first between them, each player's hand from the last showdown
under their grid, the last log lines and, in the round after a grid scoring, the eight scored lines.
``render_hand`` is the private image: the cards in hand large, both grids small with the free cells
lettered, because a placement is a choice of card and cell.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping, Sequence

from PIL import Image, ImageDraw

from bot.games import three_card
from bot.games.base import HIDDEN
from bot.games.cards import pretty
from bot.games.words import counted
from images.cards import (
    Color,
    canvas_draw,
    card_size,
    chips,
    draw_text,
    fit_text,
    font,
    is_card,
    paste_card,
    paste_row,
    wrap_text,
)
from images.palette import to_png
from images.theme import (
    BACKGROUND,
    FELT,
    FOOTER_H,
    GOLD,
    HEADER_H,
    MUTED,
    PLATE,
    PLATE_EDGE,
    RIM_EDGE,
    STACK,
    TEXT,
    draw_footer,
    draw_header,
    player_name,
    private_viewer,
)

CELLS = "ABCDEFGHI"
WIDTH = 900
BASE_HEIGHT = 580
GRID_SECTION_H = 236  # the scored-lines table added under the table after rounds 9, 18 and 27
HAND_SIZE = (760, 256)

PANEL_W = 300
PANEL_LEFTS = (14, WIDTH - 14 - PANEL_W)
PLATE_TOP = HEADER_H + 12
PLATE_H = 64
PLATE_CARD_W = 26       # the cards in hand, at the right of the plate
GRID_CARD_W = 60
GRID_GAP = 8
GRID_TOP = PLATE_TOP + PLATE_H + 10
SHOWDOWN_TOP = GRID_TOP + 3 * card_size(GRID_CARD_W)[1] + 2 * GRID_GAP + 12
SHOWDOWN_CARD_W = 40
LOG_TOP = SHOWDOWN_TOP + card_size(SHOWDOWN_CARD_W)[1] + 28
LOG_LINES = 3
CENTRE = (PANEL_LEFTS[0] + PANEL_W + 12, PANEL_LEFTS[1] - 12)  # left and right of the middle column

HAND_CARD_W = 92
SMALL_CARD_W = 38
SMALL_GAP = 5

LOG = (214, 230, 220)
PLACED = (140, 220, 150)
LABEL = (120, 124, 132)
SLOT_LABEL = (200, 226, 210)
WIN = (250, 198, 60)
LOSS = (170, 176, 186)
RULE = (44, 124, 80)
PHASES = {"place": "Placing", "bet": "Betting", "over": "Match over"}

View = Mapping[str, Any]


def render_table(view: View, footer: str = "") -> bytes:
    """PNG of the match as ``view`` shows it: seat 0 on the left, seat 1 on the right. The image is
    ``GRID_SECTION_H`` taller while the latest grid scoring is shown (the round after it)."""
    grid_scoring = _recent_grid(view)
    height = table_size(view)[1]
    canvas = _background(height).copy()
    draw = canvas_draw(canvas)
    draw_header(draw, WIDTH, f"Poker Squared · ante {view['ante']}",
                f"Round {view['round']}/{view['rounds']} · {PHASES.get(view['phase'], view['phase'])}")
    for seat in (0, 1):
        _draw_panel(canvas, draw, view, seat)
    _draw_middle(draw, view)
    _draw_log(draw, view["log"][-LOG_LINES:])
    if grid_scoring:
        _draw_grid_scoring(draw, view, grid_scoring, BASE_HEIGHT - FOOTER_H)
    draw_footer(draw, (WIDTH, height), footer)
    return to_png(canvas)


def table_size(view: View) -> tuple[int, int]:
    """(width, height) of the table image for this view: taller while a grid scoring is shown."""
    return WIDTH, BASE_HEIGHT + (GRID_SECTION_H if _recent_grid(view) else 0)


@lru_cache(maxsize=2)
def _background(height: int) -> Image.Image:
    """The felt with its rim between header and footer; drawn once per height (shared: copy it)."""
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    ImageDraw.Draw(image).rounded_rectangle((4, HEADER_H + 4, WIDTH - 5, height - FOOTER_H - 5), 18, fill=FELT,
                                            outline=RIM_EDGE, width=6)
    return image


def _recent_grid(view: View) -> Mapping[str, Any] | None:
    """The grid scoring to show: from the round just played, or the one before the current round."""
    grid = view["last_grid"]
    if grid is None:
        return None
    settled = view["round"] if view["phase"] == "over" else view["round"] - 1
    return grid if grid["round"] == settled else None


def _name(view: View, seat: int) -> str:
    """A player's name short enough to sit inside a sentence."""
    return fit_text(player_name(view["names"][seat], seat), font(15), 150)


def _draw_panel(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View, seat: int) -> None:
    """A player's plate (name, stack, bet, status, hand backs), their grid, their last showdown hand."""
    left = PANEL_LEFTS[seat]
    playing = view["phase"] != "over"
    highlight = playing and seat in view["to_act"]
    plate = (left, PLATE_TOP, left + PANEL_W, PLATE_TOP + PLATE_H)
    draw.rounded_rectangle(plate, 8, fill=PLATE, outline=GOLD if highlight else PLATE_EDGE,
                           width=3 if highlight else 1)
    hand = list(view["hands"][seat])
    hand_room = (PLATE_CARD_W + 4) * len(hand) + 8 if hand and playing else 0
    inner = PANEL_W - 20 - hand_room
    draw.text((left + 10, PLATE_TOP + 7), fit_text(player_name(view["names"][seat], seat), font(16, "bold"), inner),
              font=font(16, "bold"), fill=TEXT)
    stack = f"Stack {chips(view['stacks'][seat])}"
    if view["bets"][seat]:
        stack += f" · bet {chips(view['bets'][seat])}"
    draw.text((left + 10, PLATE_TOP + 28), fit_text(stack, font(14), inner), font=font(14), fill=STACK)
    status, colour = _status(view, seat)
    draw.text((left + 10, PLATE_TOP + 45), fit_text(status, font(13), inner), font=font(13), fill=colour)
    if hand_room:
        x = plate[2] - hand_room + 4
        for code in hand:
            paste_card(canvas, code, (x, PLATE_TOP + 10), PLATE_CARD_W)
            x += PLATE_CARD_W + 4

    grid_left = left + (PANEL_W - _grid_width(GRID_CARD_W, GRID_GAP)) // 2
    _draw_grid(canvas, draw, view["grids"][seat], grid_left, GRID_TOP, GRID_CARD_W, GRID_GAP)
    _draw_showdown_hand(canvas, draw, view, seat, left)


def _status(view: View, seat: int) -> tuple[str, Color]:
    """One short line under the stack: what this player is doing now."""
    if view["phase"] == "over":
        return f"Grid lines won {view['lines_won'][seat]}", MUTED
    if view["phase"] == "place":
        return ("Card placed", PLACED) if view["placed"][seat] else ("Choosing…", GOLD)
    if seat in view["to_act"]:
        return "To act", GOLD
    if view["first_bettor"] == seat:
        return "Bets first this round", MUTED
    return "", MUTED


def _grid_width(card_w: int, gap: int) -> int:
    return 3 * card_w + 2 * gap


def _draw_grid(canvas: Image.Image, draw: ImageDraw.ImageDraw, grid: Sequence[str | None], left: int, top: int,
               card_w: int, gap: int) -> None:
    """The 3x3 grid, cells A..I: a card with its letter in the free top-right corner, or an empty slot
    with its letter large in the middle."""
    card_h = card_size(card_w)[1]
    for index, code in enumerate(grid):
        x = left + (index % 3) * (card_w + gap)
        y = top + (index // 3) * (card_h + gap)
        paste_card(canvas, code or "", (x, y), card_w)
        letter = CELLS[index]
        if code:
            draw.text((x + card_w * 0.82, y + card_h * 0.12), letter, font=font(max(9, card_w // 5), "bold"),
                      fill=LABEL, anchor="mm")
        else:
            draw.text((x + card_w / 2, y + card_h / 2), letter, font=font(round(card_w * 0.45), "bold"),
                      fill=SLOT_LABEL, anchor="mm")


def _draw_showdown_hand(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View, seat: int, left: int) -> None:
    """Under the grid: the three cards this player showed last round, their rank and what they won."""
    showdown = view["last_showdown"]
    if showdown is None:
        return
    won = showdown["won"][seat]
    cards = list(showdown["hands"][seat])
    folded, winner = showdown["folded"], showdown["winner"]
    if folded == seat:
        line, colour, result = "Folded", MUTED, ""
    elif folded is not None:
        line, colour, result = "Won uncontested", GOLD, f"won {chips(won)}"
    else:
        line = showdown["ranks"][seat]
        colour = GOLD if winner == seat else TEXT if winner is None else LOSS
        result = f"won {chips(won)}" if winner == seat else f"split, {chips(won)} back" if winner is None else "lost"
    title = f"Round {showdown['round']} showdown" + (f": {result}" if result else "")
    draw.text((left + 4, SHOWDOWN_TOP), fit_text(title, font(13, "bold"), PANEL_W - 8), font=font(13, "bold"),
              fill=colour if winner == seat else MUTED)
    cards_w = 3 * SHOWDOWN_CARD_W + 2 * 4 if cards else 0
    for n, code in enumerate(cards):
        paste_card(canvas, code, (left + 4 + n * (SHOWDOWN_CARD_W + 4), SHOWDOWN_TOP + 20), SHOWDOWN_CARD_W)
    text_left = left + 4 + cards_w + (12 if cards else 0)
    room = left + PANEL_W - text_left
    lines = wrap_text(line, font(15, "bold"), room, 2)
    middle = SHOWDOWN_TOP + 20 + card_size(SHOWDOWN_CARD_W)[1] / 2 - 10 * (len(lines) - 1)
    for n, text in enumerate(lines):
        draw_text(draw, (text_left, middle + 20 * n), text, font(15, "bold"), colour, anchor="lm")


def _draw_middle(draw: ImageDraw.ImageDraw, view: View) -> None:
    """Between the grids: the pot, what happens now, who bets first and why, the deck and grid lines."""
    left, right = CENTRE
    width = right - left
    x = (left + right) / 2
    y = float(PLATE_TOP + 6)
    if view["phase"] != "over":
        draw_text(draw, (x, y), f"Pot {chips(view['pot'])}", font(26, "bold"), GOLD, anchor="mt")
        y += 40
    for line in wrap_text(_now_text(view), font(17, "bold"), width, 4):
        draw_text(draw, (x, y), line, font(17, "bold"), TEXT if view["phase"] != "over" else GOLD, anchor="mt")
        y += 23
    y += 10
    if view["first_bettor"] is not None and view["phase"] == "bet":
        for line in wrap_text(view["first_reason"], font(14), width, 4):
            draw_text(draw, (x, y), line, font(14), LOG, anchor="mt")
            y += 19
        y += 10
    facts = [f"Deck {counted(view['deck_left'], 'card')} left",
             f"Grid lines {view['lines_won'][0]}–{view['lines_won'][1]}"]
    for fact in facts:
        draw_text(draw, (x, y), fit_text(fact, font(14), width), font(14), MUTED, anchor="mt")
        y += 20


def _now_text(view: View) -> str:
    """What the table waits for, in a few words."""
    if view["phase"] == "over":
        return view["result"] or "The match is over."
    if view["phase"] == "place":
        waiting = [s for s in (0, 1) if not view["placed"][s]]
        if len(waiting) == 2:
            return "Both players place a card on their grid"
        return f"Waiting for {_name(view, waiting[0])} to place a card"
    if view["to_act"]:
        seat = view["to_act"][0]
        owed = view["bets"][1 - seat] - view["bets"][seat]
        return f"{_name(view, seat)} to act" + (f": {chips(owed)} to call" if owed > 0 else "")
    return "Showdown"


def _draw_log(draw: ImageDraw.ImageDraw, lines: Sequence[str]) -> None:
    face = font(14)
    y = LOG_TOP
    for line in lines:
        draw_text(draw, (24, y), fit_text(line, face, WIDTH - 48), face, LOG)
        y += 20


def _cards_text(cards: Sequence[str]) -> str:
    return " ".join(pretty(card) for card in cards)


def _draw_grid_scoring(draw: ImageDraw.ImageDraw, view: View, grid: Mapping[str, Any], top: int) -> None:
    """The eight lines of the grids just scored, each side's cards and hand, the winner in gold."""
    draw.line((24, top + 4, WIDTH - 24, top + 4), fill=RULE, width=2)
    won, transfer = grid["won"], grid["transfer"]
    taker = 0 if transfer[0] > 0 else 1 if transfer[1] > 0 else None
    gain = f"{_name(view, taker)} takes {chips(transfer[taker])}" if taker is not None else "no chips move"
    title = f"Grids after round {grid['round']} (ante {grid['ante']}): lines {won[0]}–{won[1]}, {gain}"
    draw_text(draw, (WIDTH / 2, top + 12), fit_text(title, font(16, "bold"), WIDTH - 48), font(16, "bold"), GOLD,
              anchor="mt")
    columns = (24 + 56, 24 + 56 + 390)  # each seat's cards; its hand name follows
    y = top + 38
    for seat, column in enumerate(columns):
        name = fit_text(player_name(view["names"][seat], seat), font(14, "bold"), 360)
        draw_text(draw, (column, y), name, font(14, "bold"), TEXT)
    y += 22
    for line in grid["lines"]:
        draw_text(draw, (24, y), line["cells"], font(14, "bold"), MUTED, shadow=None)
        for seat, column in enumerate(columns):
            colour = WIN if line["winner"] == seat else TEXT if line["winner"] is None else LOSS
            cards = _cards_text(line["hands"][seat])
            draw_text(draw, (column, y), cards, font(14, "mono"), colour, shadow=None)
            mark = "✓ " if line["winner"] == seat else ""
            rank = fit_text(mark + line["ranks"][seat], font(14), 390 - 140)
            draw_text(draw, (column + 128, y), rank, font(14), colour, shadow=None)
        y += 20


def render_hand(view: View) -> bytes:
    """PNG of the viewer's hand: the cards large with their three-card hand once three are left, the
    viewer's grid and the opponent's grid small with the free cells lettered, and what to do now."""
    viewer = private_viewer(view)
    width, height = HAND_SIZE
    canvas = Image.new("RGB", HAND_SIZE, FELT)
    draw = canvas_draw(canvas)
    doing = "Your turn" if viewer in view["to_act"] else PHASES.get(view["phase"], view["phase"])
    draw_header(draw, width, player_name(view["names"][viewer], viewer),
                f"Round {view['round']}/{view['rounds']} · {doing}", height=30, size=14)
    grid_w = _grid_width(SMALL_CARD_W, SMALL_GAP)
    grids_left = width - 2 * grid_w - 34
    hand = [card for card in view["hands"][viewer] if card != HIDDEN]
    hand_right = grids_left - 20
    paste_row(canvas, hand, (14 + hand_right) / 2, 44, HAND_CARD_W, gap=10, max_width=hand_right - 14)
    y: float = 44 + card_size(HAND_CARD_W)[1] + 10  # steps by font sizes, which Pillow types float
    lines = _hand_lines(view, viewer, hand)
    for n, (text, colour) in enumerate(lines):
        face = font(17, "bold") if n == 0 else font(14)
        draw_text(draw, ((14 + hand_right) / 2, y), fit_text(text, face, hand_right - 14), face, colour, anchor="mt")
        y += face.size + 8
    for n, seat in enumerate((viewer, 1 - viewer)):
        left = grids_left + n * (grid_w + 20)
        label = "Your grid" if seat == viewer else fit_text(player_name(view["names"][seat], seat), font(13, "bold"),
                                                            grid_w)
        draw_text(draw, (left + grid_w / 2, 40), label, font(13, "bold"), TEXT, anchor="mt")
        _draw_grid(canvas, draw, view["grids"][seat], left, 60, SMALL_CARD_W, SMALL_GAP)
    return to_png(canvas)


def _hand_lines(view: View, viewer: int, hand: Sequence[str]) -> list[tuple[str, Color]]:
    """Under the hand: the hand's name (three cards) or what to do, then stack, pot and bets."""
    lines: list[tuple[str, Color]] = []
    if len(hand) == 3 and all(is_card(card) for card in hand):
        lines.append((three_card.describe(three_card.rank(hand)), GOLD))
    elif view["phase"] == "place" and not view["placed"][viewer]:
        lines.append(("Place one card on a free cell of your grid", GOLD))
    elif view["phase"] == "place":
        lines.append((f"Card placed: waiting for {_name(view, 1 - viewer)}", TEXT))
    else:
        lines.append(("", GOLD))
    money = f"Stack {chips(view['stacks'][viewer])} · pot {chips(view['pot'])}"
    owed = view["bets"][1 - viewer] - view["bets"][viewer]
    if view["phase"] == "bet" and owed > 0:
        money += f" · {chips(owed)} to call"
    lines.append((money, TEXT))
    if view["phase"] == "bet" and view["first_bettor"] is not None:
        lines.append((view["first_reason"], LOG))
    elif view["phase"] == "over":
        lines.append((view["result"], LOG))
    return lines
