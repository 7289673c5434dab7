"""Poker Squared images: the match table and a player's private hand, drawn from a ``SquaredView`` only.

The shape read here is ``bot.games.squared.SquaredView``. Both pictures are drawn at twice the 400 x
300 box Discord shows them in (800 wide), every string at 22 px or more (11 px as shown), cards with a
large index. ``render_table`` (800 x 600) shows both 3x3 grids side by side with the pot, what happens
now and who bets first between them, and each player's hand from the last showdown under their grid;
in the round after a grid scoring, the eight scored lines take the middle column's lower part. The log
stays in the message text. ``render_hand`` is the private image: the cards in hand large, both grids
small with the free cells lettered, because a placement is a choice of card and cell.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from PIL import Image, ImageDraw

from bot.games import three_card
from bot.games.base import HIDDEN
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
    SMALLEST_TEXT_PX,
    FELT,
    GOLD,
    MUTED,
    PLATE,
    PLATE_EDGE,
    STACK,
    TEXT,
    draw_footer,
    draw_header,
    felt_table,
    player_name,
    private_viewer,
)

CELLS = "ABCDEFGHI"
WIDTH = 800
HEIGHT = 600
HEADER_H = 42
FOOTER_H = 28
TEXT_PX = SMALLEST_TEXT_PX
HAND_SIZE = (800, 360)

PANEL_W = 250
PANEL_LEFTS = (12, WIDTH - 12 - PANEL_W)
PLATE_TOP = HEADER_H + 8
PLATE_H = 88
PLATE_CARD_W = 20       # the cards in hand, at the right of the name
GRID_CARD_W = 68
GRID_GAP = 8
GRID_TOP = PLATE_TOP + PLATE_H + 8
SHOWDOWN_TOP = GRID_TOP + 3 * card_size(GRID_CARD_W)[1] + 2 * GRID_GAP + 8
SHOWDOWN_CARD_W = 50
CENTRE = (PANEL_LEFTS[0] + PANEL_W + 8, PANEL_LEFTS[1] - 8)  # left and right of the middle column

HAND_CARD_W = 84
SMALL_CARD_W = 60
SMALL_GAP = 6

LOG = (214, 230, 220)
PLACED = (140, 220, 150)
LABEL = (110, 112, 118)
SLOT_LABEL = (200, 226, 210)
WIN = (250, 198, 60)
LOSS = (170, 176, 186)
PHASES = {"place": "Placing", "bet": "Betting", "over": "Over"}
SHORT_RANKS = ("High", "Pair", "Flush", "Straight", "Trips", "Str. flush")
"""A scored line's hand in the middle column, by ``three_card.CATEGORY_NAMES`` order."""

View = Mapping[str, Any]


def render_table(view: View, footer: str = "") -> bytes:
    """PNG of the match as ``view`` shows it: seat 0 on the left, seat 1 on the right."""
    canvas = felt_table((WIDTH, HEIGHT), HEADER_H, FOOTER_H).copy()
    draw = canvas_draw(canvas)
    draw_header(draw, WIDTH, f"Poker Squared · ante {view['ante']}",
                f"Round {view['round']}/{view['rounds']} · {PHASES.get(view['phase'], view['phase'])}",
                height=HEADER_H, size=28)
    for seat in (0, 1):
        _draw_panel(canvas, draw, view, seat)
    _draw_middle(draw, view)
    draw_footer(draw, (WIDTH, HEIGHT), footer, height=FOOTER_H, text_size=TEXT_PX)
    return to_png(canvas)



def _recent_grid(view: View) -> Mapping[str, Any] | None:
    """The grid scoring to show: from the round just played, or the one before the current round."""
    grid = view["last_grid"]
    if grid is None:
        return None
    settled = view["round"] if view["phase"] == "over" else view["round"] - 1
    return grid if grid["round"] == settled else None


def _name(view: View, seat: int) -> str:
    """A player's name short enough to sit inside a sentence."""
    return fit_text(player_name(view["names"][seat], seat), font(TEXT_PX), 170)


def _draw_panel(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View, seat: int) -> None:
    """A player's plate (name, hand backs, stack and bet, status), their grid, their last showdown hand."""
    left = PANEL_LEFTS[seat]
    playing = view["phase"] != "over"
    highlight = playing and seat in view["to_act"]
    plate = (left, PLATE_TOP, left + PANEL_W, PLATE_TOP + PLATE_H)
    draw.rounded_rectangle(plate, 8, fill=PLATE, outline=GOLD if highlight else PLATE_EDGE,
                           width=4 if highlight else 1)
    hand = list(view["hands"][seat])
    hand_room = (PLATE_CARD_W + 2) * len(hand) + 6 if hand and playing else 0
    name_face = font(24, "bold")
    draw.text((left + 10, PLATE_TOP + 6), fit_text(player_name(view["names"][seat], seat), name_face,
                                                   PANEL_W - 20 - hand_room), font=name_face, fill=TEXT)
    if hand_room:
        x = plate[2] - hand_room + 2
        for code in hand:
            paste_card(canvas, code, (x, PLATE_TOP + 6), PLATE_CARD_W)
            x += PLATE_CARD_W + 2
    stack = f"Stack {chips(view['stacks'][seat])}"
    if view["bets"][seat]:
        stack += f" · bet {chips(view['bets'][seat])}"
    draw.text((left + 10, PLATE_TOP + 36), fit_text(stack, font(TEXT_PX), PANEL_W - 20), font=font(TEXT_PX),
              fill=STACK)
    status, colour = _status(view, seat)
    draw.text((left + 10, PLATE_TOP + 61), fit_text(status, font(TEXT_PX), PANEL_W - 20), font=font(TEXT_PX),
              fill=colour)

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
        paste_card(canvas, code or "", (x, y), card_w, large_index=True)
        letter = CELLS[index]
        if code:
            draw.text((x + card_w * 0.75, y + card_h * 0.16), letter, font=font(max(TEXT_PX, card_w // 3), "bold"),
                      fill=LABEL, anchor="mm")
        else:
            draw.text((x + card_w / 2, y + card_h / 2), letter, font=font(max(TEXT_PX, round(card_w * 0.45)), "bold"),
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
        line, colour, result = "Folded", MUTED, "folded"
    elif folded is not None:
        line, colour, result = "Won uncontested", GOLD, f"won {chips(won)}"
    else:
        line = showdown["ranks"][seat]
        colour = GOLD if winner == seat else TEXT if winner is None else LOSS
        result = f"won {chips(won)}" if winner == seat else f"split, {chips(won)} back" if winner is None else "lost"
    title = f"Round {showdown['round']}: {result}"
    draw.text((left + 4, SHOWDOWN_TOP), fit_text(title, font(TEXT_PX, "bold"), PANEL_W - 8), font=font(TEXT_PX, "bold"),
              fill=colour if winner == seat else MUTED)
    cards_top = SHOWDOWN_TOP + 28
    for n, code in enumerate(cards):
        paste_card(canvas, code, (left + 4 + n * (SHOWDOWN_CARD_W + 3), cards_top), SHOWDOWN_CARD_W,
                   large_index=True)
    text_left = left + 4 + (3 * (SHOWDOWN_CARD_W + 3) + 8 if cards else 0)
    room = left + PANEL_W - text_left
    lines = wrap_text(line, font(TEXT_PX), room, 3)
    middle = cards_top + card_size(SHOWDOWN_CARD_W)[1] / 2 - 11.5 * (len(lines) - 1)
    for n, text in enumerate(lines):
        draw_text(draw, (text_left, middle + 23 * n), text, font(TEXT_PX), colour, anchor="lm", shadow=None)


def _draw_middle(draw: ImageDraw.ImageDraw, view: View) -> None:
    """Between the grids: the pot, what happens now, who bets first and why (or, the round after a
    grid scoring, its eight lines), the deck and grid lines."""
    left, right = CENTRE
    width = right - left
    x = (left + right) / 2
    y = float(PLATE_TOP + 4)
    if view["phase"] != "over":
        draw_text(draw, (x, y), f"Pot {chips(view['pot'])}", font(40, "bold"), GOLD, anchor="mt")
        y += 54
    now = font(26, "bold")
    for line in wrap_text(_now_text(view), now, width, 5 if view["phase"] == "over" else 3):
        draw_text(draw, (x, y), line, now, TEXT if view["phase"] != "over" else GOLD, anchor="mt")
        y += 32
    y += 10
    grid = _recent_grid(view)
    if grid is not None:
        _draw_grid_scoring(draw, view, grid, y)
        return
    if view["first_bettor"] is not None and view["phase"] == "bet":
        for line in wrap_text(view["first_reason"], font(TEXT_PX), width, 4):
            draw_text(draw, (x, y), line, font(TEXT_PX), LOG, anchor="mt", shadow=None)
            y += 27
        y += 10
    facts = [f"Deck {counted(view['deck_left'], 'card')} left",
             f"Grid lines {view['lines_won'][0]}–{view['lines_won'][1]}"]
    for fact in facts:
        draw_text(draw, (x, y), fit_text(fact, font(TEXT_PX), width), font(TEXT_PX), MUTED, anchor="mt", shadow=None)
        y += 28


def _now_text(view: View) -> str:
    """What the table waits for, in a few words."""
    if view["phase"] == "over":
        return view["result"] or "The match is over."
    if view["phase"] == "place":
        waiting = [s for s in (0, 1) if not view["placed"][s]]
        if len(waiting) == 2:
            return "Both players place a card"
        return f"Waiting for {_name(view, waiting[0])} to place a card"
    if view["to_act"]:
        seat = view["to_act"][0]
        owed = view["bets"][1 - seat] - view["bets"][seat]
        return f"{_name(view, seat)} to act" + (f": {chips(owed)} to call" if owed > 0 else "")
    return "Showdown"


def _draw_grid_scoring(draw: ImageDraw.ImageDraw, view: View, grid: Mapping[str, Any], top: float) -> None:
    """The grids just scored, in the middle column: lines won and the chips that moved, then each of the
    eight lines with each side's hand, the winner's in gold (the cards are in the scoring's log line)."""
    left, right = CENTRE
    x = (left + right) / 2
    won, transfer = grid["won"], grid["transfer"]
    taker = 0 if transfer[0] > 0 else 1 if transfer[1] > 0 else None
    gain = f"{_name(view, taker)} +{chips(transfer[taker])}" if taker is not None else "even"
    bold = font(TEXT_PX, "bold")
    draw_text(draw, (x, top), fit_text(f"Grids of round {grid['round']}", bold, right - left), bold, GOLD, anchor="mt")
    draw_text(draw, (x, top + 27), fit_text(f"Lines {won[0]}–{won[1]}: {gain}", font(TEXT_PX), right - left),
              font(TEXT_PX), TEXT, anchor="mt")
    y = top + 62
    for line in grid["lines"]:
        draw_text(draw, (x, y), line["cells"], bold, MUTED, anchor="mm", shadow=None)
        for seat, (at, anchor) in enumerate(((left, "lm"), (right, "rm"))):
            colour = WIN if line["winner"] == seat else TEXT if line["winner"] is None else LOSS
            category = three_card.rank(line["hands"][seat])[0]
            draw_text(draw, (at, y), fit_text(SHORT_RANKS[category], font(TEXT_PX), (right - left) / 2 - 34),
                      font(TEXT_PX), colour, anchor=anchor, shadow=None)
        y += 27


def render_hand(view: View) -> bytes:
    """PNG of the viewer's hand: the cards large with their three-card hand once three are left, the
    viewer's grid and the opponent's grid small with the free cells lettered, and what to do now."""
    viewer = private_viewer(view)
    width, height = HAND_SIZE
    canvas = Image.new("RGB", HAND_SIZE, FELT)
    draw = canvas_draw(canvas)
    doing = "Your turn" if viewer in view["to_act"] else PHASES.get(view["phase"], view["phase"])
    draw_header(draw, width, player_name(view["names"][viewer], viewer),
                f"Round {view['round']}/{view['rounds']} · {doing}", height=HEADER_H, size=26)
    grid_w = _grid_width(SMALL_CARD_W, SMALL_GAP)
    grids_left = width - 2 * grid_w - 30
    hand = [card for card in view["hands"][viewer] if card != HIDDEN]
    hand_right = grids_left - 16
    top = HEADER_H + 10
    paste_row(canvas, hand, (12 + hand_right) / 2, top, HAND_CARD_W, gap=8, max_width=hand_right - 12,
              large_index=True)
    y: float = top + card_size(HAND_CARD_W)[1] + 10  # steps by font sizes, which Pillow types float
    lines = _hand_lines(view, viewer, hand)
    for n, (text, colour) in enumerate(lines):
        face = font(28, "bold") if n == 0 else font(24)
        wrapped = wrap_text(text, face, hand_right - 12, 3 if n == len(lines) - 1 else 1)  # the reason may wrap
        for part in wrapped:
            draw_text(draw, ((12 + hand_right) / 2, y), part, face, colour, anchor="mt")
            y += face.size + 6
    for n, seat in enumerate((viewer, 1 - viewer)):
        left = grids_left + n * (grid_w + 16)
        label = "Your grid" if seat == viewer else fit_text(player_name(view["names"][seat], seat),
                                                            font(24, "bold"), grid_w)
        draw_text(draw, (left + grid_w / 2, HEADER_H + 8), label, font(24, "bold"), TEXT, anchor="mt")
        _draw_grid(canvas, draw, view["grids"][seat], left, HEADER_H + 42, SMALL_CARD_W, SMALL_GAP)
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
