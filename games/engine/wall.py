"""The wall (seed 000 §2.2): four sides of stacks two tiles high, broken by the dice into the
live wall (drawn from the left of the break on) and the dead wall (the stacks to the right of
the break, with the broken stack's two tiles lifted on top as the loose tiles).

Seed 002's dead wall is the eight stacks right of the break, no tiles lifted, drawn from its
left end; a wall without a dead wall (Shanghai, 004 §2.5) gives kong supplements from the
tail of the live wall. Its flowers-only wall has rows of uneven length (East's and West's 18
stacks, South's and North's 17): the count along it and the dead wall beside the break turn
each corner where the row they run along ends."""

from __future__ import annotations

from collections.abc import Sequence

from .errors import IllegalAction
from .rituals import WallBreak, stack_position


class Wall:
    __slots__ = (
        "live",
        "live_pos",
        "live_end",
        "dead",
        "dead_pos",
        "replenish",
        "stacks_per_side",
        "rows",
        "dead_stacks",
        "brk",
        "tail_taken",
        "loose_tiles",
        "untouchable",
    )

    def __init__(
        self,
        tiles: list[int],
        brk: WallBreak,
        rows: int | Sequence[int],
        dead_stacks: int,
        replenish: bool = False,
        loose_tiles: bool = True,
        untouchable: bool = False,
    ) -> None:
        """`tiles` lie wall by wall, seat 0's first, each from its right end, top tile first;
        `rows` is the stacks in every wall, or in each seat's (`Ruleset.wall_rows`)."""
        rows = (rows,) * 4 if isinstance(rows, int) else tuple(rows)
        n = sum(rows)
        if len(tiles) != 2 * n:
            raise ValueError(f"a wall of {n} stacks needs {2 * n} tiles, not {len(tiles)}")
        self.rows = rows
        self.stacks_per_side = max(rows)  # the longest row
        self.dead_stacks = dead_stacks
        self.brk = brk
        self.replenish = replenish
        self.loose_tiles = loose_tiles
        self.untouchable = untouchable and replenish and dead_stacks > 0

        starts = [2 * sum(rows[:w]) for w in range(4)]  # each wall's first tile in `tiles`
        uniform = rows[0] if len(set(rows)) == 1 else rows

        def stack(j: int) -> tuple[int, int]:
            # The j-th stack counted from the breaker's right end (1-based, wrapping).
            wall, number = stack_position(brk.breaker, j, uniform)
            k = starts[wall] + 2 * (number - 1)
            return tiles[k], tiles[k + 1]  # (top, bottom)

        b = brk.total
        dead: list[int] = []
        if dead_stacks:
            taken = dead_stacks + 1 if loose_tiles else dead_stacks
            for j in range(b, b - taken, -1):  # loose tiles (or the left end) first, then on
                dead.extend(stack(j))
            live_count = n - taken
        else:
            live_count = n
        live: list[int] = []
        for j in range(b + 1, b + 1 + live_count):
            live.extend(stack(j))
        self.live = live
        self.live_pos = 0
        self.live_end = len(live)
        self.dead = dead
        self.dead_pos = 0
        self.tail_taken = 0

    @property
    def live_left(self) -> int:
        return self.live_end - self.live_pos

    @property
    def dead_left(self) -> int:
        return len(self.dead) - self.dead_pos

    def leap(self) -> None:
        """Chan-chan (000 note, 001): the next five tiles are drawn as the 1st, 5th, 2nd, 3rd
        and 4th, so the first taker gets the top tiles of the next stack and the one after
        next, and the three after him the tiles between."""
        p = self.live_pos
        a = self.live[p : p + 5]
        if len(a) == 5:
            self.live[p : p + 5] = [a[0], a[4], a[1], a[2], a[3]]

    def draw(self) -> int:
        """The next tile from the open end of the live wall."""
        if self.live_pos >= self.live_end:
            raise IllegalAction("the wall is exhausted")
        tile = self.live[self.live_pos]
        self.live_pos += 1
        return tile

    @property
    def can_supplement(self) -> bool:
        """Whether a kong's supplement tile can still be given. An untouchable dead wall gives
        one only while the live wall can refill it."""
        if not self.dead_stacks:
            return self.live_left > 0
        if self.untouchable:
            return self.dead_left > 0 and self.live_left > 0
        return self.dead_left > 0

    def draw_loose(self) -> int:
        """A supplement (loose) tile from the dead wall, rightmost loose tile first; with no
        dead wall, the last tile of the live wall's tail."""
        if not self.dead_stacks:
            if self.live_left <= 0:
                raise IllegalAction("the wall is exhausted")
            self.live_end -= 1
            self.tail_taken += 1
            return self.live[self.live_end]
        if self.dead_pos >= len(self.dead):
            raise IllegalAction("the dead wall is exhausted")
        tile = self.dead[self.dead_pos]
        self.dead_pos += 1
        if self.replenish and self.live_left > 0:
            # Modern rule: the tail end of the live wall refills the dead wall.
            self.live_end -= 1
            self.tail_taken += 1
            self.dead.append(self.live[self.live_end])
        return tile

    def remaining(self) -> list[int]:
        return self.live[self.live_pos : self.live_end] + self.dead[self.dead_pos :]

    def public(self) -> dict:
        return {
            "live": self.live_left,
            "dead": self.dead_left,
            "live_drawn": self.live_pos,
            "dead_drawn": self.dead_pos,
            "tail_taken": self.tail_taken,
            "stacks_per_side": self.stacks_per_side,
            "rows": list(self.rows),  # each seat's wall, in stacks
            "dead_stacks": self.dead_stacks,
            "loose_tiles": self.loose_tiles,  # the broken stack lifted on top (000), or not (002)
            "break": {"wall": self.brk.breaker, "stack": self.brk.total},
        }
