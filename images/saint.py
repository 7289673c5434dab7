"""Saint Poker images: the table and a player's private hand, drawn from a ``SaintView`` only.

The shape read here is ``bot.games.saint.SaintView``. Both pictures are drawn at twice the 400 x 300
box Discord shows them in (800 wide), every string at 22 px or more (11 px as shown), cards with a
large index. ``render_table`` (800 x 600 for 2 to 5 players) shows the river (each player's river card
labelled with their name), next round's river and the deck, what the table waits for, then one row per
player: score and whether they have chosen; from the reveal to the end of the round (and at the end of
the game), their place and points with the two cards they revealed and the hand's name, and the cards
they picked up. During the pickup, a card already taken from the middle is drawn greyed out. Earlier
rounds' hands, hand sizes and the log stay in the message text.
``render_hand`` shows the viewer's hand large, their choice not yet revealed, and the river.
"""
from __future__ import annotations

from typing import Any, Mapping

from PIL import Image, ImageDraw

from bot.games.cards import pretty
from images.cards import CARD_RATIO, Color, canvas_draw, card_size, draw_text, fit_text, font, paste_card, paste_row
from images.emoji_text import text_width
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

WIDTH = 800
HEIGHT = 600
HEADER_H = 42
FOOTER_H = 28
TEXT_PX = SMALLEST_TEXT_PX
RIVER_CARD_W = 68
RIVER_LEFT = 18
RIVER_TOP = HEADER_H + 10
RIVER_STEP = RIVER_CARD_W + 12
RIVER_SLOTS = 5
FUTURE_CARD_W = 50
STATUS_TOP = RIVER_TOP + card_size(RIVER_CARD_W)[1] + 30   # what the table waits for, one line
ROWS_TOP = STATUS_TOP + 38
ROW_H = 70         # a row with 5 players; fewer players get taller rows and larger cards
ROW_H_MAX = 90
ROW_CARD_W_MAX = 58
PLATE_W = 246
PICKED_LEFT = WIDTH - 16 - 2 * (ROW_CARD_W_MAX + 4)  # the two cards picked up, at the right
HAND_SIZE = (800, 340)
HAND_CARD_W = 80
HAND_RIVER_W = 52

LOG = (214, 230, 220)
CHOSEN = (140, 220, 150)
LOSS = (170, 176, 186)
PHASES = {"river": "River", "reveal": "Reveal", "pickup": "Pickup", "over": "Game over"}
PLACES = ("1st", "2nd", "3rd", "4th", "5th")

View = Mapping[str, Any]


def render_table(view: View, footer: str = "") -> bytes:
    """PNG of the game: river and next river at the top, what the table waits for under them, a row
    per player. The same 800 x 600 for every number of players (rows are ``row_height`` apart)."""
    seats = view["seats"]
    canvas = felt_table((WIDTH, HEIGHT), HEADER_H, FOOTER_H).copy()
    draw = canvas_draw(canvas)
    draw_header(draw, WIDTH, f"Saint Poker · {len(seats)} players",
                f"Round {view['round']}/{view['rounds']} · {PHASES.get(view['phase'], view['phase'])}",
                height=HEADER_H, size=28)
    _draw_rivers(canvas, draw, view)
    _draw_status(draw, view)
    result = view["results"][-1] if view["results"] else None
    if result is not None and result["round"] != view["round"]:
        result = None  # last round's hands are over: its log lines tell them, the plates keep the points
    for index in range(len(seats)):
        _draw_row(canvas, draw, view, index, result, ROWS_TOP + index * row_height(len(seats)))
    draw_footer(draw, (WIDTH, HEIGHT), footer, height=FOOTER_H, text_size=TEXT_PX)
    return to_png(canvas)


def row_height(players: int) -> int:
    """A player's row: the room under the status line shared out, at most ``ROW_H_MAX``."""
    return min(ROW_H_MAX, (HEIGHT - FOOTER_H - 6 - ROWS_TOP) // players)


def _points(points: int) -> str:
    return f"{points} point" if points == 1 else f"{points} points"


def _name(view: View, seat: int, width: float = 160, size: int = TEXT_PX) -> str:
    return fit_text(player_name(view["seats"][seat]["name"], seat), font(size), width)


def _taken(view: View, card: str) -> bool:
    """During the pickup, a card of this round's river or reveal that is no longer in the middle."""
    return view["phase"] == "pickup" and card not in view["pickup_pool"]


def _draw_rivers(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    """This round's river (empty slots for the cards still to come, each player's card named), then
    next round's river and the deck."""
    owners = {seat["river_card"]: index for index, seat in enumerate(view["seats"]) if seat["river_card"]}
    river = list(view["river"])
    label_top = RIVER_TOP + card_size(RIVER_CARD_W)[1] + 4
    for slot in range(RIVER_SLOTS):
        x = RIVER_LEFT + slot * RIVER_STEP
        code = river[slot] if slot < len(river) else ""
        paste_card(canvas, code, (x, RIVER_TOP), RIVER_CARD_W, dim=bool(code) and _taken(view, code),
                   large_index=True)
        if code in owners:
            label = _name(view, owners[code], RIVER_STEP - 4, 24)
            draw.text((x + RIVER_CARD_W / 2, label_top), label, font=font(24), fill=LOG, anchor="mt")
    left = RIVER_LEFT + RIVER_SLOTS * RIVER_STEP + 16
    future = list(view["future_river"])
    for n, code in enumerate(future):
        paste_card(canvas, code, (left + n * (FUTURE_CARD_W + 6), RIVER_TOP), FUTURE_CARD_W, large_index=True)
    label = "Next river" if future else "No next river"
    draw_text(draw, (left, label_top), label, font(24, "bold"), TEXT, shadow=None)
    deck_x = left + max(3 * (FUTURE_CARD_W + 6), round(font(24, "bold").getlength(label))) + 20
    draw_text(draw, (deck_x, RIVER_TOP + 8), "Deck", font(24), LOG, shadow=None)
    draw_text(draw, (deck_x, RIVER_TOP + 36), str(view["deck_size"]), font(30, "bold"), TEXT, shadow=None)


def _draw_status(draw: ImageDraw.ImageDraw, view: View) -> None:
    """One line: what happens now in gold, then who the table waits for; over the rows' right column,
    once a player has picked cards up, its title."""
    right = WIDTH - 20
    if any(seat["picked"] for seat in view["seats"]):
        draw_text(draw, (right, STATUS_TOP + 3), "Picked up", font(24), LOG, anchor="ra", shadow=None)
        right = PICKED_LEFT - 16
    now = font(26, "bold")
    text = fit_text(_now_text(view), now, right - 20)
    draw_text(draw, (20, STATUS_TOP), text, now, GOLD)
    waiting = _waiting_text(view)
    left = 20 + text_width(text, now) + 16
    if waiting and left < right - 100:
        draw_text(draw, (left, STATUS_TOP + 3), fit_text(waiting, font(24), right - left), font(24), LOG,
                  shadow=None)


def _now_text(view: View) -> str:
    """What happens now, or the final result."""
    if view["phase"] == "over":
        ranking = view["ranking"] or [0] * len(view["seats"])
        winners = [s for s, place in enumerate(ranking) if place == 0]
        names = " and ".join(_name(view, s, 220, 26) for s in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        return f"{names} {verb} with {_points(view['seats'][winners[0]]['score'])}"
    if view["phase"] == "pickup":
        return f"{_name(view, view['to_act'][0], 260, 26)} picks up a card"
    if view["phase"] == "river":
        return "Everyone adds a river card"
    return "Everyone reveals two cards"


def _waiting_text(view: View) -> str:
    if view["phase"] in ("river", "reveal"):
        waiting = [_name(view, s) for s in view["to_act"]]
        return "Waiting for " + ", ".join(waiting) if waiting else ""
    if view["phase"] == "pickup":
        queue = view["pickup_queue"][1:]
        return "Then " + ", ".join(_name(view, s) for s in queue) if queue else "Last pickup of the round"
    return ""


def _draw_row(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View, index: int,
              result: Mapping[str, Any] | None, top: int) -> None:
    """One player: plate (name, score, status), place and points of the last scored round, the two
    cards they revealed with the hand's name, and the cards they picked up."""
    seat = view["seats"][index]
    finished = view["phase"] == "over"
    acting = not finished and index in view["to_act"]
    winner = finished and view["ranking"] is not None and view["ranking"][index] == 0
    row_h = row_height(len(view["seats"]))
    card_w = min(ROW_CARD_W_MAX, int(row_h / CARD_RATIO))
    plate = (12, top + 3, 12 + PLATE_W, top + row_h - 3)
    text_top = plate[1] + (plate[3] - plate[1] - 64) // 2  # the name and points centred in the plate
    draw.rounded_rectangle(plate, 8, fill=PLATE, outline=GOLD if acting or winner else PLATE_EDGE,
                           width=4 if acting or winner else 1)
    name = player_name(seat["name"], index, is_bot=seat["is_bot"])
    draw.text((plate[0] + 10, text_top), fit_text(name, font(26, "bold"), PLATE_W - 20), font=font(26, "bold"),
              fill=TEXT)
    score = _points(seat["score"])
    draw.text((plate[0] + 10, text_top + 32), score, font=font(24), fill=STACK)
    status, colour = _status(view, index)
    room = PLATE_W - 30 - font(24).getlength(score)
    draw.text((plate[2] - 10, text_top + 32), fit_text(status, font(24), room), font=font(24), fill=colour,
              anchor="ra")

    x = plate[2] + 10
    middle = top + row_h / 2
    card_top = round(middle - card_size(card_w)[1] / 2)
    if result is not None:
        place = next(n for n, group in enumerate(result["order"]) if index in group)
        won = result["points"][index]
        colour = GOLD if won else LOSS
        draw_text(draw, (x + 26, middle - 12), PLACES[place], font(26, "bold"), colour, anchor="mm", shadow=None)
        if won:
            draw_text(draw, (x + 26, middle + 17), f"+{won}", font(24, "bold"), colour, anchor="mm", shadow=None)
        for n, code in enumerate(result["revealed"][index]):
            paste_card(canvas, code, (x + 54 + n * (card_w + 4), card_top), card_w, dim=_taken(view, code),
                       large_index=True)
        text_x = x + 54 + 2 * (ROW_CARD_W_MAX + 4) + 6
        room = PICKED_LEFT - 6 - text_x
        face = font(24, "bold")
        if face.getlength(result["hand_names"][index]) > room:  # "Three of a Kind" a size smaller, not cut
            face = font(TEXT_PX, "bold")
        draw_text(draw, (text_x, middle), fit_text(result["hand_names"][index], face, room), face, colour, anchor="lm",
                  shadow=None)
    picked = list(seat["picked"])
    if picked:
        for n, code in enumerate(picked):
            paste_card(canvas, code, (PICKED_LEFT + n * (card_w + 4), card_top), card_w,
                       large_index=True)


def _status(view: View, index: int) -> tuple[str, Color]:
    """Chosen or still choosing in the simultaneous phases; to pick up in the pickup."""
    if view["phase"] == "over":
        ranking = view["ranking"]
        return (PLACES[ranking[index]], GOLD if ranking[index] == 0 else LOSS) if ranking else ("", MUTED)
    if view["phase"] == "pickup":
        if view["to_act"] and view["to_act"][0] == index:
            return "Picking", GOLD
        return "", MUTED
    if view["seats"][index]["chosen"]:
        return "Chosen", CHOSEN
    return "Choosing", GOLD


def render_hand(view: View) -> bytes:
    """PNG of the viewer's hand large, the choice they made that is not revealed yet, this round's
    river (and, in the pickup, what is left to take), their score and the round, and what to do."""
    viewer = private_viewer(view)
    seat = view["seats"][viewer]
    width, height = HAND_SIZE
    canvas = Image.new("RGB", HAND_SIZE, FELT)
    draw = canvas_draw(canvas)
    doing = "Your turn" if viewer in view["to_act"] and view["phase"] != "over" else PHASES[view["phase"]]
    draw_header(draw, width, f"{player_name(seat['name'], viewer)} · {_points(seat['score'])}",
                f"Round {view['round']}/{view['rounds']} · {doing}", height=HEADER_H, size=26)
    top = HEADER_H + 12
    hand = list(view["hand"])
    pending = list(view["pending"])
    pending_w = (len(pending) * (HAND_CARD_W + 8) + 24) if pending else 0
    hand_right = width - 14 - pending_w
    if hand:
        paste_row(canvas, hand, (14 + hand_right) / 2, top, HAND_CARD_W, gap=6, max_width=hand_right - 14,
                  large_index=True)
    else:
        draw_text(draw, ((14 + hand_right) / 2, top + 50), "No cards in hand", font(26, "bold"), LOG, anchor="mm")
    card_h = card_size(HAND_CARD_W)[1]
    if pending:
        left = hand_right + 24
        for n, code in enumerate(pending):
            x = left + n * (HAND_CARD_W + 8)
            paste_card(canvas, code, (x, top), HAND_CARD_W, large_index=True)
            draw.rounded_rectangle((x - 2, top - 2, x + HAND_CARD_W + 1, top + card_h + 1), 8, outline=GOLD, width=4)
        draw_text(draw, (left, top + card_h + 4), "Your choice", font(TEXT_PX, "bold"), GOLD)

    row_top = top + card_h + 34
    pool = list(view["pickup_pool"])
    row, label = (pool, "To pick up") if pool else (list(view["river"]), "River")
    label_w = font(TEXT_PX, "bold").getlength("To pick up") + 14
    draw_text(draw, (14, row_top + card_size(HAND_RIVER_W)[1] / 2), label, font(TEXT_PX, "bold"), TEXT, anchor="lm")
    cards = row + [""] * (RIVER_SLOTS - len(row)) if not pool else row
    room = width - 28 - label_w
    row_w = min(len(cards) * (HAND_RIVER_W + 6) - 6, room)
    paste_row(canvas, cards, 14 + label_w + row_w / 2, row_top, HAND_RIVER_W, gap=6, max_width=room,
              large_index=True)
    note = fit_text(_hand_note(view, viewer), font(24, "bold"), width - 28)
    draw_text(draw, (14, height - 12), note, font(24, "bold"), GOLD, anchor="ls")
    return to_png(canvas)


def _hand_note(view: View, viewer: int) -> str:
    """What the viewer is asked to do, or the last round's outcome for them."""
    phase = view["phase"]
    if phase == "over":
        return _now_text(view) + "."
    if viewer in view["to_act"]:
        return {"river": "Choose one card to add to the river.",
                "reveal": "Choose two cards to reveal: your best five of these seven score.",
                "pickup": "Pick up one card from the river or the revealed cards."}[phase]
    if view["pending"]:
        shown = " ".join(pretty(card) for card in view["pending"])
        return f"You chose {shown}: waiting for the others."
    if phase == "pickup" and view["to_act"]:
        return f"{_name(view, view['to_act'][0])} picks up now."
    return ""

