"""A table's finished deals as one file a standard reader opens: PHH for poker, PBN for bridge,
JSON for the other games.

Each deal's text is stored when it ends (``GameSpec.export``). One deal is written as it was stored;
several deals of a table are joined the way each format allows: PHH's multi-hand form (``.phhs``,
one TOML table per hand, named by the hand number), consecutive PBN games under one PBN header, a
JSON object keyed by hand number.

The hands of the games PokerStars deals are also written as PokerStars hand histories (``pokerstars_file``), for the
trackers players use (``docs/exports.md``): rewritten from the stored PHH text, with the table
seats, names and time the stored record keeps.
"""
from __future__ import annotations

import json
import re

from typing import Sequence

from bot.games.pokerstars import HandInfo, convert
from bot.registry import game, game_names
from bot.storage.records import StoredHand

_PBN_HEADER = re.compile(r"\A(?:%[^\n]*\n)+")


def join_exports(game_name: str, exports: list[tuple[int, str]]) -> str:
    """The stored texts of ``(hand_no, text)`` deals of one table as one file's text."""
    fmt = game(game_name).export_format
    if fmt == "phh":
        return "\n".join(f"[{hand_no}]\n{text.rstrip()}\n" for hand_no, text in exports)
    if fmt == "pbn":
        header = _PBN_HEADER.match(exports[0][1]) if exports else None
        games = [_PBN_HEADER.sub("", text).strip() for _, text in exports]
        return (header.group(0) if header else "") + "\n\n".join(games) + "\n"
    return json.dumps({str(hand_no): json.loads(text) for hand_no, text in exports}, indent=1)


def export_file(game_name: str, table_id: int, exports: list[tuple[int, str]]) -> tuple[str, str]:
    """(file name, text) of one deal (``[(hand_no, text)]``) or several of a table."""
    fmt = game(game_name).export_format
    if len(exports) == 1:
        hand_no, text = exports[0]
        return f"cardroom-{game_name}-table{table_id}-hand{hand_no}.{fmt}", text
    suffix = "phhs" if fmt == "phh" else fmt
    return f"cardroom-{game_name}-table{table_id}.{suffix}", join_exports(game_name, exports)


MIXES = {"horse": "HORSE", "8-game": "8-Game"}
"""A mixed table's rotation -> its name in a PokerStars header (a host's own list and dealer's choice
have none: their hands are written as their games')."""

HAND_IDS_PER_TABLE = 1_000_000
"""A PokerStars hand number is unique on its site (trackers drop a second hand with the same number):
ours is the table's number times this, plus the hand's."""


def formats(game_name: str) -> list[str]:
    """The formats ``/export`` writes a game's hands in, its own first."""
    spec = game(game_name)
    return [spec.export_format, *spec.other_formats]


def pokerstars_refusal(game_name: str, how: str) -> str:
    """Why a game's hands have no PokerStars file, the formats they do have and ``how`` to get them."""
    having = [spec.title for spec in map(game, game_names()) if "pokerstars" in spec.other_formats]
    own = " or ".join(f.upper() if f != "pokerstars" else "PokerStars" for f in formats(game_name))
    return (f"{game(game_name).title} hands export as {own} only ({how}): PokerStars hand "
            f"histories are written for {', '.join(having[:-1])} and {having[-1]}.")


def pokerstars_hand(table_id: int, hand_no: int, stored: StoredHand, *, max_seats: int,
                    seat_names: bool = False, hero: int | None = None) -> str:
    """One stored poker hand as a PokerStars hand history. ``seat_names``: players are
    written "Seat 3" (by table seat) instead of their names; ``hero``: the member whose hole cards are
    written (when they played the hand)."""
    record = stored.record
    carry = record.get("carry", {})
    chairs = carry.get("chairs")  # a tournament table's seat numbers (less one) by deal seat
    table_seats = [chair + 1 for chair in chairs] if chairs else [index + 1 for index in record["seats"]]
    users = list(record.get("users", []))
    settings = record.get("settings", {})
    info = HandInfo(
        hand_id=table_id * HAND_IDS_PER_TABLE + hand_no, table=f"Cardroom {table_id}", max_seats=max_seats,
        finished_at=stored.finished_at, seats=table_seats,
        names=[f"Seat {seat}" for seat in table_seats] if seat_names else None,
        hero=users.index(hero) if hero is not None and hero in users else None,
        blinds=(int(settings["small_blind"]), int(settings["big_blind"])) if "small_blind" in settings else None,
        dead_button=carry["blinds"][0] + 1 if carry.get("dead_button") else None,
        mix=MIXES.get(str(settings.get("rotation", "")).strip().lower()) if settings.get("choice") != "dealer" else None)
    return convert(stored.export, info)


def pokerstars_file(game_name: str, table_id: int, hands: Sequence[tuple[int, StoredHand]], *, max_seats: int,
                    seat_names: bool = False, hero: int | None = None) -> tuple[str, str]:
    """(file name, text) of one hand or several of a table as PokerStars hand histories, which are
    separated by two blank lines as PokerStars writes them."""
    texts = [pokerstars_hand(table_id, n, stored, max_seats=max_seats, seat_names=seat_names, hero=hero)
             for n, stored in hands]
    which = f"-hand{hands[0][0]}" if len(hands) == 1 else ""
    return f"cardroom-{game_name}-table{table_id}{which}-pokerstars.txt", "\n\n\n".join(texts) + "\n"
