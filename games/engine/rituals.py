"""The rituals before play (seed 000 §2.1, §2.2): seats by dice and wind tiles, the wall's
break by two throws. Pure functions of the dice, so the seeds' figures can be replayed exactly."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rng import Rng
from .tiles import WIND_TOKENS


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

    form: str = "dice"

    def to_json(self) -> dict:
        if self.form == "wind_stack":
            return {
                "form": self.form,
                "thrower": self.thrower,
                "throw": list(self.first_throw),
                "total": sum(self.first_throw),
                "picker": self.picker,
                "stack": [WIND_TOKENS[w] for w in self.row],
                "seat_of_chair": list(self.seat_of),
            }
        if self.form == "dealt_winds":
            return {
                "form": self.form,
                "row": [WIND_TOKENS[w] for w in self.row],
                "seat_of_chair": list(self.seat_of),
            }
        return {
            "form": self.form,
            "row": [WIND_TOKENS[w] for w in self.row],
            "even_end": self.even_end,
            "odd_end": "right" if self.even_end == "left" else "left",
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


def dealt_winds_seating(seed: str) -> Seating:
    """Seed 001: the four wind tiles are shuffled face down and dealt; each player sits by the
    wind he was dealt. Chair c is the c-th player dealt a tile."""
    rng = Rng(seed, "seating")
    row = [0, 1, 2, 3]
    rng.shuffle(row)
    return Seating(0, (), 0, tuple(row), "", (), 0, "", tuple(row), "dealt_winds")


def wind_stack_seating(seed: str) -> Seating:
    """Seed 004 §2.1: the four wind tiles lie shuffled in a stack; the player in chair 0 casts
    once and counts counterclockwise, himself one, to the player who takes the top tile; the
    others take the next tiles in turn. The East-wind holder then chooses a side and the others
    sit by their winds, so chair c plays the wind it took."""
    rng = Rng(seed, "seating")
    throw = rng.throw()
    stack = [0, 1, 2, 3]
    rng.shuffle(stack)
    picker = count_round(0, sum(throw))
    seat_of = [0, 0, 0, 0]
    for k in range(4):
        seat_of[(picker + k) % 4] = stack[k]
    return Seating(0, throw, 0, tuple(stack), "", (), picker, "", tuple(seat_of), "wind_stack")


def seating_for(form: str, seed: str) -> Seating:
    if form == "wind_stack":
        return wind_stack_seating(seed)
    return dealt_winds_seating(seed) if form == "dealt_winds" else random_seating(seed)


def first_dealer(seed: str) -> tuple[int, tuple[int, int]]:
    """004 §2.3: the East-tile holder (seat 0) throws two dice and counts counterclockwise from
    himself; the player counted last is the first dealer."""
    throw = Rng(seed, "first dealer").throw()
    return count_round(0, sum(throw)), throw


@dataclass(frozen=True)
class WallBreak:
    """Seed 000 §2.2: the dealer's throw names the wall, the sum of both throws the stack."""

    dealer: int
    dealer_throw: tuple[int, int]
    breaker: int
    breaker_throw: tuple[int, int]
    recast: bool = False  # 004 §2.4: the first dealer counts the cast that made him dealer

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
            **({"recast": True} if self.recast else {}),
        }


def break_wall(dealer: int, dealer_throw: tuple[int, int], breaker_throw: tuple[int, int]):
    return WallBreak(dealer, dealer_throw, count_round(dealer, sum(dealer_throw)), breaker_throw)


def break_by(form: str, dealer: int, rng: Rng) -> WallBreak:
    """The wall's break in the ruleset's form: "two_throws" (000 §2.2: East's throw names the
    wall, that wall's owner throws again, the sum is counted), "one_throw" (002: East's throw
    names the wall and the count), "own_wall" (004 §2.4: East counts his throw on his own wall)."""
    if form == "two_throws":
        return break_wall(dealer, rng.throw(), rng.throw())
    throw = rng.throw()
    breaker = dealer if form == "own_wall" else count_round(dealer, sum(throw))
    return WallBreak(dealer, throw, breaker, ())


def stack_position(breaker: int, count: int, rows: int | Sequence[int]) -> tuple[int, int]:
    """Where the `count`-th stack lies, counting from the right end of the breaker's wall and on
    round the corner to the next wall (seat - 1: from North's wall on to West's, seed 001).
    `rows` is the stacks in every wall, or in each seat's (002's flowers-only walls are 18, 17,
    18, 17: a count turns the corner where the row it runs along ends). A count of 0 or less
    runs the other way, from the right end round onto the wall of seat + 1, from its left end.
    Returns (wall owner seat, stack number from that wall's right end, 1-based)."""
    if isinstance(rows, int):
        j = (count - 1) % (4 * rows)
        return (breaker - j // rows) % 4, j % rows + 1
    j = (count - 1) % sum(rows)
    wall = breaker
    while j >= rows[wall]:
        j -= rows[wall]
        wall = (wall - 1) % 4
    return wall, j + 1
