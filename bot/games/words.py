"""Small words every message shares: a count with its noun ("1 hand", "3 hands") and a list read aloud
("Alice, Bob and Carol"). Pure, so engines, pictures and messages all use them."""
from __future__ import annotations

from typing import Sequence


def counted(count: int, noun: str) -> str:
    """``count`` and ``noun``, plural (an "s") unless the count is one: "1 hand", "2 hands", "1,500 chips"."""
    return f"{count:,} {noun if count == 1 else noun + 's'}"


def listed(items: Sequence[str]) -> str:
    """"Alice", "Alice and Bob", "Alice, Bob and Carol"."""
    return ", ".join(items[:-1]) + f" and {items[-1]}" if len(items) > 1 else "".join(items)
