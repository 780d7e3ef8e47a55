"""How likely a hand is to go out before the deal ends: a small model, not a simulation.

Each of the seat's remaining turns (the live wall over four) the hand moves one step nearer with
some chance: for the first step the chance its own effective tiles give (drawn, or claimed from
a discard), for the second the lookahead's figure when there is one, for later steps a typical
figure for that distance. The figures were measured on bot play (a calling hand goes out about
one turn in six).
Every turn the deal may also end by someone else's win: the hazard grows as the deal goes on
(`hazard`), faster where a cheap hand may go out, slower under a chow limit or a minimum faan.
"""

from __future__ import annotations

from functools import lru_cache

# Per-turn chance of one step from `shanten` s (the index), fitted on bot play: about
# BASE[s] + PER_TILE[s] x the effective copies unseen, counted as if 80 tiles were unseen (a
# hand also improves by draws that widen it without a step, and by claims).
BASE = (0.047, 0.078, 0.156, 0.187, 0.181)
PER_TILE = (0.0282, 0.0143, 0.0108, 0.0097, 0.0099)
# The same once the hand's own tiles are no longer known (the mean over bot play).
TYPICAL = (0.162, 0.231, 0.362, 0.472, 0.612, 0.612, 0.612, 0.612, 0.612)


def step_chance(live: float, unseen: int, shanten: int) -> float:
    """The chance of one step in one turn, from `live` effective copies unseen."""
    if unseen <= 0:
        return 0.0
    i = min(shanten, len(BASE) - 1)
    return min(0.8, BASE[i] + PER_TILE[i] * live * 80 / unseen)


def hazard(turn: float, pace: float, extra: float = 0.0) -> float:
    """The chance that someone else goes out during one turn of the deal, at the seat's `turn`
    (turns played so far); `pace` scales it (1: a table where cheap hands go out), `extra` adds
    the known calling hands' share."""
    return min(0.5, max(0.0, 0.03 * (turn - 3)) * pace + extra)


@lru_cache(maxsize=200_000)
def win_chance(shanten: int, first: float, turns: int, second: float | None = None,
               start: int = 0, pace: float = 1.0, extra: float = 0.0,
               breadth: float = 1.0, third: float | None = None) -> float:
    """Chance to go out within `turns` turns from `shanten`, the first step taking `first` per
    turn (the second `second`, if known) and later ones TYPICAL × `breadth` (a plan that takes
    fewer kinds of tile moves slower); the deal ends by another's win at `hazard`."""
    if shanten < 0:
        return 1.0
    if turns <= 0 or shanten > 8:
        return 0.0
    steps = [first]
    if shanten >= 1:
        steps.append(second if second is not None else TYPICAL[shanten - 1] * breadth)
    if shanten >= 2:
        steps.append(third if third is not None else TYPICAL[shanten - 2] * breadth)
    for s in range(shanten - 3, -1, -1):
        steps.append(TYPICAL[s] * breadth)
    n = len(steps)
    # Backwards over the turns: f[j] is the chance to finish the last j steps from then on.
    f = [1.0] + [0.0] * n
    for t in range(turns - 1, -1, -1):
        alive = 1 - hazard(start + t, pace, extra)
        g = [1.0]
        for j in range(1, n + 1):
            q = steps[n - j]
            g.append(alive * (q * f[j - 1] + (1 - q) * f[j]))
        f = g
    return f[n]
