"""Answers kept a short while: a page asked again within ``SECONDS`` is sent as it was drawn. Kept by
the link's key and the path and query, and looked up only after the key was found to open a server that
has its page on, so a page turned off or a retired link is refused at once. Only complete answers are
kept (200), never a refusal: a board still in play is asked again, and shows the moment it may."""
from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Callable

from aiohttp import web

SECONDS = 30.0
BYTES = 64 * 1024 * 1024


@dataclass
class ResponseCache:
    seconds: float = SECONDS
    limit: int = BYTES
    clock: Callable[[], float] = time.monotonic
    _kept: OrderedDict[str, tuple[float, dict[str, str], bytes]] = field(default_factory=OrderedDict)
    _size: int = 0

    def get(self, key: str) -> web.Response | None:
        kept = self._kept.get(key)
        if kept is None:
            return None
        at, headers, body = kept
        if self.clock() - at > self.seconds:
            self._drop(key)
            return None
        self._kept.move_to_end(key)
        return web.Response(body=body, headers=headers)

    def put(self, key: str, answer: web.StreamResponse) -> None:
        if answer.status != 200 or not isinstance(answer, web.Response) or not isinstance(answer.body, bytes):
            return
        if key in self._kept:
            self._drop(key)
        headers = {name: value for name, value in answer.headers.items()
                   if name in ("Content-Type", "Cache-Control", "Content-Disposition")}
        self._kept[key] = (self.clock(), headers, answer.body)
        self._size += len(answer.body)
        while self._size > self.limit and self._kept:
            self._drop(next(iter(self._kept)))

    def _drop(self, key: str) -> None:
        self._size -= len(self._kept.pop(key)[2])
