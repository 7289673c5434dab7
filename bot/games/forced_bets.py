"""The forced bets of a flop poker deal as its table's options set them: antes (every player's, or
the big blind's alone), the blinds, and a straddle.

pokerkit posts them (its "raw" antes and blinds-or-straddles, numbered from the small blind, which
it turns round itself heads-up), so this module only says who owes what:

- **Big-blind ante** (``ante_kind`` "big blind"): the big blind posts the whole table's ante, as major
  tournaments play it. When the big blind cannot cover both, the blind comes first and the ante
  takes what is left (the Tournament Directors Association's rule since 2019); it is dead money, not
  part of the blind.
- **Bomb pot** (``bomb_pot_every`` N, ``bomb_pot`` chips): every N-th hand everyone antes the bomb
  pot and nobody posts a blind; nobody bets before the flop (the engine checks it round), so the deal
  starts on the flop.
- **Straddle** (``straddle`` "under the gun" or "button", no-limit and pot-limit only): the player in
  that position may post twice the big blind before the cards (``straddlers``: the deal seats who
  chose to). pokerkit treats it as the last blind: under the gun, the action starts on their left;
  on the button (the Mississippi straddle), with the small blind; the straddler acts last before the
  flop either way. A straddle needs three players or more and a stack of more than twice the big
  blind (a straddle is never an all-in).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

ANTE_KINDS = ("every player", "big blind")
STRADDLES = ("off", "under the gun", "button")


@dataclass(frozen=True)
class ForcedBets:
    """What pokerkit is given: antes and blinds by player (0 = small blind, as pokerkit numbers them
    when there are three or more), whether antes are trimmed (uniform antes only), and which
    player straddles, if one does."""

    antes: tuple[int, ...]
    blinds: tuple[int, ...]
    ante_trimming: bool
    straddler: int | None
    bomb_pot: bool = False

    @property
    def straddle(self) -> int:
        return self.blinds[self.straddler] if self.straddler is not None else 0


def big_blind_player(count: int) -> int:
    """pokerkit's player who posts the big blind (heads-up the button posts the small one)."""
    return 0 if count == 2 else 1


def is_bomb_pot(settings: Mapping[str, Any], hand_no: int) -> bool:
    every = int(settings.get("bomb_pot_every", 0))
    return every > 0 and hand_no % every == 0


def bomb_pot_size(settings: Mapping[str, Any]) -> int:
    return int(settings.get("bomb_pot") or 2 * int(settings.get("big_blind", 10)))


def forced_bets(settings: Mapping[str, Any], stacks: Sequence[int], dealt: Sequence[int],
                hand_no: int = 1) -> ForcedBets:
    """The deal's forced bets. ``stacks`` are by pokerkit player; ``dealt[p]`` is player p's deal seat
    (to find who chose to straddle); ``hand_no`` tells a bomb pot."""
    count = len(stacks)
    if is_bomb_pot(settings, hand_no):
        return ForcedBets((bomb_pot_size(settings),) * count, (0,) * count, True, None, bomb_pot=True)
    small, big, ante = int(settings.get("small_blind", 5)), int(settings.get("big_blind", 10)), int(settings.get("ante", 0))
    blinds = [small, big] + [0] * (count - 2)
    straddler = _straddler(settings, stacks, dealt)
    if straddler is not None:
        blinds[straddler] = 2 * big
    if settings.get("ante_kind") == "big blind":
        bb = big_blind_player(count)
        antes = [0] * count
        antes[bb] = min(ante, max(0, stacks[bb] - big))  # the blind first, then the ante
        # pokerkit reads heads-up antes the other way round, like the blinds: player 1's is the big blind's
        return ForcedBets(tuple(antes[::-1] if count == 2 else antes), tuple(blinds), False, straddler)
    return ForcedBets((ante,) * count, tuple(blinds), True, straddler)


def _straddler(settings: Mapping[str, Any], stacks: Sequence[int], dealt: Sequence[int]) -> int | None:
    where = settings.get("straddle", "off")
    count = len(stacks)
    if where == "off" or count < 3 or settings.get("limit") == "fixed-limit":
        return None
    player = 2 if where == "under the gun" else count - 1
    chose = dealt[player] in set(settings.get("straddlers", ()))
    return player if chose and stacks[player] > 2 * int(settings.get("big_blind", 10)) else None


def describe(settings: Mapping[str, Any]) -> str:
    """The stakes as players write them, short enough for the table picture's heading: "Blinds 5/10, BB
    ante 10, UTG straddle" (or "button straddle")."""
    text = f"Blinds {settings.get('small_blind', 5)}/{settings.get('big_blind', 10)}"
    ante = int(settings.get("ante", 0))
    if ante:
        text += f", BB ante {ante}" if settings.get("ante_kind") == "big blind" else f" ante {ante}"
    straddle = settings.get("straddle", "off")
    if straddle != "off" and settings.get("limit") != "fixed-limit":
        text += f", {'UTG' if straddle == 'under the gun' else 'button'} straddle"
    return text


def describe_deal(settings: Mapping[str, Any], bets: ForcedBets) -> str:
    """The stakes of one deal: the table's, and a bomb pot's size when this deal is one."""
    return f"{describe(settings)}, bomb pot {max(bets.antes)}" if bets.bomb_pot else describe(settings)
