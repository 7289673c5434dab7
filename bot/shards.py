"""Which servers a process (a cluster of gateway shards) owns: Discord's rule, (guild_id >> 22) % count.

Pure: parsed from ``--shards 0-3 --shard-count 8`` or ``CARDROOM_SHARDS`` / ``CARDROOM_SHARD_COUNT``;
the table service restores, times and drives only the tables of servers its shards own.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Shards:
    ids: tuple[int, ...]
    count: int

    @classmethod
    def parse(cls, ids: str, count: int) -> "Shards":
        """``"0-3"``, ``"0,2,5-7"``: the shard ids of this process, each below ``count``."""
        picked: set[int] = set()
        for part in ids.replace(" ", "").split(","):
            first, _, last = part.partition("-")
            if not first.isdigit() or (last and not last.isdigit()):
                raise ValueError(f"shards are numbers or ranges such as 0-3, not {part!r}")
            picked.update(range(int(first), int(last or first) + 1))
        if count < 1 or not picked or max(picked) >= count:
            raise ValueError(f"shard ids run from 0 to {count - 1} when the shard count is {count}")
        return cls(tuple(sorted(picked)), count)

    def shard_of(self, guild_id: int) -> int:
        return (guild_id >> 22) % self.count

    def owns(self, guild_id: int) -> bool:
        return self.shard_of(guild_id) in self.ids

    def __str__(self) -> str:
        return f"shards {','.join(map(str, self.ids))} of {self.count}"
