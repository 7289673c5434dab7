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
- **Dead small blind** (a tournament's dead button, ``bot/service/tournament/dead_button.py``): nobody posts the
  small blind; pokerkit's player 0, left of the button, is the big blind, and the action before the
  flop starts on their left (pokerkit opens after the largest blind). Never heads-up.
- **Straddle** (``straddle`` "under the gun" or "button", no-limit and pot-limit only): the player in
  that position may post twice the big blind before the cards (``straddlers``: the deal seats who
  chose to). pokerkit treats it as the last blind: under the gun, the action starts on their left;
  on the button (the Mississippi straddle), with the small blind; the straddler acts last before the
  flop either way. A straddle needs three players or more and a stack of more than twice the big
  blind (a straddle is never an all-in); with a dead button nobody holds the button to straddle on.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence


@dataclass(frozen=True)
class ForcedBets:
    """What pokerkit is given: antes and blinds by player (0 = small blind, as pokerkit numbers them
    when there are three or more, or the big blind when the small blind is dead), whether antes are
    trimmed (uniform antes only), and which player straddles, if one does."""

    antes: tuple[int, ...]
    blinds: tuple[int, ...]
    ante_trimming: bool
    straddler: int | None
    bomb_pot: bool = False

    @property
    def straddle(self) -> int:
        return self.blinds[self.straddler] if self.straddler is not None else 0


def big_blind_player(count: int, small_blind_dead: bool = False) -> int:
    """pokerkit's player who posts the big blind (heads-up the button posts the small one; with a
    dead small blind the first player left of the button posts the big one)."""
    return 0 if count == 2 or small_blind_dead else 1


def is_bomb_pot(settings: Mapping[str, Any], hand_no: int) -> bool:
    every = int(settings.get("bomb_pot_every", 0))
    return every > 0 and hand_no % every == 0


def bomb_pot_size(settings: Mapping[str, Any]) -> int:
    return int(settings.get("bomb_pot") or 2 * int(settings.get("big_blind", 10)))


def forced_bets(settings: Mapping[str, Any], stacks: Sequence[int], dealt: Sequence[int],
                hand_no: int = 1, *, small_blind_dead: bool = False, button_dead: bool = False) -> ForcedBets:
    """The deal's forced bets. ``stacks`` are by pokerkit player; ``dealt[p]`` is player p's deal seat
    (to find who chose to straddle); ``hand_no`` tells a bomb pot; a dead small blind or button is a
    tournament's (never heads-up)."""
    count = len(stacks)
    if is_bomb_pot(settings, hand_no):
        return ForcedBets((bomb_pot_size(settings),) * count, (0,) * count, True, None, bomb_pot=True)
    small, big, ante = int(settings.get("small_blind", 5)), int(settings.get("big_blind", 10)), int(settings.get("ante", 0))
    dead = small_blind_dead and count > 2
    posted = [big] if dead else [small, big]
    blinds = posted + [0] * (count - len(posted))
    straddler = _straddler(settings, stacks, dealt, len(posted), button_dead)
    if straddler is not None:
        blinds[straddler] = 2 * big
    if settings.get("ante_kind") == "big blind":
        bb = big_blind_player(count, dead)
        antes = [0] * count
        antes[bb] = min(ante, max(0, stacks[bb] - big))  # the blind first, then the ante
        # pokerkit reads heads-up antes the other way round, like the blinds: player 1's is the big blind's
        return ForcedBets(tuple(antes[::-1] if count == 2 else antes), tuple(blinds), False, straddler)
    return ForcedBets((ante,) * count, tuple(blinds), True, straddler)


def _straddler(settings: Mapping[str, Any], stacks: Sequence[int], dealt: Sequence[int], under_the_gun: int,
               button_dead: bool) -> int | None:
    where = settings.get("straddle", "off")
    count = len(stacks)
    if where == "off" or count < 3 or settings.get("limit") == "fixed-limit" or (where == "button" and button_dead):
        return None
    player = under_the_gun if where == "under the gun" else count - 1
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
