"""A table's finished deals as one file a standard reader opens: PHH for poker, PBN for bridge,
JSON for the other games.

Each deal's text is stored when it ends (``GameSpec.export``). One deal is written as it was stored;
several deals of a table are joined the way each format allows: PHH's multi-hand form (``.phhs``,
one TOML table per hand, named by the hand number), consecutive PBN games under one PBN header, a
JSON object keyed by hand number.
"""
from __future__ import annotations

import json
import re

from bot.registry import game

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
