"""Saint Poker images: the table and a player's private hand, drawn from a ``SaintView`` only.

The shape read here is ``bot.games.saint.SaintView``. ``render_table`` shows the river (each player's
river card labelled with their name), next round's river, then one row per player: score, whether
they have chosen, their two revealed cards with the hand's name and place in the winner order, the
cards they picked up. During the pickup, a card already taken from the middle is drawn greyed out.
``render_hand`` shows the viewer's hand large, their choice not yet revealed, and the river.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping

from PIL import Image, ImageDraw

from bot.games.cards import pretty
from bot.games.words import counted
from images.cards import (
    Color,
    canvas_draw,
    card_size,
    draw_text,
    fit_text,
    font,
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

WIDTH = 900
RIVER_CARD_W = 62
RIVER_LEFT = 24
RIVER_TOP = HEADER_H + 32
RIVER_SLOTS = 5
FUTURE_CARD_W = 44
ROWS_TOP = RIVER_TOP + card_size(RIVER_CARD_W)[1] + 34
ROW_H = 70
ROW_CARD_W = 40
PLATE_W = 210
LOG_LINES = 3
LOG_H = LOG_LINES * 20 + 18
HAND_SIZE = (800, 290)
HAND_CARD_W = 84
HAND_RIVER_W = 44

LOG = (214, 230, 220)
CHOSEN = (140, 220, 150)
LOSS = (170, 176, 186)
PHASES = {"river": "Choosing river cards", "reveal": "Choosing cards to reveal", "pickup": "Pickup",
          "over": "Game over"}
PLACES = ("1st", "2nd", "3rd", "4th", "5th")

View = Mapping[str, Any]


def render_table(view: View, footer: str = "") -> bytes:
    """PNG of the game: river and next river at the top, what the table waits for beside them, a
    row per player, the last log lines. The image is taller by a row for each player."""
    seats = view["seats"]
    height = table_size(len(seats))[1]
    canvas = _background(height).copy()
    draw = canvas_draw(canvas)
    draw_header(draw, WIDTH, f"Saint Poker · {len(seats)} players",
                f"Round {view['round']}/{view['rounds']} · {PHASES.get(view['phase'], view['phase'])}")
    _draw_rivers(canvas, draw, view)
    result = view["results"][-1] if view["results"] else None  # this round's once revealed, else the last
    for index in range(len(seats)):
        _draw_row(canvas, draw, view, index, result, ROWS_TOP + index * ROW_H)
    face = font(14)
    y = height - FOOTER_H - LOG_H + 10
    for line in view["log"][-LOG_LINES:]:
        draw_text(draw, (24, y), fit_text(line, face, WIDTH - 48), face, LOG)
        y += 20
    draw_footer(draw, (WIDTH, height), footer)
    return to_png(canvas)


def table_size(players: int) -> tuple[int, int]:
    """(width, height) of the table image: a row for every player."""
    return WIDTH, ROWS_TOP + players * ROW_H + LOG_H + FOOTER_H


@lru_cache(maxsize=4)
def _background(height: int) -> Image.Image:
    """The felt with its rim between header and footer; drawn once per height (shared: copy it)."""
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    ImageDraw.Draw(image).rounded_rectangle((4, HEADER_H + 4, WIDTH - 5, height - FOOTER_H - 5), 18, fill=FELT,
                                            outline=RIM_EDGE, width=6)
    return image


def _points(points: int) -> str:
    return f"{points} point" if points == 1 else f"{points} points"


def _name(view: View, seat: int, width: float = 160, size: int = 14) -> str:
    return fit_text(player_name(view["seats"][seat]["name"], seat), font(size), width)


def _taken(view: View, card: str) -> bool:
    """During the pickup, a card of this round's river or reveal that is no longer in the middle."""
    return view["phase"] == "pickup" and card not in view["pickup_pool"]


def _draw_rivers(canvas: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    """This round's river (empty slots for the cards still to come, each player's card named), next
    round's river, and at the right what the table waits for."""
    draw_text(draw, (RIVER_LEFT, HEADER_H + 12), "River", font(14, "bold"), TEXT)
    owners = {seat["river_card"]: index for index, seat in enumerate(view["seats"]) if seat["river_card"]}
    river = list(view["river"])
    step = RIVER_CARD_W + 8
    for slot in range(RIVER_SLOTS):
        x = RIVER_LEFT + slot * step
        code = river[slot] if slot < len(river) else ""
        paste_card(canvas, code, (x, RIVER_TOP), RIVER_CARD_W, dim=bool(code) and _taken(view, code))
        if code in owners:
            label = _name(view, owners[code], RIVER_CARD_W + 6, 11)
            draw.text((x + RIVER_CARD_W / 2, RIVER_TOP + card_size(RIVER_CARD_W)[1] + 4), label, font=font(11),
                      fill=LOG, anchor="mt")
    future_left = RIVER_LEFT + RIVER_SLOTS * step + 20
    future = list(view["future_river"])
    label = "Next river" if future else "No next river"
    draw_text(draw, (future_left, HEADER_H + 12), label, font(14, "bold"), TEXT)
    for n, code in enumerate(future):
        paste_card(canvas, code, (future_left + n * (FUTURE_CARD_W + 6), RIVER_TOP), FUTURE_CARD_W)
    deck_top = RIVER_TOP + card_size(FUTURE_CARD_W)[1] + 6
    draw_text(draw, (future_left, deck_top), f"Deck {view['deck_size']}", font(13), LOG)

    text_left = future_left + max(len(future) * (FUTURE_CARD_W + 6), round(font(14, "bold").getlength(label))) + 24
    room = WIDTH - text_left - 24
    y = float(HEADER_H + 14)
    for line in wrap_text(_now_text(view), font(17, "bold"), room, 3):
        draw_text(draw, (text_left, y), line, font(17, "bold"), GOLD)
        y += 23
    waiting = _waiting_text(view)
    if waiting:
        for line in wrap_text(waiting, font(14), room, 3):
            draw_text(draw, (text_left, y + 4), line, font(14), LOG)
            y += 19


def _now_text(view: View) -> str:
    """What happens now, or the final result."""
    if view["phase"] == "over":
        ranking = view["ranking"] or [0] * len(view["seats"])
        winners = [s for s, place in enumerate(ranking) if place == 0]
        names = " and ".join(_name(view, s, 140, 17) for s in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        return f"{names} {verb} with {_points(view['seats'][winners[0]]['score'])}"
    if view["phase"] == "pickup":
        return f"{_name(view, view['to_act'][0], 160, 17)} picks up a card"
    if view["phase"] == "river":
        return "Everyone adds a card to the river"
    return "Everyone chooses two cards to reveal"


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
    cards they revealed with the hand's name, their hand size and the cards they picked up."""
    seat = view["seats"][index]
    finished = view["phase"] == "over"
    acting = not finished and index in view["to_act"]
    winner = finished and view["ranking"] is not None and view["ranking"][index] == 0
    plate = (16, top + 4, 16 + PLATE_W, top + ROW_H - 6)
    draw.rounded_rectangle(plate, 8, fill=PLATE, outline=GOLD if acting or winner else PLATE_EDGE,
                           width=3 if acting or winner else 1)
    name = player_name(seat["name"], index, is_bot=seat["is_bot"])
    draw.text((plate[0] + 9, plate[1] + 6), fit_text(name, font(15, "bold"), PLATE_W - 18), font=font(15, "bold"),
              fill=TEXT)
    draw.text((plate[0] + 9, plate[1] + 26), _points(seat["score"]), font=font(14), fill=STACK)
    status, colour = _status(view, index)
    draw.text((plate[2] - 9, plate[1] + 27), fit_text(status, font(13), 110), font=font(13), fill=colour, anchor="ra")
    draw.text((plate[0] + 9, plate[1] + 45), f"{counted(seat['hand_size'], 'card')} in hand", font=font(11), fill=MUTED)

    x = plate[2] + 14
    middle = top + ROW_H / 2
    if result is not None:
        place = next(n for n, group in enumerate(result["order"]) if index in group)
        won = result["points"][index]
        colour = GOLD if won else LOSS
        draw_text(draw, (x + 24, middle - 9), PLACES[place], font(18, "bold"), colour, anchor="mm")
        draw_text(draw, (x + 24, middle + 13), f"+{won}" if won else "", font(13, "bold"), colour, anchor="mm")
        cards = list(result["revealed"][index])
        card_top = round(middle - card_size(ROW_CARD_W)[1] / 2)
        for n, code in enumerate(cards):
            paste_card(canvas, code, (x + 58 + n * (ROW_CARD_W + 4), card_top), ROW_CARD_W,
                       dim=_taken(view, code))
        text_x = x + 58 + 2 * (ROW_CARD_W + 4) + 10
        draw_text(draw, (text_x, middle - 9), fit_text(result["hand_names"][index], font(15, "bold"), 170),
                  font(15, "bold"), colour, anchor="lm")
        draw_text(draw, (text_x, middle + 12), f"Round {result['round']}", font(12), MUTED, anchor="lm")
    picked = list(seat["picked"])
    if picked:
        left = WIDTH - 24 - 2 * (ROW_CARD_W + 4) - 70
        draw_text(draw, (left, middle), "Picked up", font(12), LOG, anchor="lm")
        for n, code in enumerate(picked):
            paste_card(canvas, code, (left + 70 + n * (ROW_CARD_W + 4), round(middle - card_size(ROW_CARD_W)[1] / 2)),
                       ROW_CARD_W)


def _status(view: View, index: int) -> tuple[str, Color]:
    """Chosen or still choosing in the simultaneous phases; to pick up in the pickup."""
    if view["phase"] == "over":
        ranking = view["ranking"]
        return (f"{PLACES[ranking[index]]} overall", GOLD if ranking[index] == 0 else LOSS) if ranking else ("", MUTED)
    if view["phase"] == "pickup":
        if view["to_act"] and view["to_act"][0] == index:
            return "Picking up…", GOLD
        return "", MUTED
    if view["seats"][index]["chosen"]:
        return "Chosen ✓", CHOSEN
    return "Choosing…", GOLD


def render_hand(view: View) -> bytes:
    """PNG of the viewer's hand large, the choice they made that is not revealed yet, this round's
    river (and, in the pickup, what is left to take), their score and the round."""
    viewer = private_viewer(view)
    seat = view["seats"][viewer]
    width, height = HAND_SIZE
    canvas = Image.new("RGB", HAND_SIZE, FELT)
    draw = canvas_draw(canvas)
    doing = "Your turn" if viewer in view["to_act"] and view["phase"] != "over" else PHASES[view["phase"]]
    draw_header(draw, width, f"{player_name(seat['name'], viewer)} · {_points(seat['score'])}",
                f"Round {view['round']}/{view['rounds']} · {doing}", height=30, size=14)
    hand = list(view["hand"])
    pending = list(view["pending"])
    pending_w = (len(pending) * (HAND_CARD_W + 8) + 24) if pending else 0
    hand_right = width - 14 - pending_w
    if hand:
        paste_row(canvas, hand, (14 + hand_right) / 2, 44, HAND_CARD_W, gap=6, max_width=hand_right - 14)
    else:
        draw_text(draw, ((14 + hand_right) / 2, 90), "No cards in hand", font(16, "bold"), LOG, anchor="mm")
    if pending:
        left = hand_right + 24
        draw_text(draw, (left, 38), "Your choice", font(12, "bold"), GOLD, anchor="lb")
        for n, code in enumerate(pending):
            x = left + n * (HAND_CARD_W + 8)
            paste_card(canvas, code, (x, 44), HAND_CARD_W)
            card_h = card_size(HAND_CARD_W)[1]
            draw.rounded_rectangle((x - 2, 42, x + HAND_CARD_W + 1, 44 + card_h + 1), 8, outline=GOLD, width=3)

    bottom_top = 44 + card_size(HAND_CARD_W)[1] + 18
    pool = list(view["pickup_pool"])
    row, label = (pool, "To pick up") if pool else (list(view["river"]), "River")
    draw_text(draw, (14, bottom_top - 2), label, font(13, "bold"), TEXT, anchor="lb")
    cards = row + [""] * (RIVER_SLOTS - len(row)) if not pool else row
    step = HAND_RIVER_W + 6
    row_w = min(len(cards) * step - 6, width - 28)
    paste_row(canvas, cards, 14 + row_w / 2, bottom_top + 4, HAND_RIVER_W, gap=6, max_width=width - 28)
    note = fit_text(_hand_note(view, viewer), font(15, "bold"), width - 28)
    draw_text(draw, (14, height - 14), note, font(15, "bold"), GOLD, anchor="ls")
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

