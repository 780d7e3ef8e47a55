"""The rituals before play (seed 000 §2.1, §2.2): seats by dice and wind tiles, the wall's
break by two throws. Pure functions of the dice, so the seeds' figures can be replayed exactly."""

from __future__ import annotations

from dataclasses import dataclass

from .rng import Rng


def count_round(start: int, total: int) -> int:
    """Count `total` counterclockwise round the table, the counter himself being one."""
    return (start + total - 1) % 4


@dataclass(frozen=True)
class Seating:
    """Seed 000 §2.1. Chairs are the temporary places 0-3 in counterclockwise order; `seat_of[c]`
    is the seat (0 = East of the first deal, then S, W, N) the player in chair c draws."""

    thrower: int
    first_throw: tuple[int, int]
    temporary_east: int
    row: tuple[int, ...]  # the wind tiles face down, left to right (0=E, 1=S, 2=W, 3=N)
    even_end: str  # "left" or "right": where the even suit tile lies
    second_throw: tuple[int, int]
    picker: int
    end: str  # "odd" or "even": the end the tiles are taken from
    seat_of: tuple[int, int, int, int]

    def to_json(self) -> dict:
        return {
            "thrower": self.thrower,
            "first_throw": list(self.first_throw),
            "first_total": sum(self.first_throw),
            "temporary_east": self.temporary_east,
            "second_throw": list(self.second_throw),
            "second_total": sum(self.second_throw),
            "picker": self.picker,
            "end": self.end,
            "seat_of_chair": list(self.seat_of),
        }


def seat_players(
    first_throw: tuple[int, int],
    row: tuple[int, ...],
    even_end: str,
    second_throw: tuple[int, int],
    thrower: int = 0,
) -> Seating:
    temporary_east = count_round(thrower, sum(first_throw))
    picker = count_round(temporary_east, sum(second_throw))
    end = "odd" if sum(second_throw) % 2 else "even"
    from_right = (end == "even") == (even_end == "right")
    order = list(reversed(row)) if from_right else list(row)
    seat_of = [0, 0, 0, 0]
    for k in range(4):
        seat_of[(picker + k) % 4] = order[k]
    return Seating(
        thrower,
        first_throw,
        temporary_east,
        tuple(row),
        even_end,
        second_throw,
        picker,
        end,
        tuple(seat_of),
    )


def random_seating(seed: str) -> Seating:
    rng = Rng(seed, "seating")
    first = rng.throw()
    row = [0, 1, 2, 3]
    rng.shuffle(row)
    even_end = rng.choice(["left", "right"])
    second = rng.throw()
    return seat_players(first, tuple(row), even_end, second)


@dataclass(frozen=True)
class WallBreak:
    """Seed 000 §2.2: the dealer's throw names the wall, the sum of both throws the stack."""

    dealer: int
    dealer_throw: tuple[int, int]
    breaker: int
    breaker_throw: tuple[int, int]

    @property
    def total(self) -> int:
        return sum(self.dealer_throw) + sum(self.breaker_throw)

    def to_json(self) -> dict:
        return {
            "dealer": self.dealer,
            "dealer_throw": list(self.dealer_throw),
            "breaker": self.breaker,
            "breaker_throw": list(self.breaker_throw),
            "total": self.total,
        }


def break_wall(dealer: int, dealer_throw: tuple[int, int], breaker_throw: tuple[int, int]):
    return WallBreak(dealer, dealer_throw, count_round(dealer, sum(dealer_throw)), breaker_throw)


def stack_position(breaker: int, count: int, stacks_per_side: int) -> tuple[int, int]:
    """Where the `count`-th stack lies, counting from the right end of the breaker's wall and on
    round the corner to the next wall (seat - 1: from North's wall on to West's, seed 001).
    Returns (wall owner seat, stack number from that wall's right end, 1-based)."""
    j = (count - 1) % (4 * stacks_per_side)
    return (breaker - j // stacks_per_side) % 4, j % stacks_per_side + 1
